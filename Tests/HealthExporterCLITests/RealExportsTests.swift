import Foundation
import HealthArchive
import HealthTestSupport
import Testing

/// `inspect` and `export` over every file of the real-world corpus in `../shared/real-exports`:
/// record counts checked against an independent count made here, the lab rows of the Health
/// Records archive, and a clean error for everything that is not an export.
@Suite(
  .enabled(if: RealExports.isAvailable, "../shared/real-exports is absent: the real-export corpus is not run")
)
struct RealExportsTests {
  struct Export: CustomTestStringConvertible, Sendable {
    var file: String
    /// Records skipped as malformed (a quantity without a value); the independent count has them.
    var skipped = 0
    /// Records read after a repair (iOS 8 attribute names with spaces).
    var repaired = 0
    /// Whether weight, steps, glucose, vitals or labs give rows.
    var hasRows = true
    var testDescription: String { file }
  }

  static let exports: [Export] = [
    Export(file: "AlekSi-applehealth__testdata.xml"),
    Export(file: "alxdrcirilo-apple-health-parser__export.xml"),
    Export(file: "alxdrcirilo-apple-health-parser__export.zip"),
    Export(file: "brianerdelyi-AppleHealthKitXsltStylesheet__export.xml"),
    Export(file: "dogsheep-healthkit-to-sqlite__export.xml"),
    Export(file: "dogsheep-healthkit-to-sqlite__zip_contents__export.xml"),
    Export(file: "ericwolter-apple-healthkit-csv__Exportieren.xml", skipped: 6, repaired: 1320),
    Export(file: "ericwolter-apple-healthkit-csv__export.xml"),
    Export(file: "grll-apple-health-mcp__export.xml"),
    Export(file: "josejamilena-HealthKitExportParser__export.xml"),
    Export(file: "josejamilena-HealthKitExportParser__exportacion.zip"),
    Export(file: "opendroid-hk__audio_exposure.xml", hasRows: false),
    Export(file: "opendroid-hk__sampleexport-2.xml"),
    Export(file: "opendroid-hk__sampleexport.xml"),
    Export(file: "symptomatic-clinical-scenarios__apple_health_export"),
    Export(file: "symptomatic-clinical-scenarios__export_2.zip"),
  ]

  /// Everything else in the corpus: clinical documents, fragments cut from exports, routes, ECGs,
  /// a DTD.
  static let notExports = [
    "HardeepMann-HackTJ23__export_cda.xml", "karanjain-ops-Apple-Health-Data-Visualisation__export_cda.xml",
    "yimingf-stepcount-analysis__export_cda.xml",
    "NicolasReyrolle-apple-health-analyzer__record_body_mass.xml",
    "NicolasReyrolle-apple-health-analyzer__record_heart_rate.xml",
    "NicolasReyrolle-apple-health-analyzer__record_vo2_max.xml",
    "NicolasReyrolle-apple-health-analyzer__workout_cycling.xml",
    "NicolasReyrolle-apple-health-analyzer__workout_running.xml",
    "NicolasReyrolle-apple-health-analyzer__workout_running_multiple_parts.xml",
    "NicolasReyrolle-apple-health-analyzer__workout_strength.xml",
    "NicolasReyrolle-apple-health-analyzer__workout_swimming.xml",
    "NicolasReyrolle-apple-health-analyzer__route_2025-09-16_6.15pm.gpx",
    "dogsheep-healthkit-to-sqlite__route_2019-06-11_3.00pm.gpx", "HardeepMann-HackTJ23__ecg_2023-03-04.csv",
    "AlekSi-applehealth__healthkit11.dtd",
  ]

