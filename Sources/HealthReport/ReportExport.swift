public import Foundation
public import HealthArchive
public import HealthExport
public import HealthModel

/// A report that cannot be made as asked.
public enum ReportError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// "The last N records" selects readings, not days.
  case recordRange

  /// The message, as it is shown.
  public var description: String {
    switch self {
    case .recordRange:
      "a report shows days: give the last N days, a range of days or all, not the last N records"
    }
  }

  /// The message, for `LocalizedError`.
  public var errorDescription: String? { description }
}

/// One run of the report: read an input once, keep what each chart needs, write one HTML page
/// that holds its style and charts and refers to nothing outside itself.
public struct ReportExport: Sendable {
  /// What the report shows: the range of days, the units, the date format, the source priority.
  public var selection: ReportSelection
  /// The moment of the report: "last N days" counts back from it and the file name shows it.
  public var now: Timestamp

  /// A report export.
  /// - Parameters:
  ///   - selection: what the report shows.
  ///   - now: the moment of the report.
  public init(selection: ReportSelection, now: Timestamp) {
    self.selection = selection
    self.now = now
  }

  /// The default file name, `HealthExporter_Report_yyyy-MM-dd_HHmmss.html`, on the clocks of the
  /// job's time zone.
  public static func defaultFileName(now: Timestamp) -> DefaultFileName {
    DefaultFileName(prefix: "HealthExporter_Report", fileExtension: "html", now: now)
  }

  /// Runs the report.
  /// - Parameters:
  ///   - source: the input.
  ///   - destination: where the page goes.
  ///   - diagnostics: collects skipped records; strict diagnostics stop the report.
  /// - Returns: what was written.
  /// - Throws: `ReportError.recordRange` for a range of records; `OutputError` before reading
  ///   when the file cannot be placed; the input's errors; `StrictModeError`;
  ///   `ExportError.noData` when no section has data (nothing is written).
  public func run(
    source: some HealthInputSource, destination: OutputDestination, diagnostics: Diagnostics
  ) throws -> ReportExport.Outcome {
    if case .lastRecords = selection.range { throw ReportError.recordRange }
    var summary = try ExportPipeline(destination: destination, diagnostics: diagnostics).run(
      source, through: ReportStage(selection: selection, now: now, diagnostics: diagnostics),
      timeZone: selection.timeZone, into: ReportWriter()
    ) { data in
      guard !data.isEmpty else {
        throw ExportError.noData(
          NoDataReport(
            range: selection.range, now: now, timeZone: data.timeZone, spans: data.readingSpans,
            skipped: diagnostics.summary, dropped: data.readings.dropped))
      }
    }
    summary.skipped = diagnostics.summary
    return summary
  }

  /// Reads the input once and keeps what the report draws, without writing anything.
  /// - Throws: as `run`, but nothing about the destination or missing data.
  package func collect(source: some HealthInputSource, diagnostics: Diagnostics) throws -> ReportData {
    if case .lastRecords = selection.range { throw ReportError.recordRange }
    let stage = ReportStage(selection: selection, now: now, diagnostics: diagnostics)
    var filter = stage.itemFilter
    filter.readsInParallel = true
    try source.readItems(filter: filter, diagnostics: diagnostics) { item, location in
      try stage.add(item, at: location)
    }
    return try stage.finish(timeZone: source.timeZone(selection.timeZone))
  }
}
