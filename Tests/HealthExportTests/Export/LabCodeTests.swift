import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

/// `--labs` with LOINC codes the registry does not know: their rows are named by the record's
/// `code.text`, else by the code, and written with 2 decimals; the registry's labs keep their
/// names and precision.
@Suite struct LabCodeTests {
  /// Lab results as an input hands them on (a profile's, or those read from FHIR files).
  struct LabResults: HealthInputSource {
    var results: [LabResult]
    var name: String { "labs" }
    var shape: InputShape { .items }
    var contentName: String { name }
    var header: ExportHeader { ExportHeader() }
    func fileNames(in folder: String) -> [String] { [] }

    func readItems(
      filter: ItemFilter, diagnostics: Diagnostics, monitor: ReadMonitor,
      _ consume: (HealthItem, HealthModel.SourceLocation) throws -> Void
    ) throws {
      for (index, result) in results.enumerated() where filter.includesLabResults {
        try consume(.labResult(result), HealthModel.SourceLocation(file: name, line: index + 1))
      }
    }
  }

  static func result(_ loinc: String, _ text: String?, _ value: Double, _ unit: String, day: Int64)
    -> LabResult
  {
    LabResult(
      loinc: loinc, displayName: text, value: value, unit: unit,
      date: Timestamp(secondsSince1970: 1_767_600_000 + day * 86_400), sourceName: "Lab")
  }

  @Test func writesCodesOutsideTheRegistryUnderTheRecordsName() throws {
    let source = LabResults(results: [
      Self.result("2093-3", "Cholesterol, total", 184, "mg/dL", day: 0),
      Self.result("8867-4", "Pulse", 77, "/min", day: 1),
      Self.result("99999-9", nil, 1.235, "U", day: 2),
      Self.result("12345-6", "Not selected", 5, "U", day: 3),
    ])
    let labs = LabChoice(panels: [.lipid], codes: ["8867-4", "99999-9"]).labs(in: .standard)
    var bytes: [UInt8] = []
    let diagnostics = Diagnostics()
    _ = try CSVExport(selection: ExportTest.selection(metrics: [], labs: labs), now: ExportTest.now).run(
      source: source, destination: .sink { bytes.append($0) }, diagnostics: diagnostics)
    #expect(
      ExportTest.dataRows(of: String(decoding: bytes, as: UTF8.self)) == [
        "2026-01-05 03:00:00,Total Cholesterol,2093-3,184,mg/dL,Lab,",
        "2026-01-06 03:00:00,Pulse,8867-4,77.00,/min,Lab,",
        "2026-01-07 03:00:00,99999-9,99999-9,1.24,U,Lab,",
      ])
    #expect(diagnostics.summary.map(\.reason) == ["a lab result whose LOINC code is not in the registry"])
  }
}

extension LabCodeTests {
  /// Apple's sample Health Records: vital-sign Observations the registry does not list, chosen by
  /// their codes, named by their `code.text`.
  @Test(.enabled(if: RealExports.isAvailable, "../shared/real-exports is absent"))
  func writesVitalSignObservationsOfTheHealthRecordsArchive() throws {
    let source = try HealthInput.open(path: RealExports.path("symptomatic-clinical-scenarios__export_2.zip"))
    let labs = LabChoice(codes: ["8867-4", "39156-5"]).labs(in: .standard)
    var bytes: [UInt8] = []
    _ = try CSVExport(selection: ExportTest.selection(metrics: [], labs: labs), now: ExportTest.now).run(
      source: source, destination: .sink { bytes.append($0) }, diagnostics: Diagnostics())
    #expect(
      ExportTest.dataRows(of: String(decoding: bytes, as: UTF8.self)) == [
        "2017-03-17 20:00:00,BMI-body mass index,39156-5,26.20,kg/m^2,Sample Location A,",
        "2017-03-17 20:00:00,Pulse,8867-4,77.00,/min,Sample Location A,",
        "2017-10-17 20:00:00,BMI-body mass index,39156-5,26.60,kg/m^2,Sample Location B,",
        "2017-10-17 20:00:00,Pulse,8867-4,72.00,/min,Sample Location B,",
      ])
  }
}
