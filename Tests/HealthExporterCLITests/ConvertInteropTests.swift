import Foundation
import HealthTestSupport
import Testing

/// python3, where it is installed.
let pythonInterpreter: String? =
  ["/usr/bin/python3", "/usr/local/bin/python3"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  ?? ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { "\($0)/python3" }.first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

/// The archive `convert` writes, read by readers nobody here wrote: Python's `zipfile` (with its
/// CRC checks), its XML parser (expat, which reads the document type's internal subset and
/// refuses a document that is not well-formed, as it refused the Health app's broken iOS 16
/// exports) and its `json` module for the clinical records' files.
@Suite(
  .enabled(if: pythonInterpreter != nil, "python3 is not installed: the interop check is not run"))
struct ConvertInteropTests {
  /// Prints, as JSON, what the archive holds: its entries, the elements of export.xml by name,
  /// its locale, and whether every clinical record's file is there and is JSON.
  static let script = """
    import json, sys, zipfile
    import xml.etree.ElementTree as ET
    archive = zipfile.ZipFile(sys.argv[1])
    bad = archive.testzip()
    names = archive.namelist()
    counts = {}
    locale = None
    files = []
    with archive.open("apple_health_export/export.xml") as xml:
        for event, element in ET.iterparse(xml, events=("start",)):
            counts[element.tag] = counts.get(element.tag, 0) + 1
            if element.tag == "HealthData":
                locale = element.get("locale")
            if element.tag == "ClinicalRecord":
                files.append(element.get("resourceFilePath"))
    readable = 0
    for path in files:
        name = "apple_health_export" + path
        if name in names:
            json.loads(archive.read(name).decode("utf-8"))
            readable += 1
    print(json.dumps({"bad": bad, "entries": len(names), "counts": counts, "locale": locale,
                      "clinicalFiles": readable}, sort_keys=True))
    """

  @Test func pythonReadsTheConvertedSampleAsAnExport() throws {
    let folder = try TestDirectory()
    let environment = ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]
    let archive = folder.file("sample.zip")
    let converted = ToolRun(["convert", "--sample", "-o", archive, "-q"], environment: environment)
    #expect(converted.status == 0, "\(converted.standardError)")
    let script = try folder.write(Self.script, to: "read.py")

    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(pythonInterpreter))
    process.arguments = [script, archive]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(problems)")

    struct Report: Decodable {
      var bad: String?
      var entries: Int
      var counts: [String: Int]
      var locale: String?
      var clinicalFiles: Int
    }
    let report = try JSONDecoder().decode(Report.self, from: data)
    let inspect = ToolRun(["inspect", archive, "--json"], environment: environment)
    #expect(inspect.status == 0, "\(inspect.standardError)")
    let inspection = try #require(
      try JSONSerialization.jsonObject(with: Data(inspect.standardOutput.utf8)) as? [String: Any])
    let recordCount = inspection["recordCount"] as? Int

    #expect(report.bad == nil)
    #expect(report.locale == "en_US")
    #expect(report.counts["HealthData"] == 1)
    #expect(report.counts["ExportDate"] == 1)
    #expect(report.counts["Me"] == 1)
    #expect(report.counts["Record"].map { $0 > 10_000 } == true)
    #expect(report.counts["InstantaneousBeatsPerMinute"].map { $0 > 100 } == true)
    // Every top-level record and correlation member expat saw is one this tool reads.
    let members = 2 * (report.counts["Correlation"] ?? 0)
    #expect(report.counts["Record"].map { $0 - members } == recordCount)
    // Every Observation's file is there and is JSON; the archive holds them and export.xml only.
    #expect(report.clinicalFiles == report.entries - 1)
    #expect(report.clinicalFiles > 10)
  }
}
