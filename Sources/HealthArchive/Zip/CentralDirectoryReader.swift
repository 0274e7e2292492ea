/// Reads the central directory of a zip file: finds the end record (behind a possible comment),
/// follows the ZIP64 locator and record when present, and decodes every file header, with the
/// ZIP64 extended information extra field for sizes and offsets that do not fit 32 bits.
///
/// Every length and offset read from the file is checked against the file's size before anything
/// is allocated or read, and the directory is read in windows of at most 1 MiB.
struct CentralDirectoryReader {
  /// Where the central directory is and how many entries it claims.
  struct Location: Equatable {
    var entryCount: UInt64
    var offset: UInt64
    var size: UInt64
  }

  let file: ArchiveFile

  /// Reads every entry, in the order of the central directory.
  /// - Throws: `ZipError` for a file that is not a zip or a damaged directory, `InputError` when
  ///   reading fails.
  func readEntries() throws -> [ZipEntry] {
    let location = try locate()
    var cursor = DirectoryCursor(file: file, start: location.offset, size: location.size)
    var entries: [ZipEntry] = []
    entries.reserveCapacity(Int(min(location.entryCount, 1 << 16)))
    // Two entries of one name leave which one is meant to whoever reads it: the archive is
    // malformed, and said to be.
    var names: Set<String> = []
    for index in 0..<location.entryCount {
      let entry = try readHeader(&cursor, number: index + 1)
      guard names.insert(entry.name).inserted else {
        throw ZipError.damagedArchive(
          path: file.path,
          detail: "it holds two entries named '\(entry.name)' (entry \(index + 1) is the second)")
      }
      entries.append(entry)
    }
    return entries
  }

  // MARK: - The end records

  /// Finds the end of central directory record and, when there is one, the ZIP64 record.
  func locate() throws -> Location {
    let tailLength = Int(min(file.size, UInt64(ZipRecord.endSize + ZipRecord.maximumCommentLength)))
    guard tailLength >= ZipRecord.endSize else { throw ZipError.missingEndRecord(path: file.path) }
    let tailStart = file.size - UInt64(tailLength)
    let tail = try file.read(at: tailStart, count: tailLength)
    guard tail.count == tailLength, let end = Self.endRecordPosition(in: tail) else {
      throw ZipError.missingEndRecord(path: file.path)
    }
    let endOffset = tailStart + UInt64(end)

    var location = Location(
      entryCount: UInt64(tail.littleEndian16(at: end + 10)),
      offset: UInt64(tail.littleEndian32(at: end + 16)),
      size: UInt64(tail.littleEndian32(at: end + 12)))
    var directoryLimit = endOffset
    let disk = tail.littleEndian16(at: end + 4)
    let directoryDisk = tail.littleEndian16(at: end + 6)
    let entriesOnDisk = tail.littleEndian16(at: end + 8)

    if let zip64 = try readZip64End(before: endOffset) {
      location = zip64.location
      directoryLimit = zip64.recordOffset
    } else if disk != 0 || directoryDisk != 0 || UInt64(entriesOnDisk) != location.entryCount {
      throw ZipError.splitArchive(path: file.path)
    }

    guard location.offset <= directoryLimit, location.size <= directoryLimit - location.offset
    else {
      throw ZipError.damagedArchive(
        path: file.path, detail: "the central directory lies outside the file")
    }
    guard location.entryCount <= location.size / UInt64(ZipRecord.centralHeaderSize) else {
      throw ZipError.damagedArchive(
        path: file.path,
        detail: "the central directory claims \(location.entryCount) entries "
          + "but has room for fewer")
    }
    return location
  }

  /// The position in `tail` (the end of the file) of the end of central directory record: the
  /// last signature whose comment ends exactly at the end of the file, or failing that (bytes
  /// appended after the archive) the last one whose comment fits in the file.
  static func endRecordPosition(in tail: [UInt8]) -> Int? {
    var fallback: Int?
    var position = tail.count - ZipRecord.endSize
    while position >= 0 {
      if tail[position] == 0x50, tail.littleEndian32(at: position) == ZipRecord.endSignature {
        let commentEnd = position + ZipRecord.endSize + Int(tail.littleEndian16(at: position + 20))
        if commentEnd == tail.count { return position }
        if commentEnd < tail.count, fallback == nil { fallback = position }
      }
      position -= 1
    }
    return fallback
  }

  /// Reads the ZIP64 end of central directory locator just before `endOffset`, and the record it
  /// points to; nil when there is no locator.
  private func readZip64End(before endOffset: UInt64) throws -> (
    location: Location, recordOffset: UInt64
  )? {
    let locatorSize = UInt64(ZipRecord.zip64LocatorSize)
    guard endOffset >= locatorSize else { return nil }
    let locatorOffset = endOffset - locatorSize
    let locator = try file.read(at: locatorOffset, count: ZipRecord.zip64LocatorSize)
    guard locator.count == ZipRecord.zip64LocatorSize,
      locator.littleEndian32(at: 0) == ZipRecord.zip64LocatorSignature
    else { return nil }
    let recordDisk = locator.littleEndian32(at: 4)
    let recordOffset = locator.littleEndian64(at: 8)
    let diskCount = locator.littleEndian32(at: 16)
    guard recordDisk == 0, diskCount <= 1 else { throw ZipError.splitArchive(path: file.path) }

    let recordSize = UInt64(ZipRecord.zip64EndSize)
    guard recordOffset <= locatorOffset, recordSize <= locatorOffset - recordOffset else {
      throw ZipError.damagedArchive(
        path: file.path, detail: "the ZIP64 locator points outside the file")
    }
    let record = try file.read(at: recordOffset, count: ZipRecord.zip64EndSize)
    guard record.count == ZipRecord.zip64EndSize,
      record.littleEndian32(at: 0) == ZipRecord.zip64EndSignature
    else {
      throw ZipError.damagedArchive(
        path: file.path, detail: "no ZIP64 end record where the ZIP64 locator points")
    }
    let disk = record.littleEndian32(at: 16)
    let directoryDisk = record.littleEndian32(at: 20)
    let entriesOnDisk = record.littleEndian64(at: 24)
    let location = Location(
      entryCount: record.littleEndian64(at: 32),
      offset: record.littleEndian64(at: 48),
      size: record.littleEndian64(at: 40))
    guard disk == 0, directoryDisk == 0, entriesOnDisk == location.entryCount else {
      throw ZipError.splitArchive(path: file.path)
    }
    return (location, recordOffset)
  }

