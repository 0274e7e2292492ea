import HealthExport
import HealthModel

/// Writes the report's page (`ReportPage`) from what the report stage kept, as UTF-8.
struct ReportWriter: ExportWriter {
  /// Writes the whole page.
  /// - Returns: what was written, without the skipped records (the front door adds them).
  /// - Throws: `OutputError`; what the destination's stream throws.
  func write(_ data: ReportData, to destination: OutputDestination) throws -> ReportExport.Outcome {
    var page = ReportPage(data: data)
    let text = page.render()
    try destination.write { sink in
      try Array(text.utf8).withUnsafeBytes { try sink($0) }
    }
    return ReportExport.Outcome(
      sections: page.sections, charts: page.chartCount, firstDay: page.firstDay, lastDay: page.lastDay,
      dropped: data.readings.dropped, skipped: [], unknownPrioritySources: data.unknownPrioritySources,
      outputPath: destination.path, timeZone: data.timeZone)
  }
}
