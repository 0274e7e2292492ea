import Foundation
import SystemShim

/// A zip archive opened for reading: its entries, and a stream of each entry's content.
///
/// Opening reads only the central directory. An entry's content is read when asked for, in
/// chunks, and never held whole or written to disk: a multi-gigabyte `export.xml` streams
/// through a small buffer. Stored and deflated entries can be read; ZIP64 archives, data
/// descriptors, archive comments and names without the UTF-8 flag are handled.
///
/// The archive owns its file descriptor and closes it when the archive and every stream opened
/// from it are gone.
package final class ZipArchive {
  /// Entries larger than this are refused by `contents(of:limit:)` unless a limit is given.
  package static let defaultContentsLimit = 16 << 20

  /// The path the archive was opened with, as it appears in messages.
  package let path: String
  /// The entries, in the order of the central directory.
  package let entries: [ZipEntry]

  let file: ArchiveFile
  /// The open file the archive reads; it closes the descriptor when the archive and every stream
  /// opened from it are gone.
  private let input: InputFile?
  /// Entry positions by lookup key (NFC name without leading `/`); the first of equal names wins.
  private let index: [String: Int]

  /// Opens the zip file at `path` and reads its central directory.
  /// - Throws: `InputError` when the file cannot be opened or read, or is not a file (a zip
  ///   archive is read at offsets, which a pipe cannot give); `ZipError` when it is not a zip
  ///   archive or its directory is damaged.
  /// - Complexity: O(*n*) in the number of entries.
  package convenience init(path: String) throws {
    try self.init(file: try InputFile(path: path))
  }

  /// Reads the central directory of a zip archive held in memory, such as an `export.zip` an app
  /// was handed.
  /// - Parameters:
  ///   - bytes: the whole archive.
  ///   - name: what messages call it.
  /// - Throws: `ZipError` when it is not a zip archive or its directory is damaged.
  /// - Complexity: O(*n*) in the number of entries.
  package convenience init(bytes: [UInt8], name: String) throws {
    try self.init(archive: ArchiveFile(bytes: bytes, name: name), input: nil)
  }

  /// Reads the central directory of an open file.
  /// - Throws: as `init(path:)`.
  /// - Complexity: O(*n*) in the number of entries.
  package convenience init(file input: InputFile) throws {
    let path = input.path
    guard input.isSeekable, let size = input.size else {
      throw InputError.unreadable(
        path: path,
        reason:
          "it is a zip archive arriving through a pipe, and a zip archive is read from a file "
          + "(its directory is at its end); save it to a file first, or pipe the export.xml inside it "
          + "(unzip -p export.zip apple_health_export/export.xml)")
    }
    try self.init(
      archive: ArchiveFile(descriptor: input.descriptor, path: path, size: UInt64(max(0, size))),
      input: input)
  }

  /// Reads the central directory of `file`, read through `input` (nil for an archive in memory).
  private init(archive file: ArchiveFile, input: InputFile?) throws {
    entries = try CentralDirectoryReader(file: file).readEntries()
    self.path = file.path
    self.file = file
    self.input = input
    var index: [String: Int] = [:]
    index.reserveCapacity(entries.count)
    for (position, entry) in entries.enumerated() {
      let key = Self.lookupKey(entry.normalizedName)
      if index[key] == nil { index[key] = position }
    }
    self.index = index
  }

  /// Whether the file at `path` starts like a zip archive (`PK\u{3}\u{4}`, or `PK\u{5}\u{6}` for
  /// an empty one), whatever its name; false when it cannot be read.
  package static func isZip(path: String) -> Bool {
    guard let descriptor = try? SystemCall.openForReading(path) else { return false }
    defer { SystemCall.close(descriptor) }
    var magic = [UInt8](repeating: 0, count: 4)
    let count =
      (try? magic.fill { try SystemCall.read(descriptor, appendingTo: &$0, at: 0, path: path) }) ?? 0
    let signature = magic.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    return count == 4
      && (signature == ZipRecord.localHeaderSignature || signature == ZipRecord.endSignature)
  }

  /// The entry whose name is canonically equivalent to `name` (so a decomposed `ó` in the archive
  /// matches a precomposed one asked for), ignoring leading `/` on both; nil when none is.
  package func entry(named name: String) -> ZipEntry? {
    index[Self.lookupKey(name)].map { entries[$0] }
  }

  /// Opens the entry's content as a stream that decompresses as it is read and checks the size
  /// and CRC-32 at the end.
  /// - Parameter entry: one of this archive's `entries`.
  /// - Returns: a stream named `archive.zip:entry/path`, whose reads throw `ZipError` for damaged
  ///   or truncated data.
  /// - Throws: `ZipError` for an encrypted entry, an unsupported method, or a local header that
  ///   is damaged or past the end of the file; `InputError` when reading fails.
  package func openEntry(_ entry: ZipEntry) throws -> some ByteStream {
    try makeStream(for: entry)
  }

  /// Opens the entry named `name` as `entry(named:)` finds it; see `openEntry(_:)`.
  /// - Throws: `ZipError.entryNotFound` when no entry has the name; otherwise as `openEntry(_:)`.
  package func openEntry(named name: String) throws -> some ByteStream {
    guard let entry = entry(named: name) else {
      throw ZipError.entryNotFound(path: path, name: name)
    }
    return try makeStream(for: entry)
  }

  /// Reads a small entry whole, such as a FHIR JSON record of a few kilobytes.
  /// - Parameters:
  ///   - entry: one of this archive's `entries`.
  ///   - limit: the largest size accepted, in bytes.
  /// - Returns: the entry's decompressed content, its size and CRC-32 checked.
  /// - Throws: `ZipError.entryTooLarge` when the entry declares more than `limit` bytes; otherwise
  ///   as `openEntry(_:)` and its reads.
  package func contents(of entry: ZipEntry, limit: Int = defaultContentsLimit) throws -> [UInt8] {
    guard entry.uncompressedSize <= UInt64(max(0, limit)) else {
      throw ZipError.entryTooLarge(
        path: path, entry: entry.name, size: entry.uncompressedSize, limit: limit)
    }
    // Grown as data arrives rather than allocated at the declared size, which may be false.
    return try readAll(try makeStream(for: entry), limit: limit)
  }

  /// Checks the entry's local header and returns a stream over its data.
  private func makeStream(for entry: ZipEntry) throws -> ZipEntryStream {
    if entry.isEncrypted {
      throw ZipError.encryptedEntry(path: path, entry: entry.name)
    }
    guard entry.method.isSupported else {
      throw ZipError.unsupportedMethod(path: path, entry: entry.name, method: entry.method)
    }
    if entry.method == .stored && entry.compressedSize != entry.uncompressedSize {
      throw ZipError.damagedArchive(
        path: path,
        detail: "'\(entry.name)' is stored uncompressed, yet its two sizes differ")
    }
    let headerSize = UInt64(ZipRecord.localHeaderSize)
    guard entry.localHeaderOffset <= file.size, headerSize <= file.size - entry.localHeaderOffset
    else { throw ZipError.truncatedEntry(path: path, entry: entry.name) }
    let header = try file.read(at: entry.localHeaderOffset, count: ZipRecord.localHeaderSize)
    guard header.count == ZipRecord.localHeaderSize else {
      throw ZipError.truncatedEntry(path: path, entry: entry.name)
    }
    guard header.littleEndian32(at: 0) == ZipRecord.localHeaderSignature else {
      throw ZipError.damagedArchive(
        path: path, detail: "no local header where the directory puts '\(entry.name)'")
    }
    // The local header's name and extra field may differ in length from the directory's.
    let dataOffset =
      entry.localHeaderOffset + headerSize + UInt64(header.littleEndian16(at: 26))
      + UInt64(header.littleEndian16(at: 28))
    guard dataOffset <= file.size, entry.compressedSize <= file.size - dataOffset else {
      throw ZipError.truncatedEntry(path: path, entry: entry.name)
    }
    return ZipEntryStream(archive: self, entry: entry, dataOffset: dataOffset)
  }

  /// The key under which `entry(named:)` finds a name.
  private static func lookupKey(_ name: String) -> String {
    let normalized = name.precomposedStringWithCanonicalMapping
    guard let first = normalized.firstIndex(where: { $0 != "/" }) else { return "" }
    return String(normalized[first...])
  }
}
