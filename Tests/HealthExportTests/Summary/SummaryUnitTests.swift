import Foundation
import HealthExport
import HealthModel
import Testing

/// Units: the registry's types converted as the CSV converts them, every other type in its most
/// common unit, other units of the same kind converted, the rest skipped and counted.
@Suite struct SummaryUnitTests {
  typealias T = SummaryTest

  private func distance(_ value: String, _ unit: String, at minute: Int) -> String {
    let time = "2026-01-09 10:\(minute < 10 ? "0" : "")\(minute):00 -0500"
    let end = "2026-01-09 10:\(minute + 1 < 10 ? "0" : "")\(minute + 1):00 -0500"
    return T.record("DistanceWalkingRunning", value, unit, source: "Pedometer", from: time, to: end)
  }

  @Test func aUnitThatCannotBeConvertedIsSkippedAndCounted() throws {
    // Three samples in km (the most common unit) and one in count: 1.5 + 2 + 0.5 = 4 km.
    let outcome = try T.run(
      distance("1.5", "km", at: 0) + distance("2", "km", at: 1) + distance("7", "count", at: 2)
        + distance("0.5", "km", at: 3))
    #expect(outcome.rows == ["2026-01-09,DistanceWalkingRunning,4.00,km,,,3,Pedometer"])
    #expect(
      outcome.report.skipped == [
        Diagnostics.Tally(
          reason: "DistanceWalkingRunning in unit 'count', which cannot be converted to km", count: 1,
          firstLocation: SourceLocation(file: "export.xml", line: 13, column: 2))
      ])
    #expect(
      outcome.report.line
        == "Wrote 1 summary row (1 period, 1 metric) to standard output (time zone America/New_York); skipped 1 record: 1 × DistanceWalkingRunning in unit 'count', which cannot be converted to km (first at export.xml, line 13, column 2)."
    )
  }

  @Test func mixedUnitsOfOneKindAreConverted() throws {
    // km is the most common unit (2 of 4): 1 km + 2 km + 1 mi (1.609344 km) + 500 m (0.5 km)
    // = 5.109344 km → 5.11.
    let outcome = try T.run(
      distance("1", "km", at: 0) + distance("1", "mi", at: 1) + distance("2", "km", at: 2)
        + distance("500", "m", at: 3))
    #expect(outcome.rows == ["2026-01-09,DistanceWalkingRunning,5.11,km,,,4,Pedometer"])
  }

  @Test func aTieBetweenUnitsGoesToTheFirstInByteOrder() throws {
    // Two samples in kcal, two in kJ: "kJ" comes first ('J' is 0x4A, 'c' 0x63). 1 kcal = 4.184 kJ:
    // 4.184 + 4.184 + 10 + 10 = 28.368 → 28.37.
    func energy(_ value: String, _ unit: String, at hour: Int) -> String {
      T.record(
        "DietaryEnergyConsumed", value, unit, source: "Food Log", from: "2026-01-09 1\(hour):00:00 -0500",
        to: "2026-01-09 1\(hour):00:00 -0500")
    }
    let outcome = try T.run(
      energy("1", "kcal", at: 0) + energy("10", "kJ", at: 1) + energy("1", "kcal", at: 2)
        + energy("10", "kJ", at: 3))
    #expect(outcome.rows == ["2026-01-09,DietaryEnergyConsumed,28.37,kJ,,,4,Food Log"])
  }

  @Test func aDiscreteTypeInMixedUnitsIsConvertedBeforeItsStatistics() throws {
    // 80 cm, 82 cm and 32 in (81.28 cm): mean 81.0933… → 81.09, min 80.00, max 82.00.
    func waist(_ value: String, _ unit: String, at hour: Int) -> String {
      T.record(
        "WaistCircumference", value, unit, source: "Health", from: "2026-01-09 1\(hour):00:00 -0500")
    }
    let outcome = try T.run(waist("80", "cm", at: 0) + waist("32", "in", at: 1) + waist("82", "cm", at: 2))
    #expect(outcome.rows == ["2026-01-09,WaistCircumference,81.09,cm,80.00,82.00,3,Health"])
  }

  @Test func weightFollowsTheWeightUnitAsInTheCSV() throws {
    // 100 kg = 220.46226218 lb and 220 lb: mean 220.23113109 → 220.231 (Weight has 2 decimals,
    // its mean 3), min 220.00, max 220.46.
    let body =
      T.record("BodyMass", "100", "kg", source: "Withings", from: "2026-01-09 07:00:00 -0500")
      + T.record("BodyMass", "220", "lb", source: "Withings", from: "2026-01-09 19:00:00 -0500")
    #expect(try T.run(body).rows == ["2026-01-09,Weight,220.231,lbs,220.00,220.46,2,Withings"])
    // In kg: 100 and 220 / 2.2046226218 = 99.79032… → mean 99.895, min 99.79, max 100.00.
    let metric = T.selection(units: UnitPreferences(weight: .kilograms, temperature: .celsius))
    #expect(
      try T.run(body, selection: metric).rows == ["2026-01-09,Weight,99.895,kg,99.79,100.00,2,Withings"])
  }

  @Test func oxygenSaturationIsWrittenAsAPercentage() throws {
    // 0.985 and 0.955 → 98.5 % and 95.5 %: mean 97.00 (one more decimal than the CSV's 1).
    let body =
      T.record("OxygenSaturation", "0.985", "%", source: "Watch", from: "2026-01-09 02:00:00 -0500")
      + T.record("OxygenSaturation", "0.955", "%", source: "Watch", from: "2026-01-09 03:00:00 -0500")
    #expect(try T.run(body).rows == ["2026-01-09,Oxygen Saturation,97.00,%,95.5,98.5,2,Watch"])
  }

  @Test func bodyTemperatureFollowsTheTemperatureUnit() throws {
    // 98.6 °F = 37 °C and 37.4 °C: mean 37.20, min 37.0, max 37.4.
    let body =
      T.record("BodyTemperature", "98.6", "degF", source: "Health", from: "2026-01-09 08:00:00 -0500")
      + T.record("BodyTemperature", "37.4", "degC", source: "Health", from: "2026-01-09 20:00:00 -0500")
    let celsius = T.selection(units: UnitPreferences(weight: .pounds, temperature: .celsius))
    #expect(
      try T.run(body, selection: celsius).rows == ["2026-01-09,Body Temperature,37.20,°C,37.0,37.4,2,Health"])
  }

  @Test func bloodGlucoseUnder20IsLeftOutAsInTheCSV() throws {
    // 5.5 mmol/L = 99.085734 mg/dL and 120 mg/dL; 1.0 mmol/L (18.0 mg/dL) is left out.
    // Mean 109.542867 → 109.5; min 99, max 120.
    let body =
      T.record(
        "BloodGlucose", "5.5", "mmol&lt;180.1558800000541&gt;/L", source: "Meter",
        from: "2026-01-09 07:00:00 -0500")
      + T.record(
        "BloodGlucose", "1.0", "mmol&lt;180.1558800000541&gt;/L", source: "Meter",
        from: "2026-01-09 08:00:00 -0500")
      + T.record("BloodGlucose", "120", "mg/dL", source: "Meter", from: "2026-01-09 09:00:00 -0500")
    let outcome = try T.run(body)
    #expect(outcome.rows == ["2026-01-09,Blood Glucose,109.5,mg/dL,99,120,2,Meter"])
    #expect(outcome.report.dropped == [Diagnostics.Tally(reason: "Blood Glucose under 20 mg/dL", count: 1)])
  }

  @Test func aRegistryTypeInAUnitTheCSVCannotConvertIsSkipped() throws {
    let body =
      T.record("HeartRate", "60", "count/min", source: "Watch", from: "2026-01-09 10:00:00 -0500")
      + T.record("HeartRate", "1.5", "count/s", source: "Watch", from: "2026-01-09 10:01:00 -0500")
      + T.record("HeartRate", "70", "mmHg", source: "Watch", from: "2026-01-09 10:02:00 -0500")
    let outcome = try T.run(body)
    // 60 and 1.5/s = 90 bpm: mean 75.0.
    #expect(outcome.rows == ["2026-01-09,Heart Rate,75.0,bpm,60,90,2,Watch"])
    #expect(
      outcome.report.skipped.map(\.reason) == ["Heart Rate in unit 'mmHg', which cannot be converted to bpm"])
  }
}