  // MARK: - File headers

  /// Reads the central directory file header at the cursor; `number` counts from 1.
  private func readHeader(_ cursor: inout DirectoryCursor, number: UInt64) throws -> ZipEntry {
    let header = try cursor.take(ZipRecord.centralHeaderSize)
    guard header.littleEndian32(at: 0) == ZipRecord.centralHeaderSignature else {
      throw ZipError.damagedArchive(
        path: file.path, detail: "entry \(number) of the central directory has no valid header")
    }
    let flags = header.littleEndian16(at: 8)
    let method = ZipCompressionMethod(rawValue: header.littleEndian16(at: 10))
    let crc = header.littleEndian32(at: 16)
    let compressed32 = header.littleEndian32(at: 20)
    let uncompressed32 = header.littleEndian32(at: 24)
    let nameLength = Int(header.littleEndian16(at: 28))
    let extraLength = Int(header.littleEndian16(at: 30))
    let commentLength = Int(header.littleEndian16(at: 32))
    let offset32 = header.littleEndian32(at: 42)

    let variable = try cursor.take(nameLength + extraLength + commentLength)
    let rawName = Array(variable.prefix(nameLength))
    let extra = variable.dropFirst(nameLength).prefix(extraLength)

    // The ZIP64 field holds, in this order, only the values whose 32-bit field is the sentinel.
    var needed: [Zip64Field] = []
    if uncompressed32 == ZipRecord.sentinel32 { needed.append(.uncompressedSize) }
    if compressed32 == ZipRecord.sentinel32 { needed.append(.compressedSize) }
    if offset32 == ZipRecord.sentinel32 { needed.append(.localHeaderOffset) }
    let wide = try zip64Values(needed, in: extra, rawName: rawName, flags: flags)

    // The entry's disk number is not read: an archive on several disks is refused above.
    return ZipEntry(
      rawName: rawName,
      compressedSize: wide[.compressedSize] ?? UInt64(compressed32),
      uncompressedSize: wide[.uncompressedSize] ?? UInt64(uncompressed32),
      method: method, crc32: crc,
      localHeaderOffset: wide[.localHeaderOffset] ?? UInt64(offset32),
      flags: flags)
  }

  /// The values of the ZIP64 extended information field.
  private enum Zip64Field: Hashable {
    case uncompressedSize, compressedSize, localHeaderOffset
  }

  /// Reads the `fields` from the ZIP64 extended information field in `extra`.
  private func zip64Values(
    _ fields: [Zip64Field], in extra: ArraySlice<UInt8>, rawName: [UInt8], flags: UInt16
  ) throws -> [Zip64Field: UInt64] {
    guard !fields.isEmpty else { return [:] }
    var position = 0
    while position + 4 <= extra.count {
      let id = extra.littleEndian16(at: position)
      let length = Int(extra.littleEndian16(at: position + 2))
      let body = position + 4
      guard body + length <= extra.count else { break }
      if id == ZipRecord.zip64ExtraID {
        guard length >= fields.count * 8 else { break }
        var values: [Zip64Field: UInt64] = [:]
        for (index, field) in fields.enumerated() {
          values[field] = extra.littleEndian64(at: body + index * 8)
        }
        return values
      }
      position = body + length
    }
    let name = ZipNameDecoder.decode(rawName, isMarkedUTF8: flags & ZipRecord.utf8Flag != 0)
    throw ZipError.damagedArchive(
      path: file.path, detail: "the ZIP64 sizes of '\(name)' are missing")
  }
}

/// Reads the central directory front to back in windows, so that a directory of any size costs
/// at most one window of memory beyond the entries.
private struct DirectoryCursor {
  private static let windowSize = 1 << 20

  let file: ArchiveFile
  private var position: UInt64
  private let end: UInt64
  private var window: [UInt8] = []
  private var windowStart: UInt64

  init(file: ArchiveFile, start: UInt64, size: UInt64) {
    self.file = file
    self.position = start
    self.end = start + size
    self.windowStart = start
  }

  /// The next `count` bytes of the directory.
  /// - Throws: `ZipError.damagedArchive` when the directory ends first.
  mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
    guard UInt64(count) <= end - position else {
      throw ZipError.damagedArchive(
        path: file.path, detail: "the central directory ends in the middle of an entry")
    }
    // The cursor only moves forward, so `position` is never before the window.
    if position - windowStart + UInt64(count) > UInt64(window.count) {
      let length = Int(min(UInt64(max(count, Self.windowSize)), end - position))
      window = try file.read(at: position, count: length)
      windowStart = position
      guard window.count == length else {
        throw ZipError.damagedArchive(
          path: file.path, detail: "the file ended while the central directory was read")
      }
    }
    let from = Int(position - windowStart)
    position += UInt64(count)
    return window[from..<(from + count)]
  }
}
