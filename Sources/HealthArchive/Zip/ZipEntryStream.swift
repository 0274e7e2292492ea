/// The content of one zip entry, read from the archive file and inflated as it is read.
///
/// Compressed input is read in chunks of at most 256 KiB and inflated straight into the caller's
/// buffer. The CRC-32 is computed as bytes are produced; when the data ends, the size and CRC-32
/// are compared with the central directory's, and a mismatch is thrown instead of the end. After
/// an error every read throws it again.
final class ZipEntryStream: ByteStream {
  /// The most compressed bytes held at once.
  static let inputChunkSize = 256 << 10

  let name: String
  /// Keeps the archive, and so its file descriptor, open while the stream lives.
  private let archive: ZipArchive
  private let entry: ZipEntry
  /// Where the next compressed byte is in the file.
  private var fileOffset: UInt64
  /// Compressed bytes not yet read from the file.
  private var compressedRemaining: UInt64
  /// Decompressed bytes handed out so far.
  private var produced: UInt64 = 0
  private var checksum = CRC32()
  /// nil for stored data.
  private let inflater: Inflater?
  /// Compressed input for the inflater; allocated at the first read.
  private var input: UnsafeMutableRawBufferPointer?
  private var isFinished = false
  private var failure: ZipError?

  init(archive: ZipArchive, entry: ZipEntry, dataOffset: UInt64) {
    self.name = "\(archive.path):\(entry.name)"
    self.archive = archive
    self.entry = entry
    self.fileOffset = dataOffset
    self.compressedRemaining = entry.compressedSize
    // An empty deflated entry may have no compressed bytes at all; it is read as stored.
    let isEmpty = entry.compressedSize == 0 && entry.uncompressedSize == 0
    self.inflater = entry.method == .deflated && !isEmpty ? Inflater() : nil
  }

  deinit {
    input?.deallocate()
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    if let failure { throw failure }
    guard !isFinished, let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    do {
      if entry.method == .deflated && inflater == nil && entry.compressedSize > 0 {
        throw ZipError.damagedEntry(
          path: archive.path, entry: entry.name, detail: "zlib could not start (out of memory)")
      }
      if let inflater {
        return try inflate(with: inflater, into: base, capacity: buffer.count)
      }
      return try readStored(into: base, capacity: buffer.count)
    } catch let error as ZipError {
      failure = error
      throw error
    }
  }

  /// Copies stored data straight from the file.
  private func readStored(into base: UnsafeMutableRawPointer, capacity: Int) throws -> Int {
    let count = Int(min(UInt64(capacity), compressedRemaining))
    if count > 0 {
      let got = try archive.file.read(at: fileOffset, into: base, count: count)
      guard got == count else { throw truncated }
      fileOffset += UInt64(count)
      compressedRemaining -= UInt64(count)
      checksum.update(base, count: count)
      produced += UInt64(count)
    }
    if compressedRemaining == 0 { try finish() }
    return count
  }

  /// Inflates into the caller's buffer until at least one byte is produced or the stream ends.
  private func inflate(
    with inflater: Inflater, into base: UnsafeMutableRawPointer, capacity: Int
  ) throws -> Int {
    // At most one byte more than declared, so that data longer than declared is caught early.
    let room = entry.uncompressedSize - produced
    let allowance = room < UInt64(capacity) ? room + 1 : UInt64(capacity)
    let limit = Int(min(allowance, UInt64(UInt32.max)))
    var count = 0
    var ended = false
    while count == 0 && !ended {
      if inflater.pendingInput == 0 && compressedRemaining > 0 {
        try refill(inflater)
      }
      let (n, outcome) = inflater.inflate(into: base + count, count: limit - count)
      count += n
      switch outcome {
      case .proceeding:
        break
      case .finished:
        ended = true
      case .starved:
        if inflater.pendingInput == 0 && compressedRemaining == 0 && n == 0 {
          throw ZipError.damagedEntry(
            path: archive.path, entry: entry.name,
            detail: "its compressed data ends before the deflate stream does")
        }
      case .damaged(let detail):
        throw ZipError.damagedEntry(path: archive.path, entry: entry.name, detail: detail)
      }
    }
    checksum.update(base, count: count)
    produced += UInt64(count)
    if produced > entry.uncompressedSize {
      throw ZipError.sizeMismatch(
        path: archive.path, entry: entry.name, declared: entry.uncompressedSize,
        produced: produced)
    }
    if ended { try finish() }
    return count
  }

  /// Reads the next chunk of compressed data from the file into the inflater's input.
  private func refill(_ inflater: Inflater) throws {
    let buffer: UnsafeMutableRawBufferPointer
    if let input {
      buffer = input
    } else {
      let size = Int(min(UInt64(Self.inputChunkSize), max(1, entry.compressedSize)))
      buffer = .allocate(byteCount: size, alignment: 16)
      input = buffer
    }
    // The buffer holds at least a byte.
    guard let base = buffer.baseAddress else { throw truncated }
    let count = Int(min(UInt64(buffer.count), compressedRemaining))
    let got = try archive.file.read(at: fileOffset, into: base, count: count)
    guard got == count else { throw truncated }
    fileOffset += UInt64(count)
    compressedRemaining -= UInt64(count)
    inflater.setInput(base, count: count)
  }

  /// Compares the size and CRC-32 of what was produced with the central directory's.
  private func finish() throws {
    guard produced == entry.uncompressedSize else {
      throw ZipError.sizeMismatch(
        path: archive.path, entry: entry.name, declared: entry.uncompressedSize,
        produced: produced)
    }
    guard checksum.value == entry.crc32 else {
      throw ZipError.checksumMismatch(
        path: archive.path, entry: entry.name, expected: entry.crc32, actual: checksum.value)
    }
    isFinished = true
    input?.deallocate()
    input = nil
  }

  private var truncated: ZipError {
    .truncatedEntry(path: archive.path, entry: entry.name)
  }
}
