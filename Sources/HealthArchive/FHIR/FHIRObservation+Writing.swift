import HealthModel

extension FHIRObservation {
  /// The FHIR version of the Observations written for lab results that come without their file.
  static let writtenVersion = "4.0.1"

  /// An R4 Observation holding `result`, pretty-printed: the file of a clinical record whose
  /// resource the input did not carry (a JSON profile keeps the lab results, not the files).
  /// Reading it back with `read(_:record:registry:)` gives `result` again: its LOINC code, name,
  /// value, unit, date (kept to the microsecond) and reference range.
  /// - Parameters:
  ///   - result: the lab result.
  ///   - identifier: the resource's `id`.
  /// - Returns: the JSON file's bytes.
  static func json(of result: LabResult, identifier: String) -> [UInt8] {
    func member(_ key: String, _ value: String) -> JSONValue.Member {
      JSONValue.Member(key: key, value: .string(value))
    }
    var code: [JSONValue.Member] = [
      JSONValue.Member(
        key: "coding",
        value: .array([.object([member("system", "http://loinc.org"), member("code", result.loinc)])]))
    ]
    if let name = result.displayName { code.append(member("text", name)) }
    var range: [JSONValue.Member] = []
    for (key, bound) in [("low", result.referenceRange?.low), ("high", result.referenceRange?.high)] {
      guard let bound, let number = JSONNumber(bound) else { continue }
      range.append(
        JSONValue.Member(
          key: key,
          value: .object([
            JSONValue.Member(key: "value", value: .number(number)), member("unit", result.unit),
          ])))
    }
    var members: [JSONValue.Member] = [
      member("resourceType", "Observation"),
      member("id", identifier),
      member("status", "final"),
      JSONValue.Member(
        key: "category",
        value: .array([
          .object([
            JSONValue.Member(
              key: "coding",
              value: .array([
                .object([
                  member("system", "http://terminology.hl7.org/CodeSystem/observation-category"),
                  member("code", "laboratory"),
                ])
              ]))
          ])
        ])),
      JSONValue.Member(key: "code", value: .object(code)),
      member("effectiveDateTime", dateText(of: result)),
      JSONValue.Member(
        key: "valueQuantity",
        value: .object([
          JSONValue.Member(key: "value", value: .number(JSONNumber(result.value) ?? JSONNumber(0))),
          member("unit", result.unit),
        ])),
    ]
    if !range.isEmpty {
      members.append(JSONValue.Member(key: "referenceRange", value: .array([.object(range)])))
    }
    return JSONWriter.bytes(of: .object(members), formatting: .pretty)
  }

  /// The date of `result` in ISO 8601: as the record wrote it where that reads back as the same
  /// date; else to the microsecond (`2026-06-20T08:15:00Z`, `2026-06-20T08:15:00.25Z`), in UTC,
  /// or the civil time alone for a date that had no zone.
  static func dateText(of result: LabResult) -> String {
    if let text = result.dateText, let parsed = ISO8601DateTime(parsing: text) {
      if let instant = parsed.timestamp {
        if !result.isLocalTime && instant == result.date { return text }
      } else if result.isLocalTime && parsed.timestamp(utcOffset: 0) == result.date {
        return text
      }
    }
    return result.date.iso8601UTCText(designatesUTC: !result.isLocalTime)
  }
}
