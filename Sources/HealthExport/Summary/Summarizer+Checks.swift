import HealthArchive
import HealthModel

/// The checks a sample passes before it is summarized.
extension Summarizer {
  /// Whether a sample's interval is well formed; one that ends before it starts is reported (the
  /// readers skip it already, `Plausibility`; an app's items come here as they are).
  func isValidInterval(
    _ start: Double, _ end: Double, slot: Int, at location: SourceLocation
  ) throws -> Bool {
    guard
      Plausibility.problem(
        start: Timestamp(millisecondsSince1970: start), end: Timestamp(millisecondsSince1970: end)) != nil
    else { return true }
    try diagnostics.report(
      Diagnostic(reason: "\(slots[slot].metric) record that ends before it starts", location: location))
    return false
  }

  /// Whether a sample lasts at most 31 days; a longer one is reported and skipped (nothing Apple
  /// records lasts that long, and it would be prorated over thousands of periods).
  func isShortEnough(_ start: Double, _ end: Double, slot: Int, at location: SourceLocation) throws -> Bool {
    guard end - start > Self.longestSample else { return true }
    try report(
      Diagnostic(
        reason: "\(slots[slot].metric) record longer than 31 days", location: location, kind: .unusable))
    return false
  }

  /// The longest sample summarized: 31 days, in milliseconds.
  static let longestSample = 31 * 86_400_000.0

  /// A category sample's value as a name, read as the profile reads it: iOS 8's exports wrote
  /// HealthKit's numbers (`1`) and left out 0 (a sleep record without a value is in bed, a stand
  /// hour without one stood); nil for a quantity.
  static func categoryName(of sample: Sample) -> String? {
    let text: String
    switch sample.value {
    case .quantity: return nil
    case .none: text = String(HealthKitRawValues.missingCategoryValue)
    case .category(let value): text = value
    }
    guard let first = text.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9"),
      let number = Int(text), let name = HealthKitRawValues.categoryNamesByType[sample.type]?[number]
    else { return text }
    return name
  }
}
