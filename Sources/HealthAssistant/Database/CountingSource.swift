import Foundation
import HealthArchive
import HealthModel

/// An input that counts the items read from it, for the progress of indexing.
final class CountingSource: HealthInputSource {
  let base: any HealthInputSource
  /// Called with the number of items read, every `interval` items.
  private let progress: (Int) -> Void
  private let interval: Int

  init(_ base: any HealthInputSource, every interval: Int = 4096, progress: @escaping (Int) -> Void) {
    self.base = base
    self.interval = max(interval, 1)
    self.progress = progress
  }

  var name: String { base.name }
  var shape: InputShape { base.shape }
  var contentName: String { base.contentName }
  var header: ExportHeader { base.header }
  func fileNames(in folder: String) -> [String] { base.fileNames(in: folder) }

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
