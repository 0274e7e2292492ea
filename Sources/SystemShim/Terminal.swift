#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#endif

/// What the process's standard streams are connected to.
package enum Terminal {
  /// Standard input, output and error.
  package static let standardInput: Int32 = 0
  package static let standardOutput: Int32 = 1
  package static let standardError: Int32 = 2

  /// Whether the descriptor is a terminal.
  package static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// The width of the terminal on the descriptor, in columns; nil when it is not a terminal or
  /// does not say.
  package static func columns(_ descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
