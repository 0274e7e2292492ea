import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthExport

/// `convert --format fhir`: the Bundle of a small export, pinned whole, and the same resources as
/// NDJSON files.
@Suite struct FHIROutputTests {
  static let zone = TimeZone(identifier: "America/New_York")!

  static func export(in folder: TestDirectory) throws -> String {
    let copy = { (type: String, value: String) in
      ExportXML.record(type, value: value, unit: "mmHg", source: "Cuff", start: "2026-01-14 08:05:00 -0500")
    }
    let body =
      """
       <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-02-29" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet"/>

      """
      + ExportXML.record(
        "BodyMass", value: "180.2", unit: "lb", source: "Scale", start: "2026-01-14 08:00:00 -0500")
      + ExportXML.record(
        "HeartRate", value: "72", unit: "count/min", source: "Watch", start: "2026-07-01 10:00:00 -0400")
      + ExportXML.record(
        "OxygenSaturation", value: "0.97", unit: "%", source: "Watch", start: "2026-07-01 10:01:00 -0400")
      + ExportXML.record(
        "BodyTemperature", value: "37.1", unit: "degC", source: "Thermometer",
        start: "2026-01-14 07:00:00 -0500")
      + ExportXML.record(
        "BloodGlucose", value: "99", unit: "mg/dL", source: "Meter", start: "2026-01-14 09:30:00 -0500",
        metadata: [("HKBloodGlucoseMealTime", "2")])
      + ExportXML.record(
        "StepCount", value: "100", unit: "count", source: "Watch", start: "2026-01-14 09:00:00 -0500",
        end: "2026-01-14 09:10:00 -0500")
      + ExportXML.record(
        "StepCount", value: "100", unit: "count", source: "iPhone", start: "2026-01-14 09:00:00 -0500",
        end: "2026-01-14 09:10:00 -0500")
      + ExportXML.record(
        "StepCount", value: "50", unit: "count", source: "iPhone", start: "2026-01-15 12:00:00 -0500",
        end: "2026-01-15 12:05:00 -0500")
      + ExportXML.record(
        "HKCategoryTypeIdentifierSleepAnalysis", value: "HKCategoryValueSleepAnalysisAsleepCore",
        source: "Watch",
        start: "2026-01-14 01:00:00 -0500", end: "2026-01-14 05:00:00 -0500")
      + copy("BloodPressureSystolic", "120") + copy("BloodPressureDiastolic", "80")
        + """
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Cuff" startDate="2026-01-14 08:05:00 -0500" endDate="2026-01-14 08:05:00 -0500">
        \(copy("BloodPressureSystolic", "120"))\(copy("BloodPressureDiastolic", "80")) </Correlation>

        """
    return try folder.write(ExportXML.document(body), to: "export.xml")
  }

  static func convert(_ input: String, to destination: OutputDestination) throws -> ConvertExport.Outcome {
    let options = ConvertExport.Options(
      format: .fhir, timeZone: .named(zone), now: Timestamp(secondsSince1970: 1_768_910_400))
    return try ConvertExport(options: options).run(
      source: try HealthInput.open(path: input, timeZone: zone), destination: destination,
      diagnostics: Diagnostics())
  }

  @Test func writesABundle() throws {
    let folder = try TestDirectory()
    let input = try Self.export(in: folder)
    let outcome = try Self.convert(input, to: .file(path: folder.file("record.json"), overwrites: false))
    #expect(
      outcome.line
        == "Wrote \(folder.file("record.json")) (FHIR R4 Bundle): 9 resources (8 Observation, 1 Patient), dates in America/New_York; left out: 1 record of 1 type with no FHIR form, 2 × a top-level copy of a blood-pressure reading (written from its correlation)."
    )
    let bundle = try folder.read("record.json")
    let expected = try Golden.expected("fhir-bundle.json", actual: bundle, testFile: #filePath)
    #expect(bundle == expected, "\(Golden.difference(expected: expected, actual: bundle))")
    // What the golden file holds, said plainly.
    #expect(bundle.contains(#""gender":"female","birthDate":"1980-02-29""#))
    #expect(
      bundle.contains(
        #""effectiveDateTime":"2026-01-14T08:00:00-05:00","valueQuantity":{"value":180.2,"unit":"lb","system":"http://unitsofmeasure.org","code":"[lb_av]"}"#
      ))
    #expect(bundle.contains(#""effectiveDateTime":"2026-07-01T10:00:00-04:00""#))
    #expect(
      bundle.contains(
        #""valueQuantity":{"value":97,"unit":"%","system":"http://unitsofmeasure.org","code":"%"}"#))
    #expect(bundle.contains(#""note":[{"text":"After a meal (HKBloodGlucoseMealTimePostprandial)"}]"#))
    #expect(
      bundle.contains(
        #""effectivePeriod":{"start":"2026-01-14T00:00:00-05:00","end":"2026-01-15T00:00:00-05:00"},"valueQuantity":{"value":100,"unit":"steps/day","system":"http://unitsofmeasure.org","code":"/d"}"#
      ))
    #expect(bundle.contains(#""valueQuantity":{"value":50,"unit":"steps/day""#))
    #expect(bundle.components(separatedBy: #""code":"85354-9""#).count == 2)
    let document = try JSONValue(parsing: Array(bundle.utf8))
    let entries = try #require(document["entry"]?.arrayValue)
    #expect(entries.count == 9)
    let patientURL = try #require(entries[0]["fullUrl"]?.stringValue)
    for entry in entries.dropFirst() {
      #expect(entry["resource"]?["subject"]?["reference"]?.stringValue == patientURL)
    }
  }

  @Test func writesNDJSONFilesIntoAFolder() throws {
    let folder = try TestDirectory()
    let input = try Self.export(in: folder)
    _ = try Self.convert(input, to: .file(path: folder.file("record.json"), overwrites: false))
    let outcome = try Self.convert(input, to: .file(path: folder.file("bulk"), overwrites: false))
    #expect(outcome.fhir?.isBundle == false)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("bulk")).sorted() == [
        "Observation.ndjson", "Patient.ndjson",
      ])
    let observations = try folder.read("bulk/Observation.ndjson").split(separator: "\n")
    let patient = try folder.read("bulk/Patient.ndjson")
    #expect(observations.count == 8)
    let id = try #require(try JSONValue(parsing: Array(patient.utf8))["id"]?.stringValue)
    #expect(observations.allSatisfy { $0.contains(#""subject":{"reference":"Patient/\#(id)"}"#) })
    // The same resources as the Bundle's, line for line.
    let bundle = try JSONValue(parsing: Array(try folder.read("record.json").utf8))
    let bundled = (bundle["entry"]?.arrayValue ?? []).compactMap(\.["resource"]).filter {
      $0["resourceType"]?.stringValue == "Observation"
    }
    #expect(bundled.map { $0["id"] } == observations.map { try? JSONValue(parsing: Array($0.utf8))["id"] })
  }

  @Test func idsAreUUIDsOfVersionEight() {
    let id = FHIRIdentifier.uuid("Observation|1|x")
    #expect(id.count == 36)
    #expect(Array(id)[14] == "8")
    #expect("89ab".contains(Array(id)[19]))
    var identity = FHIRIdentifier()
    #expect(identity.next("Observation", key: "x") == id)
    #expect(identity.next("Observation", key: "x") != id)
  }
}
