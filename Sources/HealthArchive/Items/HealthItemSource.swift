public import HealthModel

/// An input that yields health items: an export.xml, an archive, a profile.
public protocol HealthItemSource {
  /// What the user named, for messages.
  var name: String { get }

  /// Reads the whole input once, handing each item the filter wants to `consume` with where it
  /// starts.
  /// - Throws: the format's errors (`XMLError`, `InputError`, …), `StrictModeError` in strict
  ///   mode, and whatever `consume` throws.
  func readItems(
    filter: ItemFilter, diagnostics: Diagnostics,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws
}
