import HealthTestSupport
import Testing

/// Every usage error: its exact message, the usage line, the pointer to `--help`, exit 64.
@Suite struct UsageErrorTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var command: String? = "export"
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let exportUsage =
    "Usage: health-exporter export [<input>] [<options>]\n  See 'health-exporter export --help' for more information.\n"
  static let inspectUsage =
    "Usage: health-exporter inspect [<input>] [<options>]\n  See 'health-exporter inspect --help' for more information.\n"
  static let generateUsage =
    "Usage: health-exporter generate [<options>]\n  See 'health-exporter generate --help' for more information.\n"
  static let toolUsage =
    "Usage: health-exporter <command> [<options>]\n  See 'health-exporter --help' for more information.\n"

  @Test(arguments: [
    Case(arguments: ["export", "in.xml", "--foo"], message: "unknown option '--foo'"),
    Case(arguments: ["export", "in.xml", "-x"], message: "unknown option '-x'"),
    Case(
      arguments: ["export"],
      message: "missing <input>: give the export.zip, its unpacked folder or export.xml to read, or --sample"),
    Case(
      arguments: ["export", "in.xml", "--sample"],
      message: "give either <input> ('in.xml') or --sample, not both"),
    Case(
      arguments: ["inspect", "--sample", "in.xml"],
      message: "give either <input> ('in.xml') or --sample, not both",
      command: "inspect"),
    Case(
      arguments: ["inspect"],
      message:
        "missing <input>: give the export.zip, its unpacked folder or export.xml to inspect, or --sample",
      command: "inspect"),
    Case(arguments: ["export", "a.xml", "b.xml"], message: "unexpected argument 'b.xml'"),
    Case(arguments: ["export", "in.xml", "--last-days"], message: "missing value for '--last-days <n>'"),
    Case(arguments: ["export", "in.xml", "-o"], message: "missing value for '-o <path>'"),
    Case(
      arguments: ["export", "in.xml", "--last-days", "--all"], message: "missing value for '--last-days <n>'"),
    Case(
      arguments: ["export", "in.xml", "--last-days", "0"],
      message:
        "invalid value '0' for '--last-days <n>': expected a whole number of days from 1 to 110000 (--all for no limit)"
    ),
    Case(
      arguments: ["export", "in.xml", "--last-days", "3000000000000000"],
      message:
        "invalid value '3000000000000000' for '--last-days <n>': expected a whole number of days from 1 to 110000 (--all for no limit)"
    ),
    Case(
      arguments: ["export", "in.xml", "--last-days", "99999999999999999999999"],
      message:
        "invalid value '99999999999999999999999' for '--last-days <n>': expected a whole number of days from 1 to 110000 (--all for no limit)"
    ),
    Case(
      arguments: ["export", "in.xml", "--last-records=ten"],
      message: "invalid value 'ten' for '--last-records <n>': expected a whole number of records, 1 or more"),
    Case(arguments: ["export", "in.xml", "--force=yes"], message: "'--force' takes no value"),
    Case(
      arguments: ["export", "in.xml", "--all", "--last-days", "7"],
      message: "'--all' and '--last-days' cannot be used together"),
    Case(
      arguments: ["export", "in.xml", "--from", "2026-01-01", "--last-records", "3"],
      message: "'--from' and '--last-records' cannot be used together"),
    Case(
      arguments: ["export", "in.xml", "--to", "2026-01-01", "--all"],
      message: "'--to' and '--all' cannot be used together"),
    Case(
      arguments: ["export", "in.xml", "--from", "2026-02-01", "--to", "2026-01-31"],
      message: "End date must be on or after start date (--from 2026-02-01 --to 2026-01-31)"),
    Case(
      arguments: ["export", "in.xml", "--from", "2026-02-30"],
      message: "invalid value '2026-02-30' for '--from <yyyy-mm-dd>': expected a date such as 2026-01-09"),
    Case(
      arguments: ["export", "in.xml", "--metrics", "weight,height"],
      message:
        "invalid value 'height' for '--metrics <list>': expected weight, steps, glucose, none; 'height' is a vital (--vitals height)"
    ),
    Case(
      arguments: ["export", "in.xml", "--metrics", "wieght"],
      message:
        "invalid value 'wieght' for '--metrics <list>': expected weight, steps, glucose, none; did you mean 'weight'?"
    ),
    Case(
      arguments: ["export", "in.xml", "--metrics", "heigth"],
      message:
        "invalid value 'heigth' for '--metrics <list>': expected weight, steps, glucose, none; did you mean 'height', a vital (--vitals height)?"
    ),
    Case(
      arguments: ["export", "in.xml", "--vitals", "wieght"],
      message:
        "invalid value 'wieght' for '--vitals <list>': expected blood-pressure, resting-heart-rate, heart-rate-variability, oxygen-saturation, respiratory-rate, body-temperature, heart-rate, walking-heart-rate, vo2-max, body-fat, bmi, height, none, all; did you mean 'weight', a base metric (--metrics weight)?"
    ),
    Case(
      arguments: ["export", "in.xml", "--vitals", "glucose"],
      message:
        "invalid value 'glucose' for '--vitals <list>': expected blood-pressure, resting-heart-rate, heart-rate-variability, oxygen-saturation, respiratory-rate, body-temperature, heart-rate, walking-heart-rate, vo2-max, body-fat, bmi, height, none, all; 'glucose' is a base metric (--metrics glucose)"
    ),
    Case(
      arguments: ["export", "in.xml", "--labs", "lipids"],
      message:
        "invalid value 'lipids' for '--labs <list>': expected a panel (lipid, cbc, cmp, thyroid, other), a LOINC code such as 2093-3, all or none; did you mean 'lipid'?"
    ),
    Case(
      arguments: ["export", "in.xml", "--weight-unit", "kgs"],
      message: "invalid value 'kgs' for '--weight-unit <lbs|kg>': expected one of lbs, kg; did you mean 'kg'?"
    ),
    Case(
      arguments: ["export", "in.xml", "--last-day", "3"],
      message: "unknown option '--last-day'; did you mean '--last-days'?"),
    Case(arguments: ["exprot"], message: "unknown command 'exprot'; did you mean 'export'?", command: nil),
    Case(
      arguments: [],
      message: "no command given (on a terminal, 'health-exporter' alone starts the guided export)",
      command: nil),
    Case(
      arguments: ["export", "in.xml", "--metrics", "weight,none"],
      message: "invalid value 'none' for '--metrics <list>': expected weight, steps, glucose, none (alone)"),
    Case(
      arguments: ["export", "in.xml", "--vitals", "pulse"],
      message:
        "invalid value 'pulse' for '--vitals <list>': expected blood-pressure, resting-heart-rate, heart-rate-variability, oxygen-saturation, respiratory-rate, body-temperature, heart-rate, walking-heart-rate, vo2-max, body-fat, bmi, height, none, all"
    ),
    Case(
      arguments: ["export", "in.xml", "--labs", "liver"],
      message:
        "invalid value 'liver' for '--labs <list>': expected a panel (lipid, cbc, cmp, thyroid, other), a LOINC code such as 2093-3, all or none"
    ),
    Case(
      arguments: ["export", "in.xml", "--metrics", "none"],
      message: "nothing to export: --metrics, --vitals and --labs select nothing"),
    Case(
      arguments: ["export", "in.xml", "--weight-unit", "stone"],
      message: "invalid value 'stone' for '--weight-unit <lbs|kg>': expected one of lbs, kg"),
    Case(
      arguments: ["export", "in.xml", "--temperature-unit", "k"],
      message: "invalid value 'k' for '--temperature-unit <f|c>': expected one of f, c"),
    Case(
      arguments: ["export", "in.xml", "--date-format", "european"],
      message:
        "invalid value 'european' for '--date-format <name>': expected one of default, iso8601, ymd-slash, mdy, dmy"
    ),
    Case(
      arguments: ["export", "in.xml", "--sort", "newest"],
      message: "invalid value 'newest' for '--sort <asc|desc>': expected one of asc, desc"),
    Case(
      arguments: ["export", "in.xml", "--time-zone", "Mars/Olympus"],
      message:
        "invalid value 'Mars/Olympus' for '--time-zone <tz>': expected an IANA time zone name such as America/New_York or UTC"
    ),
    Case(
      arguments: ["generate"],
      message: "missing '-o, --output <path>': name the .zip archive, .xml file or folder to write",
      command: "generate"),
    Case(
      arguments: ["generate", "-o", "a.zip", "extra"], message: "unexpected argument 'extra'",
      command: "generate"),
    Case(
      arguments: ["generate", "-o", "a.zip", "--seed", "-1"],
      message: "invalid value '-1' for '--seed <n>': expected a whole number, 0 or more", command: "generate"),
    Case(
      arguments: ["generate", "-o", "a.zip", "--days", "0"],
      message: "invalid value '0' for '--days <n>': expected a whole number of days from 1 to 14610",
      command: "generate"),
    Case(
      arguments: ["generate", "-o", "a.zip", "--end", "2026-13-01"],
      message:
        "invalid value '2026-13-01' for '--end <yyyy-mm-dd>': expected a date from 1900 to 2199 such as 2026-06-30",
      command: "generate"),
    Case(
      arguments: ["generate", "-o", "a.zip", "--time-zone", "Mars/Olympus"],
      message:
        "invalid value 'Mars/Olympus' for '--time-zone <tz>': expected an IANA time zone name such as America/New_York or UTC",
      command: "generate"),
    Case(
      arguments: ["generate", "-o", "a.zip", "--format", "tar"],
      message:
        "invalid value 'tar' for '--format <zip|folder|xml|profile>': expected one of zip, folder, xml, profile",
      command: "generate"),
    Case(
      arguments: ["generate", "-o", "a", "--format", "parquet"],
      message:
        "invalid value 'parquet' for '--format <zip|folder|xml|profile>': generate writes an export or its profile: convert it to Parquet tables with convert --format parquet",
      command: "generate"),
    Case(
      arguments: ["generate", "-o", "a.zip", "--size", "huge"],
      message: "invalid value 'huge' for '--size <size>': expected a size such as 200MB or 2GB",
      command: "generate"),
    Case(
      arguments: ["generate", "-o", "a.zip", "--size", "100KB"],
      message:
        "invalid value '100KB' for '--size <size>': an export.xml of 0.1 MB is too small: 1 day makes at least 0.7 MB",
      command: "generate"),
    Case(
      arguments: ["generate", "-o", "-", "--format", "zip"],
      message: "only --format xml or profile can be written to standard output (-o -)", command: "generate"),
    Case(arguments: ["metrics", "extra"], message: "unexpected argument 'extra'", command: "metrics"),
    Case(arguments: ["frobnicate"], message: "unknown command 'frobnicate'", command: nil),
    Case(arguments: ["--frobnicate"], message: "unknown option '--frobnicate'", command: nil),
    Case(arguments: ["help", "frobnicate"], message: "unknown command 'frobnicate'", command: nil),
  ])
  func explainsAndExits64(_ example: Case) {
    let run = ToolRun(example.arguments)
    let usage: String
    switch example.command {
    case "export": usage = Self.exportUsage
    case "inspect": usage = Self.inspectUsage
    case "generate": usage = Self.generateUsage
    case "metrics":
      usage = "Usage: health-exporter metrics\n  See 'health-exporter metrics --help' for more information.\n"
    default: usage = Self.toolUsage
    }
    #expect(run.status == 64)
    #expect(run.standardError == "Error: \(example.message)\n" + usage)
    #expect(run.standardOutput == "")
  }

  @Test func refusesAMalformedNow() {
    let run = ToolRun(
      ["export", exampleExport, "--all", "-o", "-"],
      environment: ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "tomorrow"])
    #expect(run.status == 64)
    #expect(
      run.standardError.hasPrefix(
        "Error: HEALTH_EXPORTER_NOW is 'tomorrow', not an ISO 8601 date-time with an offset such as 2026-01-20T12:00:00Z\n"
      ))
  }
}
