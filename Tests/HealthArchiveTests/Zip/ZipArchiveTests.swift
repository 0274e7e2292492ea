import HealthArchive
import HealthTestSupport
import Testing

/// The reader against archives it did not write: one made by Python's zipfile, others assembled
/// field by field.
@Suite struct ZipArchiveTests {
  /// Made by Python's zipfile: `hello.txt` deflated, a folder, `notes/café.txt` stored with the
  /// UTF-8 flag, and the archive comment "made by python".
  static let pythonZip = hexBytes(
    "504b0304140000000800c053b150b1a0574814000000600000000900000068656c6c6f2e747874cb48cdc9c9d7"
      + "51c840a214aa320bb832a8240e00504b0304140000000000c053b1500000000000000000000000000600000"
      + "06e6f7465732f504b0304140000080000c053b1507877a60f0c0000000c0000000f0000006e6f7465732f63"
      + "6166c3a92e74787473746f726564206279746573504b01021403140000000800c053b150b1a0574814000000"
      + "6000000009000000000000000000000080010000000068656c6c6f2e747874504b0102140314000000000"
      + "0c053b15000000000000000000000000006000000000000000000000080013b0000006e6f7465732f504b01"
      + "021403140000080000c053b1507877a60f0c0000000c0000000f000000000000000000000080015f00000"
      + "06e6f7465732f636166c3a92e747874504b05060000000003000300a8000000980000000e006d61646520"
      + "627920707974686f6e")

  /// "Health data, deflated by hand.\n" three times, as raw deflate from zlib at level 6.
  static let deflatedText = hexBytes(
    "f3484dcc29c95048492c49d45148494dcb492c494d5148aa54c848cc4bd1e3f2a0481a00")
  static let plainText = Array(
    String(repeating: "Health data, deflated by hand.\n", count: 3).utf8)

  @Test func readsAnArchiveMadeByPython() throws {
    let folder = try TestDirectory()
    let path = try folder.write(bytes: Self.pythonZip, to: "python.zip")
    let archive = try ZipArchive(path: path)

    #expect(archive.entries.map(\.name) == ["hello.txt", "notes/", "notes/café.txt"])
    #expect(archive.entries.map(\.method) == [.deflated, .stored, .stored])
    #expect(archive.entries.map(\.compressedSize) == [20, 0, 12])
    #expect(archive.entries.map(\.uncompressedSize) == [96, 0, 12])
    #expect(archive.entries.map(\.crc32) == [0x4857_A0B1, 0, 0x0FA6_7778])
    #expect(archive.entries.map(\.localHeaderOffset) == [0, 59, 95])
    #expect(archive.entries.map(\.flags) == [0, 0, 0x0800])
    #expect(archive.entries.map(\.isDirectory) == [false, true, false])
    #expect(archive.entries.map(\.isNameMarkedUTF8) == [false, false, true])

    let hello = try #require(archive.entry(named: "hello.txt"))
    let text = String(repeating: "hello, hello, hello zip\n", count: 4)
    #expect(try readAll(archive.openEntry(hello), bufferSize: 7) == Array(text.utf8))
    let cafe = try #require(archive.entry(named: "notes/café.txt"))
    #expect(try archive.contents(of: cafe) == Array("stored bytes".utf8))
    #expect(try archive.contents(of: archive.entries[1]) == [])
  }

  @Test func streamIsNamedAfterArchiveAndEntry() throws {
    let folder = try TestDirectory()
    let path = try folder.write(bytes: Self.pythonZip, to: "python.zip")
    let archive = try ZipArchive(path: path)
    let stream = try archive.openEntry(named: "notes/café.txt")
    #expect(stream.name == path + ":notes/café.txt")
  }

