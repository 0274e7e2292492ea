/// How far reading or writing has come: bytes done, of a total where it is known.
public struct ReadProgress: Hashable, Sendable {
  /// Bytes read (or written) so far.
  public var bytesDone: Int64
  /// The bytes there are in all: a file's size, a zip entry's inflated size; nil when not known
  /// beforehand (a generated export).
  public var totalBytes: Int64?

  public init(bytesDone: Int64, totalBytes: Int64?) {
    self.bytesDone = bytesDone
    self.totalBytes = totalBytes
  }

  /// The part done, from 0 to 1; nil without a total.
  public var fractionDone: Double? {
    guard let totalBytes, totalBytes > 0 else { return nil }
    return min(1, Double(bytesDone) / Double(totalBytes))
  }
}

/// Told how far a long job has come, such as a progress line or an app's progress bar.
///
/// `update` is called on the thread that reads, after every chunk (tens of thousands of times for
/// a large export): it must be quick and decide itself how often to redraw.
public protocol ProgressObserver: AnyObject, Sendable {
  /// The job has come this far.
  func update(_ progress: ReadProgress)
}

/// An input or a generator whose reading can be observed.
public protocol ReadProgressReporting: AnyObject {
  /// Told the bytes read of the main stream (the health XML, the profile) as reading goes on.
  var progressObserver: (any ProgressObserver)? { get set }
}
