import HealthModel

/// A HealthKit quantity as a FHIR R4 Observation: its LOINC code, the UCUM unit it is written in,
/// and the vital-signs profile it meets, where one applies. The codes, units and profiles are
/// LOINC's and the FHIR R4 vital-signs profiles' (docs/convert.md cites them).
struct FHIRMeasure: Sendable {
  /// The LOINC code and its display (LOINC's long common name).
  var loinc: (code: String, display: String)
  /// Further codings the profile asks for: the oxygen-saturation profile requires 2708-6
  /// beside the pulse-oximetry code.
  var otherCodings: [(code: String, display: String)] = []
  /// The vital-signs profile (`http://hl7.org/fhir/StructureDefinition/bodyweight`), nil where
  /// none applies.
  var profile: String?
  /// The Observation's category: `vital-signs`, `laboratory`, `activity`; nil for none.
  var category: String?
  /// The value in the unit written, with that unit's UCUM code and its text, from the sample's
  /// value and HealthKit unit; nil for a unit it cannot take.
  var convert: @Sendable (_ value: Double, _ unit: String) -> (value: Double, ucum: String, text: String)?

  /// Vital signs category.
  static let vitalSigns = "vital-signs"

  /// The measures by HealthKit type: each of the vital signs and the body measurements that a
  /// clinic's record holds.
  static let byType: [String: FHIRMeasure] = [
    HealthKitIdentifier.bodyMass: FHIRMeasure(
      loinc: ("29463-7", "Body weight"), profile: "bodyweight", category: vitalSigns,
      convert: { value, unit in
        switch unit {
        case "lb": (value, "[lb_av]", "lb")
        case "g": (value, "g", "g")
        default: CSVUnit.kilograms.convert(value, from: unit).map { ($0, "kg", "kg") }
        }
      }),
    "HKQuantityTypeIdentifierHeight": FHIRMeasure(
      loinc: ("8302-2", "Body height"), profile: "bodyheight", category: vitalSigns,
      convert: { value, unit in
        switch unit {
        case "in": (value, "[in_i]", "in")
        case "ft": (value * 12, "[in_i]", "in")
        default: CSVUnit.centimeters.convert(value, from: unit).map { ($0, "cm", "cm") }
        }
      }),
    "HKQuantityTypeIdentifierBodyMassIndex": FHIRMeasure(
      loinc: ("39156-5", "Body mass index (BMI) [Ratio]"), profile: "bmi", category: vitalSigns,
      convert: { value, unit in unit == "count" ? (value, "kg/m2", "kg/m2") : nil }),
    "HKQuantityTypeIdentifierBodyFatPercentage": FHIRMeasure(
      loinc: ("41982-0", "Percentage of body fat Measured"), category: vitalSigns,
      convert: { value, unit in CSVUnit.percent.convert(value, from: unit).map { ($0, "%", "%") } }),
    HealthKitIdentifier.heartRate: FHIRMeasure(
      loinc: ("8867-4", "Heart rate"), profile: "heartrate", category: vitalSigns,
      convert: perMinute(text: "beats/minute")),
    HealthKitIdentifier.restingHeartRate: FHIRMeasure(
      loinc: ("40443-4", "Heart rate --resting"), category: vitalSigns,
      convert: perMinute(text: "beats/minute")),
    HealthKitIdentifier.heartRateVariabilitySDNN: FHIRMeasure(
      loinc: ("80404-7", "R-R interval.standard deviation (Heart rate variability)"), category: vitalSigns,
      convert: { value, unit in CSVUnit.milliseconds.convert(value, from: unit).map { ($0, "ms", "ms") } }),
    HealthKitIdentifier.oxygenSaturation: FHIRMeasure(
      loinc: ("59408-5", "Oxygen saturation in Arterial blood by Pulse oximetry"),
      otherCodings: [("2708-6", "Oxygen saturation in Arterial blood")], profile: "oxygensat",
      category: vitalSigns,
      convert: { value, unit in CSVUnit.percent.convert(value, from: unit).map { ($0, "%", "%") } }),
    HealthKitIdentifier.respiratoryRate: FHIRMeasure(
      loinc: ("9279-1", "Respiratory rate"), profile: "resprate", category: vitalSigns,
      convert: perMinute(text: "breaths/minute")),
    HealthKitIdentifier.bodyTemperature: FHIRMeasure(
      loinc: ("8310-5", "Body temperature"), profile: "bodytemp", category: vitalSigns,
      convert: { value, unit in
        switch unit {
        case "degF": (value, "[degF]", "°F")
        default: CSVUnit.celsius.convert(value, from: unit).map { ($0, "Cel", "°C") }
        }
      }),
    HealthKitIdentifier.bloodGlucose: FHIRMeasure(
      loinc: ("2339-0", "Glucose [Mass/volume] in Blood"), category: "laboratory",
      convert: { value, unit in
        CSVUnit.milligramsPerDeciliter.convert(value, from: unit).map { ($0, "mg/dL", "mg/dL") }
      }
    ),
  ]

  /// Blood pressure: the panel and its two components, in mm[Hg].
  static let bloodPressurePanel = (
    code: "85354-9", display: "Blood pressure panel with all children optional"
  )
  static let systolic = (code: "8480-6", display: "Systolic blood pressure")
  static let diastolic = (code: "8462-4", display: "Diastolic blood pressure")

  /// Steps of a day, counted once: LOINC 41950-7 in UCUM's `/d`, as HL7's Physical Activity
  /// implementation guide writes them.
  static let dailySteps = (code: "41950-7", display: "Number of steps in 24 hour Measured")

  private static func perMinute(text: String)
    -> @Sendable (Double, String) -> (value: Double, ucum: String, text: String)?
  {
    { value, unit in CSVUnit.beatsPerMinute.convert(value, from: unit).map { ($0, "/min", text) } }
  }
}
