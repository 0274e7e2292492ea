import Foundation
import HealthTestSupport
import Testing

/// The completion scripts, checked and run by the shells themselves.
@Suite struct CompletionsTests {
  func script(_ shell: String, in folder: TestDirectory) throws -> String {
    let run = ToolRun(["completions", shell])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    return try folder.write(run.standardOutput, to: "completion.\(shell)")
  }

  /// The shell reads the script without a syntax error (`bash -n`).
  func isValid(for shell: TestShell) throws {
    let folder = try TestDirectory()
    let path = try script(shell.rawValue, in: folder)
    let checked = try shell.run(["-n", path])
    #expect(checked.status == 0, "\(checked.output)")
    #expect(checked.output == "")
  }

  @Test(.enabled(if: TestShell.bash.runsTests, TestShell.bash.skipReason))
  func isValidForBash() throws { try isValid(for: .bash) }

  @Test(.enabled(if: TestShell.zsh.runsTests, TestShell.zsh.skipReason))
  func isValidForZsh() throws { try isValid(for: .zsh) }

  @Test(.enabled(if: TestShell.fish.runsTests, TestShell.fish.skipReason))
  func isValidForFish() throws { try isValid(for: .fish) }

  /// What bash's completion function leaves for the words of a command line after the tool's
  /// name (`_` an empty word), driven as bash drives it: `COMPREPLY`, and the arguments of each
  /// `compopt` it called (a function in its place records them).
  func bashCompletion(_ words: [String]) throws -> (replies: [String], compopt: [String]) {
    let folder = try TestDirectory()
    let path = try script("bash", in: folder)
    let program = """
      source "$0"
      compopt() { requested+=("$*"); }
      requested=()
      COMP_WORDS=("$@")
      COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
      COMP_LINE="${COMP_WORDS[*]}"
      COMP_POINT=${#COMP_LINE}
      _health_exporter
      for reply in "${COMPREPLY[@]}"; do printf 'reply %s\n' "$reply"; done
      for options in "${requested[@]}"; do printf 'compopt %s\n' "$options"; done
      """
    let arguments = ["health-exporter"] + words.map { $0 == "_" ? "" : $0 }
    let result = try TestShell.bash.run(["--norc", "--noprofile", "-c", program, path] + arguments)
    #expect(result.status == 0, "\(result.output)")
    let lines = result.output.split(separator: "\n").map(String.init)
    return (
      lines.filter { $0.hasPrefix("reply ") }.map { String($0.dropFirst(6)) },
      lines.filter { $0.hasPrefix("compopt ") }.map { String($0.dropFirst(8)) }
    )
  }

  /// What bash offers for the words of a command line (as bash splits them: `--metrics=st` is
  /// `--metrics`, `=`, `st`), as its completion function leaves it in COMPREPLY.
  @Test(
    .enabled(if: TestShell.bash.runsTests, TestShell.bash.skipReason),
    arguments: [
      ("ex", "export"),
      ("export --metrics we", "weight"),
      ("export --metrics weight,g", "weight,glucose"),
      ("export --metrics = st", "steps"),
      ("export --weight-unit _", "lbs kg"),
      ("export --date-format i", "iso8601"),
      ("export --labs lipid,c", "lipid,cbc lipid,cmp"),
      ("export --last-", "--last-days --last-records"),
      ("generate --format _", "zip folder xml profile"),
      ("settings _", "show set unset reset path"),
      ("settings set r", "range"),
      ("settings set range _", "last-days last-records from all"),
      ("settings set vitals blood-pressure,ox", "blood-pressure,oxygen-saturation"),
      ("completions _", "bash zsh fish"),
      ("help pr", "profile privacy"),
    ])
  func completesInBash(_ example: (String, String)) throws {
    let completion = try bashCompletion(example.0.split(separator: " ").map(String.init))
    #expect(completion.replies.joined(separator: " ") == example.1)
  }

  /// A list goes on after a completed item (bash is asked for no space), offers each item once
  /// and the words that go alone (`none`, `all`) only alone; zones and type names complete.
  struct BashCase: Sendable, CustomTestStringConvertible {
    var line: String
    var replies: [String]
    var isList: Bool
    var testDescription: String { line }
  }

