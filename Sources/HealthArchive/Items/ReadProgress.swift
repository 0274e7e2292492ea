/// How far a job has come: bytes or items done, of a total where it is known.
public struct ReadProgress: Hashable, Sendable {
  /// What is counted.
  public enum Unit: Hashable, Sendable {
    /// Bytes of the main stream read (the health XML, inflated in an archive, or the profile).
    case bytes
    /// Items an app supplied, handed to the job.
    case items
  }

  /// What `done` and `total` count.
  public var unit: Unit
  /// Bytes read, or items handed on, so far.
  public var done: Int64
  /// The bytes or items there are in all: a file's size, a zip entry's inflated size, the
  /// count of an array of items; nil when not known beforehand (a generated export, a sequence
  /// of items of unknown length).
  public var total: Int64?

  /// Progress of `done` out of `total`, counted in `unit`.
  /// - Parameters:
  ///   - unit: what is counted; bytes unless told.
  ///   - done: how many are done.
  ///   - total: how many there are in all, where known.
  public init(_ unit: Unit = .bytes, done: Int64, total: Int64?) {
    self.unit = unit
    self.done = done
    self.total = total
  }

  /// The part done, from 0 to 1; nil without a total.
  public var fractionDone: Double? {
    guard let total else { return nil }
    guard total > 0 else { return 1 }
    return min(1, Double(done) / Double(total))
  }
}

/// Told how far a long job has come, such as a progress line or an app's progress bar.
///
/// `update` is called on the thread that runs the job, after every chunk read (tens of thousands
/// of times for a large export): it must be quick and decide itself how often to redraw. An app
/// that shows progress on its main actor hands the value over itself (it is `Sendable`).
public protocol ProgressObserver: AnyObject, Sendable {
  /// The job has come this far.
  /// - Parameter progress: what is done so far, of the total where known.
  func update(_ progress: ReadProgress)
}