  @Test func readsDeflatedAndStoredEntriesWithDataDescriptors() throws {
    let zip = HandAssembledZip(entries: [
      HandAssembledZip.Entry(
        rawName: Array("deflated.txt".utf8), data: Self.deflatedText, method: 8, flags: 0x0008,
        crc32: 0xCC9D_3A8C, uncompressedSize: 93),
      .stored("stored.txt", Array("stored, with a descriptor".utf8), flags: 0x0008),
    ])
    let folder = try TestDirectory()
    let archive = try ZipArchive(path: folder.write(bytes: zip.bytes, to: "descriptors.zip"))

    #expect(archive.entries.map(\.hasDataDescriptor) == [true, true])
    #expect(archive.entries.map(\.compressedSize) == [36, 25])
    #expect(try archive.contents(of: archive.entries[0]) == Self.plainText)
    #expect(try archive.contents(of: archive.entries[1]) == Array("stored, with a descriptor".utf8))
  }

  @Test func readsZip64DirectoryAndEndRecords() throws {
    var zip = HandAssembledZip(entries: [
      .stored("first.txt", Array("one".utf8)),
      HandAssembledZip.Entry(
        rawName: Array("second.txt".utf8), data: Self.deflatedText, method: 8,
        crc32: 0xCC9D_3A8C, uncompressedSize: 93),
    ])
    zip.zip64 = true
    let folder = try TestDirectory()
    let archive = try ZipArchive(path: folder.write(bytes: zip.bytes, to: "zip64.zip"))

    #expect(archive.entries.map(\.name) == ["first.txt", "second.txt"])
    #expect(archive.entries.map(\.compressedSize) == [3, 36])
    #expect(archive.entries.map(\.uncompressedSize) == [3, 93])
    #expect(archive.entries.map(\.localHeaderOffset) == [0, 42])
    #expect(try archive.contents(of: archive.entries[1]) == Self.plainText)
  }

  @Test func localHeaderExtraFieldLongerThanTheDirectorysIsSkipped() throws {
    var entry = HandAssembledZip.Entry.stored("a.txt", Array("content".utf8))
    entry.localExtra = [0x55, 0x54, 0x05, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00]
    let folder = try TestDirectory()
    let archive = try ZipArchive(
      path: folder.write(bytes: HandAssembledZip(entries: [entry]).bytes, to: "x.zip"))
    #expect(try archive.contents(of: archive.entries[0]) == Array("content".utf8))
  }

  @Test func decomposedNameWithoutUTF8FlagIsFoundByItsPrecomposedSpelling() throws {
    // As Apple's Health app wrote it in 2016: UTF-8 in NFD, no UTF-8 flag, a data descriptor.
    let zip = HandAssembledZip(entries: [
      .stored("exportacio\u{301}n.xml", Array("<HealthData/>".utf8), flags: 0x0008)
    ])
    let folder = try TestDirectory()
    let archive = try ZipArchive(path: folder.write(bytes: zip.bytes, to: "exportación.zip"))
    let entry = try #require(archive.entries.first)

    #expect(entry.rawName == Array("exportacio".utf8) + [0xCC, 0x81] + Array("n.xml".utf8))
    #expect(entry.isNameMarkedUTF8 == false)
    #expect(Array(entry.name.unicodeScalars) == Array("exportacio\u{301}n.xml".unicodeScalars))
    #expect(Array(entry.normalizedName.unicodeScalars) == Array("exportaci\u{F3}n.xml".unicodeScalars))
    #expect(archive.entry(named: "exportación.xml") == entry)
    #expect(archive.entry(named: "exportaci\u{F3}n.xml") == entry)
    #expect(archive.entry(named: "/exportación.xml") == entry)
    #expect(archive.entry(named: "exportacion.xml") == nil)
    #expect(try readAll(archive.openEntry(named: "exportación.xml")) == Array("<HealthData/>".utf8))
  }

