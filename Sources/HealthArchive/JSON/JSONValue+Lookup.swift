extension JSONValue {
  /// The value of the first member with `key` of an object; nil for a missing key or a value that
  /// is not an object.
  /// - Complexity: O(n) in the number of members.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The element at `index` of an array; nil when out of range or not an array.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }

  /// The values of every member with `key` of an object, in order (duplicate keys give several);
  /// empty when not an object.
  public func values(forKey key: String) -> [JSONValue] {
    guard case .object(let members) = self else { return [] }
    return members.compactMap { $0.key == key ? $0.value : nil }
  }

  /// The members of an object, or nil.
  public var members: [Member]? {
    guard case .object(let members) = self else { return nil }
    return members
  }

  /// The elements of an array, or nil.
  public var arrayValue: [JSONValue]? {
    guard case .array(let elements) = self else { return nil }
    return elements
  }

  /// The text of a string, or nil.
  public var stringValue: String? {
    guard case .string(let text) = self else { return nil }
    return text
  }

  /// The number with its exact text, or nil.
  public var numberValue: JSONNumber? {
    guard case .number(let number) = self else { return nil }
    return number
  }

  /// The value of a number as a `Double`, or nil.
  public var doubleValue: Double? { numberValue?.doubleValue }

  /// The value of an integral number within `Int`'s range, or nil.
  public var intValue: Int? { numberValue?.intValue }

  /// The value of `true` or `false`, or nil.
  public var boolValue: Bool? {
    guard case .bool(let value) = self else { return nil }
    return value
  }

  /// Whether this is `null`.
  public var isNull: Bool { self == .null }
}
