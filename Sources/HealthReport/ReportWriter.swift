import HealthExport
import HealthModel
import SystemShim

/// Writes the report's page (`ReportPage`) from what the report stage kept, as UTF-8.
struct ReportWriter: ExportWriter {
  /// Writes the whole page.
  /// - Returns: what was written, without the skipped records (the front door adds them).
  /// - Throws: `OutputError`; what the destination's stream throws.
  func write(_ data: ReportData, to destination: OutputDestination) throws -> ReportExport.Outcome {
    var page = ReportPage(data: data)
    let text = page.render()
    try destination.write { sink in
      try sink.write(text)
    }
    return ReportExport.Outcome(
      sections: page.sections, charts: page.chartCount, firstDay: page.firstDay, lastDay: page.lastDay,
      dropped: data.readings.dropped, skipped: [], unknownPrioritySources: data.unknownPrioritySources,
      outputPath: destination.path, timeZone: data.timeZone)
  }
}
