import HealthArchive

/// Checks a value against the part of JSON Schema the tools' schemas use (type, with a list of
/// types; properties, required, additionalProperties; items; enum): the problems found, with
/// where.
enum SchemaCheck {
  static func problems(_ value: JSONValue, against schema: JSONValue, at path: String = "$") -> [String] {
    var found: [String] = []
    if let types = schema["type"] {
      let allowed = types.arrayValue?.compactMap(\.stringValue) ?? [types.stringValue].compactMap { $0 }
      if !allowed.contains(where: { matches(value, $0) }) {
        found.append("\(path): \(value) is not \(allowed.joined(separator: " or "))")
        return found
      }
    }
    if let choices = schema["enum"]?.arrayValue, !choices.contains(value) {
      found.append("\(path): \(value) is not one of \(choices)")
    }
    if case .object(let members) = value {
      let properties = schema["properties"]?.members ?? []
      for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
      where !members.contains(where: { $0.key == name }) {
        found.append("\(path): '\(name)' is missing")
      }
      for member in members {
        if let property = properties.first(where: { $0.key == member.key }) {
          found += problems(member.value, against: property.value, at: "\(path).\(member.key)")
        } else if schema["additionalProperties"] == false {
          found.append("\(path): '\(member.key)' is not in the schema")
        }
      }
    }
    if case .array(let elements) = value, let items = schema["items"] {
      for (index, element) in elements.enumerated() {
        found += problems(element, against: items, at: "\(path)[\(index)]")
      }
    }
    return found
  }

  private static func matches(_ value: JSONValue, _ type: String) -> Bool {
    switch (type, value) {
    case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
      ("number", .number):
      true
    case ("integer", .number(let number)): number.intValue != nil && !number.text.contains(".")
    default: false
    }
  }
}
