/// Where an output's bytes go, in order: a file, standard output, a zip entry's compressor, a
/// thread that writes blocks, a test's array. Writers hand it their bytes as bounded views.
package struct ByteSink {
  private let body: (RawSpan) throws -> Void

  /// A sink that gives each piece of bytes to `body`, which must not keep the view.
  package init(_ body: @escaping (RawSpan) throws -> Void) {
    self.body = body
  }

  /// Writes `bytes`.
  /// - Throws: what the sink throws.
  package func write(_ bytes: RawSpan) throws {
    try body(bytes)
  }

  /// Writes `bytes`.
  /// - Throws: what the sink throws.
  package func write(_ bytes: [UInt8]) throws {
    try bytes.withRawSpan(body)
  }

  /// Writes `bytes`.
  /// - Throws: what the sink throws.
  package func write(_ bytes: ArraySlice<UInt8>) throws {
    try bytes.withRawSpan(body)
  }

  /// Writes the UTF-8 of `text`.
  /// - Throws: what the sink throws.
  package func write(_ text: StaticString) throws {
    try text.withRawSpan(body)
  }

  /// Writes the UTF-8 of `text`.
  /// - Throws: what the sink throws.
  package func write(_ text: String) throws {
    var text = text
    try text.withUTF8 { try body(RawSpan(_unsafeBytes: UnsafeRawBufferPointer($0))) }
  }
}
