package import Foundation
package import HealthArchive
package import HealthModel

/// The items of an input, read when a writer goes through them: the input of writers that copy
/// the whole record (the profile, a database, Apple's format), which take each item as it is read
/// rather than after a stage has kept some.
package struct HealthItems {
  /// Where the items come from.
  package let source: any HealthInputSource
  /// Which items are read; readers pass over the rest without decoding them.
  package let filter: ItemFilter
  /// Where skipped records are reported.
  package let diagnostics: Diagnostics

  /// The items of `source` that `filter` lets through.
  package init(source: any HealthInputSource, filter: ItemFilter = .everything, diagnostics: Diagnostics) {
    self.source = source
    self.filter = filter
    self.diagnostics = diagnostics
  }

  /// Reads the input once, handing each item to `body` with where it starts, in input order.
  /// - Throws: the input's errors, `StrictModeError` in strict mode, what `body` throws.
  package func read(_ body: (HealthItem, SourceLocation) throws -> Void) throws {
    try source.readItems(filter: filter, diagnostics: diagnostics, body)
  }

  /// The zone `choice` gives once the items are read: the one named, or the one their samples
  /// name most (`ExportHeader.timeZones`), else its fallback.
  package func timeZone(_ choice: TimeZoneChoice) -> TimeZone {
    source.timeZone(choice)
  }
}
