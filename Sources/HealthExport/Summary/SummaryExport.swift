public import Foundation
public import HealthArchive
public import HealthModel

/// A summary that cannot be made as asked.
public enum SummaryError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// "The last N records" selects samples, not periods.
  case recordRange

  /// The message, as it is shown.
  public var description: String {
    switch self {
    case .recordRange:
      "a summary selects whole periods: give the last N days, a range of days or all, not the last N records"
    }
  }

  /// The message, for `LocalizedError`.
  public var errorDescription: String? { description }
}

extension SummaryExport {
  /// What a summary found: its rows, and what was left out on the way.
  public struct Rows: Sendable {
    /// The rows, by period, then by metric in byte order.
    public var rows: [SummaryRow]
    /// Readings left out by a rule (blood glucose under 20 mg/dL), by reason.
    public var dropped: [Diagnostics.Tally]
    /// Names given first in the source priority that no summarized sample carries.
    public var unknownPrioritySources: [String]
  }
}

/// One run of the summary: read an input, add up every type per period (summaries.md), write the
/// summary CSV.
public struct SummaryExport: Sendable {
  /// What is summed up: the period, the range of days, the source priority, the units.
  public var selection: SummarySelection
  /// The moment of the summary: "last N days" counts back from it and the file name shows it.
  public var now: Timestamp

  /// A summary export.
  /// - Parameters:
  ///   - selection: what is summed up.
  ///   - now: the moment of the summary.
  public init(selection: SummarySelection, now: Timestamp) {
    self.selection = selection
    self.now = now
  }

  /// The default file name, `HealthExporter_Summary_yyyy-MM-dd_HHmmss.csv`, on the clocks of the job's time zone.
  public static func defaultFileName(now: Timestamp) -> DefaultFileName {
    DefaultFileName(prefix: "HealthExporter_Summary", fileExtension: "csv", now: now)
  }

  /// Reads the input once and summarizes it, without writing anything.
  /// - Parameters:
  ///   - source: the input.
  ///   - diagnostics: collects skipped samples; strict diagnostics stop the summary.
  /// - Returns: the rows and what was left out.
  /// - Throws: `SummaryError.recordRange` for a range of records; the input's errors;
  ///   `StrictModeError`.
  public func summarize(source: some HealthInputSource, diagnostics: Diagnostics) throws -> SummaryExport.Rows
  {
    if case .lastRecords = selection.range { throw SummaryError.recordRange }
    let summarizer = Summarizer(selection: selection, now: now, diagnostics: diagnostics)
    var filter = summarizer.itemFilter
    filter.readsInParallel = true
    try source.readItems(filter: filter, diagnostics: diagnostics) { item, location in
      try summarizer.add(item, at: location)
    }
    return try summarizer.finish(timeZone: source.timeZone(selection.timeZone))
  }

  /// Runs the summary and writes the summary CSV.
  /// - Parameters:
  ///   - source: the input.
  ///   - destination: where the CSV goes.
  ///   - diagnostics: collects skipped samples; strict diagnostics stop the summary.
  /// - Returns: what was written.
  /// - Throws: `SummaryError.recordRange` for a range of records; `OutputError` before reading
  ///   when the file cannot be placed; the input's errors; `StrictModeError`;
  ///   `ExportError.noData` when no period has data (nothing is written).
  public func run(
    source: some HealthInputSource, destination: OutputDestination, diagnostics: Diagnostics
  ) throws -> SummaryExport.Outcome {
    if case .lastRecords = selection.range { throw SummaryError.recordRange }
    var report = try ExportPipeline(destination: destination, diagnostics: diagnostics).run(
      source,
      through: Summarizer.RowStage(
        summarizer: Summarizer(
          selection: selection, now: now, diagnostics: diagnostics, spillBeside: destination.spillBeside)),
      timeZone: selection.timeZone,
      into: SummaryCSVWriter(dateFormat: selection.dateFormat, keepsRawText: selection.keepsRawText)
    ) { rows in
      guard !rows.isEmpty else {
        throw ExportError.noData(
          NoDataReport(
            range: selection.range, now: now, timeZone: rows.timeZone,
            spans: selection.types == nil ? NoDataReport.Span.together(rows.readingSpans) : rows.readingSpans,
            skipped: diagnostics.summary))
      }
    }
    report.skipped = diagnostics.summary
    return report
  }
}
