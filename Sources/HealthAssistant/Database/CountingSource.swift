import Foundation
import HealthArchive
import HealthModel

/// An input that counts the items read from it, for the progress of indexing.
final class CountingSource<Base: HealthInputSource>: ForwardingSource {
  let base: Base
  /// Called with the number of items read, every `interval` items.
  private let progress: (Int) -> Void
  private let interval: Int

  init(_ base: Base, every interval: Int = 4096, progress: @escaping (Int) -> Void) {
    self.base = base
    self.interval = max(interval, 1)
    self.progress = progress
  }

  func readItems(
    filter: ItemFilter, diagnostics: Diagnostics, _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    var count = 0
    try base.readItems(filter: filter, diagnostics: diagnostics) { item, location in
      try consume(item, location)
      count += 1
      if count % interval == 0 { progress(count) }
    }
    progress(count)
  }
}
