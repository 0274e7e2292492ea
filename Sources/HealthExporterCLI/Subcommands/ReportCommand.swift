import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthReport

/// `health-exporter report`: one self-contained HTML page of charts.
enum ReportCommand: Subcommand {
  static let name = "report"
  static let abstract = "Write an HTML report with charts: one page that opens offline in any browser."
  static let usageArguments = "[<input>]"

  static let arguments: [(name: String, help: String)] = ExportCommand.arguments

  static let options: [OptionDefinition] =
    [
      .sample,
      .output(
        fileName: "HealthExporter_Report_yyyy-MM-dd_HHmmss.html or .pdf",
        default: "the output setting, else the current folder"),
      .flag(
        "pdf",
        help:
          "Write the report as a PDF: the page printed by Chromium, Google Chrome or Microsoft Edge found on this machine, run headless and offline (HEALTH_EXPORTER_BROWSER names one)."
      ),
      SummaryCommand.with(.lastDays, help: "The last N calendar days, today included."),
      ExportOption.from.definition, ExportOption.to.definition, ExportOption.all.definition,
      .value(
        "source-priority", placeholder: "names", .text,
        help:
          "Source names, comma-separated, whose samples count first where sources overlap (steps, distance, sleep); then Apple Watches, then iPhones, then the others."
      ),
    ] + OptionGroup.units.definitions + [
      SummaryCommand.with(
        .dateFormat,
        help:
          "How dates are written in the tables, as in the CSV: \(DateFormat.allCases.map(\.optionName).joined(separator: ", ")); days as in the summary."
      ),
      .timeZone(
        help: "An IANA time zone, such as America/New_York, for local dates, days, nights and weeks."),
    ] + DeidentifyOption.definitions + [
      .force, .strict, .quiet,
    ]

  static let discussion: String? = """
    The page holds its style and its charts (SVG) and refers to nothing outside itself: it opens \
    offline and makes no request. Each section (at a glance, body, activity, heart, blood \
    pressure and glucose, respiration and temperature, sleep, workouts, lab results, and what \
    the record holds) is shown where the input has data in the range. \
    The range options --last-days, --from/--to and --all exclude each other. Saved settings \
    ('health-exporter settings') give the range, units, date format, time zone and output folder \
    where no option does. \
    HEALTH_EXPORTER_NOW (an ISO 8601 date-time such as 2026-01-20T12:00:00Z), when set, is the \
    moment date ranges count from and the file name shows.

    With --pdf the same page is printed to a PDF (at a glance first, the disclaimer at the foot \
    of every page, none of the browser's own headers) by a browser: the \
    one HEALTH_EXPORTER_BROWSER names, else the first of \
    \(Browser.commandNames.joined(separator: ", ")) on PATH, else (macOS) Google Chrome, \
    Chromium or Microsoft Edge in /Applications. It runs headless, kept off the network, with a \
    new profile in a temporary folder that is removed afterwards, and is stopped after \
    \(PagePrinter.defaultTimeLimit.components.seconds) seconds. The PDF is placed as the page \
    would be; -o - writes it to standard output.
    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    let timeZone = try ExportOptions.timeZone(arguments, context: context, command: name)
    let selection = try selection(arguments, context: context, timeZone: timeZone)
    let now = try ExportOptions.now(arguments, environment: context.environment, command: name)
    let report = ReportExport(selection: selection, now: now)
    let missingHelp = "give the export.zip, its unpacked folder or export.xml to report on, or --sample"
    guard arguments.has("pdf") else {
      return try run(
        report, named: ReportExport.defaultFileName(now: now), timeZone: timeZone, arguments: arguments,
        context: context, missingHelp: missingHelp)
    }
    let printer = PagePrinter(
      browser: try Browser.find(environment: context.environment), environment: context.environment)
    return try run(
      PrintedReport(report: report, printer: printer), named: PrintedReport.defaultFileName(now: now),
      timeZone: timeZone, arguments: arguments, context: context, missingHelp: missingHelp)
  }

  /// The selection the options describe, over the saved settings (a saved range of records, which
  /// a report cannot take, is left out), over the defaults.
  static func selection(_ arguments: ParsedArguments, context: ToolContext, timeZone: TimeZoneChoice)
    throws(UsageError) -> ReportSelection
  {
    let days = try ExportOptions.days(arguments, context: context, command: name)
    var selection = ReportSelection(
      range: days.range, units: days.units, dateFormat: days.dateFormat, timeZone: timeZone)
    if let list = arguments.values["source-priority"] {
      selection.sourcePriority = try SummaryCommand.items(
        list, option: "--source-priority <names>", expected: "source names", command: name)
    }
    return selection
  }
}
