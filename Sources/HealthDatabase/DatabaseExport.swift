public import Foundation
public import HealthArchive
public import HealthExport
public import HealthModel
import SystemShim

/// One run of the database export: everything an input holds (every element of export.xml, the
/// GPX routes, the ECGs, every clinical record's FHIR resource) into one SQLite file, with the
/// schema of docs/database.md.
///
///     let summary = try DatabaseExport(toolVersion: "1.0", timeZone: .named(.current), now: now)
///       .run(source: source, destination: .file(path: "health.sqlite", overwrites: false),
///            diagnostics: Diagnostics())
///
/// The database is made in a temporary file beside the destination and moved into place (0600)
/// when it is complete; on any failure nothing is left behind.
public struct DatabaseExport: Sendable {
  /// The tool's version, for `export_info`.
  public var toolVersion: String
  /// Where dates that carry no offset of their own are shown, and the summaries' days: a zone
  /// named, or the export's own (`export_info.time_zone` names the one used).
  public var timeZone: TimeZoneChoice
  /// When the database is made (`export_info.created_unix`).
  public var now: Timestamp
  /// The registries that name types (`types.csv_name`), lab results and summary metrics.
  public var registry: MetricRegistry
  /// The periods of the `summaries` table (summaries.md), in the time zone.
  public var summaryPeriods: [SummaryPeriod]
  /// The units of the summaries' weights and temperatures, as for the CSV.
  public var summaryUnits: UnitPreferences
  /// Whether the finished file keeps SQLite's write-ahead log mode, so that it can be updated
  /// while readers have it open (docs/database.md, Updating); false for a database only its
  /// maker reads (the assistant's index, which it may remove while it is open).
  public var usesWriteAheadLog = true

  /// A database export, each argument the property of the same name.
  public init(
    toolVersion: String, timeZone: TimeZoneChoice, now: Timestamp, registry: MetricRegistry = .standard,
    summaryPeriods: [SummaryPeriod] = [.day, .week, .month], summaryUnits: UnitPreferences = .unitedStates
  ) {
    self.toolVersion = toolVersion
    self.timeZone = timeZone
    self.now = now
    self.registry = registry
    self.summaryPeriods = summaryPeriods
    self.summaryUnits = summaryUnits
  }

  /// The default file name, `HealthExporter_yyyy-MM-dd_HHmmss.sqlite`, on the clocks of the job's
  /// time zone.
  public static func defaultFileName(now: Timestamp) -> DefaultFileName {
    DefaultFileName(prefix: "HealthExporter", fileExtension: "sqlite", now: now)
  }

  /// What the run wrote.
  public struct Outcome: Sendable {
    /// Rows written, by table.
    public var counts: DatabaseCounts
    /// Records skipped or repaired, by reason.
    public var skipped: [Diagnostics.Tally]
    /// The database file written.
    public var outputPath: String?
    /// The zone of its summaries and of dates without an offset (`export_info.time_zone`).
    public var timeZone: TimeZone

