import Foundation
public import HealthArchive
public import HealthModel

/// One run of the profile export: read an input whole and write it as a JSON health profile.
public struct ProfileExport: Sendable {
  /// How the profile is written: its name, creation date, UUIDs and time zone.
  public var options: ProfileWriter.Options

  /// The bytes each type keeps in memory before it spills to a temporary file.
  package var columnLimit = ProfileWriter.defaultColumnLimit

  /// A profile export.
  /// - Parameter options: how the profile is written.
  public init(options: ProfileWriter.Options) {
    self.options = options
  }

  /// The default file name, `HealthProfile_yyyy-MM-dd_HHmmss.json`, on the clocks of the job's
  /// time zone.
  public static func defaultFileName(now: Timestamp) -> DefaultFileName {
    DefaultFileName(prefix: "HealthProfile", fileExtension: "json", now: now)
  }

  /// What the run wrote.
  public struct Outcome: Sendable {
    /// What the profile holds: its samples, correlations, workouts and lab results, by type.
    public var written: ProfileWriter.Outcome
    /// Records of the input left out as unreadable, by reason.
    public var skipped: [Diagnostics.Tally]
    /// The file written; nil for a sink of bytes.
    public var outputPath: String?

    /// One line for standard error.
    public var line: String {
      func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
      var text =
        "Wrote a profile of \(count(written.samples, "sample")) in \(count(written.types, "type")), "
        + "\(count(written.correlations, "correlation")), \(count(written.workouts, "workout")), "
        + "\(count(written.labResults, "lab result"))"
      text += outputPath.map { " to \($0)" } ?? " to standard output"
      if written.repeatedMembers > 0 {
        text +=
          " (\(written.repeatedMembers) top-level copies of correlation members written only inside them)"
      }
      if !skipped.isEmpty {
        let total = skipped.reduce(0) { $0 + $1.count }
        text += "; skipped or repaired \(total): "
        text += skipped.map {
          "\($0.count) × \($0.reason)" + ($0.firstLocation.map { " (first at \($0))" } ?? "")
        }
        .joined(separator: ", ")
      }
      return text + "."
    }
  }

  /// Runs the export.
  /// - Throws: `OutputError` before reading when the file cannot be placed; the input's errors;
  ///   `ProfileError` when temporary files cannot be written; `StrictModeError`.
  public func run(
    source: some HealthInputSource, destination: OutputDestination, diagnostics: Diagnostics
  ) throws -> Outcome {
    let writer = ProfileWriter(
      options: options, spillFolder: Self.spillFolder(for: destination), columnLimit: columnLimit)
    let written = try ExportPipeline(destination: destination, diagnostics: diagnostics).run(
      source, into: writer)
    return Outcome(written: written, skipped: diagnostics.summary, outputPath: destination.path)
  }

  /// Where columns too large for memory are spilled: the folder of a file the profile is written
  /// to; nil (everything kept in memory) for a stream, a device such as `/dev/null` or a named
  /// pipe, whose folder is not the user's to write in.
  package static func spillFolder(for destination: OutputDestination) -> String? {
    destination.spillBeside.map(OutputFile.folder(of:))
  }
}
