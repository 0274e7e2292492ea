import HealthArchive
import HealthTestSupport
import Testing

/// What `ZipWriter` writes, read back by `ZipArchive` and checked byte by byte.
@Suite struct ZipWriterTests {
  static let exportXML = Array(
    (0..<200).map { "<Record type=\"HKQuantityTypeIdentifierStepCount\" value=\"\($0)\"/>\n" }
      .joined().utf8)

  /// The exact bytes of a one-entry archive with the default options, field by field.
  @Test func writesTheExactBytesOfAPlainArchive() throws {
    let folder = try TestDirectory()
    let writer = try ZipWriter(path: folder.file("a.zip"))
    try writer.addEntry(named: "a.txt", bytes: Array("hi\n".utf8), method: .stored)
    try writer.finish()

    var expected: [UInt8] = []
    // Local header: version 1.0, UTF-8 flag, stored, 1980-01-01 00:00, CRC, sizes, name length.
    expected += hexBytes("504b0304" + "0a00" + "0008" + "0000" + "0000" + "2100")
    expected += hexBytes("7a7a6fed" + "03000000" + "03000000" + "0500" + "0000")
    expected += Array("a.txt".utf8) + Array("hi\n".utf8)
    // Central directory header at offset 38.
    expected += hexBytes("504b0102" + "0a00" + "0a00" + "0008" + "0000" + "0000" + "2100")
    expected += hexBytes("7a7a6fed" + "03000000" + "03000000" + "0500" + "0000" + "0000")
    expected += hexBytes("0000" + "0000" + "00000000" + "00000000")
    expected += Array("a.txt".utf8)
    // End record: one entry, directory of 51 bytes at offset 38, no comment.
    expected += hexBytes("504b0506" + "0000" + "0000" + "0100" + "0100" + "33000000" + "26000000" + "0000")

    #expect(try folder.readBytes("a.zip") == expected)
  }

  struct LayoutCase: CustomTestStringConvertible, Sendable {
    var label: String
    var options: ZipWriter.Options
    var method: ZipCompressionMethod
    var flags: UInt16
    var testDescription: String { label }
  }

  static let layouts = [
    LayoutCase(label: "deflated", options: .init(), method: .deflated, flags: 0x0800),
    LayoutCase(label: "stored", options: .init(), method: .stored, flags: 0x0800),
    LayoutCase(
      label: "data descriptors", options: .init(usesDataDescriptors: true), method: .deflated,
      flags: 0x0808),
    LayoutCase(
      label: "ZIP64", options: .init(forcesZip64: true), method: .deflated, flags: 0x0800),
    LayoutCase(
      label: "ZIP64 with data descriptors, stored",
      options: .init(forcesZip64: true, usesDataDescriptors: true), method: .stored,
      flags: 0x0808),
    LayoutCase(
      label: "no UTF-8 flag, descriptors, as Apple wrote in 2016",
      options: .init(usesDataDescriptors: true, marksNamesAsUTF8: false), method: .deflated,
      flags: 0x0008),
  ]

  @Test(arguments: layouts)
  func roundTrips(_ layout: LayoutCase) throws {
    let folder = try TestDirectory()
    let path = folder.file("export.zip")
    let writer = try ZipWriter(path: path, options: layout.options)
    let contents: [(String, [UInt8])] = [
      ("apple_health_export/", []),
      ("apple_health_export/export.xml", Self.exportXML),
      ("apple_health_export/empty.txt", []),
      ("exportacio\u{301}n.xml", Array("<HealthData locale=\"es_ES\"/>".utf8)),
    ]
    for (name, bytes) in contents {
      // Streamed in small pieces, to cross many reads.
      let stream = MemoryByteStream(bytes, name: name, chunkLimit: 97)
      try writer.addEntry(named: name, contentsOf: stream, method: layout.method)
    }
    try writer.finish()

    let archive = try ZipArchive(path: path)
    #expect(archive.entries.map(\.rawName) == contents.map { Array($0.0.utf8) })
    #expect(archive.entries.map(\.flags) == Array(repeating: layout.flags, count: 4))
    #expect(archive.entries.map(\.method) == Array(repeating: layout.method, count: 4))
    #expect(archive.entries.map(\.uncompressedSize) == [0, 12_490, 0, 28])
    #expect(archive.entries.map(\.crc32) == contents.map { referenceCRC32($0.1) })
    #expect(archive.entries.map(\.isDirectory) == [true, false, false, false])
    for (entry, (_, bytes)) in zip(archive.entries, contents) {
      #expect(try readAll(archive.openEntry(entry), bufferSize: 1000) == bytes)
    }
    #expect(archive.entry(named: "exportación.xml") == archive.entries[3])
  }

  @Test(arguments: layouts)
  func sameInputGivesTheSameBytes(_ layout: LayoutCase) throws {
    let folder = try TestDirectory()
    for name in ["one.zip", "two.zip"] {
      let writer = try ZipWriter(path: folder.file(name), options: layout.options)
      try writer.addEntry(named: "export.xml", bytes: Self.exportXML, method: layout.method)
      try writer.addEntry(named: "b.txt", bytes: Array("b".utf8), method: layout.method)
      try writer.finish()
    }
    #expect(try folder.readBytes("one.zip") == folder.readBytes("two.zip"))
  }

  @Test func deflatedEntryIsSmallerThanItsContent() throws {
    let folder = try TestDirectory()
    let writer = try ZipWriter(path: folder.file("d.zip"))
    try writer.addEntry(named: "export.xml", bytes: Self.exportXML)
    try writer.finish()
    let entry = try ZipArchive(path: folder.file("d.zip")).entries[0]
    #expect(entry.method == .deflated)
    #expect(entry.compressedSize < entry.uncompressedSize / 4)
  }

