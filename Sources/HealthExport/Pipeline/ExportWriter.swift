package import HealthArchive

/// An output the export pipeline drives: it writes what a stage kept (`SelectedRows` for the
/// CSV), or the items of an input as they are read (`HealthItems`, for the profile and any output
/// that copies the whole record), to a destination, whole or not at all.
///
/// A writer of bytes writes through `OutputDestination.write(_:)`, which hands it a sink; a writer
/// that makes its file by path (SQLite) through `OutputDestination.writeFile(_:)`, which hands it
/// a temporary path beside the destination. Either way the output is synced, made owner-only and
/// moved into place when the writer's closure returns, and removed when it throws. The writer
/// decides when it opens the destination: after reading (the CSV, the profile) or before (a
/// database filled as the items stream).
package protocol ExportWriter {
  /// What it writes: `SelectedRows`, `HealthItems`.
  associatedtype Input
  /// What it reports having written.
  associatedtype Outcome

  /// What the writer makes at the destination by path, for the check made before any work: a
  /// file, or a folder of files (which may replace a folder); nil (the default) for a writer of
  /// bytes.
  var outputForm: TemporaryOutput.Form? { get }

  /// Writes `input` to `destination`.
  /// - Returns: what was written.
  /// - Throws: `OutputError` when the output cannot be made or placed (nothing is left behind);
  ///   the input's errors, for `HealthItems`; the writer's own.
  func write(_ input: Input, to destination: OutputDestination) throws -> Outcome
}

extension ExportWriter {
  /// A writer of bytes.
  package var outputForm: TemporaryOutput.Form? { nil }
}
