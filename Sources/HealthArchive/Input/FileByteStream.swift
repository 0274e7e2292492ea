import SystemShim

/// A file on disk, read front to back.
public final class FileByteStream: ByteStream {
  public let name: String
  private let descriptor: Int32

  /// Opens the file at `path` for reading.
  /// - Throws: `InputError.notFound` or `InputError.unreadable`.
  public init(path: String) throws(InputError) {
    self.name = path
    do {
      descriptor = try SystemCall.openForReading(path)
    } catch {
      throw InputError(path: path, systemError: error)
    }
  }

  deinit {
    SystemCall.close(descriptor)
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    do {
      return try SystemCall.read(descriptor, into: base, count: buffer.count, path: name)
    } catch {
      throw InputError.readFailed(path: name, reason: error.reason)
    }
  }
}

/// Bytes already in memory, read as a stream (small inputs and tests).
public final class MemoryByteStream: ByteStream {
  public let name: String
  private let bytes: [UInt8]
  private var position = 0
  private let chunkLimit: Int

  /// - Parameters:
  ///   - bytes: the content.
  ///   - name: what to call it in messages.
  ///   - chunkLimit: the most bytes one read returns (tests use small values to cut tokens).
  public init(_ bytes: [UInt8], name: String, chunkLimit: Int = .max) {
    self.bytes = bytes
    self.name = name
    self.chunkLimit = max(1, chunkLimit)
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let count = min(buffer.count, bytes.count - position, chunkLimit)
    guard count > 0 else { return 0 }
    bytes.withUnsafeBytes { source in
      buffer.baseAddress!.copyMemory(
        from: source.baseAddress! + position, byteCount: count)
    }
    position += count
    return count
  }
}
