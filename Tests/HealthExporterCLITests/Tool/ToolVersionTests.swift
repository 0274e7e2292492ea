import Foundation
import HealthExporterCLI
import HealthTestSupport
import Testing

/// The one version, `ToolVersion.current`, is what every place that names the tool's version
/// says: `--version`, a database's `export_info`, the assistant's `serverInfo` and the newest
/// entry of CHANGELOG.md (which `scripts/release` checks against `--version` too).
@Suite struct ToolVersionTests {
  let environment = ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]

  @Test func everyPlaceSaysTheSameVersion() throws {
    let version = ToolVersion.current

    let printed = ToolRun(["--version"], environment: environment)
    #expect(printed.status == 0)
    #expect(printed.standardOutput == "health-exporter \(version)\n")

    #expect(try databaseToolVersion() == version)
    #expect(try assistantServerVersion() == version)
    #expect(try newestChangelogVersion() == version)
  }

  /// `tool_version` of the `export_info` row of a database the tool writes.
  private func databaseToolVersion() throws -> String {
    try #require(SQLiteShell.isAvailable, "the sqlite3 shell reads the database: install it")
    let folder = try TestDirectory()
    let path = folder.file("sample.sqlite")
    let run = ToolRun(["database", exampleExport, "-o", path, "-q"], environment: environment)
    try #require(run.status == 0, "\(run.standardError)")
    let row = try SQLiteShell.run("SELECT tool_version FROM export_info", on: path)
    #expect(row.status == 0, "\(row.standardError)")
    return row.standardOutput.trimmingCharacters(in: .newlines)
  }

  /// `serverInfo.version` of the built executable's answer to `initialize`.
  private func assistantServerVersion() throws -> String {
    let executable = try #require(ExecutableTests.executable, "build the package first")
    let folder = try TestDirectory()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["mcp", exampleExport, "--no-cache", "--time-zone", "America/New_York"]
    process.environment = ["TMPDIR": folder.path, "HOME": folder.file("home")]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let initialize =
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"version-test","version":"1"}}}"#
    input.fileHandleForWriting.write(Data((initialize + "\n").utf8))
    try input.fileHandleForWriting.close()
    let answer = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let line = try #require(answer.split(separator: UInt8(ascii: "\n")).first)
    let message = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
    let result = try #require(message["result"] as? [String: Any], "\(message)")
    let serverInfo = try #require(result["serverInfo"] as? [String: Any])
    return try #require(serverInfo["version"] as? String)
  }

  /// The version in CHANGELOG.md's first `## ` heading (`## 0.1.0 - 2026-12-07`).
  private func newestChangelogVersion() throws -> String {
    let changelog = try String(contentsOfFile: packageRoot + "/CHANGELOG.md", encoding: .utf8)
    let heading = try #require(
      changelog.split(separator: "\n").first { $0.hasPrefix("## ") }, "CHANGELOG.md has no ## entry")
    return String(heading.dropFirst(3).prefix { $0 != " " })
  }
}