  @Test func nameThatIsNotUTF8IsReadAsCP437() throws {
    let rawName: [UInt8] = [0x80, 0x94, 0x81, 0xE1, 0x2E, 0x74, 0x78, 0x74]  // Çöüß.txt in CP437
    var entry = HandAssembledZip.Entry.stored("", Array("x".utf8))
    entry.rawName = rawName
    let folder = try TestDirectory()
    let archive = try ZipArchive(
      path: folder.write(bytes: HandAssembledZip(entries: [entry]).bytes, to: "dos.zip"))

    #expect(archive.entries.map(\.name) == ["Çöüß.txt"])
    #expect(archive.entries.map(\.rawName) == [rawName])
    #expect(archive.entry(named: "Çöüß.txt")?.rawName == rawName)
  }

  @Test func nameMarkedUTF8WithInvalidBytesGetsReplacementCharacters() throws {
    var entry = HandAssembledZip.Entry.stored("", [], flags: 0x0800)
    entry.rawName = [0x61, 0xFF, 0x62]
    let folder = try TestDirectory()
    let archive = try ZipArchive(
      path: folder.write(bytes: HandAssembledZip(entries: [entry]).bytes, to: "bad.zip"))
    #expect(archive.entries.map(\.name) == ["a\u{FFFD}b"])
  }

  @Test func findsTheEndRecordBehindACommentThatContainsItsSignature() throws {
    var zip = HandAssembledZip(entries: [.stored("a.txt", Array("A".utf8))])
    zip.comment = [0x50, 0x4B, 0x05, 0x06] + Array(" looks like an end record".utf8)
    let folder = try TestDirectory()
    let archive = try ZipArchive(path: folder.write(bytes: zip.bytes, to: "comment.zip"))
    #expect(archive.entries.map(\.name) == ["a.txt"])
    #expect(try archive.contents(of: archive.entries[0]) == Array("A".utf8))
  }

  @Test func readsAnEmptyArchive() throws {
    let empty = hexBytes("504b0506" + String(repeating: "0", count: 36))
    let folder = try TestDirectory()
    let path = try folder.write(bytes: empty, to: "empty.zip")
    #expect(empty.count == 22)
    #expect(ZipArchive.isZip(path: path))
    #expect(try ZipArchive(path: path).entries.isEmpty)
  }

  @Test func lookupIgnoresLeadingSlashesAndKeepsTheFirstOfEqualNames() throws {
    let zip = HandAssembledZip(entries: [
      .stored("/dir/file.txt", Array("first".utf8)),
      .stored("dir/file.txt", Array("second".utf8)),
    ])
    let folder = try TestDirectory()
    let archive = try ZipArchive(path: folder.write(bytes: zip.bytes, to: "dup.zip"))
    let found = try #require(archive.entry(named: "dir/file.txt"))
    #expect(try archive.contents(of: found) == Array("first".utf8))
    #expect(archive.entry(named: "//dir/file.txt") == found)
  }

  struct SniffCase: CustomTestStringConvertible, Sendable {
    var label: String
    var bytes: [UInt8]
    var isZip: Bool
    var testDescription: String { label }
  }

  @Test(arguments: [
    SniffCase(label: "local header", bytes: [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00], isZip: true),
    SniffCase(
      label: "empty archive", bytes: [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18), isZip: true),
    SniffCase(label: "XML", bytes: Array("<?xml version=\"1.0\"?>".utf8), isZip: false),
    SniffCase(label: "spanned marker", bytes: [0x50, 0x4B, 0x07, 0x08], isZip: false),
    SniffCase(label: "three bytes", bytes: [0x50, 0x4B, 0x03], isZip: false),
    SniffCase(label: "empty file", bytes: [], isZip: false),
  ])
  func sniffsByContentNotByName(_ sniff: SniffCase) throws {
    let folder = try TestDirectory()
    let path = try folder.write(bytes: sniff.bytes, to: "export.zip.download")
    #expect(ZipArchive.isZip(path: path) == sniff.isZip)
  }

  @Test func missingFileIsNotAZip() {
    #expect(ZipArchive.isZip(path: "/nonexistent/export.zip") == false)
  }
}
