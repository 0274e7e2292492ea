import Foundation
import HealthArchive
import HealthModel
import SystemShim

/// Where the CSV goes.
public enum CSVDestination {
  /// A file, written atomically with permissions 0600.
  case file(path: String, overwrites: Bool)
  /// A stream of bytes, such as standard output.
  case sink((UnsafeRawBufferPointer) throws -> Void)

  /// The destination the `--output` option names: `-` for standard output, an existing folder
  /// (the file is named `HealthExporter_yyyy-MM-dd_HHmmss.csv` inside it), or a file path; nil
  /// means the current folder.
  public static func resolve(
    output: String?, overwrites: Bool, now: Timestamp, timeZone: TimeZone,
    standardOutput: @escaping (UnsafeRawBufferPointer) throws -> Void
  ) -> CSVDestination {
    let output = output ?? "."
    if output == "-" { return .sink(standardOutput) }
    let fileName = CSVExport.fileName(now: now, timeZone: timeZone)
    if output.hasSuffix("/") {
      return .file(path: output + fileName, overwrites: overwrites)
    }
    if SystemCall.kind(of: output) == .directory {
      let path = output == "." ? fileName : output + "/" + fileName
      return .file(path: path, overwrites: overwrites)
    }
    return .file(path: output, overwrites: overwrites)
  }
}

/// An export that selects no rows.
public enum ExportError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// Nothing matched; no file was written.
  case noData

  public var description: String {
    switch self {
    case .noData: "No data found for the selected metrics and date range."
    }
  }

  public var errorDescription: String? { description }
}

/// One run of the CSV export: read an input, keep what the selection asks for, write the CSV.
public struct CSVExport {
  public var selection: ExportSelection
  /// The moment of the export: "last N days" counts back from it and the file name shows it.
  public var now: Timestamp

  public init(selection: ExportSelection, now: Timestamp) {
    self.selection = selection
    self.now = now
  }

  /// The default file name, `HealthExporter_yyyy-MM-dd_HHmmss.csv`, in local time.
  public static func fileName(now: Timestamp, timeZone: TimeZone) -> String {
    let seconds = now.wholeSecondsSince1970
    let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
    let civil = CivilDateTime(secondsSince1970: seconds + Int64(offset))
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "HealthExporter_\(civil.year)-\(two(civil.month))-\(two(civil.day))_"
      + "\(two(civil.hour))\(two(civil.minute))\(two(civil.second)).csv"
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
    source: some HealthItemSource, destination: CSVDestination, diagnostics: Diagnostics
  ) throws -> ExportSummary {
    if case .file(let path, let overwrites) = destination {
      try OutputFile.checkDestination(path, overwrites: overwrites)
    }
    let collector = RowCollector(selection: selection, now: now, diagnostics: diagnostics)
    try source.readItems(filter: collector.itemFilter, diagnostics: diagnostics) { item, location in
      try collector.add(item, at: location)
    }
    let blocks = try collector.finish()
    let summary = ExportSummary(
      blocks: blocks.map { ExportSummary.BlockCount(name: $0.name, rows: $0.rowCount) },
      dropped: collector.dropped.map { Diagnostics.Tally(reason: $0.reason, count: $0.count) },
      skipped: diagnostics.summary,
      outputPath: nil)
    guard summary.totalRows > 0 else { throw ExportError.noData }

    switch destination {
    case .sink(let sink):
      var writer = CSVWriter(dateFormat: selection.dateFormat, timeZone: selection.timeZone, sink: sink)
      try writer.write(blocks)
      return summary
    case .file(let path, let overwrites):
      let file = try OutputFile(path: path, overwrites: overwrites)
      do {
        var writer = CSVWriter(dateFormat: selection.dateFormat, timeZone: selection.timeZone) {
          try file.write($0)
        }
        try writer.write(blocks)
        try file.commit()
      } catch {
        file.discard()
        throw error
      }
      var written = summary
      written.outputPath = path
      return written
    }
  }
}
