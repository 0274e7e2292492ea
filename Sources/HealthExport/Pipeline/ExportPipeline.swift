import Foundation
package import HealthArchive
package import HealthModel

/// One run of an export: an input read once, through a stage, into a writer, to one destination.
/// Every job that turns an input into an output runs through it.
///
///     let pipeline = ExportPipeline(destination: destination, diagnostics: diagnostics)
///     try pipeline.run(source, through: collector, into: csvWriter)       // rows
///     try pipeline.run(source, into: profileWriter)                       // every item
package struct ExportPipeline {
  /// Where the output goes.
  package var destination: OutputDestination
  /// Where skipped records are reported; strict diagnostics stop the run.
  package var diagnostics: Diagnostics

  /// A run writing to `destination`, reporting skipped records to `diagnostics`.
  package init(destination: OutputDestination, diagnostics: Diagnostics) {
    self.destination = destination
    self.diagnostics = diagnostics
  }

  /// Reads `source` through `stage`, then writes what the stage kept with `writer`.
  /// - Parameters:
  ///   - source: the input.
  ///   - stage: what keeps the items the writer needs.
  ///   - timeZone: where local dates are reckoned: a zone named, or the one the input's samples
  ///     name (`ExportHeader.timeZones`), which the stage finishes in and a new file is named on.
  ///   - writer: what writes the output.
  ///   - check: called with what the stage kept before anything is written; what it throws ends
  ///     the run with nothing written (an export that selects no rows).
  /// - Returns: what the writer wrote.
  /// - Throws: `OutputError` before reading when the destination cannot take the output; the
  ///   input's errors; `StrictModeError`; what `check` or the writer throws.
  package func run<Stage: ExportStage, Writer: ExportWriter>(
    _ source: some HealthInputSource, through stage: Stage, timeZone: TimeZoneChoice, into writer: Writer,
    checking check: (Stage.Output) throws -> Void = { _ in }
  ) throws -> Writer.Outcome where Writer.Input == Stage.Output {
    try destination.check(form: writer.outputForm)
    var stage = stage
    // A stage keeps what it needs of each item and writes nothing until the end: the reading is
    // what it waits on.
    var filter = stage.itemFilter
    filter.readsInParallel = true
    try source.readItems(filter: filter, diagnostics: diagnostics) { item, location in
      try stage.add(item, at: location)
    }
    let zone = source.timeZone(timeZone)
    let kept = try stage.finish(timeZone: zone)
    try check(kept)
    destination.settle(timeZone: zone)
    return try writer.write(kept, to: destination)
  }

  /// Hands `writer` the items of `source` that `filter` lets through, read as it goes through
  /// them; a writer that reckons local dates resolves its zone once it has read them
  /// (`HealthItems.timeZone(_:)`) and settles the destination's name on it.
  /// - Returns: what the writer wrote.
  /// - Throws: `OutputError` before reading when the destination cannot take the output; the
  ///   input's errors; `StrictModeError`; what the writer throws.
  package func run<Writer: ExportWriter>(
    _ source: some HealthInputSource, filter: ItemFilter = .everything, into writer: Writer
  ) throws -> Writer.Outcome where Writer.Input == HealthItems {
    try destination.check(form: writer.outputForm)
    return try writer.write(
      HealthItems(source: source, filter: filter, diagnostics: diagnostics), to: destination)
  }
}
