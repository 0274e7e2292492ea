import HealthArchive

/// A stream that counts the bytes read through it.
final class CountingStream: ByteStream {
  private let base: any ByteStream
  private(set) var count = 0

  init(_ base: any ByteStream) {
    self.base = base
  }

  var name: String { base.name }

  func read(into output: inout OutputRawSpan) throws {
    let before = output.byteCount
    try base.read(into: &output)
    count += output.byteCount - before
  }
}
