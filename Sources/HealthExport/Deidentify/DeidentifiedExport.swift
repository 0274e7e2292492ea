public import Foundation
public import HealthArchive
public import HealthModel

/// A job run on the de-identified record (`Deidentification`): any of the library's jobs, whose
/// writer sees only what is left.
///
///     let job = DeidentifiedExport(ConvertExport(options: options), Deidentification(shiftDays: -90))
///     let outcome = try job.run(.path("export.zip"), to: .file(path: "study.json", overwrites: false))
///     print(outcome.removed.description)
public struct DeidentifiedExport<Job: ExportJob>: ExportJob {
  /// The job.
  public var job: Job
  /// What is taken out.
  public var deidentification: Deidentification

  /// `job` run on the record without what `deidentification` takes out.
  public init(_ job: Job, _ deidentification: Deidentification) {
    self.job = job
    self.deidentification = deidentification
  }

  /// What the job wrote, and what was taken out before it.
  public struct Outcome: Sendable {
    /// The job's own outcome.
    public var job: Job.Outcome
    /// What was removed.
    public var removed: Deidentification.Removed
  }

  /// The job's zone.
  public var inputTimeZone: TimeZone { job.inputTimeZone }

  /// Runs the job on `source` de-identified.
  /// - Returns: the job's outcome and what was removed.
  /// - Throws: the job's errors.
  public func run(
    source: some HealthInputSource, destination: OutputDestination, diagnostics: Diagnostics
  ) throws -> Outcome {
    let deidentifier = Deidentifier(deidentification)
    let outcome = try job.run(
      source: DeidentifiedSource(base: source, deidentifier: deidentifier), destination: destination,
      diagnostics: diagnostics)
    return Outcome(job: outcome, removed: deidentifier.reported)
  }
}
