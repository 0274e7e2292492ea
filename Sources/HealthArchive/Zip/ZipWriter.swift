package import SystemShim

/// Writes a zip archive to a file, one entry at a time, streaming each entry's content.
///
/// Entries are stored or deflated (zlib, raw deflate at level 6). Content is read from a
/// `ByteStream` in chunks and never held whole. The same entries and options always give the same
/// bytes: the writer never reads the clock, and every entry gets `Options.modificationTime`.
///
/// The file is written where asked, with owner-only permissions; writing to a temporary name and
/// renaming it into place is the caller's business. After any error the archive is incomplete and
/// should be discarded.
///
///     let writer = try ZipWriter(path: "export.zip")
///     try writer.addEntry(named: "apple_health_export/export.xml", contentsOf: stream)
///     try writer.finish()
package final class ZipWriter {
  private static let chunkSize = 256 << 10

  /// The path being written.
  package let path: String
  /// How the archive is laid out.
  package let options: Options

  private let output: ZipOutputFile
  private var records: [CentralRecord] = []
  private var isFinished = false

  /// What the central directory needs to know of an entry written.
  private struct CentralRecord {
    var name: [UInt8]
    var flags: UInt16
    var method: ZipCompressionMethod
    var crc32: UInt32
    var compressedSize: UInt64
    var uncompressedSize: UInt64
    var localHeaderOffset: UInt64
  }

  /// Creates (or empties) the file at `path` and prepares to write entries into it.
  /// - Throws: `ZipError.writeFailed` when the file cannot be created.
  package init(path: String, options: Options = Options()) throws(ZipError) {
    self.path = path
    self.options = options
    self.output = try ZipOutputFile(path: path)
  }

  /// Adds an entry whose content is `bytes`.
  /// - Parameters:
  ///   - name: the path inside the archive, with `/` between folders; a name ending in `/` is
  ///     a folder.
  ///   - bytes: the content.
  ///   - method: `.stored` or `.deflated`.
  /// - Throws: `ZipError` when the name is too long, the method is not supported, or writing
  ///   fails.
  package func addEntry(
    named name: String, bytes: [UInt8], method: ZipCompressionMethod = .deflated
  ) throws {
    try addEntry(named: name, contentsOf: MemoryByteStream(bytes, name: name), method: method)
  }

  /// Adds an entry whose content is read from `stream` to its end, a chunk at a time.
  /// - Parameters:
  ///   - name: the path inside the archive, with `/` between folders.
  ///   - stream: the content.
  ///   - method: `.stored` or `.deflated`.
  /// - Throws: `ZipError` when the name is too long, the method is not supported, the entry
  ///   needs ZIP64 that is not forced, or writing fails; whatever reading `stream` throws.
  /// - Complexity: O(*n*) in the size of the content.
  package func addEntry(
    named name: String, contentsOf stream: any ByteStream,
    method: ZipCompressionMethod = .deflated
  ) throws {
    try addEntry(named: name, method: method) { sink in
      var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
      while true {
        let count = try stream.read(filling: &chunk)
        if count == 0 { return }
        try sink.write(chunk[0..<count])
      }
    }
  }

  /// Adds an entry whose content `body` writes, a piece at a time, through the function it is
  /// given; the entry ends when `body` returns.
  /// - Parameters:
  ///   - name: the path inside the archive, with `/` between folders.
  ///   - method: `.stored` or `.deflated`.
  ///   - body: writes the content; no other entry may be added meanwhile.
  /// - Throws: `ZipError` when the name is too long, the method is not supported, the entry
  ///   needs ZIP64 that is not forced, or writing fails; whatever `body` throws.
  /// - Complexity: O(*n*) in the size of the content; memory is bounded by two chunks.
  package func addEntry(
    named name: String, method: ZipCompressionMethod = .deflated,
    _ body: (_ sink: ByteSink) throws -> Void
  ) throws {
    precondition(!isFinished, "ZipWriter: addEntry after finish")
    let nameBytes = Array(name.utf8)
    guard nameBytes.count <= Int(UInt16.max) else {
      throw ZipError.nameTooLong(path: path, entry: name)
    }
    guard method.isSupported else {
      throw ZipError.unsupportedMethod(path: path, entry: name, method: method)
    }
    var flags: UInt16 = 0
    if options.usesDataDescriptors { flags |= ZipRecord.dataDescriptorFlag }
    if options.marksNamesAsUTF8 { flags |= ZipRecord.utf8Flag }
    let zip64 = options.forcesZip64
    let headerOffset = output.offset

    // The CRC-32 and sizes are not known yet: zero now, patched or in a data descriptor later.
    var header: [UInt8] = []
    header.appendLittleEndian(ZipRecord.localHeaderSignature)
    header.appendLittleEndian(versionNeeded(method: method, zip64: zip64))
    header.appendLittleEndian(flags)
    header.appendLittleEndian(method.rawValue)
    header.appendLittleEndian(options.modificationTime.time)
    header.appendLittleEndian(options.modificationTime.date)
    header.appendLittleEndian(UInt32(0))
    header.appendLittleEndian(zip64 ? ZipRecord.sentinel32 : 0)
    header.appendLittleEndian(zip64 ? ZipRecord.sentinel32 : 0)
    header.appendLittleEndian(UInt16(nameBytes.count))
    header.appendLittleEndian(UInt16(zip64 ? 20 : 0))
    header.append(contentsOf: nameBytes)
    if zip64 {
      header.appendLittleEndian(ZipRecord.zip64ExtraID)
      header.appendLittleEndian(UInt16(16))
      header.appendLittleEndian(UInt64(0))
      header.appendLittleEndian(UInt64(0))
    }
    try output.append(header)

    let data = try ZipEntryData(output: output, method: method, chunkSize: Self.chunkSize)
    try body(ByteSink { bytes in try data.write(bytes) })
    let (crc, compressed, uncompressed) = try data.finish()
    if !zip64
      && (compressed >= UInt64(ZipRecord.sentinel32)
        || uncompressed >= UInt64(ZipRecord.sentinel32))
    {
      throw ZipError.entryNeedsZip64(path: path, entry: name)
    }

    if options.usesDataDescriptors {
      var descriptor: [UInt8] = []
      descriptor.appendLittleEndian(ZipRecord.dataDescriptorSignature)
      descriptor.appendLittleEndian(crc)
      if zip64 {
        descriptor.appendLittleEndian(compressed)
        descriptor.appendLittleEndian(uncompressed)
      } else {
        descriptor.appendLittleEndian(UInt32(compressed))
        descriptor.appendLittleEndian(UInt32(uncompressed))
      }
      try output.append(descriptor)
    } else if zip64 {
      var crcBytes: [UInt8] = []
      crcBytes.appendLittleEndian(crc)
      try output.overwrite(at: headerOffset + 14, with: crcBytes)
      var sizes: [UInt8] = []
      sizes.appendLittleEndian(uncompressed)
      sizes.appendLittleEndian(compressed)
      let extraValues = UInt64(ZipRecord.localHeaderSize + nameBytes.count + 4)
      try output.overwrite(at: headerOffset + extraValues, with: sizes)
    } else {
      var fields: [UInt8] = []
      fields.appendLittleEndian(crc)
      fields.appendLittleEndian(UInt32(compressed))
      fields.appendLittleEndian(UInt32(uncompressed))
      try output.overwrite(at: headerOffset + 14, with: fields)
    }

    records.append(
      CentralRecord(
        name: nameBytes, flags: flags, method: method, crc32: crc, compressedSize: compressed,
        uncompressedSize: uncompressed, localHeaderOffset: headerOffset))
  }

  /// Writes the central directory and the end records, and closes the file.
  /// - Throws: `ZipError.writeFailed`.
  /// - Complexity: O(*n*) in the number of entries.
  package func finish() throws(ZipError) {
    precondition(!isFinished, "ZipWriter: finish called twice")
    isFinished = true
    let forced = options.forcesZip64
    let directoryOffset = output.offset
    for record in records {
      try output.append(centralHeader(for: record))
    }
    let directorySize = output.offset - directoryOffset
    let count = UInt64(records.count)
    let countOverflows = forced || count >= UInt64(ZipRecord.sentinel16)
    let sizeOverflows = forced || directorySize >= UInt64(ZipRecord.sentinel32)
    let offsetOverflows = forced || directoryOffset >= UInt64(ZipRecord.sentinel32)

    var tail: [UInt8] = []
    if countOverflows || sizeOverflows || offsetOverflows {
      let recordOffset = output.offset
      tail.appendLittleEndian(ZipRecord.zip64EndSignature)
      tail.appendLittleEndian(UInt64(ZipRecord.zip64EndSize - 12))
      tail.appendLittleEndian(UInt16(45))
      tail.appendLittleEndian(UInt16(45))
      tail.appendLittleEndian(UInt32(0))
      tail.appendLittleEndian(UInt32(0))
      tail.appendLittleEndian(count)
      tail.appendLittleEndian(count)
      tail.appendLittleEndian(directorySize)
      tail.appendLittleEndian(directoryOffset)
      tail.appendLittleEndian(ZipRecord.zip64LocatorSignature)
      tail.appendLittleEndian(UInt32(0))
      tail.appendLittleEndian(recordOffset)
      tail.appendLittleEndian(UInt32(1))
    }
    let count16 = countOverflows ? ZipRecord.sentinel16 : UInt16(count)
    tail.appendLittleEndian(ZipRecord.endSignature)
    tail.appendLittleEndian(UInt16(0))
    tail.appendLittleEndian(UInt16(0))
    tail.appendLittleEndian(count16)
    tail.appendLittleEndian(count16)
    tail.appendLittleEndian(sizeOverflows ? ZipRecord.sentinel32 : UInt32(directorySize))
    tail.appendLittleEndian(offsetOverflows ? ZipRecord.sentinel32 : UInt32(directoryOffset))
    tail.appendLittleEndian(UInt16(0))
    try output.append(tail)
    try output.close()
  }

  /// The central directory file header of `record`, with a ZIP64 extra field for the values that
  /// do not fit 32 bits (or all of them when ZIP64 is forced).
  private func centralHeader(for record: CentralRecord) -> [UInt8] {
    let forced = options.forcesZip64
    let limit = UInt64(ZipRecord.sentinel32)
    var wide: [UInt64] = []
    let uncompressedIsWide = forced || record.uncompressedSize >= limit
    let compressedIsWide = forced || record.compressedSize >= limit
    let offsetIsWide = forced || record.localHeaderOffset >= limit
    if uncompressedIsWide { wide.append(record.uncompressedSize) }
    if compressedIsWide { wide.append(record.compressedSize) }
    if offsetIsWide { wide.append(record.localHeaderOffset) }
    let version = versionNeeded(method: record.method, zip64: !wide.isEmpty)
    let isDirectory = record.name.last == UInt8(ascii: "/")

    var header: [UInt8] = []
    header.appendLittleEndian(ZipRecord.centralHeaderSignature)
    header.appendLittleEndian(version)  // made by: MS-DOS attributes, this version
    header.appendLittleEndian(version)
    header.appendLittleEndian(record.flags)
    header.appendLittleEndian(record.method.rawValue)
    header.appendLittleEndian(options.modificationTime.time)
    header.appendLittleEndian(options.modificationTime.date)
    header.appendLittleEndian(record.crc32)
    header.appendLittleEndian(compressedIsWide ? ZipRecord.sentinel32 : UInt32(record.compressedSize))
    header.appendLittleEndian(
      uncompressedIsWide ? ZipRecord.sentinel32 : UInt32(record.uncompressedSize))
    header.appendLittleEndian(UInt16(record.name.count))
    header.appendLittleEndian(UInt16(wide.isEmpty ? 0 : 4 + 8 * wide.count))
    header.appendLittleEndian(UInt16(0))  // comment length
    header.appendLittleEndian(UInt16(0))  // disk number
    header.appendLittleEndian(UInt16(0))  // internal attributes
    header.appendLittleEndian(UInt32(isDirectory ? 0x10 : 0))  // MS-DOS directory attribute
    header.appendLittleEndian(
      offsetIsWide ? ZipRecord.sentinel32 : UInt32(record.localHeaderOffset))
    header.append(contentsOf: record.name)
    if !wide.isEmpty {
      header.appendLittleEndian(ZipRecord.zip64ExtraID)
      header.appendLittleEndian(UInt16(8 * wide.count))
      for value in wide { header.appendLittleEndian(value) }
    }
    return header
  }

  /// The zip version a reader needs: 4.5 for ZIP64, 2.0 for deflate, 1.0 otherwise.
  private func versionNeeded(method: ZipCompressionMethod, zip64: Bool) -> UInt16 {
    zip64 ? 45 : method == .deflated ? 20 : 10
  }
}
