import Foundation
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthArchive

/// An archive's health XML, read in chunks on both cores through the window its entry inflates
/// into, gives what one reader of it gives: the same items at the same places, the same error.
@Suite struct ExportSourceChunkTests {
  /// What the export at `path` gives, as text, read by one reader or in chunks of `chunkSize`.
  static func read(_ path: String, inChunksOf chunkSize: Int?) throws -> (
    text: String, counts: ChunkedXMLReading.Counts?
  ) {
    let source = try #require(try HealthInput.open(path: path) as? ExportSource)
    var filter = ItemFilter.everything
    if let chunkSize {
      source.chunkSize = chunkSize
      filter.readsInParallel = true
    }
    let diagnostics = Diagnostics(keepsEach: true)
    var lines: [String] = []
    do {
      try source.readItems(filter: filter, diagnostics: diagnostics) { item, location in
        lines.append("\(location): \(item)")
      }
    } catch {
      lines.append("error: \(error)")
    }
    return ((lines + diagnostics.each.map(\.description)).joined(separator: "\n"), source.chunkCounts)
  }

  @Test func anArchiveReadsInChunksAsByOneReader() throws {
    let folder = try TestDirectory()
    let archive = try GeneratedArchive(days: 20, at: folder.file("export.zip"))
    let whole = try Self.read(archive.path, inChunksOf: nil)
    #expect(whole.counts == nil)
    #expect(whole.text.hasPrefix("\(archive.path):apple_health_export/export.xml, line "))
    // The same XML as a file of its own, read in chunks at offsets: cut in the same places.
    let file = try folder.write(bytes: archive.xml, to: "export.xml")
    for size in [4096, 65536] {
      let chunked = try Self.read(archive.path, inChunksOf: size)
      #expect(chunked.text == whole.text, "chunks of \(size)")
      let counts = try #require(chunked.counts)
      #expect(counts.chunks > 10)
      #expect(!counts.restReadAtOnce)
      #expect(try Self.read(file, inChunksOf: size).counts == counts)
    }
  }

  @Test func aDamagedEntryFailsAsItDoesForOneReader() throws {
    let folder = try TestDirectory()
    let xml = try GeneratedArchive.xml(days: 20)
    var fixture = ExportFixture()
    fixture.add("apple_health_export/export.xml", String(decoding: xml, as: UTF8.self))
    let path = folder.file("export.zip")
    try fixture.writeZip(at: path)
    // One byte flipped two thirds into the deflated export.xml (after its 30-byte header and name).
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let dataStart = 30 + "apple_health_export/export.xml".utf8.count
    let compressed = try #require(ZipArchive(path: path).entries.first).compressedSize
    bytes[dataStart + Int(compressed) * 2 / 3] ^= 0x55
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let whole = try Self.read(path, inChunksOf: nil)
    let chunked = try Self.read(path, inChunksOf: 4096)
    #expect(whole.text.contains("\nerror: "))
    #expect(chunked.text == whole.text)
    // Read in chunks up to the damage, not by one reader.
    #expect((chunked.counts?.chunks ?? 0) > 100)
    #expect(chunked.counts?.restReadAtOnce == false)
  }
}
