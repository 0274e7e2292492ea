import HealthExport
import HealthModel
import Testing

/// Every value rule of the CSV contract, through the whole export: a record in, a row out.
@Suite struct ValueRuleTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var record: String
    var selection: ExportSelection
    var row: String?
    var testDescription: String { name }
  }

  static let metric = UnitPreferences(weight: .kilograms, temperature: .celsius)
  static let at = "2026-01-09 10:30:00,"

  @Test(arguments: [
    Case(
      name: "100 kg in pounds", record: ExportTest.record("BodyMass", "100", "kg"),
      selection: ExportTest.selection(), row: at + "Weight,,220.46,lbs,Test Source,"),
    Case(
      name: "185.5 lb in pounds", record: ExportTest.record("BodyMass", "185.5", "lb"),
      selection: ExportTest.selection(), row: at + "Weight,,185.50,lbs,Test Source,"),
    Case(
      name: "185.5 lb in kilograms", record: ExportTest.record("BodyMass", "185.5", "lb"),
      selection: ExportTest.selection(units: metric), row: at + "Weight,,84.14,kg,Test Source,"),
    Case(
      name: "12345.7 steps truncated", record: ExportTest.record("StepCount", "12345.7", "count"),
      selection: ExportTest.selection(), row: at + "Steps,,12345,steps,Test Source,"),
    Case(
      name: "145.6 mg/dL rounded", record: ExportTest.record("BloodGlucose", "145.6", "mg/dL"),
      selection: ExportTest.selection(), row: at + "Blood Glucose,,146,mg/dL,Test Source,"),
    Case(
      name: "5.5 mmol/L in mg/dL",
      record: ExportTest.record("BloodGlucose", "5.5", "mmol&lt;180.1558800000541&gt;/L"),
      selection: ExportTest.selection(), row: at + "Blood Glucose,,99,mg/dL,Test Source,"),
    Case(
      name: "19.9 mg/dL dropped", record: ExportTest.record("BloodGlucose", "19.9", "mg/dL"),
      selection: ExportTest.selection(), row: nil),
    Case(
      name: "19.99 mg/dL dropped though it rounds to 20",
      record: ExportTest.record("BloodGlucose", "19.99", "mg/dL"), selection: ExportTest.selection(),
      row: nil),
    Case(
      name: "20 mg/dL kept", record: ExportTest.record("BloodGlucose", "20", "mg/dL"),
      selection: ExportTest.selection(), row: at + "Blood Glucose,,20,mg/dL,Test Source,"),
    Case(
      name: "SpO2 0.985 as a percentage",
      record: ExportTest.record("OxygenSaturation", "0.985", "%"),
      selection: ExportTest.selection(metrics: [], vitals: ["oxygen-saturation"]),
      row: at + "Oxygen Saturation,,98.5,%,Test Source,"),
    Case(
      name: "37 °C in Fahrenheit", record: ExportTest.record("BodyTemperature", "37", "degC"),
      selection: ExportTest.selection(metrics: [], vitals: ["body-temperature"]),
      row: at + "Body Temperature,,98.6,°F,Test Source,"),
    Case(
      name: "98.6 °F in Celsius", record: ExportTest.record("BodyTemperature", "98.6", "degF"),
      selection: ExportTest.selection(metrics: [], vitals: ["body-temperature"], units: metric),
      row: at + "Body Temperature,,37.0,°C,Test Source,"),
    Case(
      name: "resting heart rate per second (iOS 8)",
      record: ExportTest.record("RestingHeartRate", "1.02", "count/s"),
      selection: ExportTest.selection(metrics: [], vitals: ["resting-heart-rate"]),
      row: at + "Resting Heart Rate,,61,bpm,Test Source,"),
    Case(
      name: "HRV in milliseconds", record: ExportTest.record("HeartRateVariabilitySDNN", "48.5", "ms"),
      selection: ExportTest.selection(metrics: [], vitals: ["heart-rate-variability"]),
      row: at + "Heart Rate Variability (SDNN),,48,ms,Test Source,"),
    Case(
      name: "respiratory rate", record: ExportTest.record("RespiratoryRate", "14.25", "count/min"),
      selection: ExportTest.selection(metrics: [], vitals: ["respiratory-rate"]),
      row: at + "Respiratory Rate,,14.2,breaths/min,Test Source,"),
    Case(
      name: "a weight below zero skipped", record: ExportTest.record("BodyMass", "-1", "kg"),
      selection: ExportTest.selection(), row: nil),
    Case(
      name: "steps below zero skipped", record: ExportTest.record("StepCount", "-3", "count"),
      selection: ExportTest.selection(), row: nil),
    Case(
      name: "a temperature below zero kept in Celsius",
      record: ExportTest.record("BodyTemperature", "-0.5", "degC"),
      selection: ExportTest.selection(metrics: [], vitals: ["body-temperature"], units: metric),
      row: at + "Body Temperature,,-0.5,°C,Test Source,"),
    Case(
      name: "a temperature below zero kept in Fahrenheit",
      record: ExportTest.record("BodyTemperature", "-20", "degC"),
      selection: ExportTest.selection(metrics: [], vitals: ["body-temperature"]),
      row: at + "Body Temperature,,-4.0,°F,Test Source,"),
  ])
  func writesTheContractsNumbers(_ example: Case) throws {
    if let row = example.row {
      let outcome = try ExportTest.run(example.record, selection: example.selection)
      #expect(outcome.rows == [row])
    } else {
      let error = #expect(throws: ExportError.self) {
        try ExportTest.run(example.record, selection: example.selection)
      }
      #expect(error?.description.hasPrefix(ExportError.noDataMessage) == true)
    }
  }

  /// Below zero is a counted skip only for a measure that cannot be: a series added in degrees
  /// (a water temperature) or one that says so keeps its readings below zero.
  @Test func keepsReadingsBelowZeroWhereTheMeasureCanHaveThem() throws {
    let water = Measure(
      name: "Water Temperature", healthKitType: "HKQuantityTypeIdentifierWaterTemperature",
      unit: .fixed(.celsius), decimals: 1)
    let deviation = Measure(
      name: "Deviation", healthKitType: "HKQuantityTypeIdentifierBodyMass", unit: .weight, decimals: 1,
      canBeNegative: true)
    var selection = ExportTest.selection(metrics: [], units: Self.metric)
    selection.vitals = [
      Vital(optionName: "water", displayName: "Water Temperature", components: [water]),
      Vital(optionName: "deviation", displayName: "Deviation", components: [deviation]),
    ]
    let outcome = try ExportTest.run(
      ExportTest.record("WaterTemperature", "-1.8", "degC") + ExportTest.record("BodyMass", "-0.26", "kg"),
      selection: selection)
    #expect(
      outcome.rows == [
        Self.at + "Water Temperature,,-1.8,°C,Test Source,", Self.at + "Deviation,,-0.3,kg,Test Source,",
      ])
    #expect(outcome.diagnostics.totalCount == 0)
  }

  @Test func countsAReadingBelowZeroWithItsReason() throws {
    let outcome = try ExportTest.run(
      ExportTest.record("BodyMass", "-80", "kg") + ExportTest.record("BodyMass", "80", "kg"))
    #expect(outcome.rows == [Self.at + "Weight,,176.37,lbs,Test Source,"])
    #expect(
      outcome.diagnostics.summary == [
        Diagnostics.Tally(
          reason: "Weight below zero, which no reading can be", count: 1,
          firstLocation: SourceLocation(file: "export.xml", line: 11, column: 2))
      ])
  }

  @Test func countsDroppedGlucoseInTheSummary() throws {
    let outcome = try ExportTest.run(
      ExportTest.record("BloodGlucose", "19.9", "mg/dL") + ExportTest.record("BloodGlucose", "1.1", "mmol/L")
        + ExportTest.record("BloodGlucose", "98", "mg/dL"))
    #expect(outcome.rows == [Self.at + "Blood Glucose,,98,mg/dL,Test Source,"])
    #expect(outcome.summary.dropped == [Diagnostics.Tally(reason: "Blood Glucose under 20 mg/dL", count: 2)])
    #expect(outcome.diagnostics.totalCount == 0)
  }

  @Test func skipsAndCountsAUnitItCannotConvert() throws {
    let outcome = try ExportTest.run(
      ExportTest.record("BodyMass", "12", "count") + ExportTest.record("BodyMass", "80", "kg"))
    #expect(outcome.rows == [Self.at + "Weight,,176.37,lbs,Test Source,"])
    #expect(
      outcome.diagnostics.summary == [
        Diagnostics.Tally(
          reason: "Weight in unit 'count', which cannot be converted to lbs", count: 1,
          firstLocation: SourceLocation(file: "export.xml", line: 11, column: 2))
      ])
  }

  @Test func fillsMealTimeOnlyForGlucose() throws {
    let before = [(key: "HKBloodGlucoseMealTime", value: "1")]
    let after = [(key: "HKBloodGlucoseMealTime", value: "2")]
    let outcome = try ExportTest.run(
      ExportTest.record("BodyMass", "80", "kg", metadata: before)
        + ExportTest.record("BloodGlucose", "98", "mg/dL", at: "2026-01-09 07:15:00 -0500", metadata: before)
        + ExportTest.record("BloodGlucose", "145", "mg/dL", at: "2026-01-09 14:30:00 -0500", metadata: after)
        + ExportTest.record(
          "BloodGlucose", "110", "mg/dL", at: "2026-01-09 18:00:00 -0500",
          metadata: [(key: "HKBloodGlucoseMealTime", value: "3")])
        + ExportTest.record("BloodGlucose", "120", "mg/dL", at: "2026-01-09 20:00:00 -0500"))
    #expect(
      outcome.rows == [
        "2026-01-09 10:30:00,Weight,,176.37,lbs,Test Source,",
        "2026-01-09 07:15:00,Blood Glucose,,98,mg/dL,Test Source,Before Meal",
        "2026-01-09 14:30:00,Blood Glucose,,145,mg/dL,Test Source,After Meal",
        "2026-01-09 18:00:00,Blood Glucose,,110,mg/dL,Test Source,",
        "2026-01-09 20:00:00,Blood Glucose,,120,mg/dL,Test Source,",
      ])
  }
}
