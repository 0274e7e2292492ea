/// The kind of the next token a `JSONReader` found, without its content.
///
/// `JSONReader.nextToken()` returns these so that a caller can compare keys and parse numbers
/// straight from the reader's buffer; the content of the current token is read through the reader
/// (`stringValue`, `keyEquals(_:)`, `doubleValue`, `boolValue`).
package enum JSONToken: UInt8, Hashable, Sendable {
  /// `{`
  case beginObject
  /// `}`
  case endObject
  /// `[`
  case beginArray
  /// `]`
  case endArray
  /// The key of an object member; its `:` is consumed with it.
  case key
  /// A string value.
  case string
  /// A number value.
  case number
  /// `true` or `false`.
  case bool
  /// `null`
  case null
  /// The end of the input, after the top-level value.
  case endOfInput

  /// Whether the token starts a value (a scalar, `{` or `[`).
  package var startsValue: Bool {
    switch self {
    case .beginObject, .beginArray, .string, .number, .bool, .null: true
    case .endObject, .endArray, .key, .endOfInput: false
    }
  }

  /// How messages name the token: `a string`, `'}'`.
  var nameInMessages: String {
    switch self {
    case .beginObject: "an object"
    case .endObject: "'}'"
    case .beginArray: "an array"
    case .endArray: "']'"
    case .key: "a key"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    case .endOfInput: "the end of the input"
    }
  }
}
