import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator

/// The guided export: `health-exporter` alone on a terminal, or `export --interactive`. It walks
/// from a welcome through the input, what to export, the dates, units and formats, and an
/// estimate, to the CSV saved under its default name; then it prints the one-line command that
/// does the same, so that the flags are learned on the way.
struct GuidedExport {
  let context: ToolContext
  let prompter: Prompter
  let now: Timestamp
  /// The zone asked for: named (a flag, the settings, `TZ`), or the export's own.
  let zoneChoice: TimeZoneChoice
  /// The zone the days are in: the one named, or once the export is read, its own.
  var timeZone: TimeZone
  /// What the settings file holds.
  var settings: Settings
  /// The choices so far: given flags over the settings over the defaults, every one made.
  var choices: ExportChoices
  /// The input as `export` takes it: a path, or `--sample`.
  var inputArgument = "--sample"

  /// Runs the flow.
  /// - Parameters:
  ///   - context: the terminal, settings and environment the flow runs in.
  ///   - flags: the choices given on the command line (`export --interactive --weight-unit kg`),
  ///     which the flow starts from.
  ///   - input: the input given on the command line, which skips that question.
  ///   - sample: whether `--sample` was given, which skips that question too.
  /// - Returns: the exit code.
  /// - Throws: what the export throws.
  static func run(
    context: ToolContext, flags: ExportChoices = ExportChoices(), input: String? = nil, sample: Bool = false
  ) throws -> ExitCode {
    let zoneChoice: TimeZoneChoice =
      flags.timeZone ?? context.settings.choices.timeZone
      ?? ExportOptions.unsavedTimeZone(context.environment)
    var flow = GuidedExport(
      context: context, prompter: Prompter(output: context.output, environment: context.environment),
      now: try ExportOptions.now(environment: context.environment), zoneChoice: zoneChoice,
      timeZone: zoneChoice.provisional,
      settings: context.settings, choices: flags.over(context.settings.choices).over(.defaults))
    do {
      return try flow.run(input: input, sample: sample)
    } catch let error as GuidedExportError {
      flow.prompter.say("Stopped: \(error).")
      return .failure
    }
  }

  private mutating func run(input: String?, sample: Bool) throws -> ExitCode {
    welcome()
    let source = try chooseInput(given: input, sample: sample)
    let inspection = try read(source, label: "Reading")
    timeZone = zoneChoice.resolved(by: inspection.timeZones)
    describe(inspection)
    try chooseMetrics(inspection)
    while true {
      try chooseRange()
      try checkRange(inspection)
      try chooseUnitsAndFormat()
      try offerToSave()
      if try estimate(source) { break }
      guard try prompter.confirm("Choose other dates or metrics?", default: true) else {
        throw GuidedExportError.declined
      }
      try chooseMetrics(inspection)
    }
    return try write(source)
  }

  // MARK: - Steps

  private func welcome() {
    prompter.heading("HealthExporter: your Apple Health data, exported to a CSV file on this machine.")
    prompter.say("Everything stays here: no network, no account, no tracking. It reads only the export you")
    prompter.say("choose and writes only the CSV and, if you ask, its settings file.")
    prompter.note(
      "('\(ToolName.value) privacy' shows the privacy policy; Ctrl-D stops at any question.)")
  }

  /// The input: an `export*.zip` found here or in Downloads, the built-in sample, or a path.
  private mutating func chooseInput(given: String?, sample: Bool) throws -> any HealthInputSource {
    if sample { return try sampleSource() }
    if let given { return try open(given) }
    let found = InputFinder.exports(in: InputFinder.folders(environment: context.environment))
    var choices = found.map { export in
      "\(export.path) (\(ProgressLine.size(Double(export.bytes))), \(Self.dayAndTime(export.modified, in: timeZone)))"
    }
    choices.append("The built-in sample (a generated record, no personal data)")
    choices.append("Another file or folder")
    prompter.heading("Which export?")
    if found.isEmpty {
      prompter.note(
        "No export*.zip here or in ~/Downloads. On the iPhone: Health, your picture, Export All Health Data.")
    }
    while true {
      let index = try prompter.choose("Choose", choices)
      if index < found.count { return try open(found[index].path) }
      if index == found.count { return try sampleSource() }
      let path = try prompter.ask("Path of the export.zip, its unpacked folder or export.xml")
      guard !path.isEmpty else { continue }
      do {
        return try open((path as NSString).expandingTildeInPath)
      } catch {
        prompter.say("That cannot be read: \(error)")
      }
    }
  }

  private mutating func open(_ path: String) throws -> any HealthInputSource {
    let source = try HealthInput.open(path: path, timeZone: timeZone)
    inputArgument = path
    return source
  }

  private mutating func sampleSource() throws -> any HealthInputSource {
    inputArgument = "--sample"
    let configuration = SampleConfiguration.sample(now: now, timeZoneIdentifier: timeZone.identifier)
    return try SampleExport(configuration: configuration).source(endingAt: now)
  }

  /// Reads the input once, with the progress line, for what it holds.
  private func read(_ source: any HealthInputSource, label: String) throws -> ExportInspection {
    let progress =
      context.output.isStandardErrorTerminal
      ? ProgressLine(output: context.output, label: source.progressLabel) : nil
    defer { progress?.finish() }
    return try ExportInspection.inspect(source, monitor: ReadMonitor(progress: progress))
  }

  private func describe(_ inspection: ExportInspection) {
    prompter.heading("What the export holds")
    guard let first = inspection.recordTypes.map(\.firstStart).min(),
      let last = inspection.recordTypes.map(\.lastStart).max()
    else {
      prompter.say("No records at all.")
      return
    }
    let clinical = inspection.clinicalRecords.reduce(0) { $0 + $1.count }
    prompter.say(
      "\(Self.number(inspection.recordCount)) records of \(inspection.recordTypes.count) types, from \(day(first)) to \(day(last))"
        + (clinical > 0 ? "; \(Self.number(clinical)) clinical records." : "; no clinical records (labs)."))
    prompter.say(
      "Days are in \(timeZone.displayName)\(zoneChoice.namedZone == nil ? ", the export's own time zone" : "")."
    )
  }

  // MARK: - Helpers

  func day(_ instant: Timestamp) -> String { CivilDateTime(instant, in: timeZone).dayText }

  /// `1,234,567`.
  static func number(_ value: Int) -> String {
    let digits = Array(String(value))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }

  /// `2026-06-30 14:02`, local time.
  static func dayAndTime(_ date: Date, in zone: TimeZone) -> String {
    let civil = CivilDateTime(Timestamp(millisecondsSince1970: date.timeIntervalSince1970 * 1000), in: zone)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(civil.dayText) \(two(civil.hour)):\(two(civil.minute))"
  }
}
