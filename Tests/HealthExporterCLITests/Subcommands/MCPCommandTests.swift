import Foundation
import HealthTestSupport
import Testing

/// `health-exporter mcp` run as an assistant's app runs it: a child process spoken to through
/// pipes.
@Suite struct MCPCommandTests {
  struct Session {
    var status: Int32
    var lines: [String]
    var standardError: String
  }

  /// Starts the server on `arguments`, writes `messages` one a line, closes its input and waits.
  private func serve(_ arguments: [String], messages: [String], environment: [String: String]) throws
    -> Session
  {
    let path = try #require(ExecutableTests.executable, "build the package first")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["mcp"] + arguments
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    input.fileHandleForWriting.write(Data((messages.joined(separator: "\n") + "\n").utf8))
    try input.fileHandleForWriting.close()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Session(
      status: process.terminationStatus,
      lines: String(decoding: outputData, as: UTF8.self).split(separator: "\n").map(String.init),
      standardError: String(decoding: errorData, as: UTF8.self))
  }

  @Test func theServerAnswersOverPipesAndEndsAtTheEndOfItsInput() throws {
    let folder = try TestDirectory()
    try FileManager.default.createDirectory(atPath: folder.file("tmp"), withIntermediateDirectories: true)
    let session = try serve(
      [exampleExport, "--no-cache", "--time-zone", "America/New_York"],
      messages: [
        #"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"records","arguments":{"metric":"Weight","limit":1}}}"#,
      ], environment: ["TMPDIR": folder.file("tmp"), "HOME": folder.file("home")])
    #expect(session.status == 0)
    try #require(session.lines.count == 3, "\(session.lines) \(session.standardError)")
    #expect(
      session.lines[0]
        == #"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found: 'server/discover'"}}"#
    )
    #expect(session.lines[1].hasPrefix(#"{"jsonrpc":"2.0","id":2,"result":{"protocolVersion":"2025-11-25","#))
    #expect(
      session.lines[2].hasSuffix(
        #""structuredContent":{"metric":"Weight","type":"HKQuantityTypeIdentifierBodyMass","records":[{"start":"2026-01-09T10:30:00-05:00","end":"2026-01-09T10:30:00-05:00","value":185.5,"unit":"lbs","raw_unit":"lb","source":"Withings"}],"count":1,"truncated":false},"isError":false}}"#
      ), "\(session.lines[2])")
    #expect(session.standardError.contains("health-exporter mcp: pipe 1 connected, speaking 2025-11-25\n"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("tmp")) == [],
      "the temporary database is gone")
    #expect(!FileManager.default.fileExists(atPath: folder.file("home")), "nothing is written to the cache")
  }

  /// `--weight-unit` chooses the unit of an export's weights; a database keeps its own, and
  /// naming another is refused.
  @Test func theUnitsAreTheOptionsOrADatabasesOwn() throws {
    let folder = try TestDirectory()
    let call = [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}"#,
      #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"records","arguments":{"metric":"Weight","limit":1}}}"#,
    ]
    let environment = ["TMPDIR": folder.path, "HOME": folder.file("home"), "TZ": "America/New_York"]
    let kilograms = try serve(
      [exampleExport, "--no-cache", "--weight-unit", "kg"], messages: call, environment: environment)
    #expect(kilograms.status == 0)
    #expect(
      kilograms.lines.last?.contains(#""unit":"kg","raw_value":185.5,"raw_unit":"lb","#) == true,
      "\(kilograms.lines)")
    let path = try #require(ExecutableTests.executable, "build the package first")
    let build = Process()
    build.executableURL = URL(fileURLWithPath: path)
    build.arguments = [
      "database", exampleExport, "-o", folder.file("health.sqlite"), "--weight-unit", "kg", "-q",
    ]
    build.environment = environment
    try build.run()
    build.waitUntilExit()
    #expect(build.terminationStatus == 0)
    let kept = try serve([folder.file("health.sqlite")], messages: call, environment: environment)
    #expect(
      kept.lines.last?.contains(#""unit":"kg","raw_value":185.5,"raw_unit":"lb","#) == true, "\(kept.lines)")
    let refused = try serve(
      [folder.file("health.sqlite"), "--weight-unit", "lbs"], messages: call, environment: environment)
    #expect(refused.status == 64)
    #expect(refused.lines == [])
    #expect(
      refused.standardError.contains(
        "the database keeps its own units: --weight-unit lbs differs from its kg; leave --weight-unit out"),
      "\(refused.standardError)")
  }

  @Test func aMissingInputIsAUsageErrorAndANonExportIsBadData() throws {
    let folder = try TestDirectory()
    let none = try serve([], messages: [], environment: ["HOME": folder.path])
    #expect(none.status == 64)
    #expect(none.lines == [])
    #expect(none.standardError.hasPrefix("Error: "))
    let text = try folder.write("hello", to: "notes.txt")
    let bad = try serve([text], messages: [], environment: ["HOME": folder.path])
    #expect(bad.status == 65)
    #expect(bad.lines == [])
  }

  /// Started by an assistant's app with no environment at all (no `TZ`), the server reckons days
  /// in the export's own zone: a day's steps and a night's sleep are the summary's in that zone,
  /// and `profile` names it.
  @Test func withoutAnEnvironmentTheDaysAreTheExports() throws {
    let folder = try TestDirectory()
    let export = folder.file("tokyo.zip")
    let generate = ToolRun(
      ["generate", "-o", export, "--time-zone", "Asia/Tokyo", "--days", "5", "--end", "2026-06-30", "-q"])
    try #require(generate.status == 0, "\(generate.standardError)")
    func call(_ id: Int, _ name: String, _ arguments: String) -> String {
      #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(name)","arguments":\#(arguments)}}"#
    }
    let session = try serve(
      [export, "--no-cache"],
      messages: [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        call(2, "summary", #"{"metric":"Steps","from":"2026-06-29","to":"2026-06-29"}"#),
        call(3, "summary", #"{"metric":"Sleep Asleep Total","from":"2026-06-29","to":"2026-06-29"}"#),
        call(4, "profile", "{}"),
      ], environment: [:])
    #expect(session.status == 0)
    try #require(session.lines.count == 4, "\(session.lines) \(session.standardError)")
    #expect(session.lines[0].contains("Days are yyyy-MM-dd in the export's own time zone (profile names it)"))
    func structured(_ line: String) throws -> [String: Any] {
      let message = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let result = try #require(message["result"] as? [String: Any])
      return try #require(result["structuredContent"] as? [String: Any])
    }
    func value(_ line: String) throws -> String {
      let rows = try #require(try structured(line)["rows"] as? [[String: Any]])
      try #require(rows.count == 1, "\(line)")
      return "\(rows[0]["value"] ?? "")"
    }
    let summary = ToolRun(
      [
        "summary", export, "--time-zone", "Asia/Tokyo", "--from", "2026-06-29", "--to", "2026-06-29",
        "--types", "StepCount,SleepAnalysis", "-o", "-", "-q",
      ])
    let rows = summary.standardOutput.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
    let steps = try #require(rows.first { $0.count > 2 && $0[1] == "Steps" })
    let sleep = try #require(rows.first { $0.count > 2 && $0[1] == "Sleep Asleep Total" })
    #expect(try Double(value(session.lines[1])) == Double(steps[2]))
    #expect(try Double(value(session.lines[2])) == Double(sleep[2]))
    #expect(try structured(session.lines[3])["time_zone"] as? String == "Asia/Tokyo")
  }
}