    /// One line for standard error.
    public var line: String {
      func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
      }
      var parts = [
        count(counts.records, "record") + " of " + count(counts.types, "type"),
        count(counts.correlations, "correlation"), count(counts.workouts, "workout"),
        count(counts.routePoints, "route point"), count(counts.ecgs, "ECG"),
        count(counts.clinicalRecords, "clinical record"), count(counts.labResults, "lab result"),
      ]
      if counts.summaries > 0 { parts.append(count(counts.summaries, "summary row")) }
      var text = "Wrote a database of " + parts.joined(separator: ", ")
      text += outputPath.map { " to \($0)" } ?? ""
      text += " (time zone \(timeZone.displayName)"
      if counts.repeatedMembers > 0 {
        text += "; \(counts.repeatedMembers) top-level copies of correlation members stored only inside them"
      }
      text += ")"
      let skippedTallies = skipped.filter { $0.kind != .repaired }
      let repairedTallies = skipped.filter { $0.kind == .repaired }
      if !skippedTallies.isEmpty { text += "; " + OutcomeLine.describe(skippedTallies, verb: "skipped") }
      if !repairedTallies.isEmpty {
        text += "; " + OutcomeLine.describe(repairedTallies, verb: "read after repair")
      }
      if !counts.summariesLeftOut.isEmpty {
        text += "; " + OutcomeLine.describe(counts.summariesLeftOut, verb: "summarized without")
      }
      return text + "."
    }
  }

  /// Runs the export.
  /// - Parameters:
  ///   - source: the input.
  ///   - destination: a file (a database cannot go to standard output).
  ///   - diagnostics: collects skipped records; strict diagnostics stop the export.
  /// - Returns: what was written.
  /// - Throws: `OutputError` before reading when the file cannot be placed, and when it cannot be
  ///   written (a full disk); the input's errors; `StrictModeError`; `DatabaseError` for a fault
  ///   of SQLite's other than the disk's.
  public func run(
    source: some HealthInputSource, destination: OutputDestination, diagnostics: Diagnostics
  ) throws -> Outcome {
    try run(
      source: source, destination: destination, diagnostics: diagnostics, filter: .wholeRecord,
      opened: { _ in })
  }

  /// Runs the export of what `filter` lets through, calling `opened` with the writer before the
  /// items are read (an update hands it the records it compares by digest, and reads them bare).
  func run(
    source: some HealthInputSource, destination: OutputDestination, diagnostics: Diagnostics,
    filter: ItemFilter, opened: @escaping (DatabaseWriter) throws(DatabaseError) -> Void
  ) throws -> Outcome {
    // Every date is written on the zone's clocks as it comes: the export's own zone is read
    // first, in a pass that delivers nothing.
    let zone = TimeZoneChoice.named(try source.timeZoneBeforeWriting(timeZone))
    let configuration = DatabaseWriter.Configuration(
      toolVersion: toolVersion,
      inputName: Self.inputName(of: source),
      inputShape: source.shape.rawValue, timeZone: zone, created: now, registry: registry,
      summaryPeriods: summaryPeriods, summaryUnits: summaryUnits, usesWriteAheadLog: usesWriteAheadLog)
    let writer = DatabaseFileWriter(configuration: configuration, header: { source.header }, opened: opened)
    let counts = try ExportPipeline(destination: destination, diagnostics: diagnostics).run(
      source, filter: filter, into: writer)
    return Outcome(
      counts: counts, skipped: diagnostics.summary, outputPath: destination.path,
      timeZone: source.timeZone(zone))
  }
}

extension DatabaseExport {
  /// What `export_info.input_name` and `imports.input_name` say of `source`: its file name (a
  /// generated sample's name), or `de-identified` for a de-identified record, whose file name the
  /// person chose.
  static func inputName(of source: some HealthInputSource) -> String {
    if source.header.isDeidentified { return "de-identified" }
    return source.shape == .generated ? source.name : (source.name as NSString).lastPathComponent
  }
}

/// The database as an output of the pipeline: made by path in the destination's temporary file,
/// filled as the items are read, completed, closed, then placed.
struct DatabaseFileWriter: ExportWriter {
  let configuration: DatabaseWriter.Configuration
  /// What the input's reader learned, asked once the items are read.
  let header: () -> ExportHeader
  /// Called with the writer once the database is open, before the items are read (for tests
  /// that make SQLite refuse a row).
  var opened: (DatabaseWriter) throws(DatabaseError) -> Void = { _ in }

  func write(_ items: HealthItems, to destination: OutputDestination) throws -> DatabaseCounts {
    guard let folder = destination.folder, let path = destination.placementPath else {
      throw OutputError.cannotCreate(
        path: "standard output", reason: "a database is made as a file; name one with --output")
    }
    return try destination.writeFile { temporaryPath in
      do {
        let writer = try DatabaseWriter(
          path: temporaryPath, temporaryFolder: folder, configuration: configuration)
        try opened(writer)
        do {
          try items.read { item, location in try writer.add(item, at: location) }
        } catch {
          // SQLite's failure, if it met one before the input's, is the one to report.
          try writer.settle()
          throw error
        }
        // The pages written so far go to the device while the database is completed: the
        // flush before placing it then has little left to wait for.
        let flush = FlushAhead(path: temporaryPath)
        defer { flush.wait() }
        let counts = try writer.finish(header: header())
        if let zone = writer.timeZone { destination.settle(timeZone: zone) }
        return counts
      } catch let error as DatabaseError where error.isStorageFailure {
        throw OutputError.writeFailed(path: path, reason: error.message)
      }
    }
  }
}
