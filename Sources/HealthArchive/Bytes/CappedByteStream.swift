/// A stream that reads at most `cap` bytes of another: a read past them throws the error `exceeded`
/// makes, and the reader stops there.
package final class CappedByteStream: ByteStream {
  private let base: any ByteStream
  private var left: Int64
  private let exceeded: () -> any Error
  package let name: String

  /// - Parameters:
  ///   - base: the stream read.
  ///   - cap: the most bytes read from it.
  ///   - name: what to call it; by default `base`'s name.
  ///   - exceeded: the error thrown by a read once `cap` bytes are read.
  package init(_ base: any ByteStream, cap: Int64, name: String? = nil, exceeded: @escaping () -> any Error) {
    self.base = base
    left = cap
    self.name = name ?? base.name
    self.exceeded = exceeded
  }

  package func read(into output: inout OutputRawSpan) throws {
    guard left > 0 else { throw exceeded() }
    let before = output.byteCount
    try base.read(into: &output)
    left -= Int64(output.byteCount - before)
  }
}
