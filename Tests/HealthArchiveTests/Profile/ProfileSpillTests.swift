import Foundation
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthArchive

/// The folder a large profile spills to: named and made as every temporary is, owner-only from
/// the start, removed if a signal ends the run, gone once the profile is written.
@Suite struct ProfileSpillTests {
  @Test func theSpillFolderIsATemporaryOfTheToolsOwnNaming() throws {
    let folder = try TestDirectory()
    let writer = try Self.writerPastItsColumnLimit(spillingTo: folder)
    let spill = folder.file(".health-profile.\(SystemCall.processID).0.tmp")
    #expect(try folder.contents() == [".health-profile.\(SystemCall.processID).0.tmp"])
    #expect(SystemCall.linkStatus(of: spill)?.permissions == 0o700)
    #expect(TemporaryPaths.shared.registered.contains(spill))
    _ = try writer.finish(timeZone: .gmt) { _ in }
    #expect(try folder.contents() == [])
    #expect(!TemporaryPaths.shared.registered.contains(spill))
  }

  @Test func aSpillFileCutShortIsAClearErrorNotAWrongProfile() throws {
    let folder = try TestDirectory()
    let writer = try Self.writerPastItsColumnLimit(spillingTo: folder)
    let part = folder.file(".health-profile.\(SystemCall.processID).0.tmp/0.part")
    let bytes = try #require(FileManager.default.contents(atPath: part))
    try Data(bytes.dropLast()).write(to: URL(fileURLWithPath: part))
    #expect(
      throws: ProfileError.cannotSpill(
        path: part, reason: "its contents changed while the profile was written")
    ) {
      _ = try writer.finish(timeZone: .gmt) { _ in }
    }
    #expect(try folder.contents() == [])
  }

  /// A profile writer whose one column of 20 steps samples has passed its limit of 100 bytes, so
  /// it has spilled into `folder`.
  static func writerPastItsColumnLimit(spillingTo folder: TestDirectory) throws -> ProfileWriter {
    let writer = ProfileWriter(
      options: ProfileWriterTests.options, spillFolder: folder.path, columnLimit: 100)
    for second in 0..<20 {
      try writer.add(
        .sample(
          Sample(
            type: "HKQuantityTypeIdentifierStepCount", value: .quantity(Double(second), unit: "count"),
            sourceName: "Watch", startDate: Timestamp(secondsSince1970: Int64(1_768_910_400 + second)),
            endDate: Timestamp(secondsSince1970: Int64(1_768_910_400 + second)))))
    }
    return writer
  }
}
