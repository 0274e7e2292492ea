/// A HealthKit unit string the tool converts, with its kind and its factor to the kind's base
/// unit: mass, length, energy, time, volume and counts per time.
///
/// One table serves the CSV (weight, height) and the summaries (a value in another unit of the
/// same kind as the type's summary unit). Each conversion is written as the arithmetic the CSV
/// contract implies, so that the CSV's numbers stay the same to the last bit.
package enum HealthKitUnit: String, Hashable, Sendable, CaseIterable {
  case kilogram = "kg"
  case gram = "g"
  case milligram = "mg"
  case pound = "lb"
  case ounce = "oz"
  case stone = "st"

  case meter = "m"
  case centimeter = "cm"
  case millimeter = "mm"
  case kilometer = "km"
  case inch = "in"
  case foot = "ft"
  case yard = "yd"
  case mile = "mi"

  case joule = "J"
  case kilojoule = "kJ"
  case calorie = "cal"
  case kilocalorie = "kcal"
  /// The food calorie, a kilocalorie.
  case largeCalorie = "Cal"

  case millisecond = "ms"
  case second = "s"
  case minute = "min"
  case hour = "hr"
  case day = "d"

  case milliliter = "mL"
  case liter = "L"

  case countPerMinute = "count/min"
  case countPerSecond = "count/s"

  /// What a unit measures; units of one kind convert into each other.
  package enum Kind: Hashable, Sendable {
    /// Base: the kilogram.
    case mass
    /// Base: the centimeter.
    case length
    /// Base: the joule.
    case energy
    /// Base: the second.
    case time
    /// Base: the milliliter.
    case volume
    /// Base: counts per minute.
    case countRate
  }

  package var kind: Kind {
    switch self {
    case .kilogram, .gram, .milligram, .pound, .ounce, .stone: .mass
    case .meter, .centimeter, .millimeter, .kilometer, .inch, .foot, .yard, .mile: .length
    case .joule, .kilojoule, .calorie, .kilocalorie, .largeCalorie: .energy
    case .millisecond, .second, .minute, .hour, .day: .time
    case .milliliter, .liter: .volume
    case .countPerMinute, .countPerSecond: .countRate
    }
  }

  /// `value` in this unit, expressed in the base unit of its kind.
  package func toBase(_ value: Double) -> Double {
    switch self {
    case .kilogram, .centimeter, .joule, .second, .milliliter, .countPerMinute: value
    case .gram: value / 1000
    case .milligram: value / 1_000_000
    case .pound: value / UnitConstants.poundsPerKilogram
    case .ounce: value / 16 / UnitConstants.poundsPerKilogram
    case .stone: value * 14 / UnitConstants.poundsPerKilogram
    case .meter: value * 100
    case .millimeter: value / 10
    case .kilometer: value * 100_000
    case .inch: value * UnitConstants.centimetersPerInch
    case .foot: value * 12 * UnitConstants.centimetersPerInch
    case .yard: value * 36 * UnitConstants.centimetersPerInch
    case .mile: value * 63_360 * UnitConstants.centimetersPerInch
    case .kilojoule: value * 1000
    case .calorie: value * UnitConstants.joulesPerCalorie
    case .kilocalorie, .largeCalorie: value * 1000 * UnitConstants.joulesPerCalorie
    case .millisecond: value / 1000
    case .minute: value * 60
    case .hour: value * 3600
    case .day: value * 86_400
    case .liter: value * 1000
    case .countPerSecond: value * 60
    }
  }

  /// `value` in the base unit of this unit's kind, expressed in this unit.
  package func fromBase(_ value: Double) -> Double {
    switch self {
    case .kilogram, .centimeter, .joule, .second, .milliliter, .countPerMinute: value
    case .gram: value * 1000
    case .milligram: value * 1_000_000
    case .pound: value * UnitConstants.poundsPerKilogram
    case .ounce: value * UnitConstants.poundsPerKilogram * 16
    case .stone: value * UnitConstants.poundsPerKilogram / 14
    case .meter: value / 100
    case .millimeter: value * 10
    case .kilometer: value / 100_000
    case .inch: value / UnitConstants.centimetersPerInch
    case .foot: value / UnitConstants.centimetersPerInch / 12
    case .yard: value / UnitConstants.centimetersPerInch / 36
    case .mile: value / UnitConstants.centimetersPerInch / 63_360
    case .kilojoule: value / 1000
    case .calorie: value / UnitConstants.joulesPerCalorie
    case .kilocalorie, .largeCalorie: value / UnitConstants.joulesPerCalorie / 1000
    case .millisecond: value * 1000
    case .minute: value / 60
    case .hour: value / 3600
    case .day: value / 86_400
    case .liter: value / 1000
    case .countPerSecond: value / 60
    }
  }

  /// `value`, measured in the HealthKit unit `source`, expressed in the HealthKit unit `target`;
  /// the value itself when the two are the same string, nil when either is not in the table or
  /// they measure different kinds.
  package static func convert(_ value: Double, from source: String, to target: String) -> Double? {
    UnitConversion(from: source, to: target)?.apply(value)
  }
}

extension HealthKitUnit {
  /// The unit a HealthKit unit string names, when it is one of `kind`.
  package init?(_ healthKitUnit: String, of kind: Kind) {
    guard let unit = HealthKitUnit(rawValue: healthKitUnit), unit.kind == kind else { return nil }
    self = unit
  }
}

/// How a value in one HealthKit unit becomes one in another of the same kind, worked out once
/// for many values.
package enum UnitConversion: Hashable, Sendable {
  /// The same unit: the value as it is.
  case identity
  /// Through the base unit of the kind.
  case between(HealthKitUnit, HealthKitUnit)

  /// The conversion from the unit string `source` to `target`; nil when either is not in
  /// `HealthKitUnit`'s table (and they differ) or they measure different kinds.
  package init?(from source: String, to target: String) {
    if source == target {
      self = .identity
      return
    }
    guard let from = HealthKitUnit(rawValue: source), let to = HealthKitUnit(rawValue: target),
      from.kind == to.kind
    else { return nil }
    self = .between(from, to)
  }

  /// `value` converted.
  package func apply(_ value: Double) -> Double {
    switch self {
    case .identity: value
    case .between(let from, let to): to.fromBase(from.toBase(value))
    }
  }
}
