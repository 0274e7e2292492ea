import HealthArchive
import HealthTestSupport
import Testing

/// Damaged, truncated and unsupported archives: each fails with the exact `ZipError`.
@Suite struct ZipArchiveErrorTests {
  static let fox = Array("The quick brown fox jumps over the lazy dog".utf8)

  @Test func flippedByteOfStoredDataFailsTheChecksum() throws {
    let folder = try TestDirectory()
    let path = folder.file("fox.zip")
    let writer = try ZipWriter(path: path)
    try writer.addEntry(named: "fox.txt", bytes: Self.fox, method: .stored)
    try writer.finish()
    var bytes = try folder.readBytes("fox.zip")
    let dataStart = 30 + "fox.txt".utf8.count
    #expect(bytes[dataStart] == UInt8(ascii: "T"))
    bytes[dataStart] = UInt8(ascii: "t")
    try folder.write(bytes: bytes, to: "fox.zip")

    let archive = try ZipArchive(path: path)
    let entry = try #require(archive.entry(named: "fox.txt"))
    #expect(entry.crc32 == 0x414F_A339)
    let expected = ZipError.checksumMismatch(
      path: path, entry: "fox.txt", expected: 0x414F_A339, actual: 0xCE0C_5114)
    #expect(throws: expected) { try readAll(archive.openEntry(entry)) }
    #expect(throws: expected) { try archive.contents(of: entry) }
    #expect(
      expected.description
        == "\(path):fox.txt is damaged: its CRC-32 is 0xce0c5114 but the archive records "
        + "0x414fa339; export again from the Health app.")
    #expect(expected.errorDescription == expected.description)
  }

  @Test func errorIsThrownAgainOnEveryLaterRead() throws {
    var entry = HandAssembledZip.Entry.stored("a.txt", Array("abc".utf8))
    entry.crc32 = 0x1234_5678
    let folder = try TestDirectory()
    let path = try folder.write(bytes: HandAssembledZip(entries: [entry]).bytes, to: "a.zip")
    let stream = try ZipArchive(path: path).openEntry(named: "a.txt")
    var buffer = [UInt8](repeating: 0, count: 16)
    let expected = ZipError.checksumMismatch(
      path: path, entry: "a.txt", expected: 0x1234_5678, actual: 0x3524_41C2)
    for _ in 0..<2 {
      #expect(throws: expected) { try stream.read(filling: &buffer) }
    }
  }

  struct TruncationCase: CustomTestStringConvertible, Sendable {
    var label: String
    var keptBytes: @Sendable (Int) -> Int
    var testDescription: String { label }
  }

  @Test(arguments: [
    TruncationCase(label: "last byte cut", keptBytes: { $0 - 1 }),
    TruncationCase(label: "half kept", keptBytes: { $0 / 2 }),
    TruncationCase(label: "only the first local header", keptBytes: { _ in 40 }),
    TruncationCase(label: "empty file", keptBytes: { _ in 0 }),
  ])
  func truncatedArchiveHasNoEndRecord(_ truncation: TruncationCase) throws {
    let folder = try TestDirectory()
    let path = folder.file("cut.zip")
    let writer = try ZipWriter(path: path)
    try writer.addEntry(named: "apple_health_export/export.xml", bytes: Self.fox + Self.fox)
    try writer.finish()
    let bytes = try folder.readBytes("cut.zip")
    try folder.write(bytes: Array(bytes.prefix(truncation.keptBytes(bytes.count))), to: "cut.zip")
    #expect(throws: ZipError.missingEndRecord(path: path)) { try ZipArchive(path: path) }
  }

  @Test func entryWhoseDataRunsPastTheEndOfTheFileIsTruncated() throws {
    var entry = HandAssembledZip.Entry.stored("big.xml", Array("<Health".utf8))
    entry.declaredCompressedSize = 100_000
    entry.uncompressedSize = 100_000
    let folder = try TestDirectory()
    let path = try folder.write(bytes: HandAssembledZip(entries: [entry]).bytes, to: "t.zip")
    let archive = try ZipArchive(path: path)
    #expect(throws: ZipError.truncatedEntry(path: path, entry: "big.xml")) {
      try archive.openEntry(archive.entries[0])
    }
  }

  @Test func invalidDeflateDataIsDamaged() throws {
    let entry = HandAssembledZip.Entry(
      rawName: Array("x.xml".utf8), data: [0xFF, 0xFF, 0xFF, 0xFF], method: 8, crc32: 0,
      uncompressedSize: 10)
    let folder = try TestDirectory()
    let path = try folder.write(bytes: HandAssembledZip(entries: [entry]).bytes, to: "d.zip")
    let archive = try ZipArchive(path: path)
    #expect(
      throws: ZipError.damagedEntry(
        path: path, entry: "x.xml", detail: "invalid deflate data (invalid block type)")
    ) { try readAll(archive.openEntry(archive.entries[0])) }
  }

  @Test func deflateStreamCutShortIsDamaged() throws {
    let cut = Array(ZipArchiveTests.deflatedText.dropLast(5))
    let entry = HandAssembledZip.Entry(
      rawName: Array("x.xml".utf8), data: cut, method: 8, crc32: 0xCC9D_3A8C, uncompressedSize: 93)
    let folder = try TestDirectory()
    let path = try folder.write(bytes: HandAssembledZip(entries: [entry]).bytes, to: "d.zip")
    let archive = try ZipArchive(path: path)
    #expect(
      throws: ZipError.damagedEntry(
        path: path, entry: "x.xml", detail: "its compressed data ends before the deflate stream does")
    ) { try readAll(archive.openEntry(archive.entries[0])) }
  }

  struct SizeCase: CustomTestStringConvertible, Sendable {
    var declared: UInt32
    var produced: UInt64
    var testDescription: String { "declared \(declared)" }
  }

  @Test(arguments: [
    SizeCase(declared: 50, produced: 51),  // caught one byte past the declared size
    SizeCase(declared: 92, produced: 93),
    SizeCase(declared: 94, produced: 93),
    SizeCase(declared: 1_000, produced: 93),
  ])
  func inflatedSizeDifferentFromTheDeclaredOneIsDamaged(_ size: SizeCase) throws {
    let entry = HandAssembledZip.Entry(
      rawName: Array("x.xml".utf8), data: ZipArchiveTests.deflatedText, method: 8,
      crc32: 0xCC9D_3A8C, uncompressedSize: size.declared)
    let folder = try TestDirectory()
    let path = try folder.write(bytes: HandAssembledZip(entries: [entry]).bytes, to: "s.zip")
    let archive = try ZipArchive(path: path)
    let expected = ZipError.sizeMismatch(
      path: path, entry: "x.xml", declared: UInt64(size.declared), produced: size.produced)
    #expect(throws: expected) { try readAll(archive.openEntry(archive.entries[0]), bufferSize: 1) }
  }

  @Test func sizeMismatchMessagesSayWhichWay() {
    #expect(
      ZipError.sizeMismatch(path: "a.zip", entry: "e.xml", declared: 50, produced: 51).description
        == "a.zip:e.xml is damaged: it holds more than the 50 bytes the archive declares; "
        + "export again from the Health app.")
    #expect(
      ZipError.sizeMismatch(path: "a.zip", entry: "e.xml", declared: 94, produced: 93).description
        == "a.zip:e.xml is damaged: it holds 93 bytes but the archive declares 94; "
        + "export again from the Health app.")
  }

  struct MethodCase: CustomTestStringConvertible, Sendable {
    var method: UInt16
    var name: String
    var testDescription: String { name }
  }

  @Test(arguments: [
    MethodCase(method: 12, name: "bzip2 (method 12)"),
    MethodCase(method: 14, name: "LZMA (method 14)"),
    MethodCase(method: 9, name: "Deflate64 (method 9)"),
    MethodCase(method: 93, name: "Zstandard (method 93)"),
    MethodCase(method: 42, name: "method 42"),
  ])
  func unsupportedMethodIsRefusedWithItsName(_ method: MethodCase) throws {
    var entry = HandAssembledZip.Entry.stored("export.xml", Array("BZh91AY&SY".utf8))
    entry.method = method.method
    let folder = try TestDirectory()
    let path = try folder.write(bytes: HandAssembledZip(entries: [entry]).bytes, to: "m.zip")
    let archive = try ZipArchive(path: path)
    let compression = ZipCompressionMethod(rawValue: method.method)
    #expect(archive.entries[0].method == compression)
    #expect(compression.description == method.name)
    let expected = ZipError.unsupportedMethod(path: path, entry: "export.xml", method: compression)
    #expect(throws: expected) { try archive.openEntry(archive.entries[0]) }
    #expect(
      expected.description
        == "\(path):export.xml is compressed with \(method.name), which cannot be read (only "
        + "stored and deflate can); unzip it with another tool and pass the folder instead.")
  }

  @Test(arguments: [(UInt16(0), UInt16(0x0001)), (UInt16(99), UInt16(0x0001)), (UInt16(8), UInt16(0x0041))])
  func encryptedEntryIsRefused(method: UInt16, flags: UInt16) throws {
    var entry = HandAssembledZip.Entry.stored("secret.xml", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    entry.method = method
    entry.flags = flags
    let folder = try TestDirectory()
    let path = try folder.write(bytes: HandAssembledZip(entries: [entry]).bytes, to: "e.zip")
    let archive = try ZipArchive(path: path)
    #expect(archive.entries[0].isEncrypted)
    #expect(throws: ZipError.encryptedEntry(path: path, entry: "secret.xml")) {
      try archive.openEntry(archive.entries[0])
    }
  }

  @Test func missingEntryIsNotFound() throws {
    let folder = try TestDirectory()
    let path = try folder.write(bytes: HandAssembledZip(entries: [.stored("a.txt", [])]).bytes, to: "n.zip")
    let archive = try ZipArchive(path: path)
    #expect(archive.entry(named: "export.xml") == nil)
    let expected = ZipError.entryNotFound(path: path, name: "export.xml")
    #expect(throws: expected) { try archive.openEntry(named: "export.xml") }
    #expect(
      expected.description
        == "\(path) holds no entry named 'export.xml'; list the archive to see the names it holds.")
  }

  @Test func wholeEntryReadRefusesEntriesOverTheLimit() throws {
    let folder = try TestDirectory()
    let path = try folder.write(
      bytes: HandAssembledZip(entries: [.stored("a.json", Self.fox)]).bytes, to: "l.zip")
    let archive = try ZipArchive(path: path)
    #expect(throws: ZipError.entryTooLarge(path: path, entry: "a.json", size: 43, limit: 42)) {
      try archive.contents(of: archive.entries[0], limit: 42)
    }
    #expect(try archive.contents(of: archive.entries[0], limit: 43) == Self.fox)
  }

  @Test func fileThatIsNotAZipHasNoEndRecord() throws {
    let folder = try TestDirectory()
    let path = try folder.write(
      bytes: Array(String(repeating: "<Record/>\n", count: 50).utf8), to: "export.xml")
    #expect(ZipArchive.isZip(path: path) == false)
    #expect(throws: ZipError.missingEndRecord(path: path)) { try ZipArchive(path: path) }
  }

  @Test func missingFileIsAnInputError() {
    #expect(throws: InputError.notFound(path: "/nonexistent/export.zip")) {
      try ZipArchive(path: "/nonexistent/export.zip")
    }
  }

  @Test func directoryClaimingMoreEntriesThanItHoldsIsDamaged() throws {
    var bytes = HandAssembledZip(entries: [.stored("a.txt", Array("a".utf8))]).bytes
    let end = bytes.count - 22
    bytes[end + 8] = 0x10  // entries on this disk: 16
    bytes[end + 10] = 0x10  // entries in total: 16
    let folder = try TestDirectory()
    let path = try folder.write(bytes: bytes, to: "c.zip")
    #expect(
      throws: ZipError.damagedArchive(
        path: path, detail: "the central directory claims 16 entries but has room for fewer")
    ) { try ZipArchive(path: path) }
  }

  @Test func directoryOutsideTheFileIsDamaged() throws {
    var bytes = HandAssembledZip(entries: [.stored("a.txt", Array("a".utf8))]).bytes
    let end = bytes.count - 22
    bytes[end + 19] = 0x7F  // directory offset near 2 GiB
    let folder = try TestDirectory()
    let path = try folder.write(bytes: bytes, to: "c.zip")
    #expect(
      throws: ZipError.damagedArchive(path: path, detail: "the central directory lies outside the file")
    ) { try ZipArchive(path: path) }
  }

  @Test func splitArchiveIsRefused() throws {
    var bytes = HandAssembledZip(entries: [.stored("a.txt", Array("a".utf8))]).bytes
    let end = bytes.count - 22
    bytes[end + 4] = 1  // this is disk 1
    bytes[end + 6] = 1  // the directory starts on disk 1
    let folder = try TestDirectory()
    let path = try folder.write(bytes: bytes, to: "part.z01")
    #expect(throws: ZipError.splitArchive(path: path)) { try ZipArchive(path: path) }
  }

  @Test func localHeaderMissingWhereTheDirectoryPointsIsDamaged() throws {
    var bytes = HandAssembledZip(entries: [.stored("a.txt", Array("a".utf8))]).bytes
    bytes[0] = 0x00
    let folder = try TestDirectory()
    let path = try folder.write(bytes: bytes, to: "h.zip")
    let archive = try ZipArchive(path: path)
    #expect(
      throws: ZipError.damagedArchive(path: path, detail: "no local header where the directory puts 'a.txt'")
    ) { try archive.openEntry(archive.entries[0]) }
  }

  @Test func zip64SizesMissingFromTheExtraFieldAreDamaged() throws {
    var zip = HandAssembledZip(entries: [.stored("a.txt", Array("a".utf8))])
    zip.zip64 = true
    var bytes = zip.bytes
    // Rename the ZIP64 extra field (id 0x0001, after the 46-byte header and the 5-byte name).
    let directory = try #require(bytes.firstOffset(of: [0x50, 0x4B, 0x01, 0x02]))
    bytes[directory + 46 + 5] = 0x99
    let folder = try TestDirectory()
    let path = try folder.write(bytes: bytes, to: "z.zip")
    #expect(
      throws: ZipError.damagedArchive(path: path, detail: "the ZIP64 sizes of 'a.txt' are missing")
    ) { try ZipArchive(path: path) }
  }
}
