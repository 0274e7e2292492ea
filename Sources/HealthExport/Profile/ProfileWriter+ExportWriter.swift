package import HealthArchive

/// The profile as an output of the pipeline: every item read into its columns (spilled beside
/// the destination as they grow), then the document assembled into the destination's bytes.
extension ProfileWriter: ExportWriter {
  /// Reads `items` whole, then writes the profile; a writer writes one profile.
  /// - Throws: the input's errors; `ProfileError` when temporary files cannot be written;
  ///   `OutputError`.
  package func write(_ items: HealthItems, to destination: OutputDestination) throws -> Outcome {
    try items.read { item, _ in try add(item) }
    let zone = items.timeZone(options.timeZone)
    destination.settle(timeZone: zone)
    // A profile of gigabytes is written once: its pages go to the disk as it grows.
    return try destination.write(dropInterval: OutputFile.defaultDropInterval) { sink in
      try finish(timeZone: zone, into: sink)
    }
  }
}
