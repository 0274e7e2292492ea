import Foundation
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthArchive

/// The file a large profile spills to: a `SpillFile`, named and made as every temporary is,
/// owner-only from the start, removed if a signal ends the run, gone once the profile is written.
@Suite struct ProfileSpillTests {
  @Test func theSpillFileIsATemporaryOfTheToolsOwnNaming() throws {
    let folder = try TestDirectory()
    let writer = try Self.writerPastItsColumnLimit(spillingTo: folder)
    let spill = folder.file(".health-profile.\(SystemCall.processID).0.tmp")
    #expect(try folder.contents() == [".health-profile.\(SystemCall.processID).0.tmp"])
    #expect(SystemCall.linkStatus(of: spill)?.permissions == 0o600)
    #expect(TemporaryPaths.shared.registered.contains(spill))
    _ = try writer.finish(timeZone: .gmt, into: ByteSink { _ in })
    #expect(try folder.contents() == [])
    #expect(!TemporaryPaths.shared.registered.contains(spill))
  }

  @Test func aSpillFileCutShortIsAClearErrorNotAWrongProfile() throws {
    let folder = try TestDirectory()
    let writer = try Self.writerPastItsColumnLimit(spillingTo: folder)
    let spill = folder.file(".health-profile.\(SystemCall.processID).0.tmp")
    try writer.spill?.settle()
    let size = try #require(try FileManager.default.attributesOfItem(atPath: spill)[.size] as? Int)
    #expect(size > 100)
    let handle = try #require(FileHandle(forUpdatingAtPath: spill))
    try handle.truncate(atOffset: UInt64(size - 1))
    try handle.close()
    #expect(throws: ProfileError.cannotSpill(path: spill, reason: "the temporary file ended early")) {
      _ = try writer.finish(timeZone: .gmt, into: ByteSink { _ in })
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
