public import Foundation
public import HealthArchive
public import HealthModel

/// One job of the library: the CSV (`CSVExport`), the profile (`ProfileExport`), the summary
/// (`SummaryExport`), the report, the database, convert (`ConvertExport`). Each is a `Sendable` value of what was
/// chosen, run on an input to a destination, with a progress observer and a cancellation flag:
///
///     let export = CSVExport(selection: ExportSelection(timeZone: .current), now: Timestamp(Date()))
///     let summary = try await export.run(
///       .path("export.zip"), to: .file(path: "health.csv", overwrites: false),
///       progress: progressBar, cancellation: cancellation)
///
/// The input is a path or bytes (`ExportInput`), or any source of items, such as the samples an
/// app read from HealthKit (`HealthItemSequence`). The destination is a file, placed whole with
/// permissions 0600 or not at all, or a sink of bytes. Progress is told in bytes of the input
/// read (or items gone through), never going back, and ends at the total once the job is done.
/// A job stops promptly once its cancellation flag is set or the task it runs in is cancelled,
/// throwing `CancellationError` and leaving no file behind; one cancelled after its output is
/// placed returns as usual.
public protocol ExportJob: Sendable {
  /// What a run reports having written.
  associatedtype Outcome: Sendable

  /// Where an input opened by path or bytes reads dates that carry no zone (a profile's date of
  /// birth): the job's own time zone.
  var inputTimeZone: TimeZone { get }

  /// Runs the job once on `source`, without progress or cancellation of its own.
  /// - Parameters:
  ///   - source: the input.
  ///   - destination: where the output goes.
  ///   - diagnostics: collects skipped records; strict diagnostics stop the job.
  /// - Returns: what was written.
  /// - Throws: `OutputError` before reading when the output cannot be placed; the input's
  ///   errors; `StrictModeError`; the job's own (`ExportError.noData` when nothing was selected).
  func run(
    source: some HealthInputSource, destination: OutputDestination, diagnostics: Diagnostics
  ) throws -> Outcome
}

extension ExportJob {
  /// Runs the job on an export or profile named by path or held in memory.
  /// - Parameters:
  ///   - input: what is read.
  ///   - destination: where the output goes.
  ///   - progress: told the bytes read of the total, never going back, and the total at the end.
  ///   - cancellation: stops the job when set; the job also stops when its task is cancelled.
  ///   - diagnostics: collects skipped records; strict diagnostics stop the job.
  /// - Returns: what was written.
  /// - Throws: `CancellationError` when cancelled (nothing is written); the input's opening
  ///   errors (`InputError`, `ZipError`); otherwise as `run(source:destination:diagnostics:)`.
  public func run(
    _ input: ExportInput, to destination: OutputDestination, progress: (any ProgressObserver)? = nil,
    cancellation: CancellationFlag? = nil, diagnostics: Diagnostics = Diagnostics()
  ) throws -> Outcome {
    try perform(
      input, to: destination, progress: progress, cancellation: cancellation, diagnostics: diagnostics)
  }

  /// Runs the job on an export or profile named by path or held in memory, in a task.
  /// - Parameters: as the synchronous `run(_:to:progress:cancellation:diagnostics:)`.
  /// - Returns: what was written.
  /// - Throws: `CancellationError` when the flag is set or the task is cancelled (nothing is
  ///   written); otherwise as the synchronous `run`.
  public func run(
    _ input: ExportInput, to destination: OutputDestination, progress: (any ProgressObserver)? = nil,
    cancellation: CancellationFlag? = nil, diagnostics: Diagnostics = Diagnostics()
  ) async throws -> Outcome {
    try perform(
      input, to: destination, progress: progress, cancellation: cancellation, diagnostics: diagnostics)
  }

  /// Runs the job on a source of items: the samples an app supplies (`HealthItemSequence`), an
  /// input already opened (`HealthInput.open`), a generated export.
  /// - Parameters:
  ///   - source: the input, which is handed `progress` and `cancellation` for this run only
  ///   (`ReadMonitor`).
  ///   - destination: where the output goes.
  ///   - progress: told the bytes read (or items gone through) of the total where known, never
  ///     going back, and the total at the end.
  ///   - cancellation: stops the job when set; the job also stops when its task is cancelled.
  ///   - diagnostics: collects skipped records; strict diagnostics stop the job.
  /// - Returns: what was written.
  /// - Throws: `CancellationError` when cancelled (nothing is written); otherwise as
  ///   `run(source:destination:diagnostics:)`.
  public func run(
    _ source: some HealthInputSource, to destination: OutputDestination,
    progress: (any ProgressObserver)? = nil, cancellation: CancellationFlag? = nil,
    diagnostics: Diagnostics = Diagnostics()
  ) throws -> Outcome {
    try perform(
      source, to: destination, progress: progress, cancellation: cancellation, diagnostics: diagnostics)
  }

  /// Runs the job on a source of items, in a task.
  /// - Parameters: as the synchronous `run(_:to:progress:cancellation:diagnostics:)`.
  /// - Returns: what was written.
  /// - Throws: `CancellationError` when the flag is set or the task is cancelled (nothing is
  ///   written); otherwise as the synchronous `run`.
  public func run(
    _ source: some HealthInputSource, to destination: OutputDestination,
    progress: (any ProgressObserver)? = nil, cancellation: CancellationFlag? = nil,
    diagnostics: Diagnostics = Diagnostics()
  ) async throws -> Outcome {
    try perform(
      source, to: destination, progress: progress, cancellation: cancellation, diagnostics: diagnostics)
  }

  /// The four doors' one way in: the input opened once the flag is checked.
  private func perform(
    _ input: ExportInput, to destination: OutputDestination, progress: (any ProgressObserver)?,
    cancellation: CancellationFlag?, diagnostics: Diagnostics
  ) throws -> Outcome {
    try (cancellation ?? CancellationFlag()).check()
    return try perform(
      try input.open(timeZone: inputTimeZone), to: destination, progress: progress,
      cancellation: cancellation, diagnostics: diagnostics)
  }

  private func perform(
    _ source: some HealthInputSource, to destination: OutputDestination, progress: (any ProgressObserver)?,
    cancellation: CancellationFlag?, diagnostics: Diagnostics
  ) throws -> Outcome {
    let cancellation = cancellation ?? CancellationFlag()
    try cancellation.check()
    let tracker = progress.map(ProgressTracker.init)
    let summary = try run(
      source: MonitoredSource(
        base: source, monitor: ReadMonitor(progress: tracker, cancellation: cancellation)),
      destination: destination, diagnostics: diagnostics)
    tracker?.complete()
    return summary
  }
}
