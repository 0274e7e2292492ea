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
    #expect(try folder.contents() == [])
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
}
