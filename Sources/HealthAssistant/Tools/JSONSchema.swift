import HealthArchive

/// JSON Schemas (2020-12) of the tools' arguments and results, written briefly.
enum JSONSchema {
  /// An object with these properties, these required, and no others.
  static func object(_ properties: [(String, JSONValue)], required: [String] = [], description: String? = nil)
    -> JSONValue
  {
    var members: [JSONValue.Member] = [JSONValue.Member(key: "type", value: "object")]
    if let description { members.append(JSONValue.Member(key: "description", value: .string(description))) }
    members.append(
      JSONValue.Member(
        key: "properties", value: .object(properties.map { JSONValue.Member(key: $0.0, value: $0.1) })))
    if !required.isEmpty {
      members.append(JSONValue.Member(key: "required", value: .array(required.map(JSONValue.string))))
    }
    members.append(JSONValue.Member(key: "additionalProperties", value: false))
    return .object(members)
  }

  /// An array of `items`.
  static func array(of items: JSONValue, description: String? = nil) -> JSONValue {
    with(["type": "array", "items": items], description: description)
  }

  static func string(_ description: String? = nil, nullable: Bool = false) -> JSONValue {
    with(["type": type("string", nullable)], description: description)
  }

  /// One of `values`.
  static func choice(_ values: [String], default value: String, description: String) -> JSONValue {
    with(
      ["type": "string", "enum": .array(values.map(JSONValue.string)), "default": .string(value)],
      description: description)
  }

  static func integer(
    _ description: String? = nil, minimum: Int? = nil, maximum: Int? = nil, default value: Int? = nil,
    nullable: Bool = false
  ) -> JSONValue {
    var members: [JSONValue.Member] = [JSONValue.Member(key: "type", value: type("integer", nullable))]
    if let minimum { members.append(JSONValue.Member(key: "minimum", value: .number(JSONNumber(minimum)))) }
    if let maximum { members.append(JSONValue.Member(key: "maximum", value: .number(JSONNumber(maximum)))) }
    if let value { members.append(JSONValue.Member(key: "default", value: .number(JSONNumber(value)))) }
    return with(.object(members), description: description)
  }

  static func number(_ description: String? = nil, nullable: Bool = false) -> JSONValue {
    with(["type": type("number", nullable)], description: description)
  }

  static func boolean(_ description: String? = nil) -> JSONValue {
    with(["type": "boolean"], description: description)
  }

  /// The `from` and `to` days of a tool that reads a range of days, both inclusive.
  static let dayRange: [(String, JSONValue)] = [
    ("from", day("The first day (yyyy-MM-dd, local), inclusive.")),
    ("to", day("The last day (yyyy-MM-dd, local), inclusive.")),
  ]

  /// A local calendar day, `yyyy-MM-dd`.
  static func day(_ description: String) -> JSONValue {
    ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "description": .string(description)]
  }

  /// Any JSON value of these types.
  static func anyOf(_ types: [String], description: String? = nil) -> JSONValue {
    with(["type": .array(types.map(JSONValue.string))], description: description)
  }

  /// Whether the list was cut at its limit.
  static let truncated = boolean("Whether more matched than the limit allowed: the list was cut.")

  private static func type(_ name: String, _ nullable: Bool) -> JSONValue {
    nullable ? [.string(name), "null"] : .string(name)
  }

  private static func with(_ schema: JSONValue, description: String?) -> JSONValue {
    guard let description, case .object(var members) = schema else { return schema }
    members.append(JSONValue.Member(key: "description", value: .string(description)))
    return .object(members)
  }
}
