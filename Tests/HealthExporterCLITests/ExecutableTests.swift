import Foundation
import HealthTestSupport
import Testing

/// The built `health-exporter` executable, run as a user runs it: real arguments, environment,
/// standard streams and exit status.
@Suite struct ExecutableTests {
  /// The executable beside the test runner, or in the package's default build folder.
  static let executable: String? = {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/health-exporter",
      packageRoot + "/.build/debug/health-exporter",
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  private func run(
    _ arguments: [String], standardOutput: FileHandle? = nil,
    environment: [String: String] = ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]
  ) throws -> Result {
    let path = try #require(
      Self.executable, "build the package first: the health-exporter executable was not found")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = standardOutput ?? output
    process.standardError = error
    try process.run()
    let outputData = standardOutput == nil ? output.fileHandleForReading.readDataToEndOfFile() : Data()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self))
  }

  @Test func exportsTheExampleToStandardOutput() throws {
    let result = try run([
      "export", exampleExport, "--all", "--metrics", "weight,steps,glucose", "--vitals", "all", "-o", "-",
    ])
    #expect(result.status == 0)
    #expect(
      result.standardOutput.split(separator: "\n").dropFirst(4) == [
        "2026-01-09 10:30:00,Weight,,185.50,lbs,Withings,",
        "2026-01-09 11:00:00,Steps,,5432,steps,Apple Watch,",
        "2026-01-09 07:15:00,Blood Glucose,,98,mg/dL,MyFitnessPal,Before Meal",
        "2026-01-09 14:30:00,Blood Glucose,,145,mg/dL,MyFitnessPal,After Meal",
        "2026-01-15 14:32:00,Blood Pressure Systolic,,120,mmHg,Apple Health,",
        "2026-01-15 14:32:00,Blood Pressure Diastolic,,80,mmHg,Apple Health,",
        "2026-01-15 14:33:00,Oxygen Saturation,,98.5,%,Apple Health,",
        "2026-01-09 11:04:10,Heart Rate,,88,bpm,Apple Watch,",
      ])
    #expect(
      result.standardError
        == "Wrote 8 rows (Weight 1, Steps 1, Blood Glucose 2, Blood Pressure Systolic 1, Blood Pressure Diastolic 1, Oxygen Saturation 1, Heart Rate 1) to standard output (time zone America/New_York).\n"
    )
  }

  @Test func exitsWith64OnAUsageError() throws {
    let result = try run(["export", exampleExport, "--bogus"])
    #expect(result.status == 64)
    #expect(result.standardOutput == "")
    #expect(result.standardError.hasPrefix("Error: unknown option '--bogus'\n"))
  }

  /// `/dev/full` (Linux) fails every write with "No space left on device".
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func exitsWith74WhenStandardOutputIsFull() throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let result = try run(["export", exampleExport, "--all", "-o", "-"], standardOutput: full)
    #expect(result.status == 74)
    #expect(result.standardError == "Error: cannot write standard output: No space left on device\n")
  }

  /// The same options give the same bytes whatever the process's time zone and clock.
  @Test func generatesTheSameBytesInAnyTimeZone() throws {
    let arguments = ["generate", "-o", "-", "--days", "3", "--time-zone", "Europe/Paris"]
    let tokyo = try run(
      arguments, environment: ["TZ": "Asia/Tokyo", "HEALTH_EXPORTER_NOW": "2030-01-01T00:00:00Z"])
    let angeles = try run(arguments, environment: ["TZ": "America/Los_Angeles"])
    #expect(tokyo.status == 0 && angeles.status == 0)
    #expect(tokyo.standardOutput.utf8.count > 1_000_000)
    #expect(StreamBytes.digest(tokyo.standardOutput.utf8) == StreamBytes.digest(angeles.standardOutput.utf8))
    #expect(tokyo.standardOutput.contains(" <ExportDate value=\"2026-06-30 23:59:59 +0200\"/>\n"))
  }
}
