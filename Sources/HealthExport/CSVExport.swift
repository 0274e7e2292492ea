public import Foundation
public import HealthArchive
public import HealthModel

/// An export that selects no rows, or a conversion with nothing to write.
public enum ExportError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// Nothing matched; no file was written. The report says why: the range, what the input holds
  /// of each selected series, and what removed readings.
  case noData(NoDataReport)
  /// GPX was asked for and the input (named) holds no workout with a route, or none whose route
  /// has points (`withoutPoints` workouts' routes name files the input lacks); nothing was
  /// written.
  case noWorkoutRoutes(input: String, withoutPoints: Int)

  /// The first line of the message.
  public static let noDataMessage = "No data found for the selected metrics and date range."

  /// The message, as it is shown.
  public var description: String {
    switch self {
    case .noData(let report): ([Self.noDataMessage] + report.lines).joined(separator: "\n  ")
    case .noWorkoutRoutes(let input, 0):
      "No workout in \(input) has a route: GPX is written for workouts recorded with one. Nothing was written."
    case .noWorkoutRoutes(let input, let count):
      "No workout in \(input) has a route with points: the routes of \(count) \(count == 1 ? "workout name files" : "workouts name files") the input lacks. Nothing was written."
    }
  }

  /// The message, for `LocalizedError`.
  public var errorDescription: String? { description }
}

/// One run of the CSV export: read an input, keep what the selection asks for, write the CSV.
public struct CSVExport: Sendable {
  /// What the CSV holds: the metrics, vitals and labs, the range, units, date format and order.
  public var selection: ExportSelection
  /// The moment of the export: "last N days" counts back from it and the file name shows it.
  public var now: Timestamp
  /// The measure rows kept in memory before they are spilled beside the output (tests make it
  /// small).
  package var rowBudget = MeasureRowStore.defaultBudget

  /// A CSV export.
  /// - Parameters:
  ///   - selection: what the CSV holds.
  ///   - now: the moment of the export.
  public init(selection: ExportSelection, now: Timestamp) {
    self.selection = selection
    self.now = now
  }

  /// The three disclaimer lines the CSV begins with, each ending with LF; every output that
  /// shows the data repeats them.
  package static var disclaimer: String { CSVWriter.disclaimer }

  /// The default file name, `HealthExporter_yyyy-MM-dd_HHmmss.csv`, on the clocks of the job's time zone.
  public static func defaultFileName(now: Timestamp) -> DefaultFileName {
    DefaultFileName(prefix: "HealthExporter", fileExtension: "csv", now: now)
  }

  /// Runs the export.
  /// - Parameters:
  ///   - source: the input.
  ///   - destination: where the CSV goes.
  ///   - diagnostics: collects skipped records; strict diagnostics stop the export.
  /// - Returns: what was written.
  /// - Throws: `OutputError` before reading when the file cannot be placed; the input's errors;
  ///   `ExportError.noData` when no row was selected (nothing is written); `StrictModeError`.
  public func run(
    source: some HealthInputSource, destination: OutputDestination, diagnostics: Diagnostics
  ) throws -> CSVExport.Outcome {
    let collector = RowCollector(
      selection: selection, now: now, diagnostics: diagnostics, spillBeside: destination.spillBeside,
      rowBudget: rowBudget)
    let writer = CSVWriter(dateFormat: selection.dateFormat, keepsRawText: selection.keepsRawText)
    var dropped: [Diagnostics.Tally] = []
    var timeZone = DateRange.utc
    let blocks = try ExportPipeline(destination: destination, diagnostics: diagnostics).run(
      source, through: collector, timeZone: selection.timeZone, into: writer
    ) { rows in
      guard rows.rowCount > 0 else {
        throw ExportError.noData(collector.noDataReport(skipped: diagnostics.summary, dropped: rows.dropped))
      }
      dropped = rows.dropped
      timeZone = rows.timeZone
    }
    return CSVExport.Outcome(
      blocks: blocks.map { CSVExport.Outcome.BlockCount(name: $0.name, rows: $0.rows) }, dropped: dropped,
      skipped: diagnostics.summary, outputPath: destination.path,
      timeZone: timeZone)
  }
}
