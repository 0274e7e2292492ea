import HealthExport
import HealthModel
import Testing

/// Blocks, sort order, stable ties, "last N records", date ranges, and the correlation rule.
@Suite struct RowOrderTests {
  /// Three weights at 10:30 from sources A, B, C (in that input order), one earlier, one later.
  let weights =
    ExportTest.record("BodyMass", "80", "kg", source: "A")
    + ExportTest.record("BodyMass", "81", "kg", source: "Later", at: "2026-01-10 08:00:00 -0500")
    + ExportTest.record("BodyMass", "82", "kg", source: "B")
    + ExportTest.record("BodyMass", "83", "kg", source: "Earlier", at: "2026-01-08 08:00:00 -0500")
    + ExportTest.record("BodyMass", "84", "kg", source: "C")

  let kilograms = UnitPreferences(weight: .kilograms, temperature: .fahrenheit)

  @Test func sortsAscendingKeepingTiesInInputOrder() throws {
    let outcome = try ExportTest.run(weights, selection: ExportTest.selection(units: kilograms))
    #expect(
      outcome.rows == [
        "2026-01-08 08:00:00,Weight,,83.00,kg,Earlier,",
        "2026-01-09 10:30:00,Weight,,80.00,kg,A,",
        "2026-01-09 10:30:00,Weight,,82.00,kg,B,",
        "2026-01-09 10:30:00,Weight,,84.00,kg,C,",
        "2026-01-10 08:00:00,Weight,,81.00,kg,Later,",
      ])
  }

  @Test func sortsDescendingKeepingTiesInInputOrder() throws {
    var selection = ExportTest.selection(units: kilograms)
    selection.sortOrder = .descending
    let outcome = try ExportTest.run(weights, selection: selection)
    #expect(
      outcome.rows == [
        "2026-01-10 08:00:00,Weight,,81.00,kg,Later,",
        "2026-01-09 10:30:00,Weight,,80.00,kg,A,",
        "2026-01-09 10:30:00,Weight,,82.00,kg,B,",
        "2026-01-09 10:30:00,Weight,,84.00,kg,C,",
        "2026-01-08 08:00:00,Weight,,83.00,kg,Earlier,",
      ])
  }

  @Test func writesBlocksInContractOrderWhateverTheInputOrder() throws {
    let body =
      ExportTest.record("BloodPressureDiastolic", "80", "mmHg", at: "2026-01-15 14:32:00 -0500")
      + ExportTest.record("OxygenSaturation", "0.97", "%", at: "2026-01-01 09:00:00 -0500")
      + ExportTest.record("BloodPressureSystolic", "120", "mmHg", at: "2026-01-15 14:32:00 -0500")
      + ExportTest.record("BloodGlucose", "101", "mg/dL", at: "2026-01-02 07:00:00 -0500")
      + ExportTest.record("StepCount", "300", "count", at: "2026-01-03 09:00:00 -0500")
      + ExportTest.record("BodyMass", "80", "kg", at: "2026-01-04 09:00:00 -0500")
    let outcome = try ExportTest.run(
      body, selection: ExportTest.selection(vitals: ["oxygen-saturation", "blood-pressure"]))
    #expect(
      outcome.rows == [
        "2026-01-04 09:00:00,Weight,,176.37,lbs,Test Source,",
        "2026-01-03 09:00:00,Steps,,300,steps,Test Source,",
        "2026-01-02 07:00:00,Blood Glucose,,101,mg/dL,Test Source,",
        "2026-01-15 14:32:00,Blood Pressure Systolic,,120,mmHg,Test Source,",
        "2026-01-15 14:32:00,Blood Pressure Diastolic,,80,mmHg,Test Source,",
        "2026-01-01 09:00:00,Oxygen Saturation,,97.0,%,Test Source,",
      ])
    #expect(
      outcome.summary.blocks.map(\.name) == [
        "Weight", "Steps", "Blood Glucose", "Blood Pressure Systolic", "Blood Pressure Diastolic",
        "Oxygen Saturation",
      ])
  }

  @Test func keepsTheLastRecordsOfEachSeries() throws {
    let body =
      weights + ExportTest.record("StepCount", "10", "count", at: "2026-01-01 09:00:00 -0500")
      + ExportTest.record("StepCount", "20", "count", at: "2026-01-02 09:00:00 -0500")
      + ExportTest.record("BloodGlucose", "19", "mg/dL", at: "2026-01-19 09:00:00 -0500")
      + ExportTest.record("BloodGlucose", "90", "mg/dL", at: "2026-01-05 09:00:00 -0500")
    let outcome = try ExportTest.run(
      body, selection: ExportTest.selection(range: .lastRecords(2), units: kilograms))
    // The two most recent weights are "Later" and, of the three tied at 10:30, the last in the
    // input; glucose under 20 is dropped before counting.
    #expect(
      outcome.rows == [
        "2026-01-09 10:30:00,Weight,,84.00,kg,C,",
        "2026-01-10 08:00:00,Weight,,81.00,kg,Later,",
        "2026-01-01 09:00:00,Steps,,10,steps,Test Source,",
        "2026-01-02 09:00:00,Steps,,20,steps,Test Source,",
        "2026-01-05 09:00:00,Blood Glucose,,90,mg/dL,Test Source,",
      ])
  }

  @Test func keepsOnlyTheDaysInRange() throws {
    let body =
      ExportTest.record("StepCount", "1", "count", at: "2026-01-18 23:59:59 -0500")
      + ExportTest.record("StepCount", "2", "count", at: "2026-01-19 00:00:00 -0500")
      + ExportTest.record("StepCount", "3", "count", at: "2026-01-20 23:59:59 -0500")
      + ExportTest.record("StepCount", "4", "count", at: "2026-01-21 00:00:00 -0500")
    // Now is 2026-01-20 07:00 in New York: the last 2 days are the 19th and the 20th.
    let lastDays = try ExportTest.run(body, selection: ExportTest.selection(range: .lastDays(2)))
    #expect(
      lastDays.rows.map { $0.split(separator: ",", omittingEmptySubsequences: false)[3] } == ["2", "3"])
    let custom = try ExportTest.run(
      body,
      selection: ExportTest.selection(
        range: .custom(
          from: CalendarDay(year: 2026, month: 1, day: 18), to: CalendarDay(year: 2026, month: 1, day: 19))))
    #expect(custom.rows.map { $0.split(separator: ",", omittingEmptySubsequences: false)[3] } == ["1", "2"])
  }

  static let systolic = ExportTest.record(
    "BloodPressureSystolic", "120", "mmHg", at: "2026-01-15 14:32:00 -0500")
  static let diastolic = ExportTest.record(
    "BloodPressureDiastolic", "80", "mmHg", at: "2026-01-15 14:32:00 -0500")

  static func correlation(_ members: String) -> String {
    """
     <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Test Source" startDate="2026-01-15 14:32:00 -0500" endDate="2026-01-15 14:32:00 -0500">
    \(members) </Correlation>

    """
  }

  static let reading = [
    "2026-01-15 14:32:00,Blood Pressure Systolic,,120,mmHg,Test Source,",
    "2026-01-15 14:32:00,Blood Pressure Diastolic,,80,mmHg,Test Source,",
  ]

  @Test(arguments: [
    ("members with top-level copies after", correlation(systolic + diastolic) + systolic + diastolic),
    ("members with top-level copies before", systolic + diastolic + correlation(systolic + diastolic)),
    ("members only", correlation(systolic + diastolic)),
    ("top-level records only", systolic + diastolic),
  ])
  func writesEachBloodPressureReadingOnce(_ example: (String, String)) throws {
    let outcome = try ExportTest.run(
      example.1, selection: ExportTest.selection(metrics: [], vitals: ["blood-pressure"]))
    #expect(outcome.rows == Self.reading)
  }

  @Test func writesAMemberThatDiffersFromTheTopLevelRecord() throws {
    let other = ExportTest.record("BloodPressureSystolic", "125", "mmHg", at: "2026-01-15 14:32:00 -0500")
    let outcome = try ExportTest.run(
      Self.correlation(other + Self.diastolic) + Self.systolic + Self.diastolic,
      selection: ExportTest.selection(metrics: [], vitals: ["blood-pressure"]))
    #expect(
      outcome.rows == [
        "2026-01-15 14:32:00,Blood Pressure Systolic,,125,mmHg,Test Source,",
        "2026-01-15 14:32:00,Blood Pressure Systolic,,120,mmHg,Test Source,",
        "2026-01-15 14:32:00,Blood Pressure Diastolic,,80,mmHg,Test Source,",
      ])
  }
}
