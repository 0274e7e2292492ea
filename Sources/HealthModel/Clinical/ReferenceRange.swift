/// The range a laboratory calls normal for a result (FHIR `referenceRange`): a lower bound, an
/// upper bound, or both, in the result's unit.
public struct ReferenceRange: Hashable, Sendable {
  /// The lowest normal value, if the record gives one.
  public var low: Double?
  /// The highest normal value, if the record gives one.
  public var high: Double?

  /// A reference range from `low` to `high`, either open.
  public init(low: Double?, high: Double?) {
    self.low = low
    self.high = high
  }

  /// Where a value lies against the range.
  public enum Position: Hashable, Sendable {
    case below
    case within
    case above
  }

  /// Where `value` lies: below the low bound, above the high bound, or within (the bounds
  /// themselves included).
  public func position(of value: Double) -> Position {
    if let low, value < low { return .below }
    if let high, value > high { return .above }
    return .within
  }
}
