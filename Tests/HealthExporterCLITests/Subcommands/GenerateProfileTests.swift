import Foundation
import HealthTestSupport
import Testing

/// `generate --format profile` and `profile --sample`: the generated record as a JSON profile.
@Suite struct GenerateProfileTests {
  static let twoDays = ["--days", "2", "--seed", "5"]
  static let everything = [
    "--all", "--metrics", "weight,steps,glucose", "--vitals", "all", "--labs", "all", "-o", "-", "-q",
  ]

  @Test func writesTheSameProfileWhateverTheMachinesTimeZone() throws {
    let folder = try TestDirectory()
    let tokyo = ToolRun(
      ["generate", "-o", folder.file("tokyo.json"), "-q"] + Self.twoDays, environment: ["TZ": "Asia/Tokyo"])
    let angeles = ToolRun(
      ["generate", "--format", "profile", "-o", folder.file("angeles.data"), "-q"] + Self.twoDays,
      environment: ["TZ": "America/Los_Angeles"])
    #expect(tokyo.status == 0)
    #expect(angeles.status == 0)
    let profile = try folder.read("tokyo.json")
    #expect(try folder.read("angeles.data") == profile)
    #expect(
      profile.hasPrefix(
        #"{"metaData":{"creationDate":1782878399000,"profileName":"output20260630235959","version":"1.0.0","type":"JsonSingleDocExportTarget","exportDate":1782878399000},"#
      ))
    let piped = ToolRun(
      ["generate", "--format", "profile", "-o", "-", "-q"] + Self.twoDays, environment: [:])
    #expect(piped.standardOutput == profile)
  }

  @Test func theGeneratedProfileExportsAsTheGeneratedArchiveDoes() throws {
    let folder = try TestDirectory()
    let environment = ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-07-01T12:00:00Z"]
    #expect(
      ToolRun(["generate", "-o", folder.file("export.zip"), "-q"] + Self.twoDays, environment: environment)
        .status == 0)
    #expect(
      ToolRun(["generate", "-o", folder.file("profile.json"), "-q"] + Self.twoDays, environment: environment)
        .status == 0)
    let fromArchive = ToolRun(
      ["export", folder.file("export.zip")] + Self.everything, environment: environment)
    let fromProfile = ToolRun(
      ["export", folder.file("profile.json")] + Self.everything, environment: environment)
    #expect(fromArchive.status == 0)
    #expect(fromArchive.standardOutput.split(separator: "\n").count == 4 + 795)
    #expect(fromProfile.standardOutput == fromArchive.standardOutput)
  }

  @Test func profileTakesTheSample() throws {
    let environment = ["TZ": "Europe/Paris", "HEALTH_EXPORTER_NOW": "2026-11-30T12:00:00Z"]
    let run = ToolRun(["profile", "--sample", "-o", "-", "--name", "sample"], environment: environment)
    #expect(run.status == 0)
    #expect(
      run.standardOutput.hasPrefix(
        #"{"metaData":{"creationDate":1796040000000,"profileName":"sample","version":"1.0.0","type":"JsonSingleDocExportTarget","exportDate":"#
      ))
    #expect(run.standardError.hasPrefix("Wrote a profile of "))
    let both = ToolRun(["profile", "--sample", "export.zip"], environment: environment)
    #expect(both.status == 64)
    #expect(both.standardError.hasPrefix("Error: give either <input> ('export.zip') or --sample, not both\n"))
  }
}
