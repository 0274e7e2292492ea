/// JSON values written as Swift literals, for documents built in code (schemas, messages):
///
/// ```swift
/// let schema: JSONValue = ["type": "object", "properties": ["limit": ["type": "integer", "minimum": 1]]]
/// ```
///
/// A dictionary literal keeps its members in the order written.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// A string.
  package init(stringLiteral value: String) {
    self = .string(value)
  }

  /// An integer.
  package init(integerLiteral value: Int) {
    self = .number(JSONNumber(value))
  }

  /// A finite number, written as `JSONWriter` writes a `Double`.
  package init(floatLiteral value: Double) {
    guard let number = JSONNumber(value) else { preconditionFailure("JSON has no NaN or infinity") }
    self = .number(number)
  }

  /// `true` or `false`.
  package init(booleanLiteral value: Bool) {
    self = .bool(value)
  }

  /// An array.
  package init(arrayLiteral elements: JSONValue...) {
    self = .array(elements)
  }

  /// An object, its members in the order written.
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(elements.map { Member(key: $0.0, value: $0.1) })
  }
}