  @Test func coversTheWholeCorpus() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: RealExports.folder)
    let exports = Set(Self.exports.map(\.file))
    let others = Set(Self.notExports)
    let covered = names.filter { exports.contains($0) || others.contains($0) }
    let unknown = names.filter {
      !exports.contains($0) && !others.contains($0) && $0 != "SOURCES.md" && !$0.hasSuffix(".gpx")
        && !$0.hasSuffix(".csv")
    }
    #expect(unknown == [], "files of the corpus this suite says nothing about")
    #expect(covered.count == exports.count + others.count)
  }

  @Test(arguments: exports)
  func inspectCountsWhatAnIndependentCountFinds(_ example: Export) throws {
    let path = RealExports.path(example.file)
    let run = ToolRun(["inspect", path, "--json"])
    #expect(run.status == 0, "\(run.standardError)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    let records = try #require(json["records"] as? [[String: Any]])
    var counted: [String: Int] = [:]
    for record in records { counted[record["type"] as! String] = record["count"] as? Int }
    let expected = try ExportCensus(exportAt: path).records
    let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
    let skipped = diagnostics.filter { $0["kind"] as? String == "malformed" }.count
    let repaired = diagnostics.filter { $0["kind"] as? String == "repaired" }.count
    #expect(skipped == example.skipped)
    #expect(repaired == example.repaired)
    #expect(counted.values.reduce(0, +) + skipped == expected.values.reduce(0, +))
    if skipped == 0 { #expect(counted == expected) }
  }

  @Test(arguments: exports)
  func exportsEveryMetricAsWellFormedCSV(_ example: Export) throws {
    let run = ToolRun(
      [
        "export", RealExports.path(example.file), "--all", "--metrics", "weight,steps,glucose", "--vitals",
        "all",
        "--labs", "all", "-o", "-", "-q",
      ],
      environment: ["TZ": "UTC", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"])
    guard example.hasRows else {
      #expect(run.status == 1)
      #expect(run.standardError.hasPrefix("Error: No data found for the selected metrics and date range.\n"))
      #expect(run.standardError.contains("\n  The range: all dates ("))
      return
    }
    #expect(run.status == 0, "\(run.standardError)")
    let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "### HealthExporterCSV: data exported as-is from Apple Health.")
    #expect(lines.last == "")
    for line in lines.dropFirst(3).dropLast() {
      #expect(CSVFields.split(String(line)).count == 7, "\(line)")
    }
  }

  /// The Health Records sample archive: its lab rows, the same from the zip and from the folder.
  @Test func writesTheLabRowsOfTheHealthRecordsArchive() throws {
    let environment = ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]
    let arguments = ["--all", "--metrics", "none", "--labs", "all", "-o", "-", "-q"]
    let fromZip = ToolRun(
      ["export", RealExports.path("symptomatic-clinical-scenarios__export_2.zip")] + arguments,
      environment: environment)
    let fromFolder = ToolRun(
      ["export", RealExports.path("symptomatic-clinical-scenarios__apple_health_export")] + arguments,
      environment: environment)
    #expect(fromZip.status == 0)
    #expect(
      fromZip.standardOutput.split(separator: "\n").dropFirst(4) == [
        "2007-09-04 04:15:00,TSH,3016-3,3.92,µU/mL,Sample Location C,",
        "2017-03-17 20:00:00,Triglycerides,3043-7,86,mg/dL,Sample Location A,",
        "2017-03-17 20:00:00,HDL Cholesterol,2085-9,54,mg/dL,Sample Location A,",
        "2017-10-17 20:00:00,LDL Cholesterol,2089-1,113,mg/dL,Sample Location B,",
        "2017-10-17 20:00:00,Total Cholesterol,2093-3,184,mg/dL,Sample Location B,",
      ])
    #expect(fromFolder.standardOutput == fromZip.standardOutput)
  }

  @Test func exportsTheSameFromAZipAsFromItsXML() throws {
    let arguments = ["--all", "--metrics", "weight,steps,glucose", "--vitals", "all", "-o", "-", "-q"]
    let environment = ["TZ": "Europe/Amsterdam", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]
    let zip = ToolRun(
      ["export", RealExports.path("alxdrcirilo-apple-health-parser__export.zip")] + arguments,
      environment: environment)
    let xml = ToolRun(
      ["export", RealExports.path("alxdrcirilo-apple-health-parser__export.xml")] + arguments,
      environment: environment)
    #expect(zip.status == 0)
    #expect(zip.standardOutput == xml.standardOutput)
    let spanishZip = ToolRun(
      ["export", RealExports.path("josejamilena-HealthKitExportParser__exportacion.zip")] + arguments,
      environment: environment)
    let spanishXML = ToolRun(
      ["export", RealExports.path("josejamilena-HealthKitExportParser__export.xml")] + arguments,
      environment: environment)
    #expect(spanishZip.status == 0)
    #expect(spanishZip.standardOutput == spanishXML.standardOutput)
  }

  @Test(arguments: notExports)
  func refusesWhatIsNotAnExportCleanly(_ file: String) {
    let path = RealExports.path(file)
    for command in ["inspect", "export"] {
      let run = ToolRun([command, path, "--all"].filter { command == "export" || $0 != "--all" })
      #expect(run.status == 65)
      #expect(run.standardOutput == "")
      #expect(
        run.standardError
          == "Error: \(path) is not an Apple Health export: \(Self.whatItIs(file)). Pass the export.zip the Health app made, its unpacked folder, or export.xml.\n"
      )
    }
  }

  /// What the refusal says a file that is not an export is: a route, a recording or a clinical
  /// document an export holds, a DTD, or a fragment of an export (its root a record or a workout).
  static func whatItIs(_ file: String) -> String {
    if file.hasSuffix(".gpx") { return "it is a GPX route, which an export holds in workout-routes/" }
    if file.contains("__ecg_") {
      return "it is an ECG recording, which an export holds in electrocardiograms/"
    }
    if file.hasSuffix("_cda.xml") {
      return "it is a clinical document (CDA), such as the export_cda.xml an export holds beside export.xml"
    }
    if file.hasSuffix(".dtd") { return "it is a document type definition (DTD)" }
    let root = file.contains("__record_") ? "Record" : "Workout"
    return "it is an XML file whose root is <\(root)>, not <HealthData>"
  }
}
