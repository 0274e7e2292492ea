/// A JSON value held whole in memory: for small documents such as one FHIR resource.
///
/// Objects keep their members in order, duplicate keys included; numbers keep their exact text.
/// Build one with `JSONReader.readValue()` or `JSONValue(parsing:name:)`, write one with
/// `JSONWriter.value(_:)`.
package enum JSONValue: Hashable, Sendable {
  /// One member of an object.
  package struct Member: Hashable, Sendable {
    /// The key, decoded.
    package var key: String
    /// The value.
    package var value: JSONValue

    /// Creates a member.
    package init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// An object: its members in order, duplicate keys kept.
  case object([Member])
  /// An array.
  case array([JSONValue])
  /// A string.
  case string(String)
  /// A number, with its exact text.
  case number(JSONNumber)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null

  /// Parses one whole JSON document.
  /// - Parameters:
  ///   - bytes: the JSON text, UTF-8.
  ///   - name: what to call it in messages, such as its file name.
  ///   - allowsNUL: whether a string may hold `\u0000` (a health file's may not).
  /// - Throws: `JSONError` when the text is not one valid JSON value.
  package init(parsing bytes: [UInt8], name: String = "JSON", allowsNUL: Bool = true) throws {
    self = try JSONReader(bytes: bytes, name: name, allowsNUL: allowsNUL).readDocument()
  }
}
