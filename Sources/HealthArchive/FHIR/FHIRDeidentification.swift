package import HealthModel

/// A clinical record's FHIR resource without what names the person or the people and places that
/// cared for them (docs/deidentification.md): codes, values, units and dates
/// stay.
///
/// - The resources that describe people and organizations (`identityTypes`) are left out whole,
///   where they are records of their own and where another resource holds them (`contained`).
/// - Every `name`, `address`, `telecom`, `identifier`, `photo`, `contact`, `extension`, note
///   (`note`, DSTU2's `comments`, an annotation's `authorString`) and narrative (a `text` that is
///   an object: `div` and `status`) is removed wherever it is.
/// - A reference keeps its type and loses its `display` and `identifier`; one to a person or an
///   organization names no one (`Patient/deidentified`); one that is a provider's address keeps
///   only its type and id (`Observation/123`). A `display` outside a coding (a reference's) goes.
/// - Dates (the values of keys such as `effectiveDateTime`, `issued`, `recordedDate`, `start`)
///   move by the shift, keeping their precision.
/// Objects and lists left empty are removed.
package enum FHIRDeidentification {
  /// The resource types that describe people and organizations.
  package static let identityTypes: Set<String> = [
    "Patient", "Practitioner", "PractitionerRole", "Organization", "RelatedPerson", "Person",
  ]

  /// Keys whose values name, locate or reach someone, removed wherever they are.
  static let removedKeys: Set<String> = [
    "name", "address", "telecom", "identifier", "photo", "contact", "extension", "note", "comments",
    "authorString",
  ]

  /// The id every reference to a person or organization gets.
  package static let referenceID = "deidentified"

  /// `resource` de-identified.
  /// - Parameters:
  ///   - resource: the parsed resource.
  ///   - shift: how far dates move.
  ///   - removed: counts each element removed.
  /// - Returns: the resource without what identifies; nil when it is a person's or an
  ///   organization's.
  package static func deidentified(_ resource: JSONValue, shift: DayShift, removed: inout Int) -> JSONValue? {
    if let type = resource["resourceType"]?.stringValue, identityTypes.contains(type) { return nil }
    return value(resource, key: "", shift: shift, removed: &removed)
  }

  private static func value(_ value: JSONValue, key: String, shift: DayShift, removed: inout Int)
    -> JSONValue?
  {
    switch value {
    case .object(let members):
      if let type = value["resourceType"]?.stringValue, identityTypes.contains(type) {
        removed += 1
        return nil
      }
      let keys = Set(members.map(\.key))
      let isCoding = keys.contains("system") || keys.contains("code")
      var kept: [JSONValue.Member] = []
      for member in members {
        if removedKeys.contains(member.key)
          || (member.key == "text" && member.value.members != nil)
          || (member.key == "display" && !isCoding)
        {
          removed += 1
          continue
        }
        if member.key == "reference", case .string(let reference) = member.value {
          kept.append(.init(key: "reference", value: .string(self.reference(reference))))
          continue
        }
        if case .string(let text) = member.value, !shift.isNone, isDateKey(member.key),
          let moved = shift.shiftingFHIRDate(text)
        {
          kept.append(.init(key: member.key, value: .string(moved)))
          continue
        }
        guard let child = self.value(member.value, key: member.key, shift: shift, removed: &removed) else {
          continue
        }
        kept.append(.init(key: member.key, value: child))
      }
      return kept.isEmpty ? nil : .object(kept)
    case .array(let elements):
      let kept = elements.compactMap { self.value($0, key: key, shift: shift, removed: &removed) }
      return kept.isEmpty ? nil : .array(kept)
    case .string, .number, .bool, .null:
      return value
    }
  }

  /// A reference's text without a provider's address, naming no person or organization:
  /// `https://host/api/FHIR/R4/Observation/12` → `Observation/12`, `Patient/1415780` →
  /// `Patient/deidentified`; a reference inside the resource (`#med1`) as it is.
  static func reference(_ text: String) -> String {
    guard !text.hasPrefix("#") else { return text }
    let parts = text.split(separator: "/", omittingEmptySubsequences: true)
    guard parts.count >= 2 else { return text }
    let type = String(parts[parts.count - 2])
    if identityTypes.contains(type) { return type + "/" + referenceID }
    return type + "/" + parts[parts.count - 1]
  }

  /// Whether a string under `key` is a date: `date`, `issued`, `start`, `end`, `lastUpdated`,
  /// `authoredOn`, `recorded`, `when`, keys starting with `date` (DSTU2's `dateWritten`) and keys
  /// ending in `Date`, `DateTime` or `Instant` (`effectiveDateTime`, `recordedDate`).
  static func isDateKey(_ key: String) -> Bool {
    ["date", "issued", "start", "end", "lastUpdated", "authoredOn", "recorded", "when"].contains(key)
      || key.hasPrefix("date") || key.hasSuffix("Date") || key.hasSuffix("DateTime")
      || key.hasSuffix("Instant")
  }
}