  @Test(
    .enabled(if: TestShell.bash.runsTests, TestShell.bash.skipReason),
    arguments: [
      BashCase(line: "export --vitals blood-p", replies: ["blood-pressure"], isList: true),
      BashCase(line: "export --metrics weight,", replies: ["weight,steps", "weight,glucose"], isList: true),
      BashCase(line: "export --metrics n", replies: ["none"], isList: true),
      BashCase(line: "export --metrics weight,n", replies: [], isList: true),
      BashCase(
        line: "export --vitals heart-rate,heart", replies: ["heart-rate,heart-rate-variability"], isList: true
      ),
      BashCase(
        line: "export --vitals blood-pressure,heart-rate,",
        replies: [
          "blood-pressure,heart-rate,resting-heart-rate", "blood-pressure,heart-rate,heart-rate-variability",
          "blood-pressure,heart-rate,oxygen-saturation", "blood-pressure,heart-rate,respiratory-rate",
          "blood-pressure,heart-rate,body-temperature", "blood-pressure,heart-rate,walking-heart-rate",
          "blood-pressure,heart-rate,vo2-max", "blood-pressure,heart-rate,body-fat",
          "blood-pressure,heart-rate,bmi", "blood-pressure,heart-rate,height",
        ], isList: true),
      BashCase(line: "export --labs a", replies: ["all"], isList: true),
      BashCase(line: "export --labs lipid,a", replies: [], isList: true),
      BashCase(
        line: "settings set labs cbc,", replies: ["cbc,lipid", "cbc,cmp", "cbc,thyroid", "cbc,other"],
        isList: true),
      BashCase(line: "export --time-zone Europe/Pa", replies: ["Europe/Paris"], isList: false),
      BashCase(line: "export --time-zone exp", replies: ["export"], isList: false),
      BashCase(line: "report --time-zone = America/New_Y", replies: ["America/New_York"], isList: false),
      BashCase(line: "generate --time-zone exp", replies: [], isList: false),
      BashCase(line: "settings set time-zone UT", replies: ["UTC"], isList: false),
      BashCase(line: "summary --types StepC", replies: ["StepCount"], isList: true),
      BashCase(
        line: "summary --types Sleep", replies: ["SleepAnalysis", "SleepApneaEvent", "SleepChanges"],
        isList: true),
      BashCase(
        line: "summary --types StepCount,Distance",
        replies: [
          "StepCount,DistanceCrossCountrySkiing", "StepCount,DistanceCycling",
          "StepCount,DistanceDownhillSnowSports", "StepCount,DistancePaddleSports",
          "StepCount,DistanceRowing",
          "StepCount,DistanceSkatingSports", "StepCount,DistanceSwimming", "StepCount,DistanceWalkingRunning",
          "StepCount,DistanceWheelchair",
        ], isList: true),
    ])
  func completesListsZonesAndTypesInBash(_ example: BashCase) throws {
    let completion = try bashCompletion(example.line.split(separator: " ").map(String.init))
    #expect(completion.replies == example.replies)
    #expect(completion.compopt == (example.isList ? ["-o nospace"] : []))
  }

  /// What fish offers, from its own `complete -C`.
  @Test(.enabled(if: TestShell.fish.runsTests, TestShell.fish.skipReason))
  func completesInFish() throws {
    let folder = try TestDirectory()
    let path = try script("fish", in: folder)
    func offers(_ line: String) throws -> [String] {
      let result = try TestShell.fish.run([
        "--no-config", "-c", "source $argv[1]; complete -C $argv[2]", path, line,
      ])
      #expect(result.status == 0)
      return result.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }
    #expect(try offers("health-exporter export --weight-unit ") == ["kg", "lbs"])
    #expect(try offers("health-exporter export --metrics weight,g") == ["weight,glucose"])
    #expect(try offers("health-exporter export --metrics weight,") == ["weight,glucose", "weight,steps"])
    #expect(try offers("health-exporter export --metrics ") == ["glucose", "none", "steps", "weight"])
    #expect(try offers("health-exporter export --time-zone Europe/Pa") == ["Europe/Paris"])
    #expect(try offers("health-exporter export --time-zone exp") == ["export"])
    #expect(try offers("health-exporter generate --time-zone exp") == [])
    #expect(try offers("health-exporter summary --types StepC") == ["StepCount"])
    #expect(try offers("health-exporter sett") == ["settings"])
    #expect(try offers("health-exporter settings set sort ") == ["asc", "desc"])
    #expect(try offers("health-exporter completions ") == ["bash", "fish", "zsh"])
  }

  @Test func refusesAnUnknownShell() {
    let run = ToolRun(["completions", "tcsh"])
    #expect(run.status == 64)
    #expect(
      run.standardError.hasPrefix(
        "Error: invalid value 'tcsh' for '<shell>': expected one of bash, zsh, fish\n"))
  }
}
