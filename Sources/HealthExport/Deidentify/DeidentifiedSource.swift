import HealthArchive
import HealthModel

/// An input whose items come de-identified (`Deidentifier`): the stage in front of any writer.
/// Its header says so (`ExportHeader.isDeidentified`), and it lists no files of the export's
/// folders (their names hold dates). Routes that are left out are not read at all.
struct DeidentifiedSource<Base: HealthInputSource>: ForwardingSource {
  let base: Base
  let deidentifier: Deidentifier

  var header: ExportHeader {
    var header = base.header
    header.isDeidentified = true
    return header
  }

  func fileNames(in folder: String) -> [String] { [] }

  func readItems(
    filter: ItemFilter, diagnostics: Diagnostics, monitor: ReadMonitor,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    var filter = filter
    if !deidentifier.deidentification.keepsRoutes { filter.includesRoutePoints = false }
    // A filter's dates are the writer's, moved; the reader's are the export's.
    let shift = DayShift(days: -deidentifier.deidentification.shiftDays)
    filter.bareUntil = filter.bareUntil.mapValues(shift.seconds)
    deidentifier.beginPass()
    try base.readItems(filter: filter, diagnostics: diagnostics, monitor: monitor) { item, location in
      if let item = deidentifier.deidentified(item) { try consume(item, location) }
    }
    deidentifier.endPass()
  }
}
