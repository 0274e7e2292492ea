/// One step through a JSON document, with its content, as `JSONReader.next()` returns it.
package enum JSONEvent: Hashable, Sendable {
  /// `{`
  case beginObject
  /// `}`
  case endObject
  /// `[`
  case beginArray
  /// `]`
  case endArray
  /// The key of an object member, decoded.
  case key(String)
  /// A string value, decoded.
  case string(String)
  /// A number, with its exact text and its value.
  case number(JSONNumber)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`
  case null
  /// The end of the input, after the top-level value.
  case endOfInput
}
