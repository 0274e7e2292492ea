import HealthTestSupport
import Testing

/// `settings`, and saved settings as the other commands apply them.
@Suite struct SettingsCommandTests {
  let home: TestDirectory
  let environment: [String: String]

  init() throws {
    home = try TestDirectory()
    environment = [
      "HOME": home.path, "TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z",
    ]
  }

  var settingsPath: String { home.file(".config/health-exporter/settings.json") }

  func run(_ arguments: [String]) -> ToolRun { ToolRun(arguments, environment: environment) }

  /// Without `TZ` or a saved zone, the zone is the export's own; `export` can be saved too.
  @Test func theZoneIsTheExportsOwnUnlessNamed() throws {
    let withoutTZ = ["HOME": home.path]
    let line = { (run: ToolRun) in
      run.standardOutput.split(separator: "\n").first { $0.contains("time-zone") }.map(String.init)
    }
    #expect(
      line(ToolRun(["settings", "show"], environment: withoutTZ))
        == "  time-zone         export                        default")
    #expect(ToolRun(["settings", "set", "time-zone", "export"], environment: withoutTZ).status == 0)
    #expect(
      line(ToolRun(["settings", "show"], environment: environment))
        == "  time-zone         export                        saved")
    let bad = ToolRun(["settings", "set", "time-zone", "Europe/Pariss"], environment: withoutTZ)
    #expect(bad.status == 64)
    #expect(bad.standardError.contains("did you mean 'Europe/Paris'?"))
  }

  @Test func setsShowsAndUnsets() throws {
    #expect(
      run(["settings", "set", "weight-unit", "kg"]).standardError
        == "Saved weight-unit kg in \(settingsPath).\n")
    #expect(run(["settings", "set", "range", "last-records", "3"]).status == 0)
    #expect(run(["settings", "set", "metrics", "weight,glucose"]).status == 0)
    let shown = run(["settings", "show"])
    #expect(shown.status == 0)
    #expect(
      shown.standardOutput == """
        Settings file: \(settingsPath)

          weight-unit       kg                            saved
          temperature-unit  f                             default
          date-format       default                       default
          sort              asc                           default
          metrics           weight,glucose                saved
          vitals            none                          default
          labs              none                          default
          range             last-records 3                saved
          time-zone         America/New_York              from TZ
          output            the current folder            default

        """)
    let json = run(["settings", "show", "--json"])
    #expect(
      json.standardOutput == """
        {
          "weight-unit": "kg",
          "temperature-unit": "f",
          "date-format": "default",
          "sort": "asc",
          "metrics": [
            "weight",
            "glucose"
          ],
          "vitals": [],
          "labs": [],
          "range": "last-records 3",
          "time-zone": "America/New_York",
          "output": null
        }

        """)
    #expect(run(["settings", "unset", "weight-unit"]).status == 0)
    #expect(try home.read(".config/health-exporter/settings.json").contains("weight-unit") == false)
    #expect(run(["settings", "path"]).standardOutput == settingsPath + "\n")
    #expect(run(["settings", "reset"]).status == 0)
    #expect(run(["settings"]).standardOutput.hasPrefix("Settings file: \(settingsPath) (none saved yet)\n"))
  }

  @Test(arguments: [
    (
      ["settings", "set", "weight-unit", "stone"],
      "invalid value 'stone' for 'weight-unit': expected one of lbs, kg"
    ),
    (
      ["settings", "set", "wieght-unit", "kg"],
      "invalid value 'wieght-unit' for '<key>': expected one of weight-unit, temperature-unit, date-format, sort, metrics, vitals, labs, range, time-zone, output; did you mean 'weight-unit'?"
    ),
    (
      ["settings", "set", "range", "last-weeks", "2"],
      "invalid value 'last-weeks 2' for 'range': expected last-days N, last-records N, from YYYY-MM-DD to YYYY-MM-DD (either end alone), or all"
    ),
    (["settings", "set", "sort"], "missing <value>: Oldest or newest first within each block."),
    (
      ["settings", "unset", "colour"],
      "invalid value 'colour' for '<key>': expected one of weight-unit, temperature-unit, date-format, sort, metrics, vitals, labs, range, time-zone, output"
    ),
    (
      ["settings", "sho"],
      "invalid value 'sho' for '<action>': expected one of show, set, unset, reset, path; did you mean 'show'?"
    ),
  ])
  func refusesABadKeyOrValue(_ example: ([String], String)) {
    let result = run(example.0)
    #expect(result.status == 64)
    #expect(
      result.standardError
        == "Error: \(example.1)\nUsage: health-exporter settings [show | set <key> <value> | unset <key> | reset | path] [<options>]\n  See 'health-exporter settings --help' for more information.\n"
    )
    #expect(run(["settings", "path"]).status == 0)
  }

  /// A flag over a setting over the default.
  @Test func appliesFlagsOverSettingsOverDefaults() throws {
    func weightRow(_ extra: [String]) -> String {
      let result = run(["export", exampleExport, "--all", "-o", "-", "-q", "--metrics", "weight"] + extra)
      return String(result.standardOutput.split(separator: "\n").last ?? "")
    }
    #expect(weightRow([]) == "2026-01-09 10:30:00,Weight,,185.50,lbs,Withings,")
    #expect(run(["settings", "set", "weight-unit", "kg"]).status == 0)
    #expect(run(["settings", "set", "date-format", "iso8601"]).status == 0)
    #expect(weightRow([]) == "2026-01-09T15:30:00Z,Weight,,84.14,kg,Withings,")
    #expect(weightRow(["--weight-unit", "lbs"]) == "2026-01-09T15:30:00Z,Weight,,185.50,lbs,Withings,")
  }

  @Test func writesIntoTheSavedOutputFolder() throws {
    let folder = try TestDirectory()
    #expect(run(["settings", "set", "output", folder.path]).status == 0)
    let result = run(["export", exampleExport, "--all", "-q"])
    #expect(result.status == 0)
    #expect(try folder.contents() == ["HealthExporter_2026-01-20_070000.csv"])
  }

  @Test func ignoresACorruptFileAndNeverOverwritesIt() throws {
    #expect(run(["settings", "set", "weight-unit", "kg"]).status == 0)
    let corrupt = "{\"weight-unit\": \"kg\",\n"
    try home.write(corrupt, to: ".config/health-exporter/settings.json")
    let export = run(["export", exampleExport, "--all", "-o", "-", "--metrics", "weight"])
    #expect(export.status == 0)
    #expect(export.standardOutput.hasSuffix(",Weight,,185.50,lbs,Withings,\n"))
    #expect(
      export.standardError.hasPrefix(
        "warning: the settings file is not valid JSON: \(settingsPath), byte 22: the input ends where a key was expected; the file may be truncated; it is ignored ('health-exporter settings reset' replaces it)\n"
      ))
    let set = run(["settings", "set", "sort", "desc"])
    #expect(set.status == 73)
    #expect(
      set.standardError
        == "Error: the settings file is not valid JSON: \(settingsPath), byte 22: the input ends where a key was expected; the file may be truncated. It is left as it is: fix it, or run 'health-exporter settings reset' to start again from the defaults\n"
    )
    #expect(run(["settings", "unset", "sort"]).status == 73)
    #expect(try home.read(".config/health-exporter/settings.json") == corrupt)
    #expect(run(["settings", "reset"]).status == 0)
    #expect(run(["settings", "set", "sort", "desc"]).status == 0)
  }
}
