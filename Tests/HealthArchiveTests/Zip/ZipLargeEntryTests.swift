import Foundation
import HealthArchive
import HealthTestSupport
import SystemShim
import Testing

/// A 20 MiB entry streamed through small buffers, written and read without being held whole.
@Suite struct ZipLargeEntryTests {
  static let size = 20 << 20

  @Test func twentyMebibyteEntryStreamsThroughASmallBuffer() throws {
    let folder = try TestDirectory()
    let path = folder.file("large.zip")
    let writer = try ZipWriter(path: path, options: .init(usesDataDescriptors: true))
    try writer.addEntry(
      named: "apple_health_export/export.xml", contentsOf: PatternByteStream(length: Self.size))
    try writer.finish()

    let archive = try ZipArchive(path: path)
    let entry = try #require(archive.entry(named: "apple_health_export/export.xml"))
    #expect(entry.uncompressedSize == UInt64(Self.size))
    #expect(entry.crc32 == 0x9209_B418)  // computed independently with Python's zlib
    // Many 256 KiB chunks of compressed input.
    #expect(entry.compressedSize > 8 << 20)

    let stream = try archive.openEntry(entry)
    let expected = PatternByteStream(length: Self.size)
    let bufferSize = 4099  // odd, so chunk edges never line up
    var actual = [UInt8](repeating: 0, count: bufferSize)
    var wanted = [UInt8](repeating: 0, count: bufferSize)
    var total = 0
    var mismatches = 0
    while true {
      let n = try stream.read(filling: &actual)
      if n == 0 { break }
      let m = try wanted.fill(upTo: n) { try expected.read(into: &$0) }
      // Compared as Data (memcmp): an element loop takes seconds in a debug build.
      if m != n || Data(actual[0..<n]) != Data(wanted[0..<n]) { mismatches += 1 }
      total += n
    }
    #expect(total == Self.size)
    #expect(mismatches == 0)
  }
}
