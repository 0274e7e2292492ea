import Foundation
import HealthArchive
import HealthModel
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
/// exports) and its `json` module for the clinical records' files, expat again for the GPX route
/// files, and its `csv` module for the ECG recordings.
@Suite(
  .enabled(if: pythonInterpreter != nil, "python3 is not installed: the interop check is not run"))
struct ConvertInteropTests {
  /// Prints, as JSON, what the archive holds: its entries, the elements of export.xml by name,
  /// its locale, how many clinical records' files are there and are JSON, how many route files
  /// are there and are GPX (and their points), and the samples of each ECG.
  static let script = """
    import csv, io, json, sys, zipfile
    import xml.etree.ElementTree as ET
    archive = zipfile.ZipFile(sys.argv[1])
    bad = archive.testzip()
    names = archive.namelist()
    counts = {}
    locale = None
    files = []
    routes = []
    with archive.open("apple_health_export/export.xml") as xml:
        for event, element in ET.iterparse(xml, events=("start",)):
            counts[element.tag] = counts.get(element.tag, 0) + 1
            if element.tag == "HealthData":
                locale = element.get("locale")
            if element.tag == "ClinicalRecord":
                files.append(element.get("resourceFilePath"))
            if element.tag == "FileReference":
                routes.append(element.get("path"))
    readable = 0
    for path in files:
        name = "apple_health_export" + path
        if name in names:
            json.loads(archive.read(name).decode("utf-8"))
            readable += 1
    routeFiles = 0
    routePoints = 0
    for path in routes:
        with archive.open("apple_health_export" + path) as gpx:
            root = ET.parse(gpx).getroot()
            assert root.tag == "{http://www.topografix.com/GPX/1/1}gpx"
            routePoints += len(root.findall(".//{http://www.topografix.com/GPX/1/1}trkpt"))
            routeFiles += 1
    ecgSamples = []
    for name in names:
        if name.startswith("apple_health_export/electrocardiograms/"):
            rows = list(csv.reader(io.StringIO(archive.read(name).decode("utf-8"))))
            header = dict(row for row in rows if len(row) == 2)
            assert header["Sample Rate"] == "512 hertz" and header["Unit"] == "µV"
            ecgSamples.append(len([row for row in rows[12:] if row and float(row[0]) == float(row[0])]))
    print(json.dumps({"bad": bad, "entries": len(names), "counts": counts, "locale": locale,
                      "clinicalFiles": readable, "routeFiles": routeFiles, "routePoints": routePoints,
                      "ecgSamples": ecgSamples}, sort_keys=True))
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
      var routeFiles: Int
      var routePoints: Int
      var ecgSamples: [Int]
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
    // Every clinical record's file is there and is JSON, every route's file is GPX, and the two
    // ECGs are whole; the archive holds them and export.xml only.
    #expect(report.clinicalFiles == report.counts["ClinicalRecord"])
    #expect(report.clinicalFiles > 10)
    #expect(report.routeFiles == report.counts["FileReference"])
    #expect(report.routeFiles > 10)
    var points = 0
    try HealthInput.open(path: archive).readItems(
      filter: .wholeRecord, diagnostics: Diagnostics(isStrict: true)
    ) {
      item, _ in
      if case .routePoints(let batch) = item { points += batch.points.count }
    }
    #expect(report.routePoints == points)
    #expect(report.routePoints > 10_000)
    #expect(report.ecgSamples == [15_360, 14_848])
    #expect(report.clinicalFiles + report.routeFiles + report.ecgSamples.count == report.entries - 1)
  }
}
