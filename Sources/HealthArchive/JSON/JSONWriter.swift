import SystemShim

/// Writes one JSON document into a reused byte buffer and hands it to a sink in large chunks.
///
/// ```swift
/// var writer = JSONWriter(formatting: .pretty) { bytes in try file.write(bytes) }
/// try writer.beginObject()
/// try writer.key("unit")
/// try writer.string("count")
/// try writer.key("value")
/// try writer.number(200.0)
/// try writer.endObject()
/// try writer.finish()
/// ```
///
/// The output is deterministic and valid JSON:
/// - strings are UTF-8; `"`, `\` and every control character below U+0020 are escaped (`\n`, `\t`,
///   `\b`, `\f`, `\r`, else `\u001f` with lowercase hex digits); everything else is written as it
///   is, `/`, DEL, U+2028 and U+2029 included (they are valid in JSON strings);
/// - a `Double` that is integral with magnitude below 2^53 is written as an integer (`200`, `-0`
///   for negative zero), any other as the shortest text that reads back as the same `Double`
///   (`0.1`, `1e-07`, `1.7976931348623157e+308`); NaN and infinities are refused with an error;
/// - a `JSONNumber` is written as its exact text, so a document read and written again keeps its
///   numbers byte for byte;
/// - `.compact` writes no whitespace; `.pretty` indents by two spaces, writes `"key": value`, and
///   ends the document with a line feed.
///
/// Calls must form one document: a key before each value in an object, no key in an array, every
/// object and array closed before `finish()`. Breaking this is a programming error and stops the
/// program.
package struct JSONWriter {
  /// How the output is laid out.
  package enum Formatting: Hashable, Sendable {
    /// No whitespace at all.
    case compact
    /// Two-space indentation, one member or element a line, a line feed at the end.
    case pretty
  }

  /// How many bytes are gathered before they are handed to the sink by default: 1 MiB.
  package static let defaultFlushSize = 1 << 20

  /// What to call the output in messages.
  package let name: String
  /// How the output is laid out.
  package let formatting: Formatting
  private let flushSize: Int
  private let sink: ByteSink
  private var buffer: [UInt8] = []
  private var flushedCount = 0
  private var path = JSONKeyPath()
  /// The innermost object's current key while it has not been copied into `path`: keys are copied
  /// only when a nested container or a message needs them.
  private var pendingKey: String?
  private var isAfterKey = false
  private var hasWrittenValue = false

  /// Creates a writer.
  /// - Parameters:
  ///   - name: what to call the output in messages.
  ///   - formatting: compact or pretty.
  ///   - flushSize: how many bytes to gather before calling `sink`.
  ///   - sink: receives the output in order, in chunks of about `flushSize` bytes; it must not keep
  ///     the buffer. Its errors are thrown by the call that flushed.
  package init(
    name: String = "JSON output", formatting: Formatting = .compact,
    flushSize: Int = JSONWriter.defaultFlushSize,
    sink: @escaping (RawSpan) throws -> Void
  ) {
    self.name = name
    self.formatting = formatting
    self.flushSize = max(flushSize, 1)
    self.sink = ByteSink(sink)
  }

  /// The whole document of `value` as bytes.
  /// - Parameters:
  ///   - value: the document.
  ///   - formatting: compact or pretty.
  /// - Returns: the UTF-8 JSON text.
  package static func bytes(of value: JSONValue, formatting: Formatting = .compact) -> [UInt8] {
    // Never flushed, so that the buffer holds the whole document. A `JSONValue` holds only finite
    // numbers: writing it cannot fail.
    var writer = JSONWriter(formatting: formatting, flushSize: .max, sink: { _ in })
    try? writer.value(value)
    if formatting == .pretty { writer.buffer.append(UInt8(ascii: "\n")) }
    return writer.buffer
  }

  /// How many bytes have been written so far, handed to the sink or not.
  package var bytesWritten: Int { flushedCount + buffer.count }

  // MARK: - Structure

  /// Writes `{`.
  /// - Throws: the sink's error.
  package mutating func beginObject() throws {
    beginValue()
    buffer.append(UInt8(ascii: "{"))
    copyPendingKey()
    path.push(isObject: true)
  }

  /// Writes `}`, closing the innermost object.
  /// - Throws: the sink's error.
  package mutating func endObject() throws {
    precondition(path.isInObject && !isAfterKey, "endObject() without an open object, or after a key")
    try endContainer(UInt8(ascii: "}"))
  }

  /// Writes `[`.
  /// - Throws: the sink's error.
  package mutating func beginArray() throws {
    beginValue()
    buffer.append(UInt8(ascii: "["))
    copyPendingKey()
    path.push(isObject: false)
  }

  /// Writes `]`, closing the innermost array.
  /// - Throws: the sink's error.
  package mutating func endArray() throws {
    precondition(path.depth > 0 && !path.isInObject, "endArray() without an open array")
    try endContainer(UInt8(ascii: "]"))
  }

  /// Writes the key of the next member of the innermost object.
  /// - Throws: the sink's error.
  package mutating func key(_ key: String) throws {
    precondition(path.isInObject && !isAfterKey, "key(_:) outside an object, or twice in a row")
    separate()
    pendingKey = key
    JSONStringEscaping.appendQuoted(key, to: &buffer)
    buffer.append(UInt8(ascii: ":"))
    if formatting == .pretty { buffer.append(UInt8(ascii: " ")) }
    isAfterKey = true
  }

  /// Closes the document: checks that it is complete, ends a pretty one with a line feed, and hands
  /// everything left to the sink.
  /// - Throws: the sink's error.
  package mutating func finish() throws {
    precondition(path.depth == 0 && hasWrittenValue, "finish() before the document is complete")
    if formatting == .pretty { buffer.append(UInt8(ascii: "\n")) }
    try flush()
  }

  /// Hands the bytes gathered so far to the sink.
  /// - Throws: the sink's error.
  package mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try sink.write(buffer)
    flushedCount += buffer.count
    buffer.removeAll(keepingCapacity: true)
  }

  // MARK: - Scalars

  /// Writes a string, escaped.
  /// - Throws: the sink's error.
  package mutating func string(_ text: String) throws {
    beginValue()
    JSONStringEscaping.appendQuoted(text, to: &buffer)
    try endValue()
  }

  /// Writes a `Double`: integral values of magnitude below 2^53 as integers, others as the
  /// shortest text that reads back as the same `Double`.
  /// - Throws: `JSONError.Reason.nonFiniteNumber` for NaN and infinities, which JSON cannot hold
  ///   (nothing is written for the value); the sink's error.
  package mutating func number(_ value: Double) throws {
    beginValue()
    guard value.isFinite else {
      copyPendingKey()
      throw JSONError(.nonFiniteNumber(value.description), name: name, offset: bytesWritten, path: path.text)
    }
    JSONNumberGrammar.append(value, to: &buffer)
    try endValue()
  }

  /// Writes an integer.
  /// - Throws: the sink's error.
  package mutating func number(_ value: Int) throws {
    beginValue()
    JSONNumberGrammar.append(value, to: &buffer)
    try endValue()
  }

  /// Writes a number as its exact text.
  /// - Throws: the sink's error.
  package mutating func number(_ value: JSONNumber) throws {
    beginValue()
    var text = value.text
    text.withUTF8 { buffer.append(contentsOf: $0) }
    try endValue()
  }

  /// Writes `true` or `false`.
  /// - Throws: the sink's error.
  package mutating func bool(_ value: Bool) throws {
    beginValue()
    appendASCII(value ? "true" : "false")
    try endValue()
  }

  /// Writes `null`.
  /// - Throws: the sink's error.
  package mutating func null() throws {
    beginValue()
    appendASCII("null")
    try endValue()
  }

  /// Writes a whole value: members in order, duplicate keys kept, numbers as their exact text.
  /// - Throws: the sink's error.
  /// - Complexity: O(n) in the size of the value.
  package mutating func value(_ value: JSONValue) throws {
    switch value {
    case .object(let members):
      try beginObject()
      for member in members {
        try key(member.key)
        try self.value(member.value)
      }
      try endObject()
    case .array(let elements):
      try beginArray()
      for element in elements { try self.value(element) }
      try endArray()
    case .string(let text): try string(text)
    case .number(let number): try self.number(number)
    case .bool(let flag): try bool(flag)
    case .null: try null()
    }
  }

  // MARK: - Layout

  /// Writes what goes before a value: nothing after a key, else a comma and a new line as needed.
  private mutating func beginValue() {
    if isAfterKey {
      isAfterKey = false
      return
    }
    if path.depth == 0 {
      precondition(!hasWrittenValue, "a document holds one top-level value")
      return
    }
    precondition(!path.isInObject, "a value in an object needs a key first")
    separate()
  }

  /// Writes the comma before a member or element that is not the first, then its new line.
  private mutating func separate() {
    if path.noteElement() {
      buffer.append(UInt8(ascii: ","))
      if !path.isInObject { path.advanceIndex() }
    }
    if formatting == .pretty { newLine(depth: path.depth) }
  }

  private mutating func endContainer(_ close: UInt8) throws {
    let hadContent = path.frames[path.depth - 1].hasContent
    pendingKey = nil
    path.pop()
    if hadContent && formatting == .pretty { newLine(depth: path.depth) }
    buffer.append(close)
    try endValue()
  }

  private mutating func endValue() throws {
    if path.depth == 0 { hasWrittenValue = true }
    if buffer.count >= flushSize { try flush() }
  }

  private mutating func copyPendingKey() {
    guard let key = pendingKey else { return }
    key.withUTF8Span { path.setKey($0) }
    pendingKey = nil
  }

  private mutating func newLine(depth: Int) {
    buffer.append(UInt8(ascii: "\n"))
    for _ in 0..<(depth * 2) { buffer.append(UInt8(ascii: " ")) }
  }

  private mutating func appendASCII(_ text: StaticString) {
    buffer.append(text)
  }
}
