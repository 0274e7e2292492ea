import Foundation
import HealthTestSupport
import Testing

/// The zsh script, run by zsh's own completion system: a `zsh -f -i` in a pseudo-terminal
/// (`zsh/zpty`) with `compinit`, the script sourced, a line typed and Tab pressed. A `compadd` in
/// place of the builtin records every match offered and its description before adding it.
@Suite(.enabled(if: TestShell.zsh.runsTests, TestShell.zsh.skipReason))
struct CompletionScriptZshTests {
  /// One match zsh offers: the word it would put on the line, and the description it lists.
  struct Match: Hashable {
    var word: String
    var meaning: String

    init(_ word: String, _ meaning: String = "") {
      self.word = word
      self.meaning = meaning
    }
  }

  /// Sourced by the interactive zsh: completion set up, `compadd` recorded, and the shell left
  /// once the completion is done.
  static let capture = #"""
    autoload -U compinit && compinit -u -D
    stty columns 1000 2>/dev/null; COLUMNS=1000  # descriptions listed whole
    source $CAPTURE_SCRIPT
    compadd() {
      # The calls that only ask which words would match (-O, -A, -D) go straight through.
      if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
      local -a hits descriptions
      if (( $@[(I)-d] )); then descriptions=("${(@P)${@[$(( ${@[(i)-d]} + 1 ))]}}"); fi
      builtin compadd -A hits -D descriptions "$@"
      local -A prefix hidden
      zparseopts -E P:=prefix p:=hidden
      local i
      for (( i = 1; i <= $#hits; i++ )); do
        print -r -- "<MATCH>$IPREFIX$prefix$hidden${hits[i]}<DESCRIPTION>${descriptions[i]}<END>"
      done
      builtin compadd "$@"
    }
    finish() { print -r -- "<DONE>"; exit }
    comppostfuncs=(finish)
    """#

  /// Run by `zsh -f` with the zsh to drive, the script, the capture file and the line: types the
  /// line and Tab in a pseudo-terminal and prints what came back, for at most 20 seconds.
  static let driver = #"""
    zmodload zsh/zpty || exit 2
    zmodload zsh/zselect || exit 2
    zpty completion "${(q)1} -f -i"
    zpty -w completion "PS1=''; CAPTURE_SCRIPT=${(q)2}; source ${(q)3}"
    zpty -w -n completion "$4"$'\t'
    typeset output="" chunk
    integer waited=0
    while (( waited < 2000 )); do
      if zpty -r -t completion chunk; then
        output+=$chunk
        [[ $output == *'<DONE>'* ]] && break
      else
        zselect -t 5
        (( waited += 5 ))
      fi
    done
    zpty -d completion
    print -r -- "$output"
    [[ $output == *'<DONE>'* ]]
    """#

  /// What zsh offers when Tab is pressed at the end of `line`, each match once, in the order
  /// offered; a description as zsh lists it after ` -- `.
  func offers(_ line: String) throws -> [Match] {
    let zsh = try #require(TestShell.zsh.path, "zsh is not on PATH")
    let folder = try TestDirectory()
    let run = ToolRun(["completions", "zsh"])
    #expect(run.status == 0)
    let script = try folder.write(run.standardOutput, to: "_health-exporter")
    let capture = try folder.write(Self.capture, to: "capture.zsh")
    let driver = try folder.write(Self.driver, to: "driver.zsh")
    let result = try TestShell.zsh.run(
      ["-f", driver, zsh, script, capture, line], environment: ["HOME": folder.path])
    #expect(result.status == 0, "no completion came back: \(result.output)")
    var matches: [Match] = []
    var rest = Substring(result.output.replacingOccurrences(of: "\r", with: ""))
    while let start = rest.range(of: "<MATCH>"), let middle = rest.range(of: "<DESCRIPTION>"),
      let end = rest.range(of: "<END>"), start.upperBound <= middle.lowerBound,
      middle.upperBound <= end.lowerBound
    {
      let display = rest[middle.upperBound..<end.lowerBound]
      let description = display.range(of: " -- ").map { String(display[$0.upperBound...]) } ?? ""
      let match = Match(String(rest[start.upperBound..<middle.lowerBound]), description)
      if !matches.contains(match) { matches.append(match) }
      rest = rest[end.upperBound...]
    }
    return matches
  }

  @Test func keepsTheColonsOfDescriptions() throws {
    #expect(
      try offers("health-exporter export --metr")
        == [Match("--metrics", "Base metrics, comma-separated: weight, steps, glucose; or none")])
    #expect(
      try offers("health-exporter sett")
        == [
          Match(
            "settings",
            "Show, set or reset the saved settings: units, formats, what to export, the output folder.")
        ])
    #expect(
      try offers("health-exporter export --date-format ")
        == [
          Match("default", "yyyy-MM-dd HH:mm:ss"), Match("iso8601", "yyyy-MM-dd'T'HH:mm:ss'Z' (UTC)"),
          Match("ymd-slash", "yyyy/MM/dd HH:mm:ss"), Match("mdy", "MM/dd/yyyy HH:mm:ss"),
          Match("dmy", "dd MMM yyyy HH:mm:ss"),
        ])
    #expect(
      try offers("health-exporter settings set date-format i")
        == [Match("iso8601", "yyyy-MM-dd'T'HH:mm:ss'Z' (UTC)")])
  }

  @Test func completesTimeZones() throws {
    #expect(try offers("health-exporter export --time-zone Europe/Pa") == [Match("Europe/Paris")])
    #expect(
      try offers("health-exporter summary --time-zone exp")
        == [Match("export", "the zone the export's own samples name")])
    #expect(try offers("health-exporter settings set time-zone America/New_Y") == [Match("America/New_York")])
    #expect(try offers("health-exporter generate --time-zone exp") == [])
  }

  @Test func completesListsItemByItem() throws {
    #expect(
      try offers("health-exporter export --metrics weight,")
        == [Match("weight,steps", "Steps"), Match("weight,glucose", "Blood Glucose")])
    #expect(
      try offers("health-exporter export --metrics=weight,st") == [Match("--metrics=weight,steps", "Steps")])
    #expect(
      try offers("health-exporter export --labs ")
        == [
          Match("lipid", "Lipid panel"), Match("cbc", "CBC"), Match("cmp", "CMP / BMP"),
          Match("thyroid", "Thyroid"), Match("other", "Other"), Match("none", "none, alone"),
          Match("all", "every one, alone"),
        ])
    #expect(
      try offers("health-exporter settings set labs cbc,")
        == [
          Match("cbc,lipid", "Lipid panel"), Match("cbc,cmp", "CMP / BMP"), Match("cbc,thyroid", "Thyroid"),
          Match("cbc,other", "Other"),
        ])
    #expect(try offers("health-exporter export --vitals blood-pressure,a") == [])
  }

  @Test func completesTypeNames() throws {
    #expect(try offers("health-exporter summary --types StepC") == [Match("StepCount", "Steps, summed")])
    #expect(
      try offers("health-exporter summary --types StepCount,SleepA")
        == [
          Match("StepCount,SleepAnalysis", "minutes per sleep value"),
          Match("StepCount,SleepApneaEvent", "counted"),
        ])
    #expect(
      try offers("health-exporter summary --types BloodAlc")
        == [Match("BloodAlcoholContent", "averaged")])
  }
}
