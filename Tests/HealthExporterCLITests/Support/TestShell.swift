import Foundation
import Testing

/// A shell the completion tests run their scripts in, found on `PATH`.
///
/// Where one is missing its tests are skipped, and say so; where it is required, as
/// `HEALTH_EXPORTER_REQUIRE_SHELLS` says (`.ci/run` installs the shells and requires them), they
/// run and fail instead.
enum TestShell: String, CaseIterable {
  case bash, zsh, fish

  /// The executable, where it is installed.
  var path: String? { InstalledProgram(named: rawValue)?.path }

  /// Whether a missing shell fails its tests: `HEALTH_EXPORTER_REQUIRE_SHELLS` names it
  /// (`bash zsh fish`).
  var isRequired: Bool {
    let required = ProcessInfo.processInfo.environment["HEALTH_EXPORTER_REQUIRE_SHELLS"] ?? ""
    return required.split(separator: " ").contains { $0 == rawValue }
  }

  /// Whether the tests that need the shell run: where it is installed or required.
  var runsTests: Bool { path != nil || isRequired }

  /// Why the tests that need the shell are skipped.
  var skipReason: Comment {
    Comment(rawValue: "\(rawValue) is not installed (.ci/run installs it: apt-get install \(rawValue))")
  }

  /// Runs the shell with `arguments`, with only `PATH`, a temporary `HOME` and `environment` set.
  /// - Returns: the exit status and what it printed on standard output and error together.
  /// - Throws: when the shell is missing or cannot be started.
  func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, output: String
  ) {
    let shell = try #require(InstalledProgram(named: rawValue), "\(rawValue) is not on PATH")
    return try shell.run(arguments, environment: environment)
  }
}
