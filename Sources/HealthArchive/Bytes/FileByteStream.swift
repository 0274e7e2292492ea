import SystemShim

/// A file on disk, read front to back.
package final class FileByteStream: ByteStream {
  package let name: String
  private let descriptor: Int32

  /// Opens the file at `path` for reading.
  /// - Throws: `InputError.notFound` or `InputError.unreadable`.
  package init(path: String) throws(InputError) {
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

  package func read(into output: inout OutputRawSpan) throws {
    do {
      try SystemCall.read(descriptor, appendingTo: &output, path: name)
    } catch {
      throw InputError.readFailed(path: name, reason: error.reason)
    }
  }
}
