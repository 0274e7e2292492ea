import Foundation
import HealthTestSupport
import SystemShim
import Testing

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP while the tool writes: the unfinished output is removed and
/// the exit status says which signal ended it (128 + its number).
@Suite(.serialized) struct SignalTests {
  /// Starts the built executable with `arguments` in `folder`, waits until `appears` names
  /// something in the folder, sends `sent`, and returns the exit status and standard error.
  private func interrupt(
    _ arguments: [String], in folder: TestDirectory, when appears: (String) -> Bool, sending sent: Int32,
    feeding fifo: String? = nil, with fifoBytes: [UInt8] = []
  ) throws -> (status: Int32, standardError: String, sawTemporary: Bool) {
    let path = try #require(
      ExecutableTests.executable, "build the package first: the health-exporter executable was not found")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    process.environment = ["TZ": "UTC", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]
    let error = Pipe()
    process.standardError = error
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    // A FIFO's writer keeps it open, so that the tool waits for more in the middle of reading.
    var writer: Int32?
    if let fifo {
      signal(SIGPIPE, SIG_IGN)  // a reader that stops early must not end the tests
      let descriptor = try SystemCall.openExistingForWriting(fifo)
      writer = descriptor
      try? fifoBytes.withUnsafeBytes { bytes in
        try SystemCall.writeAll(descriptor, bytes.baseAddress!, count: bytes.count, path: fifo)
      }
    }
    var sawTemporary = false
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline && process.isRunning {
      if try folder.contents().contains(where: appears) {
        sawTemporary = true
        break
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    kill(process.processIdentifier, sent)
    // A process the signal does not end is killed, so that a failing test does not run on.
    let killer = Thread {
      Thread.sleep(forTimeInterval: 30)
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    killer.start()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    if let writer { SystemCall.close(writer) }
    return (process.terminationStatus, String(decoding: errorData, as: UTF8.self), sawTemporary)
  }

  @Test(arguments: [(Int32(SIGTERM), Int32(143)), (Int32(SIGINT), Int32(130)), (Int32(SIGHUP), Int32(129))])
  func aSignalWhileGeneratingRemovesTheTemporaryArchive(sent: Int32, status: Int32) throws {
    let folder = try TestDirectory()
    let result = try interrupt(
      ["generate", "--days", "1500", "-o", "sample.zip"], in: folder,
      when: { $0.hasPrefix(".sample.zip.") && $0.hasSuffix(".tmp") }, sending: sent)
    #expect(result.sawTemporary)
    #expect(result.status == status)
    #expect(result.standardError.contains("Interrupted: the unfinished output was removed"))
    let left = try folder.contents()
    #expect(left == [], "what the interrupted run left behind")
  }

  @Test func ctrlCWhileAProfileSpillsRemovesTheSpillFolder() throws {
    let folder = try TestDirectory()
    let fifo = folder.file("export.xml")
    try SystemCall.makeFIFO(fifo)
    // Enough of one type to pass the 256 KiB a column keeps in memory (about 14 bytes a sample
    // that differs from the one before in a ten-digit value), and no end.
    var xml = "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n"
    for index in 0..<40_000 {
      xml +=
        " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Watch\" unit=\"count\" "
        + "creationDate=\"2026-01-01 10:00:00 +0000\" startDate=\"2026-01-01 10:00:00 +0000\" "
        + "endDate=\"2026-01-01 10:01:00 +0000\" "
        + "value=\"\(1_000_000_000 + index * 7_919 % 999_983 * 997)\"/>\n"
    }
    let result = try interrupt(
      ["profile", "export.xml", "-o", "profile.json"], in: folder,
      when: { $0.hasPrefix(".health-profile.") }, sending: SIGINT, feeding: fifo, with: Array(xml.utf8))
    #expect(result.sawTemporary)
    #expect(result.status == 130)
    #expect(try folder.contents() == ["export.xml"])
  }

  /// An archive whose export.xml names a route at its start and then holds many records, so that
  /// `convert` to a zip archive keeps the route in its waiting folder while it writes them.
  private func archiveWithARouteFirst(in folder: TestDirectory) throws -> String {
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <HealthData locale="en_US">
       <ExportDate value="2026-01-20 07:00:00 -0500"/>
       <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="2026-01-01 10:00:00 -0500" endDate="2026-01-01 10:30:00 -0500">
        <WorkoutRoute sourceName="Watch" startDate="2026-01-01 10:00:00 -0500" endDate="2026-01-01 10:30:00 -0500">
         <FileReference path="/workout-routes/route_2026-01-01_10.00am.gpx"/>
        </WorkoutRoute>
       </Workout>

      """
    for index in 0..<300_000 {
      xml +=
        " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Watch\" unit=\"count\" "
        + "startDate=\"2026-01-01 10:00:00 -0500\" endDate=\"2026-01-01 10:01:00 -0500\" value=\"\(index)\"/>\n"
    }
    xml += "</HealthData>\n"
    let gpx = """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="Apple Health Export"><trk><trkseg>
      <trkpt lon="-71.0" lat="42.0"><ele>10</ele><time>2026-01-01T15:00:00Z</time></trkpt>
      </trkseg></trk></gpx>

      """
    var fixture = ExportFixture()
    fixture.add("apple_health_export/export.xml", xml)
    fixture.add("apple_health_export/workout-routes/route_2026-01-01_10.00am.gpx", gpx)
    let path = folder.file("input.zip")
    try fixture.writeZip(at: path)
    return path
  }

  /// The folder a file waits in while `convert` writes export.xml into a zip archive: a temporary
  /// named after the archive's own (`.out.zip.PID.0.tmp.PID.1.tmp`).
  private static func isWaitingFolder(_ name: String) -> Bool {
    name.hasPrefix(".out.zip.") && name.split(separator: ".").filter { $0 == "tmp" }.count == 2
  }

  @Test(arguments: [(Int32(SIGTERM), Int32(143)), (Int32(SIGINT), Int32(130)), (Int32(SIGHUP), Int32(129))])
  func aSignalWhileConvertingToAZipRemovesTheWaitingFilesToo(sent: Int32, status: Int32) throws {
    let folder = try TestDirectory()
    _ = try archiveWithARouteFirst(in: folder)
    let result = try interrupt(
      ["convert", "input.zip", "-o", "out.zip"], in: folder, when: Self.isWaitingFolder, sending: sent)
    #expect(result.sawTemporary)
    #expect(result.status == status)
    #expect(result.standardError.contains("Interrupted: the unfinished output was removed"))
    #expect(try folder.contents() == ["input.zip"])
  }

  @Test func whatAKilledConvertLeftIsRemovedByTheNextRun() throws {
    let folder = try TestDirectory()
    _ = try archiveWithARouteFirst(in: folder)
    let result = try interrupt(
      ["convert", "input.zip", "-o", "out.zip"], in: folder, when: Self.isWaitingFolder, sending: SIGKILL)
    #expect(result.sawTemporary)
    #expect(result.status == SIGKILL)
    let left = try folder.contents()
    #expect(left.contains(where: Self.isWaitingFolder), "\(left)")
    let next = ToolRun([
      "export", folder.file("input.zip"), "--all", "--metrics", "steps", "-o", folder.file("steps.csv"),
    ])
    #expect(next.status == 0, "\(next.standardError)")
    #expect(try folder.contents() == ["input.zip", "steps.csv"])
  }

  @Test(arguments: [(Int32(SIGINT), Int32(130)), (Int32(SIGHUP), Int32(129)), (Int32(SIGTERM), Int32(143))])
  func aSignalBeforeAnyTemporaryStillSaysItInterrupted(sent: Int32, status: Int32) throws {
    let folder = try TestDirectory()
    let fifo = folder.file("export.xml")
    try SystemCall.makeFIFO(fifo)
    // The tool waits in the middle of reading its input, before any output is made.
    let result = try interrupt(
      ["inspect", "export.xml"], in: folder, when: { _ in true }, sending: sent,
      feeding: fifo, with: Array("<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n".utf8))
    #expect(result.status == status)
    #expect(result.standardError.hasSuffix("\nInterrupted.\n"), "\(result.standardError)")
    #expect(try folder.contents() == ["export.xml"])
  }
}
