import HealthArchive
import HealthModel

/// A job's input with the job's progress observer and cancellation flag: the monitor its reader
/// hands `readItems` and the job's are both told and checked. Cancellation is checked once more
/// when reading ends, before anything is written.
struct MonitoredSource<Base: HealthInputSource>: ForwardingSource {
  let base: Base
  /// The job's.
  let monitor: ReadMonitor

  func readItems(
    filter: ItemFilter, diagnostics: Diagnostics, monitor reader: ReadMonitor,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    let monitor = reader.adding(monitor)
    try base.readItems(filter: filter, diagnostics: diagnostics, monitor: monitor, consume)
    try monitor.check()
  }
}
