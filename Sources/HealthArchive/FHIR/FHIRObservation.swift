import HealthModel

/// Reads the lab result of a FHIR Observation, as the Health app exports it from hospitals and
/// laboratories (one resource per file, DSTU2 `1.0.2` or R4 `4.0.1`; the fields read here are the
/// same in both).
///
/// - The LOINC code is the `code.coding[]` entry whose `system` is `http://loinc.org` (the first
///   one, or the first whose code the registry knows when there are several).
/// - The date is `effectiveDateTime`, else `effectivePeriod.start`, else `issued`; a date without
///   a zone is local time.
/// - The value is `valueQuantity.value` with `valueQuantity.unit`, else `valueQuantity.code`.
/// - The reference range is the first `referenceRange` entry with a `low.value` or `high.value`
///   whose unit (where the bound names one) is the value's.
enum FHIRObservation {
  /// What one resource gave.
  enum Outcome: Equatable {
    /// A lab result.
    case result(LabResult)
    /// An observation that cannot give a row, and why.
    case skipped(reason: String, kind: Diagnostic.Kind)
    /// Not an observation (a condition, a medication, a patient…): nothing to read.
    case notAnObservation
  }

  /// Reads `resource`, one FHIR resource.
  /// - Parameters:
  ///   - resource: the resource's JSON.
  ///   - record: the export.xml element that points at the resource (its source is the row's).
  ///   - registry: which LOINC codes are known, to choose among several codings.
  /// - Returns: the lab result, or why there is none.
  static func read(_ resource: JSONValue, record: ClinicalRecord, registry: MetricRegistry) -> Outcome {
    guard resource.members != nil else {
      return .skipped(reason: "a clinical record whose file is not a JSON object", kind: .malformed)
    }
    guard resource["resourceType"]?.stringValue == "Observation" else { return .notAnObservation }
    if let status = resource["status"]?.stringValue, ["entered-in-error", "cancelled"].contains(status) {
      return .skipped(reason: "an observation whose status is \(status)", kind: .unusable)
    }
    let codes = (resource["code"]?["coding"]?.arrayValue ?? []).compactMap { coding -> String? in
      guard coding["system"]?.stringValue == "http://loinc.org" else { return nil }
      return coding["code"]?.stringValue
    }
    guard let loinc = codes.first(where: { registry.lab(forCode: $0) != nil }) ?? codes.first else {
      return .skipped(reason: "an observation without a LOINC code", kind: .unusable)
    }
    guard let quantity = resource["valueQuantity"], quantity.members != nil else {
      return .skipped(reason: "an observation without a value quantity", kind: .unusable)
    }
    guard let value = quantity["value"]?.doubleValue else {
      return .skipped(reason: "an observation whose valueQuantity.value is not a number", kind: .malformed)
    }
    guard AcceptedRange.contains(value: value) else {
      return .skipped(
        reason: "an observation whose value is out of range (a magnitude of 10^15 or more)", kind: .malformed)
    }
    if let comparator = quantity["comparator"]?.stringValue {
      return .skipped(
        reason:
          "an observation whose value has a comparator ('\(comparator)'), which a CSV number cannot show",
        kind: .unusable)
    }
    let unit = quantity["unit"]?.stringValue ?? quantity["code"]?.stringValue ?? ""
    let dateText =
      resource["effectiveDateTime"]?.stringValue ?? resource["effectivePeriod"]?["start"]?.stringValue
      ?? resource["issued"]?.stringValue
    guard let dateText else {
      return .skipped(reason: "an observation without a date", kind: .malformed)
    }
    guard let parsed = ISO8601DateTime(parsing: dateText) else {
      return .skipped(reason: "an observation whose date is not ISO 8601", kind: .malformed)
    }
    let date: Timestamp
    let isLocalTime: Bool
    if let instant = parsed.timestamp {
      date = instant
      isLocalTime = false
    } else {
      date = parsed.timestamp(utcOffset: 0)
      isLocalTime = true
    }
    guard AcceptedRange.contains(date) else {
      return .skipped(
        reason: "an observation whose date is outside the years \(AcceptedRange.yearsText)", kind: .malformed)
    }
    return .result(
      LabResult(
        loinc: loinc, displayName: resource["code"]?["text"]?.stringValue, value: value, unit: unit,
        date: date, isLocalTime: isLocalTime, sourceName: record.sourceName,
        referenceRange: referenceRange(of: resource, unit: unit, code: quantity["code"]?.stringValue),
        resourceFilePath: record.resourceFilePath, dateText: dateText))
  }

  /// The first `referenceRange` entry with a bound in the value's unit: a bound that names a
  /// unit (`unit` or `code`) matching neither the value's unit nor its code is not one.
  private static func referenceRange(of resource: JSONValue, unit: String, code: String?) -> ReferenceRange? {
    for entry in resource["referenceRange"]?.arrayValue ?? [] {
      func bound(_ key: String) -> Double? {
        guard let quantity = entry[key], let value = quantity["value"]?.doubleValue else { return nil }
        let named = [quantity["unit"]?.stringValue, quantity["code"]?.stringValue].compactMap { $0 }
        guard named.isEmpty || named.contains(where: { $0 == unit || $0 == code }) else { return nil }
        return value
      }
      let low = bound("low")
      let high = bound("high")
      if low != nil || high != nil { return ReferenceRange(low: low, high: high) }
    }
    return nil
  }
}
