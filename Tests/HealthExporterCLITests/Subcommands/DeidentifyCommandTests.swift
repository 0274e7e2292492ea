import Foundation
import HealthTestSupport
import Testing

/// `--deidentify` on every writing command: none of the export's names, birth date, identifiers
/// or addresses in any output, every reading still there, the closing line saying what went.
@Suite struct DeidentifyCommandTests {
  let environment = ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2025-01-10T12:00:00Z"]

  /// A command and where it writes, in an output folder.
  struct Output: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var output: String
    /// Whether the output of the export as it is names someone (a GPX track names no one).
    var identifies = true
    var testDescription: String { name }
  }

  static let outputs = [
    Output(
      name: "export",
      arguments: [
        "export", "--all", "--metrics", "weight,steps,glucose", "--vitals", "all", "--labs", "all",
      ],
      output: "health.csv"),
    Output(name: "profile", arguments: ["profile"], output: "profile.json"),
    Output(name: "database", arguments: ["database"], output: "health.sqlite"),
    Output(
      name: "summary", arguments: ["summary", "--all", "--types", "StepCount,BodyMass"], output: "summary.csv"
    ),
    Output(name: "report", arguments: ["report", "--all"], output: "report.html"),
    Output(name: "convert to a folder", arguments: ["convert", "--keep-routes"], output: "folder/"),
    Output(name: "convert to export.xml", arguments: ["convert"], output: "export.xml"),
    Output(name: "convert to FHIR", arguments: ["convert", "--format", "fhir"], output: "bundle.json"),
    Output(name: "convert to FHIR NDJSON", arguments: ["convert", "--format", "fhir"], output: "ndjson/"),
    Output(
      name: "convert to GPX", arguments: ["convert", "--format", "gpx", "--keep-routes"], output: "tracks/",
      identifies: false),
  ]

  /// The export written as a folder, and a folder for outputs.
  func export() throws -> (folder: TestDirectory, input: String) {
    let folder = try TestDirectory()
    try IdentifyingExport.fixture.writeFolder(at: folder.file("in"))
    return (folder, folder.file("in/apple_health_export"))
  }

  /// Every file at `path` (a file, or a folder's files) as text.
  func text(at path: String) throws -> String {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return "" }
    guard isFolder.boolValue else {
      return String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }
    let names = try FileManager.default.subpathsOfDirectory(atPath: path).sorted()
    return try names.map { try text(at: path + "/" + $0) }.joined(separator: "\n")
  }

  @Test(arguments: outputs)
  func leavesNothingThatIdentifies(_ output: Output) throws {
    let (folder, input) = try export()
    let plain = ToolRun(
      output.arguments.filter { $0 != "--keep-routes" } + [
        input, "-o", folder.file("plain-" + output.output), "-q",
      ],
      environment: environment)
    #expect(plain.status == 0, "\(plain.standardError)")
    let deidentified = ToolRun(
      output.arguments + [input, "-o", folder.file(output.output), "--deidentify"], environment: environment)
    #expect(deidentified.status == 0, "\(deidentified.standardError)")
    #expect(deidentified.standardError.contains("; de-identified: "))
    let written = try text(at: folder.file(output.output))
    #expect(!written.isEmpty)
    let found = IdentifyingExport.secrets.filter { written.contains($0) }
    #expect(found == [], "\(output.name) holds \(found)")
    // Moved, no output holds a true date either: not in its readings, nor where it says when it
    // was made.
    let moved = ToolRun(
      output.arguments + [
        input, "-o", folder.file("moved-" + output.output), "--deidentify", "--shift-days", "-400",
      ],
      environment: environment)
    #expect(moved.status == 0, "\(moved.standardError)")
    let movedText = try text(at: folder.file("moved-" + output.output))
    let leaked = (IdentifyingExport.secrets + IdentifyingExport.dates).filter { movedText.contains($0) }
    #expect(leaked == [], "\(output.name) moved holds \(leaked)")
    // The plain output of the same command holds what the de-identified one does not.
    let plainText = try text(at: folder.file("plain-" + output.output))
    #expect(IdentifyingExport.secrets.contains { plainText.contains($0) } == output.identifies)
  }

  @Test func everySecretReachesSomePlainOutput() throws {
    let (folder, input) = try export()
    var everything = ""
    for (index, output) in Self.outputs.enumerated() {
      let path = folder.file("\(index)-" + output.output)
      let run = ToolRun(
        output.arguments.filter { $0 != "--keep-routes" } + [input, "-o", path, "-q"],
        environment: environment)
      #expect(run.status == 0, "\(run.standardError)")
      everything += try text(at: path)
    }
    everything += try text(at: input + "/electrocardiograms")
    #expect(IdentifyingExport.secrets.filter { !everything.contains($0) } == [])
  }

  private func shell(on path: String, _ sql: String) throws -> String {
    try SQLiteShell.run(sql, on: path).standardOutput
  }

  @Test(.enabled(if: SQLiteShell.isAvailable, "the sqlite3 shell is not installed (apt-get install sqlite3)"))
  func theDatabaseHoldsEveryReadingMovedAndSaysItIsDeidentified() throws {
    let (folder, input) = try export()
    let plain = ToolRun(
      ["database", input, "-o", folder.file("plain.sqlite"), "-q"], environment: environment)
    #expect(plain.status == 0)
    let run = ToolRun(
      ["database", input, "-o", folder.file("health.sqlite"), "--deidentify", "--shift-days", "-30"],
      environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      run.standardError
        == "Wrote a database of 4 records of 9 types, 1 correlation, 1 workout, 0 route points, 1 ECG, 3 clinical records, 1 lab result, 12 summary rows to \(folder.file("health.sqlite")) (time zone America/New_York); de-identified: 4 source names replaced by Source 1 to Source 4, the date of birth cut to its year, devices cut to maker, model and hardware on 6 records, 7 identifying metadata entries removed, 1 UUID removed, the name and date of birth removed from 1 ECG, 2 clinical resources of people and organizations left out (1 Patient, 1 Practitioner), 12 names, addresses, identifiers, notes and narratives removed from clinical records, 1 workout route left out, dates moved 30 days earlier.\n"
    )
    let readings = "SELECT type, value, unit, start_unix FROM records ORDER BY type, start_unix"
    let moved = try shell(on: folder.file("health.sqlite"), readings)
    let original = try shell(on: folder.file("plain.sqlite"), readings)
    let expected = original.split(separator: "\n").map { line in
      var fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
      fields[3] = String(Int(fields[3])! - 30 * 86_400)
      return fields.joined(separator: "|")
    }
    #expect(moved.split(separator: "\n").map(String.init) == expected)
    #expect(
      try shell(on: folder.file("health.sqlite"), "SELECT input_name, deidentified FROM export_info")
        == "de-identified|1\n")
    #expect(
      try shell(on: folder.file("health.sqlite"), "SELECT date_of_birth FROM me") == "1979\n")
    #expect(
      try shell(on: folder.file("health.sqlite"), "SELECT name, device FROM sources ORDER BY id")
        == """
        Source 1|<<HKDevice>, manufacturer:Withings, model:WBS05>
        Source 2|<<HKDevice>, manufacturer:Apple Inc., model:iPhone, hardware:iPhone16,1>
        Source 3|<<HKDevice>, manufacturer:OMRON HEALTHCARE, model:BP7450, hardware:1.0>

        """)
    // A de-identified database takes no export.
    let update = ToolRun(
      ["database", input, "-o", folder.file("health.sqlite"), "--update"], environment: environment)
    #expect(update.status == 73)
    #expect(
      update.standardError
        == "Error: \(folder.file("health.sqlite")) is de-identified and cannot take a person's export; make a database of its own for it\n"
    )
  }

  @Test func theCSVKeepsEveryRowWithItsSourceNumbered() throws {
    let (folder, input) = try export()
    defer { withExtendedLifetime(folder) {} }
    let arguments = [
      "export", input, "--all", "--metrics", "weight,steps,glucose", "--vitals", "all", "--labs", "all", "-o",
      "-", "-q",
    ]
    let plain = ToolRun(arguments, environment: environment)
    let deidentified = ToolRun(arguments + ["--deidentify"], environment: environment)
    #expect(deidentified.status == 0)
    let sources = [
      "Dana’s Scale": "Source 1", "Dana’s iPhone": "Source 2", "Dana’s cuff": "Source 3",
      "Lakeside Clinic": "Source 4",
    ]
    var expected = plain.standardOutput
    for (name, number) in sources { expected = expected.replacingOccurrences(of: name, with: number) }
    #expect(deidentified.standardOutput == expected)
    #expect(plain.standardOutput != expected)
  }

  @Test func generateWritesItsPersonDeidentified() throws {
    let folder = try TestDirectory()
    let person = ["Emma", "Fischer", "1988-07-04", "Jul 4, 1988", "Riverside Health", "Patient/1415780"]
    let plain = ToolRun(
      ["generate", "--days", "3", "-o", folder.file("plain/"), "-q"], environment: environment)
    #expect(plain.status == 0)
    let plainText = try text(at: folder.file("plain"))
    #expect(person.filter { !plainText.contains($0) } == [])
    let run = ToolRun(
      ["generate", "--days", "3", "-o", folder.file("shared/"), "--deidentify", "--shift-days", "-364"],
      environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.hasSuffix(", dates moved 364 days earlier.\n"))
    let written = try text(at: folder.file("shared"))
    #expect(person.filter { written.contains($0) } == [])
    #expect(written.contains("HKCharacteristicTypeIdentifierDateOfBirth=\"1988\""))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("shared")).sorted()
        == ["clinical-records", "electrocardiograms", "export.xml"])
  }

  struct Refusal: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var message: String
    var testDescription: String { name }
  }

  static let refusals = [
    Refusal(
      name: "--keep-routes alone", arguments: ["export", "--sample", "-o", "-", "--keep-routes"],
      message:
        "Error: --keep-routes goes with --deidentify\nUsage: health-exporter export [<input>] [<options>]\n  See 'health-exporter export --help' for more information.\n"
    ),
    Refusal(
      name: "--shift-days alone", arguments: ["profile", "--sample", "-o", "-", "--shift-days", "3"],
      message:
        "Error: --shift-days goes with --deidentify\nUsage: health-exporter profile [<input>] [<options>]\n  See 'health-exporter profile --help' for more information.\n"
    ),
    Refusal(
      name: "a shift of a fraction",
      arguments: ["export", "--sample", "-o", "-", "--deidentify", "--shift-days", "1.5"],
      message:
        "Error: invalid value '1.5' for '--shift-days <n>': a whole number of days from -36525 to 36525, such as -90\nUsage: health-exporter export [<input>] [<options>]\n  See 'health-exporter export --help' for more information.\n"
    ),
    Refusal(
      name: "an update",
      arguments: ["database", "--sample", "-o", "health.sqlite", "--update", "--deidentify"],
      message:
        "Error: --deidentify makes a database of its own, which no export can update; leave out --update and name a new file\nUsage: health-exporter database [<input>] [<options>]\n  See 'health-exporter database --help' for more information.\n"
    ),
    Refusal(
      name: "GPX without routes",
      arguments: ["convert", "--sample", "-o", "tracks/", "--format", "gpx", "--deidentify"],
      message:
        "Error: --deidentify leaves routes out, and --format gpx writes nothing else; add --keep-routes to keep them (where you go can tell where you live)\nUsage: health-exporter convert [<input>] [<options>]\n  See 'health-exporter convert --help' for more information.\n"
    ),
  ]

  @Test(arguments: refusals)
  func refuses(_ refusal: Refusal) {
    let run = ToolRun(refusal.arguments, environment: environment)
    #expect(run.status == 64)
    #expect(run.standardError == refusal.message)
    #expect(run.standardOutput == "")
  }
}
