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
    let inputCapacity = Int(min(UInt64(Self.inputChunkSize), max(1, entry.compressedSize)))
    self.inflater = entry.method == .deflated && !isEmpty ? Inflater(inputCapacity: inputCapacity) : nil
  }

  func read(into output: inout OutputRawSpan) throws {
    if let failure { throw failure }
    guard !isFinished, !output.isFull else { return }
    do {
      if entry.method == .deflated && inflater == nil && entry.compressedSize > 0 {
        throw ZipError.damagedEntry(
          path: archive.path, entry: entry.name, detail: "zlib could not start (out of memory)")
      }
      if let inflater {
        return try inflate(with: inflater, into: &output)
      }
      try readStored(into: &output)
    } catch let error as ZipError {
      failure = error
      throw error
    }
  }

  /// Copies stored data straight from the file.
  private func readStored(into output: inout OutputRawSpan) throws {
    let count = Int(min(UInt64(output.freeCapacity), compressedRemaining))
    if count > 0 {
      let start = output.byteCount
      let got = try archive.file.read(at: fileOffset, count: count, into: &output)
      guard got == count else { throw truncated }
      fileOffset += UInt64(count)
      compressedRemaining -= UInt64(count)
      checksum.update(output.bytes.extracting(start...))
      produced += UInt64(count)
    }
    if compressedRemaining == 0 { try finish() }
  }

  /// Inflates into the caller's buffer until at least one byte is produced or the stream ends.
  private func inflate(with inflater: Inflater, into output: inout OutputRawSpan) throws {
    // At most one byte more than declared, so that data longer than declared is caught early.
    let capacity = output.freeCapacity
    let room = entry.uncompressedSize - produced
    let allowance = room < UInt64(capacity) ? room + 1 : UInt64(capacity)
    let limit = Int(min(allowance, UInt64(UInt32.max)))
    let start = output.byteCount
    var count = 0
    var ended = false
    while count == 0 && !ended {
      if inflater.pendingInput == 0 && compressedRemaining > 0 {
        try refill(inflater)
      }
      let before = output.byteCount
      let outcome = inflater.inflate(into: &output, limit: limit - count)
      let n = output.byteCount - before
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
    checksum.update(output.bytes.extracting(start...))
    produced += UInt64(count)
    if produced > entry.uncompressedSize {
      throw ZipError.sizeMismatch(
        path: archive.path, entry: entry.name, declared: entry.uncompressedSize,
        produced: produced)
    }
    if ended { try finish() }
  }

  /// Reads the next chunk of compressed data from the file into the inflater's input.
  private func refill(_ inflater: Inflater) throws {
    var wanted = 0
    let count = try inflater.fillInput { output in
      wanted = Int(min(UInt64(output.freeCapacity), compressedRemaining))
      _ = try archive.file.read(at: fileOffset, count: wanted, into: &output)
    }
    guard count == wanted else { throw truncated }
    fileOffset += UInt64(count)
    compressedRemaining -= UInt64(count)
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
    inflater?.releaseInput()
  }

  private var truncated: ZipError {
    .truncatedEntry(path: archive.path, entry: entry.name)
  }
}
