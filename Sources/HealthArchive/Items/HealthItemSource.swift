public import HealthModel

/// An input that yields health items: an export.xml, an archive, a profile.
public protocol HealthItemSource {
  /// What the user named, for messages.
  var name: String { get }

  /// Reads the whole input once, handing each item the filter wants to `consume` with where it
  /// starts, telling `monitor` how far it has come and checking it as it goes.
  /// - Throws: the format's errors (`XMLError`, `InputError`, …), `StrictModeError` in strict
  ///   mode, `CancellationError` once `monitor` is cancelled, and whatever `consume` throws.
  func readItems(
    filter: ItemFilter, diagnostics: Diagnostics, monitor: ReadMonitor,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws
}

extension HealthItemSource {
  /// Reads the whole input once, unwatched, handing each item the filter wants to `consume` with
  /// where it starts.
  /// - Throws: as `readItems(filter:diagnostics:monitor:_:)`.
  public func readItems(
    filter: ItemFilter, diagnostics: Diagnostics, _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    try readItems(filter: filter, diagnostics: diagnostics, monitor: .none, consume)
  }
}
