import Foundation
package import HealthArchive

/// A job cancelled half way through while writing a file into a folder of its own: what it threw,
/// how far its progress went, and what it left in the folder.
package struct CancelledRun {
  /// What the job threw; nil when it returned.
  package let error: (any Error)?
  /// The last progress it told.
  package let last: ReadProgress?
  /// The names in its folder afterwards.
  package let leftBehind: [String]

  /// Runs `job` with a progress observer that sets its cancellation flag half way through; `job`
  /// writes to the path it is given, in a fresh folder inside `folder` (a path).
  package init(
    in folder: String,
    _ job: (_ output: String, _ progress: ProgressRecorder, _ cancellation: CancellationFlag) throws -> Void
  ) throws {
    let output = folder + "/cancelled-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
    let flag = CancellationFlag()
    let recorder = ProgressRecorder(stopping: .flag(flag))
    do {
      try job(output + "/out", recorder, flag)
      error = nil
    } catch {
      self.error = error
    }
    last = recorder.updates.last
    leftBehind = try FileManager.default.contentsOfDirectory(atPath: output)
  }

  /// Whether the job threw `CancellationError`.
  package var wasCancelled: Bool { error is CancellationError }

  /// Whether its progress stopped short of a known total.
  package var stoppedShort: Bool {
    guard let last, let total = last.total else { return false }
    return last.done < total
  }
}
