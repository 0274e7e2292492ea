import Foundation
import HealthTestSupport
import Testing

/// `profile`, and profiles as the input of `export` and `inspect`.
@Suite struct ProfileCommandTests {
  let environment = ["TZ": "UTC", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]

  static let seedExample = """
    {"metaData":{"creationDate":1446486924969.1,"profileName":"output20151102185522","version":"1.0.0","type":"JsonSingleDocExportTarget"},
     "userData":{"bloodType":1,"fitzpatrickSkinType":1,"biologicalSex":2,"dateOfBirth":341967600000},
     "HKQuantityTypeIdentifierStepCount":[{"unit":"count","sdate":1446486720000,"value":200}],
     "HKQuantityTypeIdentifierBodyMass":[{"unit":"kg","sdate":1446486600000,"value":80}]}
    """

  @Test func exportsTheSeedsExampleProfile() throws {
    let folder = try TestDirectory()
    let profile = try folder.write(Self.seedExample, to: "output20151102185522.json.hsg")
    let run = ToolRun(["export", profile, "--all", "-o", "-"], environment: environment)
    #expect(run.status == 0)
    #expect(
      run.standardOutput
        == """
        ### HealthExporterCSV: data exported as-is from Apple Health.
        ### No warranty of accuracy or completeness or fitness for any purpose.
        ### Not a medical record. Verify with your healthcare provider before any clinical use.
        Date,Metric,LOINC,Value,Unit,Source,Meal Time
        2015-11-02 17:50:00,Weight,,176.37,lbs,,
        2015-11-02 17:52:00,Steps,,200,steps,,

        """)
    #expect(run.standardError == "Wrote 2 rows (Weight 1, Steps 1) to standard output (time zone UTC).\n")
  }

  @Test func writesAProfileAndReadsItBack() throws {
    let folder = try TestDirectory()
    let run = ToolRun(
      ["profile", exampleExport, "-o", folder.path, "--name", "example"], environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    let path = folder.file("HealthProfile_2026-01-20_120000.json")
    #expect(
      run.standardError
        == "Wrote a profile of 7 samples in 6 types, 1 correlation, 1 workout, 0 lab results to \(path) (2 top-level copies of correlation members written only inside them).\n"
    )
    #expect(try folder.contents() == ["HealthProfile_2026-01-20_120000.json"])
    let again = ToolRun(["profile", path, "-o", "-", "--name", "example"], environment: environment)
    #expect(again.standardOutput == (try folder.read("HealthProfile_2026-01-20_120000.json")))
    let inspect = ToolRun(["inspect", path], environment: environment)
    #expect(inspect.status == 0)
    #expect(inspect.standardOutput.hasPrefix("Input           \(path) (JSON profile)\n"))
  }

  @Test func refusesAnotherProfileTypeAndATruncatedProfile() throws {
    let folder = try TestDirectory()
    let wrong = try folder.write(#"{"metaData":{"type":"JsonMultiDocExportTarget"}}"#, to: "wrong.json")
    let run = ToolRun(["export", wrong, "--all"], environment: environment)
    #expect(run.status == 65)
    #expect(
      run.standardError
        == "Error: \(wrong), byte 12, at metaData.type: the profile type is 'JsonMultiDocExportTarget', but only JsonSingleDocExportTarget profiles are read.\n"
    )
    let truncated = try folder.write(String(Self.seedExample.dropLast(20)), to: "truncated.json")
    let cut = ToolRun(["profile", truncated, "-o", folder.file("out.json")], environment: environment)
    #expect(cut.status == 65)
    #expect(cut.standardError.hasPrefix("Error: \(truncated), byte "))
    #expect(cut.standardError.hasSuffix("the file may be truncated\n"))
    #expect(try folder.contents() == ["truncated.json", "wrong.json"])
  }

  @Test func refusesToOverwriteAndNeedsAnInput() throws {
    let folder = try TestDirectory()
    let existing = try folder.write("keep\n", to: "profile.json")
    #expect(ToolRun(["profile", exampleExport, "-o", existing], environment: environment).status == 73)
    #expect(try folder.read("profile.json") == "keep\n")
    #expect(ToolRun(["profile"], environment: environment).status == 64)
    #expect(ToolRun(["profile", folder.file("missing.zip")], environment: environment).status == 66)
  }
}
