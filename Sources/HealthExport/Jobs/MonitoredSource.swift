import HealthArchive
import HealthModel

/// A job's input with its progress observer and cancellation flag: a source that counts the
/// bytes it reads (an export, a profile) is told them for the run; items an app supplies count
/// themselves; any other source is counted item by item as it hands them on. Cancellation is
/// checked once more when reading ends, before anything is written.
struct MonitoredSource<Base: HealthInputSource>: ForwardingSource {
  let base: Base
  let progress: (any ProgressObserver)?
  let cancellation: CancellationFlag

  func readItems(
    filter: ItemFilter, diagnostics: Diagnostics, _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    if let reporting = base as? any ReadProgressReporting {
      let (observer, flag) = (reporting.progressObserver, reporting.cancellation)
      switch (observer, progress) {
      case (let observer?, let progress?):
        reporting.progressObserver = Fanout(first: observer, second: progress)
      case (_, let progress?): reporting.progressObserver = progress
      case (_, nil): break
      }
      reporting.cancellation = cancellation
      defer { (reporting.progressObserver, reporting.cancellation) = (observer, flag) }
      try base.readItems(filter: filter, diagnostics: diagnostics, consume)
    } else if let items = base as? any MonitoredItemReading {
      try items.readItems(filter: filter, progress: progress, cancellation: cancellation, consume)
    } else {
      var count: Int64 = 0
      try base.readItems(filter: filter, diagnostics: diagnostics) { item, location in
        try cancellation.check()
        count += 1
        progress?.update(ReadProgress(.items, done: count, total: nil))
        try consume(item, location)
      }
    }
    try cancellation.check()
  }
}

/// Two observers told the same progress: one the source had already (a command's progress line),
/// and the job's.
private final class Fanout: ProgressObserver {
  let first: any ProgressObserver
  let second: any ProgressObserver

  init(first: any ProgressObserver, second: any ProgressObserver) {
    self.first = first
    self.second = second
  }

  func update(_ progress: ReadProgress) {
    first.update(progress)
    second.update(progress)
  }
}
