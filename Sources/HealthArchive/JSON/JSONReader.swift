import SystemShim

/// A streaming pull parser for JSON (RFC 8259) over bytes.
///
/// It pulls from a `ByteStream` into one buffer and hands out one token at a time. The buffer grows
/// only for a single string or number larger than it (up to `maximumValueSize`), so memory stays
/// bounded however large the input. A token's content is read from the buffer, valid until the next
/// call that moves the reader:
///
/// ```swift
/// let reader = JSONReader(stream: try FileByteStream(path: "profile.json"))
/// guard try reader.nextToken() == .beginObject else { … }
/// while try reader.nextToken() == .key {
///   if reader.keyEquals("metaData") { try readMetaData(reader) } else { try reader.skipValue() }
/// }
/// ```
///
/// Or event by event with the content decoded: `next()` returns `.key("unit")`,
/// `.number(JSONNumber)`, and so on; `readValue()` builds a whole `JSONValue`.
///
/// What it accepts:
/// - exactly one value, with whitespace (space, tab, line feed, carriage return) around it; a UTF-8
///   byte order mark at the start is skipped;
/// - strings with every RFC 8259 escape, surrogate pairs joined; a lone surrogate, a raw control
///   character or bytes that are not UTF-8 are errors (never replaced by U+FFFD: a health file with
///   damaged text is reported, with its byte offset, rather than silently altered);
/// - numbers in the RFC 8259 grammar only (no `01`, `+1`, `.5`, `1.`, `NaN`, `Infinity`), kept as
///   their exact text and converted to the correctly rounded `Double`; a number too large for a
///   `Double` is an error;
/// - duplicate keys, reported each time in order (what they mean is the caller's choice).
///
/// Every error is a `JSONError` with the byte offset and the key path where it happened. Errors of
/// the stream itself (a failed read) are thrown as the stream throws them. A reader that has thrown
/// is not read any further.
///
/// A reader belongs to one task at a time; it is not `Sendable`.
package final class JSONReader {
  /// The largest single string or number accepted by default, in bytes
  /// (`ResourceLimit.jsonValueSize`: 64 MiB).
  package static let defaultMaximumValueSize = ResourceLimit.jsonValueSize.value
  /// The deepest nesting of objects and arrays accepted by default (`ResourceLimit.jsonDepth`).
  package static let defaultMaximumDepth = ResourceLimit.jsonDepth.value
  /// The longest number accepted, in characters (`ResourceLimit.numberLength`).
  package static let maximumNumberLength = ResourceLimit.numberLength.value

  /// Where the bytes come from.
  package let stream: any ByteStream
  let maximumDepth: Int
  /// Whether a string may hold U+0000 (`\u0000`), as JSON allows; readers of health files refuse
  /// it, since no record holds one and it would cut the text short where it is written.
  package var allowsNUL = true

  // The reader is used from one thread at a time and never lends out its stored properties while
  // changing them, so runtime exclusivity checks (a third of the time spent) are turned off.

  // MARK: Buffer

  @exclusivity(unchecked) var window: ByteWindow
  /// The first byte not yet consumed.
  @exclusivity(unchecked) var start = 0
  /// One past the last valid byte.
  var end: Int { window.end }
  var isAtEndOfStream: Bool { window.isAtEndOfStream }
  /// The offset in the input of the window's first byte.
  var bufferOffset: Int { Int(window.offset) }
  @exclusivity(unchecked) var hasCheckedByteOrderMark = false

  // MARK: Current token

  /// The kind of the token the last call returned.
  @exclusivity(unchecked) package private(set) var token: JSONToken = .endOfInput
  /// Where the current token starts in the buffer.
  @exclusivity(unchecked) var tokenStart = 0
  /// The raw bytes of the current string (between its quotes) or number, in the buffer.
  @exclusivity(unchecked) var contentStart = 0
  @exclusivity(unchecked) var contentEnd = 0
  /// Whether the current string had escapes, so that its decoded bytes are in `decoded`.
  @exclusivity(unchecked) var contentIsDecoded = false
  /// The decoded bytes of the current string when it had escapes.
  @exclusivity(unchecked) var decoded: [UInt8] = []
  /// The value of the current number when it was computed while scanning.
  @exclusivity(unchecked) var scannedDouble: Double?
  @exclusivity(unchecked) var currentBool = false

  // MARK: Structure

  enum State: UInt8 {
    /// A value: at the start, after `:`, after `,` in an array.
    case value
    /// A value or `]`, after `[`.
    case valueOrEndOfArray
    /// A key or `}`, after `{`.
    case keyOrEndOfObject
    /// A key, after `,` in an object.
    case key
    /// The `:` after a key.
    case colon
    /// `,` or the end of the innermost container, after a value in it.
    case commaOrEnd
    /// Only whitespace, after the top-level value.
    case afterDocument
    /// The end of the input has been returned.
    case finished
  }

  @exclusivity(unchecked) var state = State.value
  @exclusivity(unchecked) var path = JSONKeyPath()
  /// Where the innermost object's current key lies in the buffer while it has not been copied
  /// into `path`; -1 when it has. Keys are copied only when a message or a nested container needs
  /// them, or before the buffer moves, so that a flat object's keys are never copied.
  @exclusivity(unchecked) var pendingKeyStart = -1
  @exclusivity(unchecked) var pendingKeyEnd = 0
  @exclusivity(unchecked) var peeked: JSONToken?

  /// Creates a reader.
  /// - Parameters:
  ///   - stream: where the bytes come from.
  ///   - bufferSize: bytes read at a time; the buffer grows only for a larger single value.
  ///   - maximumValueSize: the largest single string or number accepted, in bytes.
  ///   - maximumDepth: the deepest nesting of objects and arrays accepted.
  package init(
    stream: any ByteStream, bufferSize: Int = 1 << 20,
    maximumValueSize: Int = JSONReader.defaultMaximumValueSize,
    maximumDepth: Int = JSONReader.defaultMaximumDepth
  ) {
    self.stream = stream
    self.window = ByteWindow(capacity: bufferSize, maximumCapacity: maximumValueSize)
    self.maximumDepth = max(maximumDepth, 1)
  }

  /// Creates a reader of bytes in memory (a FHIR resource, a test).
  /// - Parameters:
  ///   - bytes: the JSON text.
  ///   - name: what to call it in messages.
  ///   - allowsNUL: whether a string may hold U+0000.
  package convenience init(bytes: [UInt8], name: String, allowsNUL: Bool = true) {
    self.init(stream: MemoryByteStream(bytes, name: name), bufferSize: max(bytes.count, 16))
    self.allowsNUL = allowsNUL
  }

  // MARK: - Position

  /// How many objects and arrays are open after the current token.
  package var depth: Int { path.depth }

  /// The byte offset of the current token from the start of the input.
  package var tokenOffset: Int { bufferOffset + tokenStart }

  /// The key path of the current value, such as `HKQuantityTypeIdentifierStepCount[1523].value`;
  /// empty at the top level.
  /// - Complexity: O(depth + key lengths); meant for messages.
  package var keyPath: String {
    copyPendingKey()
    return path.text
  }

  /// An error about the current token, with its offset and key path.
  package func error(_ reason: JSONError.Reason) -> JSONError {
    error(reason, at: tokenStart)
  }

  func error(_ reason: JSONError.Reason, at position: Int) -> JSONError {
    copyPendingKey()
    let isReadingKey = state == .key || state == .keyOrEndOfObject
    return JSONError(
      reason, name: stream.name, offset: bufferOffset + position,
      path: path.text(omittingInnermostKey: isReadingKey))
  }

  // MARK: - Tokens

  /// Reads the next token and returns its kind; its content is read through `stringValue`,
  /// `keyEquals(_:)`, `withTokenBytes(_:)`, `doubleValue`, `numberValue` or `boolValue`.
  ///
  /// After `.endOfInput`, every call returns `.endOfInput` again.
  /// - Throws: `JSONError` when the input is not valid JSON; the stream's error when reading fails.
  package func nextToken() throws -> JSONToken {
    if let peeked {
      self.peeked = nil
      return peeked
    }
    if !hasCheckedByteOrderMark { try skipByteOrderMark() }
    while true {
      // The first byte that is not whitespace, and where it is.
      let (i, byte) = window.withBytes(from: 0, to: end) { [start] bytes in
        var i = start
        while i < bytes.count && Self.isWhitespace(bytes[i]) { i += 1 }
        return (i, i < bytes.count ? bytes[i] : 0)
      }
      start = i
      if i == end {
        if try refill() { continue }
        token = try endOfInputReached()
        return token
      }
      tokenStart = i
      switch state {
      case .value, .valueOrEndOfArray:
        if byte == UInt8(ascii: "]") && state == .valueOrEndOfArray {
          start = i + 1
          token = .endArray
          endContainer()
          return token
        }
        guard let found = try scanValue(byte, at: i) else {
          _ = try refill()
          continue
        }
        token = found
        return found
      case .keyOrEndOfObject, .key:
        if byte == UInt8(ascii: "\"") {
          guard let next = try scanString(at: i) else {
            _ = try refill()
            continue
          }
          start = next
          if contentIsDecoded {
            pendingKeyStart = -1
            decoded.withSpan { path.setKey($0) }
          } else {
            pendingKeyStart = contentStart
            pendingKeyEnd = contentEnd
          }
          state = .colon
          token = .key
          return token
        }
        if byte == UInt8(ascii: "}") && state == .keyOrEndOfObject {
          start = i + 1
          token = .endObject
          endContainer()
          return token
        }
        throw unexpected(expected: state == .key ? "a key in double quotes" : "a key in double quotes or '}'")
      case .colon:
        guard byte == UInt8(ascii: ":") else { throw unexpected(expected: "':' after the key") }
        start = i + 1
        state = .value
      case .commaOrEnd:
        let isInObject = path.isInObject
        if byte == UInt8(ascii: ",") {
          start = i + 1
          if isInObject {
            state = .key
          } else {
            path.advanceIndex()
            state = .value
          }
        } else if byte == (isInObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          start = i + 1
          token = isInObject ? .endObject : .endArray
          endContainer()
          return token
        } else {
          throw unexpected(expected: isInObject ? "',' or '}'" : "',' or ']'")
        }
      case .afterDocument:
        fillForMessage()
        throw error(.trailingContent(describe(at: start)), at: start)
      case .finished:
        return .endOfInput
      }
    }
  }

  /// Reads the next token without consuming it: the next call to `nextToken()` (or `next()`,
  /// `skipValue()`, `readValue()`) returns it again. The reader's `depth` and `keyPath` already
  /// reflect it.
  /// - Throws: as `nextToken()`.
  package func peekToken() throws -> JSONToken {
    if let peeked { return peeked }
    let found = try nextToken()
    peeked = found
    return found
  }

  /// Reads the next token with its content decoded.
  /// - Throws: as `nextToken()`.
  package func next() throws -> JSONEvent {
    switch try nextToken() {
    case .beginObject: .beginObject
    case .endObject: .endObject
    case .beginArray: .beginArray
    case .endArray: .endArray
    case .key: .key(stringValue)
    case .string: .string(stringValue)
    case .number: .number(numberValue)
    case .bool: .bool(currentBool)
    case .null: .null
    case .endOfInput: .endOfInput
    }
  }

  // MARK: - Values

  /// Scans the value starting with `byte` at `i`.
  /// - Returns: its token, or nil when the buffer ends inside it and more input may come.
  private func scanValue(_ byte: UInt8, at i: Int) throws -> JSONToken? {
    switch byte {
    case UInt8(ascii: "\""):
      guard let next = try scanString(at: i) else { return nil }
      start = next
      endValue()
      return .string
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      guard try scanNumber(at: i) else { return nil }
      endValue()
      return .number
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard path.depth < maximumDepth else { throw error(.nestingTooDeep(limit: maximumDepth), at: i) }
      let isObject = byte == UInt8(ascii: "{")
      copyPendingKey()
      path.push(isObject: isObject)
      state = isObject ? .keyOrEndOfObject : .valueOrEndOfArray
      start = i + 1
      return isObject ? .beginObject : .beginArray
    case UInt8(ascii: "t"):
      guard try scanLiteral(Self.trueText, at: i) else { return nil }
      currentBool = true
      endValue()
      return .bool
    case UInt8(ascii: "f"):
      guard try scanLiteral(Self.falseText, at: i) else { return nil }
      currentBool = false
      endValue()
      return .bool
    case UInt8(ascii: "n"):
      guard try scanLiteral(Self.nullText, at: i) else { return nil }
      endValue()
      return .null
    case UInt8(ascii: "."), UInt8(ascii: "+"):
      throw error(.invalidNumber(wordAtStart()), at: start)
    default:
      let found = wordAtStart()
      if found == "NaN" || found == "Infinity" { throw error(.invalidNumber(found), at: start) }
      throw unexpected(expected: state == .valueOrEndOfArray ? "a value or ']'" : "a value")
    }
  }

  /// Checks that the literal `text` stands at `i`, and consumes it.
  /// - Returns: false when the buffer ends before the literal can be checked and more may come.
  private func scanLiteral(_ text: [UInt8], at i: Int) throws -> Bool {
    let count = text.count
    var j = 0
    while j < count && i + j < end {
      guard window[i + j] == text[j] else { throw unexpected(expected: "a value") }
      j += 1
    }
    if j < count || i + count == end {
      if !isAtEndOfStream { return false }
      if j < count {
        throw error(.unexpectedEndOfInput(expected: "'\(String(decoding: text, as: UTF8.self))'"), at: end)
      }
    } else if JSONNumberGrammar.isNumberLike(window[i + count]) {
      throw unexpected(expected: "a value")
    }
    start = i + count
    return true
  }

  private static let trueText = Array("true".utf8)
  private static let falseText = Array("false".utf8)
  private static let nullText = Array("null".utf8)

  /// Notes that a value has ended: what may come next depends on where it stood.
  private func endValue() {
    state = path.depth == 0 ? .afterDocument : .commaOrEnd
  }

  private func endContainer() {
    pendingKeyStart = -1
    path.pop()
    endValue()
  }

  /// What the end of the input means in the current state.
  private func endOfInputReached() throws -> JSONToken {
    switch state {
    case .afterDocument, .finished:
      state = .finished
      return .endOfInput
    case .value where path.depth == 0:
      throw error(.emptyInput, at: end)
    case .value:
      throw error(.unexpectedEndOfInput(expected: "a value"), at: end)
    case .valueOrEndOfArray:
      throw error(.unexpectedEndOfInput(expected: "a value or ']'"), at: end)
    case .keyOrEndOfObject:
      throw error(.unexpectedEndOfInput(expected: "a key or '}'"), at: end)
    case .key:
      throw error(.unexpectedEndOfInput(expected: "a key"), at: end)
    case .colon:
      throw error(.unexpectedEndOfInput(expected: "':'"), at: end)
    case .commaOrEnd:
      throw error(.unexpectedEndOfInput(expected: path.isInObject ? "',' or '}'" : "',' or ']'"), at: end)
    }
  }
}
