/// What watches one reading of an input: the observers told how far it has come, and the flags
/// that stop it. It is handed to `readItems` for that reading only; the input keeps nothing of it.
///
///     try source.readItems(
///       filter: .everything, diagnostics: Diagnostics(),
///       monitor: ReadMonitor(progress: progressBar, cancellation: flag)
///     ) { item, location in … }
///
/// An input tells `report` its progress as it reads (the bytes of the health XML or the profile,
/// of their size; the items an app supplies, of their count) and calls `check` before each chunk,
/// so that a cancelled reading stops promptly.
public struct ReadMonitor: Sendable {
  private var observers: [any ProgressObserver] = []
  private var flags: [CancellationFlag] = []

  /// A monitor with an observer, a flag, both or neither.
  /// - Parameters:
  ///   - progress: told how far the reading has come.
  ///   - cancellation: stops the reading once cancelled.
  public init(progress: (any ProgressObserver)? = nil, cancellation: CancellationFlag? = nil) {
    if let progress { observers.append(progress) }
    if let cancellation { flags.append(cancellation) }
  }

  /// Watches nothing.
  public static var none: ReadMonitor { ReadMonitor() }

  /// Whether anything watches: an input need not count for a monitor that does not.
  public var isWatching: Bool { !observers.isEmpty || !flags.isEmpty }

  /// Tells every observer how far the reading has come.
  public func report(_ progress: ReadProgress) {
    for observer in observers { observer.update(progress) }
  }

  /// Stops the reading once any flag is cancelled, or the Swift task it runs in is.
  /// - Throws: `CancellationError`.
  public func check() throws(CancellationError) {
    for flag in flags { try flag.check() }
  }

  /// This monitor and `other` together: every observer told, every flag checked.
  public func adding(_ other: ReadMonitor) -> ReadMonitor {
    var both = self
    both.observers += other.observers
    both.flags += other.flags
    return both
  }
}
