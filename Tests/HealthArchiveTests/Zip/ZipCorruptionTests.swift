import HealthArchive
import HealthTestSupport
import Testing

/// Hostile bytes: every single-byte change to small archives must end in entries and content or
/// in a thrown error, never in a crash, a hang or an allocation sized by the file's claims.
@Suite struct ZipCorruptionTests {
  struct ArchiveCase: CustomTestStringConvertible, Sendable {
    var label: String
    var options: ZipWriter.Options
    var testDescription: String { label }
  }

  @Test(arguments: [
    ArchiveCase(label: "plain", options: .init()),
    ArchiveCase(
      label: "ZIP64 with data descriptors", options: .init(forcesZip64: true, usesDataDescriptors: true)),
  ])
  func everySingleByteChangeIsReadOrRefused(_ archiveCase: ArchiveCase) throws {
    let folder = try TestDirectory()
    let path = folder.file("original.zip")
    let writer = try ZipWriter(path: path, options: archiveCase.options)
    try writer.addEntry(named: "a.xml", bytes: Array(String(repeating: "<Record/>", count: 20).utf8))
    try writer.addEntry(named: "b.txt", bytes: Array("stored".utf8), method: .stored)
    try writer.finish()
    let original = try folder.readBytes("original.zip")

    var outcomes = 0
    for position in original.indices {
      for value: UInt8 in [0x00, 0xFF, original[position] ^ 0x01] where value != original[position] {
        var bytes = original
        bytes[position] = value
        let damaged = try folder.write(bytes: bytes, to: "damaged.zip")
        do {
          let archive = try ZipArchive(path: damaged)
          for entry in archive.entries {
            _ = try? archive.contents(of: entry, limit: 1 << 16)
          }
        } catch {}
        outcomes += 1
      }
    }
    #expect(outcomes > original.count * 2)
  }
}
