import Foundation
import HealthTestSupport
import Testing

/// The completion scripts, checked and run by the shells themselves.
@Suite struct CompletionsTests {
  /// A shell's executable on `PATH`, if it is installed.
  static func shell(_ name: String) -> String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `shell` with `arguments`; standard output and the exit status.
  static func run(_ shell: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = arguments
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  func script(_ shell: String, in folder: TestDirectory) throws -> String {
    let run = ToolRun(["completions", shell])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    return try folder.write(run.standardOutput, to: "completion.\(shell)")
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func isValidForItsShell(_ name: String) throws {
    guard let shell = Self.shell(name) else { return }  // .ci/run installs the shells
    let folder = try TestDirectory()
    let path = try script(name, in: folder)
    let checked = try Self.run(shell, ["-n", path])
    #expect(checked.status == 0, "\(checked.output)")
    #expect(checked.output == "")
  }

  /// What bash offers for the words of a command line (as bash splits them: `--metrics=st` is
  /// `--metrics`, `=`, `st`), as its completion function leaves it in COMPREPLY.
  @Test(arguments: [
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
    guard let bash = Self.shell("bash") else { return }
    let folder = try TestDirectory()
    let path = try script("bash", in: folder)
    // `_` stands for the empty word being completed.
    let words = ["health-exporter"] + example.0.split(separator: " ").map { $0 == "_" ? "" : String($0) }
    let program = """
      source "$0"
      COMP_WORDS=("$@")
      COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
      _health_exporter
      echo "${COMPREPLY[*]}"
      """
    let result = try Self.run(bash, ["-c", program, path] + words)
    #expect(result.status == 0)
    #expect(result.output == example.1 + "\n")
  }

  /// What fish offers, from its own `complete -C`.
  @Test func completesInFish() throws {
    guard let fish = Self.shell("fish") else { return }
    let folder = try TestDirectory()
    let path = try script("fish", in: folder)
    func offers(_ line: String) throws -> [String] {
      let result = try Self.run(
        fish, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", path, line])
      #expect(result.status == 0)
      return result.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }
    #expect(try offers("health-exporter export --weight-unit ") == ["kg", "lbs"])
    #expect(try offers("health-exporter export --metrics weight,g") == ["weight,glucose"])
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
