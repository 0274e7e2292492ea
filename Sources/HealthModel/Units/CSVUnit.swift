/// A unit the CSV writes, and how a value in any HealthKit unit of the same dimension converts to
/// it.
///
/// Every value is converted from the `unit` of its own record; a HealthKit unit that is not listed
/// for the target gives `nil`, which the export counts as a skip rather than guess a number.
package enum CSVUnit: String, Hashable, Sendable, CaseIterable {
  case pounds = "lbs"
  case kilograms = "kg"
  case steps = "steps"
  case milligramsPerDeciliter = "mg/dL"
  case millimetersOfMercury = "mmHg"
  case beatsPerMinute = "bpm"
  case milliseconds = "ms"
  case breathsPerMinute = "breaths/min"
  case percent = "%"
  case fahrenheit = "°F"
  case celsius = "°C"
  case milliliterPerKilogramMinute = "mL/kg/min"
  case kilogramsPerSquareMeter = "kg/m²"
  case centimeters = "cm"
  case inches = "in"

  /// The label written in the CSV's Unit column.
  package var label: String { rawValue }

  /// Whether this unit's scale goes below zero (degrees Fahrenheit and Celsius); the others
  /// measure an amount, of which there is never less than none.
  public var hasNegativeValues: Bool { self == .fahrenheit || self == .celsius }

  /// `value`, measured in the HealthKit unit `healthKitUnit`, expressed in this unit; nil when the
  /// HealthKit unit is not one this unit converts from.
  /// - Parameters:
  ///   - value: the number as stored.
  ///   - healthKitUnit: the record's own unit string, such as `lb` or `mmol<180.1558800000541>/L`.
  /// - Returns: the value in this unit.
  package func convert(_ value: Double, from healthKitUnit: String) -> Double? {
    switch self {
    case .pounds:
      if healthKitUnit == "lb" { return value }
      return HealthKitUnit(healthKitUnit, of: .mass).map {
        $0.toBase(value) * UnitConstants.poundsPerKilogram
      }
    case .kilograms:
      return HealthKitUnit(healthKitUnit, of: .mass).map { $0.toBase(value) }
    case .steps:
      return healthKitUnit == "count" ? value : nil
    case .milligramsPerDeciliter:
      switch healthKitUnit {
      case "mg/dL": return value
      case UnitConstants.glucoseMillimolesPerLiter, "mmol/L":
        return value * UnitConstants.glucoseMilligramsPerDeciliterPerMillimolePerLiter
      default: return nil
      }
    case .millimetersOfMercury:
      return healthKitUnit == "mmHg" ? value : nil
    case .beatsPerMinute, .breathsPerMinute:
      switch healthKitUnit {
      case "count/min": return value
      case "count/s": return value * 60
      default: return nil
      }
    case .milliseconds:
      switch healthKitUnit {
      case "ms": return value
      case "s": return value * 1000
      default: return nil
      }
    case .percent:
      return healthKitUnit == "%" ? value * 100 : nil
    case .fahrenheit:
      switch healthKitUnit {
      case "degF": return value
      case "degC": return value * 9 / 5 + 32
      case "K": return (value - 273.15) * 9 / 5 + 32
      default: return nil
      }
    case .celsius:
      switch healthKitUnit {
      case "degC": return value
      case "degF": return (value - 32) * 5 / 9
      case "K": return value - 273.15
      default: return nil
      }
    case .milliliterPerKilogramMinute:
      switch healthKitUnit {
      case "mL/min·kg", "mL/kg·min", "ml/(kg*min)", "mL/kg/min": return value
      default: return nil
      }
    case .kilogramsPerSquareMeter:
      return healthKitUnit == "count" ? value : nil
    case .centimeters:
      return HealthKitUnit(healthKitUnit, of: .length).map { $0.toBase(value) }
    case .inches:
      if healthKitUnit == "in" { return value }
      return HealthKitUnit(healthKitUnit, of: .length).map {
        $0.toBase(value) / UnitConstants.centimetersPerInch
      }
    }
  }
}

/// The exact factors the conversions use.
package enum UnitConstants {
  /// 1 kg = 2.2046226218 lb, as the CSV contract states.
  package static let poundsPerKilogram = 2.2046226218
  /// 1 mmol/L of glucose = 18.0155880 mg/dL, as the CSV contract states.
  package static let glucoseMilligramsPerDeciliterPerMillimolePerLiter = 18.0155880
  /// HealthKit's unit string for blood glucose in mmol/L, with glucose's molar mass.
  package static let glucoseMillimolesPerLiter = "mmol<180.1558800000541>/L"
  /// 1 in = 2.54 cm exactly.
  package static let centimetersPerInch = 2.54
  /// 1 cal (the thermochemical calorie) = 4.184 J exactly.
  package static let joulesPerCalorie = 4.184
}
