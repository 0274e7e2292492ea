package import HealthModel

/// A clinical record's FHIR resource without what names the person or the people and places that
/// cared for them (docs/deidentification.md): codes, values, units and dates stay.
///
/// - The resources that describe people and organizations (`identityTypes`) are left out whole,
///   where they are records of their own and where another resource holds them (`contained`).
/// - Every `name`, `address`, `telecom`, `identifier` (and any key ending in `Identifier` or `Id`:
///   `subscriberId`, `accessionIdentifier`), `photo`, `contact`, `extension`, `modifierExtension`,
///   `meta`, note (`note`, DSTU2's `notes` and `comments`, an annotation's `authorString`),
///   narrative (a `text` that is an object: `div` and `status`), attachment content (an
///   attachment's `data`, any `url`, `presentedForm`, a document's `content`), position, device
///   serial number and UDI is removed wherever it is, and so is any text that names the
///   provider's server.
/// - Ids are the record's own numbers (`renamed`): a resource's `id` and the id in a reference to
///   it agree; a reference to a person or an organization names no one (`Patient/deidentified`),
///   and one that is a provider's address keeps only its type and id. A `display` outside a
///   coding (a reference's) goes.
/// - Every date written in a text (`yyyy-MM-dd`) moves by the shift; a year or a month alone
///   moves under a date's key (`effectiveDateTime`, `onset`, `recordedDate`, `start`).
/// Objects and lists left empty are removed.
package enum FHIRDeidentification {
  /// The resource types that describe people and organizations.
  package static let identityTypes: Set<String> = [
    "Patient", "Practitioner", "PractitionerRole", "Organization", "RelatedPerson", "Person",
  ]

  /// Keys whose values name, locate or reach someone, removed wherever they are.
  static let removedKeys: Set<String> = [
    "name", "address", "telecom", "identifier", "photo", "contact", "extension", "modifierExtension", "meta",
    "note", "notes", "comments", "authorString", "url", "presentedForm", "content", "position",
    "serialNumber", "udi", "udiCarrier", "lotNumber",
  ]

  /// The id every reference to a person or organization gets.
  package static let referenceID = "deidentified"

  /// How one resource is cleaned.
  package struct Context {
    /// How far dates move.
    package var shift: DayShift
    /// The hosts of the provider's servers (from the records' `sourceURL`): a text naming one goes.
    package var hosts: [String]
    /// The id a resource of a type gets in place of its own.
    package var renamed: (_ type: String, _ id: String) -> String

    /// A context, each argument the property of the same name.
    package init(shift: DayShift, hosts: [String], renamed: @escaping (String, String) -> String) {
      self.shift = shift
      self.hosts = hosts
      self.renamed = renamed
    }
  }

  /// `resource` de-identified.
  /// - Parameters:
  ///   - resource: the parsed resource.
  ///   - context: the shift, the provider's hosts, the ids given.
  ///   - removed: counts each element removed.
  /// - Returns: the resource without what identifies; nil when it is a person's or an
  ///   organization's.
  package static func deidentified(_ resource: JSONValue, context: Context, removed: inout Int) -> JSONValue?
  {
    if let type = resource["resourceType"]?.stringValue, identityTypes.contains(type) { return nil }
    return value(resource, key: "", context: context, removed: &removed)
  }

  private static func value(_ value: JSONValue, key: String, context: Context, removed: inout Int)
    -> JSONValue?
  {
    switch value {
    case .object(let members):
      let type = value["resourceType"]?.stringValue
      if let type, identityTypes.contains(type) {
        removed += 1
        return nil
      }
      let keys = Set(members.map(\.key))
      let isCoding = keys.contains("system") || keys.contains("code")
      var kept: [JSONValue.Member] = []
      for member in members {
        if removedKeys.contains(member.key) || member.key.hasSuffix("Identifier")
          || member.key.hasSuffix("Id")
          || (member.key == "text" && member.value.members != nil)
          || (member.key == "display" && !isCoding)
          || (member.key == "data" && keys.contains("contentType"))
        {
          removed += 1
          continue
        }
        if case .string(let text) = member.value, member.key == "reference" {
          kept.append(.init(key: "reference", value: .string(reference(text, context: context))))
          continue
        }
        if case .string(let text) = member.value, member.key == "id", let type {
          kept.append(.init(key: "id", value: .string(context.renamed(type, text))))
          continue
        }
        guard let child = self.value(member.value, key: member.key, context: context, removed: &removed)
        else {
          continue
        }
        kept.append(.init(key: member.key, value: child))
      }
      return kept.isEmpty ? nil : .object(kept)
    case .array(let elements):
      let kept = elements.compactMap { self.value($0, key: key, context: context, removed: &removed) }
      return kept.isEmpty ? nil : .array(kept)
    case .string(let text):
      if context.hosts.contains(where: { text.contains($0) }) {
        removed += 1
        return nil
      }
      return .string(moved(text, key: key, shift: context.shift))
    case .number, .bool, .null:
      return value
    }
  }

  /// A text with its dates moved: every `yyyy-MM-dd` in it, and under a date's key a year or a
  /// month alone.
  static func moved(_ text: String, key: String, shift: DayShift) -> String {
    guard !shift.isNone else { return text }
    let utf8Count = text.utf8.count
    if (utf8Count == 4 || utf8Count == 7) && isDateKey(key), let moved = shift.shiftingFHIRDate(text) {
      return moved
    }
    return shift.shiftingDates(in: text).text
  }

  /// A reference's text without a provider's address, naming no person or organization, its id
  /// the record's own: `https://host/api/FHIR/R4/Observation/12` → `Observation/3`,
  /// `Patient/1415780` and `Patient?identifier=…` → `Patient/deidentified`; a reference inside
  /// the resource (`#med1`) and a `urn:` as they are.
  static func reference(_ text: String, context: Context) -> String {
    guard !text.hasPrefix("#"), !text.hasPrefix("urn:") else { return text }
    if let query = text.firstIndex(of: "?") {
      let type = text[..<query].split(separator: "/").last.map(String.init) ?? ""
      return type + "/" + referenceID
    }
    let parts = text.split(separator: "/", omittingEmptySubsequences: true)
    guard parts.count >= 2 else { return text }
    let type = String(parts[parts.count - 2])
    if identityTypes.contains(type) { return type + "/" + referenceID }
    return type + "/" + context.renamed(type, String(parts[parts.count - 1]))
  }

  /// Whether a string under `key` is a date: `date`, `issued`, `start`, `end`, `lastUpdated`,
  /// `authoredOn`, `recorded`, `when`, `onset`, `created`, `indexed`, `sent`, `received`,
  /// `event`, keys starting with `date` (DSTU2's `dateWritten`) or `when` (`whenHandedOver`), and
  /// keys ending in `Date`, `DateTime`, `Instant`, `Occurrence` or `Occurence`.
  static func isDateKey(_ key: String) -> Bool {
    [
      "date", "issued", "start", "end", "lastUpdated", "authoredOn", "recorded", "when", "onset", "created",
      "indexed", "sent", "received", "event",
    ].contains(key)
      || key.hasPrefix("date") || key.hasPrefix("when") || key.hasSuffix("Date") || key.hasSuffix("DateTime")
      || key.hasSuffix("Instant") || key.hasSuffix("Occurrence") || key.hasSuffix("Occurence")
  }
}
