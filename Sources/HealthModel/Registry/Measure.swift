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
  /// How a converted value becomes the written number.
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

  /// A measure; each parameter is the property of the same name.
  /// - Parameters:
  ///   - name: the column's name.
  ///   - healthKitType: the HealthKit type it reads.
  ///   - unit: the units it may be written in.
  ///   - decimals: the decimal places written.
  ///   - rounding: how a converted value becomes the written number.
  ///   - minimumKept: the smallest value kept.
  ///   - hasMealTime: whether it has a meal time.
  ///   - appearsInCorrelations: whether its samples appear in correlations.
  ///   - canBeNegative: as the property; by default, whether the unit's scale goes below
  ///     zero (`UnitChoice.hasNegativeValues`).
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

  /// A metric of one measure, named `optionName` on the command line.
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

  /// A vital of several measures (blood pressure's systolic and diastolic), named `optionName` on the command line and `displayName` in the CSV.
  public init(optionName: String, displayName: String, components: [Measure]) {
    self.optionName = optionName
    self.displayName = displayName
    self.components = components
  }
}
