public import HealthArchive
public import HealthModel

extension SampleExport {
  /// The export as an input that ends at `now`: what the generator made for the rest of the last
  /// day is left out (samples, correlations and workouts that end later, lab results dated
  /// later), and the export is dated `now`. This is what `--sample` reads, so that it never holds
  /// readings from the future.
  /// - Parameters:
  ///   - now: the moment the sample ends.
  ///   - registry: the registry lab results are matched with.
  /// - Returns: the export as an input.
  public func source(endingAt now: Timestamp, registry: MetricRegistry = .standard) -> any HealthInputSource {
    SourceEndingAt(base: source(registry: registry), end: now)
  }
}

/// An input whose items end at a moment.
private final class SourceEndingAt: ForwardingSource {
  let base: ExportSource
  let end: Timestamp

  init(base: ExportSource, end: Timestamp) {
    self.base = base
    self.end = end
  }

  func readItems(
    filter: ItemFilter, diagnostics: Diagnostics, monitor: ReadMonitor,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    try base.readItems(filter: filter, diagnostics: diagnostics, monitor: monitor) { item, location in
      switch item {
      case .exportDate(let date):
        try consume(.exportDate(min(date, end)), location)
      case .sample(let sample) where sample.endDate > end:
        return
      case .correlation(let correlation) where correlation.endDate > end:
        return
      case .workout(let workout) where workout.endDate > end:
        return
      case .labResult(let result) where result.date > end:
        return
      default:
        try consume(item, location)
      }
    }
  }
}
