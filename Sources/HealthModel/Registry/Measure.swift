/// One series of CSV rows read from one HealthKit quantity type: a base metric (`Weight`) or a
/// component of a vital (`Blood Pressure Systolic`).
public struct Measure: Hashable, Sendable {
  /// How a converted value becomes the written number.
  public enum Rounding: Hashable, Sendable {
    /// Rounded to `decimals` places as C's `printf("%.Nf")` rounds.
    case toNearest
    /// The fraction dropped (steps are whole).
    case towardZero
  }

  /// The name in the CSV's Metric column.
  public var name: String
  /// The HealthKit quantity type the rows come from.
  public var healthKitType: String
  /// The unit the value is written in.
  package var unit: UnitChoice
  /// Decimal places written.
  public var decimals: Int
  public var rounding: Rounding
  /// Converted values under this are dropped, not written (blood glucose: 20 mg/dL).
  public var minimumKept: Double?
  /// Whether the Meal Time column is filled from `HKBloodGlucoseMealTime`.
  public var hasMealTime: Bool
  /// Whether samples of this type also come as members of correlations (blood pressure), so that
  /// each reading is written once.
  public var appearsInCorrelations: Bool
  /// Whether a reading may lie below zero. A weight, a count, a rate, a fraction or a pressure
  /// cannot, and one below zero is a counted skip; a value on a scale whose zero is not "none"
  /// (a temperature in °F or °C, a deviation, a level in decibels) can.
  public var canBeNegative: Bool

  /// - Parameter canBeNegative: as the property; by default, whether the unit's scale goes below
  ///   zero (`UnitChoice.hasNegativeValues`).
  package init(
    name: String, healthKitType: String, unit: UnitChoice, decimals: Int,
    rounding: Rounding = .toNearest, minimumKept: Double? = nil, hasMealTime: Bool = false,
    appearsInCorrelations: Bool = false, canBeNegative: Bool? = nil
  ) {
    self.name = name
    self.healthKitType = healthKitType
    self.unit = unit
    self.decimals = decimals
    self.rounding = rounding
    self.minimumKept = minimumKept
    self.hasMealTime = hasMealTime
    self.appearsInCorrelations = appearsInCorrelations
    self.canBeNegative = canBeNegative ?? unit.hasNegativeValues
  }

  /// How a value converted to this series' unit is written: truncated first where the series
  /// drops fractions, with its decimal places.
  package func writtenValue(of value: Double) -> WrittenValue {
    WrittenValue(rounding == .towardZero ? value.rounded(.towardZero) : value, decimals: decimals)
  }
}

/// A base metric a user selects with `--metrics`: weight, steps, blood glucose.
public struct BaseMetric: Hashable, Sendable {
  /// The name on the command line (`weight`).
  public var optionName: String
  /// What is read and written.
  public var measure: Measure
  /// Whether an export selects it when the user names no metrics.
  public var isSelectedByDefault: Bool

  public init(optionName: String, measure: Measure, isSelectedByDefault: Bool) {
    self.optionName = optionName
    self.measure = measure
    self.isSelectedByDefault = isSelectedByDefault
  }
}

/// A vital a user selects with `--vitals`; it may expand to several components, each its own
/// rows (blood pressure → systolic and diastolic, never paired).
public struct Vital: Hashable, Sendable {
  /// The name on the command line (`blood-pressure`).
  public var optionName: String
  /// The name people know it by (`Blood Pressure`).
  public var displayName: String
  /// The series it writes, in order.
  public var components: [Measure]

  public init(optionName: String, displayName: String, components: [Measure]) {
    self.optionName = optionName
    self.displayName = displayName
    self.components = components
  }
}
