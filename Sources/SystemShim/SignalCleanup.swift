#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#endif

/// Ends the process cleanly on SIGINT (Ctrl-C), SIGTERM and SIGHUP: the registered temporaries
/// (`TemporaryPaths`) are removed and the process exits with 128 plus the signal's number (130,
/// 143, 129), as a shell reports a process the signal ended.
///
/// The signal handler only writes the signal's number to a pipe, which is async-signal-safe; a
/// thread of its own waits on the other end and does the cleanup outside the handler, where
/// removing a folder of files is allowed. Installed by the command line only: a library embedded in
/// an app leaves the app's signals alone.
package enum SignalCleanup {
  /// The signals handled.
  package static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Installs the handlers and starts the thread; a second call does nothing.
  /// - Parameters:
  ///   - message: written to standard error after the cleanup, when it removed anything.
  ///   - messageWhenNothingWasRemoved: written instead when there was nothing to remove (the
  ///     signal came before any temporary was made, or after the output was placed).
  package static func install(message: String = "", messageWhenNothingWasRemoved: String = "") {
    guard writeEnd < 0 else { return }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    readEnd = ends[0]
    writeEnd = ends[1]
    SignalCleanup.message = message
    SignalCleanup.messageWhenNothingWasRemoved = messageWhenNothingWasRemoved
    // A signal the parent ignores stays ignored (a command started in the background with `&` by a
    // shell script is meant to outlive Ctrl-C); one it blocked is let through.
    let handled = signals.filter { !isIgnored($0) }
    var set = sigset_t()
    sigemptyset(&set)
    for signal in handled { sigaddset(&set, signal) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    var thread = pthread_t.initial
    guard pthread_create(&thread, nil, watch, nil) == 0 else { return }
    for signal in handled {
      var action = sigaction()
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handle
      #else
        action.__sigaction_handler.sa_handler = handle
      #endif
      action.sa_flags = SA_RESTART
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
  }

  /// Whether `signal` is ignored now.
  private static func isIgnored(_ signal: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(signal, nil, &current) == 0 else { return false }
    #if canImport(Darwin)
      return unsafeBitCast(current.__sigaction_u.__sa_handler, to: Int.self)
        == unsafeBitCast(SIG_IGN, to: Int.self)
    #else
      return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
        == unsafeBitCast(SIG_IGN, to: Int.self)
    #endif
  }

  nonisolated(unsafe) private static var readEnd: Int32 = -1
  nonisolated(unsafe) private static var writeEnd: Int32 = -1
  nonisolated(unsafe) private static var message = ""
  nonisolated(unsafe) private static var messageWhenNothingWasRemoved = ""
}

/// The handler: the signal's number into the pipe, nothing else.
private func handle(_ signal: Int32) {
  var byte = UInt8(truncatingIfNeeded: signal)
  let saved = errno
  _ = write(SignalCleanup.writeEndForHandler, &byte, 1)
  errno = saved
}

extension SignalCleanup {
  /// The pipe's write end, read by the handler.
  fileprivate static var writeEndForHandler: Int32 { writeEnd }

  /// Waits for a signal's number, then cleans up and exits.
  fileprivate static func waitAndExit() -> Never {
    var byte: UInt8 = 0
    while read(readEnd, &byte, 1) != 1 {}
    let removed = TemporaryPaths.shared.removeAllForExit()
    let said = removed > 0 ? message : messageWhenNothingWasRemoved
    if !said.isEmpty {
      let text = (isatty(2) == 1 ? "\r\u{1B}[K" : "\n") + said + "\n"
      var bytes = Array(text.utf8)
      _ = write(2, &bytes, bytes.count)
    }
    _exit(128 + Int32(byte))
  }
}

#if canImport(Darwin)
  private func watch(_: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    SignalCleanup.waitAndExit()
  }
  extension pthread_t {
    fileprivate static var initial: pthread_t? { nil }
  }
#else
  private func watch(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    SignalCleanup.waitAndExit()
  }
  extension pthread_t {
    fileprivate static var initial: pthread_t { 0 }
  }
#endif
