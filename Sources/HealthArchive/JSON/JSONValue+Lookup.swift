extension JSONValue {
  /// The value of the first member with `key` of an object; nil for a missing key or a value that
  /// is not an object.
  /// - Complexity: O(n) in the number of members.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The element at `index` of an array; nil when out of range or not an array.
  package subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }

  /// The values of every member with `key` of an object, in order (duplicate keys give several);
  /// empty when not an object.
  package func values(forKey key: String) -> [JSONValue] {
    guard case .object(let members) = self else { return [] }
    return members.compactMap { $0.key == key ? $0.value : nil }
  }

  /// The members of an object, or nil.
  package var members: [Member]? {
    guard case .object(let members) = self else { return nil }
    return members
  }

  /// The elements of an array, or nil.
  package var arrayValue: [JSONValue]? {
    guard case .array(let elements) = self else { return nil }
    return elements
  }

  /// The text of a string, or nil.
  package var stringValue: String? {
    guard case .string(let text) = self else { return nil }
    return text
  }

  /// The number with its exact text, or nil.
  package var numberValue: JSONNumber? {
    guard case .number(let number) = self else { return nil }
    return number
  }

  /// The value of a number as a `Double`, or nil.
  package var doubleValue: Double? { numberValue?.doubleValue }

  /// The value of an integral number within `Int`'s range, or nil.
  package var intValue: Int? { numberValue?.intValue }

  /// The value of `true` or `false`, or nil.
  package var boolValue: Bool? {
    guard case .bool(let value) = self else { return nil }
    return value
  }

  /// Whether this is `null`.
  package var isNull: Bool { self == .null }
}
