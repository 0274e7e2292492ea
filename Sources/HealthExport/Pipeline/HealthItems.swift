package import HealthArchive
package import HealthModel

/// The items of an input, read when a writer goes through them: the input of writers that copy
/// the whole record (the profile, a database, Apple's format), which take each item as it is read
/// rather than after a stage has kept some.
package struct HealthItems {
  /// Where the items come from.
  package let source: any HealthItemSource
  /// Which items are read; readers pass over the rest without decoding them.
  package let filter: ItemFilter
  /// Where skipped records are reported.
  package let diagnostics: Diagnostics

  /// The items of `source` that `filter` lets through.
  package init(source: any HealthItemSource, filter: ItemFilter = .everything, diagnostics: Diagnostics) {
    self.source = source
    self.filter = filter
    self.diagnostics = diagnostics
  }

  /// Reads the input once, handing each item to `body` with where it starts, in input order.
  /// - Throws: the input's errors, `StrictModeError` in strict mode, what `body` throws.
  package func read(_ body: (HealthItem, SourceLocation) throws -> Void) throws {
    try source.readItems(filter: filter, diagnostics: diagnostics, body)
  }

  /// Reads the input once as `read(_:)` does, on the calling thread, with `body` called on a
  /// thread of its own, handed the items in batches by `handOff`: reading and what `body` does
  /// run on two cores. `body` sees the same items in the same order, and the run ends with the
  /// same error as with `read(_:)`.
  /// - Throws: as `read(_:)`.
  package func read(
    handingOffWith handOff: ItemHandOff, _ body: @escaping (HealthItem, SourceLocation) throws -> Void
  ) throws {
    try handOff.run(source, filter: filter, diagnostics: diagnostics, body)
  }
}