  @Test func dataDescriptorsFollowTheDataWithTheirSignature() throws {
    let folder = try TestDirectory()
    for (name, zip64) in [("plain.zip", false), ("zip64.zip", true)] {
      let writer = try ZipWriter(
        path: folder.file(name),
        options: .init(forcesZip64: zip64, usesDataDescriptors: true))
      try writer.addEntry(named: "a.txt", bytes: Array("hi\n".utf8), method: .stored)
      try writer.finish()
    }

    let plain = try folder.readBytes("plain.zip")
    // The local header holds zeros for the CRC and sizes; the descriptor follows the data.
    #expect(plain.le32(at: 14) == 0 && plain.le32(at: 18) == 0 && plain.le32(at: 22) == 0)
    #expect(Array(plain[38..<54]) == hexBytes("504b0708" + "7a7a6fed" + "03000000" + "03000000"))

    let zip64 = try folder.readBytes("zip64.zip")
    // ZIP64 local header: sentinel sizes, a zero-filled ZIP64 extra field, then 8-byte sizes in
    // the descriptor.
    #expect(zip64.le32(at: 18) == 0xFFFF_FFFF && zip64.le32(at: 22) == 0xFFFF_FFFF)
    #expect(zip64.le16(at: 28) == 20)
    #expect(Array(zip64[35..<55]) == hexBytes("0100" + "1000" + String(repeating: "0", count: 32)))
    #expect(
      Array(zip64[58..<82])
        == hexBytes("504b0708" + "7a7a6fed" + "0300000000000000" + "0300000000000000"))
  }

  @Test func forcedZip64WritesSentinelsAndTheZip64Records() throws {
    let folder = try TestDirectory()
    let writer = try ZipWriter(path: folder.file("z.zip"), options: .init(forcesZip64: true))
    try writer.addEntry(named: "a.txt", bytes: Array("hi\n".utf8), method: .stored)
    try writer.finish()
    let bytes = try folder.readBytes("z.zip")

    // Local header: version 4.5, sentinel sizes, the ZIP64 extra field holding the real sizes.
    #expect(bytes.le16(at: 4) == 45)
    #expect(Array(bytes[35..<55]) == hexBytes("0100" + "1000" + "0300000000000000" + "0300000000000000"))
    // Central directory header at 58 with the sizes and offset in its ZIP64 extra field.
    #expect(bytes.le32(at: 58) == 0x0201_4b50)
    #expect(bytes.le32(at: 58 + 20) == 0xFFFF_FFFF && bytes.le32(at: 58 + 24) == 0xFFFF_FFFF)
    #expect(bytes.le32(at: 58 + 42) == 0xFFFF_FFFF)
    #expect(bytes.le16(at: 58 + 30) == 28)
    // End record: every count, size and offset is a sentinel; the locator comes before it.
    let end = bytes.count - 22
    #expect(
      Array(bytes[end..<bytes.count])
        == hexBytes("504b0506" + "00000000" + "ffffffff" + "ffffffffffffffff" + "0000"))
    #expect(bytes.le32(at: end - 20) == 0x0706_4b50)
    #expect(bytes.le32(at: end - 20 - 56) == 0x0606_4b50)
    #expect(bytes.count == 58 + 46 + 5 + 28 + 56 + 20 + 22)

    let archive = try ZipArchive(path: folder.file("z.zip"))
    #expect(archive.entries.map(\.name) == ["a.txt"])
    #expect(archive.entries.map(\.localHeaderOffset) == [0])
    #expect(try archive.contents(of: archive.entries[0]) == Array("hi\n".utf8))
  }

  @Test func fixedTimestampIsWrittenInDOSFormat() throws {
    let time = ZipWriter.DOSDateTime(year: 2024, month: 3, day: 9, hour: 14, minute: 30, second: 59)
    #expect(time.date == 0x5869)
    #expect(time.time == 0x73DD)
    #expect(ZipWriter.DOSDateTime.dosEpoch.date == 0x0021 && ZipWriter.DOSDateTime.dosEpoch.time == 0)

    let folder = try TestDirectory()
    let writer = try ZipWriter(path: folder.file("t.zip"), options: .init(modificationTime: time))
    try writer.addEntry(named: "a.txt", bytes: [], method: .stored)
    try writer.finish()
    let bytes = try folder.readBytes("t.zip")
    #expect(bytes.le16(at: 10) == 0x73DD && bytes.le16(at: 12) == 0x5869)
    #expect(bytes.le16(at: 35 + 12) == 0x73DD && bytes.le16(at: 35 + 14) == 0x5869)
  }

  @Test func unsupportedMethodIsRefused() throws {
    let folder = try TestDirectory()
    let path = folder.file("m.zip")
    let writer = try ZipWriter(path: path)
    let bzip2 = ZipCompressionMethod(rawValue: 12)
    #expect(throws: ZipError.unsupportedMethod(path: path, entry: "a.txt", method: bzip2)) {
      try writer.addEntry(named: "a.txt", bytes: [1], method: bzip2)
    }
  }

  @Test func archiveInAMissingFolderCannotBeWritten() {
    #expect(
      throws: ZipError.writeFailed(
        path: "/nonexistent/folder/a.zip", reason: "No such file or directory")
    ) { try ZipWriter(path: "/nonexistent/folder/a.zip") }
  }
}
