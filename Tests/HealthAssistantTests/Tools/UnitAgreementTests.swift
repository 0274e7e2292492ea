import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthAssistant

/// One unit per metric across the tools: `list_types`, `records` and `summary` give every metric
/// of the registry that the export holds in the summary's unit (the database's, here kilograms and
/// degrees Celsius), the unit the export wrote kept as `raw_unit` where it differs.
@Suite struct UnitAgreementTests {
  static let xml = ExportXML.document(
    """
    \(ExportXML.record("BodyMass", value: "154.3", unit: "lb", source: "Scale", start: "2026-01-09 07:00:00 -0500"))\
    \(ExportXML.record("BodyTemperature", value: "98.6", unit: "degF", source: "Thermometer", start: "2026-01-09 07:05:00 -0500"))\
    \(ExportXML.record("OxygenSaturation", value: "0.97", unit: "%", source: "Watch", start: "2026-01-09 07:10:00 -0500"))\
    \(ExportXML.record("HeartRate", value: "61", unit: "count/min", source: "Watch", start: "2026-01-09 07:15:00 -0500"))\
    \(ExportXML.record("BloodGlucose", value: "95", unit: "mg/dL", source: "Meter", start: "2026-01-09 07:20:00 -0500"))\
    \(ExportXML.record("StepCount", value: "500", unit: "count", source: "Watch", start: "2026-01-09 10:00:00 -0500", end: "2026-01-09 10:10:00 -0500"))
    """)

  @Test func everyToolGivesAMetricInTheSummarysUnit() throws {
    let fixture = try ToolFixture(
      xml: Self.xml, units: UnitPreferences(weight: .kilograms, temperature: .celsius))
    let types = try fixture.success("list_types")["types"]?.arrayValue ?? []
    #expect(types.count == 6)
    var units: [String: String] = [:]
    for type in types {
      guard let name = type["csv_name"]?.stringValue, let unit = type["unit"]?.stringValue else {
        Issue.record("a type without a CSV name or unit: \(type)")
        continue
      }
      let summary = try fixture.success("summary", ["metric": .string(name)])
      let records = try fixture.success("records", ["metric": .string(name)])
      #expect(summary["rows"]?[0]?["unit"]?.stringValue == unit, "\(name)")
      #expect(records["records"]?[0]?["unit"]?.stringValue == unit, "\(name)")
      units[name] = unit
    }
    #expect(
      units == [
        "Weight": "kg", "Body Temperature": "°C", "Oxygen Saturation": "%", "Heart Rate": "bpm",
        "Blood Glucose": "mg/dL", "Steps": "steps",
      ])
  }

  /// A HealthKit unit each CSV unit converts from, as an export writes it.
  static func exportUnit(of unit: CSVUnit) -> (unit: String, value: String) {
    switch unit {
    case .pounds, .kilograms: ("lb", "154.3")
    case .steps: ("count", "500")
    case .milligramsPerDeciliter: ("mg/dL", "95")
    case .millimetersOfMercury: ("mmHg", "120")
    case .beatsPerMinute, .breathsPerMinute: ("count/min", "61")
    case .milliseconds: ("ms", "45")
    case .percent: ("%", "0.97")
    case .fahrenheit, .celsius: ("degF", "98.6")
    case .milliliterPerKilogramMinute: ("mL/min·kg", "42")
    case .kilogramsPerSquareMeter: ("count", "23.4")
    case .centimeters, .inches: ("cm", "170")
    }
  }

  /// Every measure of the registry, one record each: `records` and `list_types` give it in the
  /// unit `summary` gives it in, wherever the summaries have it.
  @Test(arguments: [UnitPreferences.unitedStates, UnitPreferences(weight: .kilograms, temperature: .celsius)])
  func everyMeasureOfTheRegistryHasOneUnit(units: UnitPreferences) throws {
    let measures = MetricRegistry.standard.allMeasures
    var body = ""
    for (index, measure) in measures.enumerated() {
      let (unit, value) = Self.exportUnit(of: measure.unit.resolved(with: units))
      body += ExportXML.record(
        measure.healthKitType, value: value, unit: unit, source: "Device",
        start:
          "2026-01-09 \(String(format: "%02d", 6 + index / 4)):\(String(format: "%02d", index % 4 * 10)):00 -0500"
      )
    }
    let fixture = try ToolFixture(xml: ExportXML.document(body), units: units)
    var checked = 0
    for measure in measures {
      let expected = measure.unit.resolved(with: units).label
      let records = try fixture.success("records", ["metric": .string(measure.healthKitType)])
      #expect(records["records"]?[0]?["unit"]?.stringValue == expected, "\(measure.name)")
      let type = try fixture.success("list_types")["types"]?.arrayValue?.first {
        $0["type"]?.stringValue == measure.healthKitType
      }
      #expect(type?["unit"]?.stringValue == expected, "\(measure.name)")
      guard let summary = try? fixture.success("summary", ["metric": .string(measure.healthKitType)]),
        let row = summary["rows"]?[0]
      else { continue }
      #expect(row["unit"]?.stringValue == expected, "\(measure.name)")
      checked += 1
    }
    #expect(checked > measures.count / 2, "\(checked) of \(measures.count) measures have summaries")
  }

  @Test func recordsKeepTheValueAndUnitTheExportWroteWhereTheyDiffer() throws {
    let fixture = try ToolFixture(
      xml: Self.xml, units: UnitPreferences(weight: .kilograms, temperature: .celsius))
    func record(_ metric: String) throws -> JSONValue? {
      try fixture.success("records", ["metric": .string(metric)])["records"]?[0]
    }
    let weight = try record("Weight")
    #expect(weight?["value"]?.doubleValue.map { ($0 * 1000).rounded() / 1000 } == 69.989)
    #expect(weight?["raw_value"] == 154.3 && weight?["raw_unit"] == "lb")
    let temperature = try record("Body Temperature")
    #expect(temperature?["value"]?.doubleValue.map { ($0 * 1000).rounded() / 1000 } == 37)
    #expect(temperature?["raw_unit"] == "degF")
    let oxygen = try record("Oxygen Saturation")
    #expect(oxygen?["value"] == 97 && oxygen?["raw_value"] == 0.97 && oxygen?["raw_unit"] == nil)
    let glucose = try record("Blood Glucose")
    #expect(glucose?["value"] == 95 && glucose?["raw_value"] == nil && glucose?["raw_unit"] == nil)
    let heart = try record("Heart Rate")
    #expect(heart?["value"] == 61 && heart?["raw_value"] == nil && heart?["raw_unit"] == "count/min")
  }
}
