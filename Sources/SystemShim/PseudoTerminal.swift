#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#endif

/// A pseudo-terminal pair, for running the tool as on a terminal (tests that type answers and
/// read what a user would see): a program given the secondary side as its standard streams sees
/// a terminal; the primary side reads what it writes and types its input.
package final class PseudoTerminal {
  /// The side the test reads and writes.
  package let primary: Int32
  /// The side the program gets as its standard streams.
  package let secondary: Int32
  /// Whether this process still holds `secondary` (closing it twice could close a descriptor
  /// another thread has opened since under the same number).
  private var holdsSecondary = true

  /// Opens a new pair, `columns` wide.
  /// - Throws: `SystemError` when the system has no pseudo-terminal to give.
  package init(columns: Int = 100) throws(SystemError) {
    let primary = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard primary >= 0 else { throw SystemError(operation: "open", path: "/dev/ptmx", code: errno) }
    guard let path = Self.unlockedSecondaryPath(primary) else {
      let code = errno
      _ = closeDescriptor(primary)
      throw SystemError(operation: "unlock", path: "a pseudo-terminal", code: code)
    }
    let secondary = open(path, O_RDWR | O_NOCTTY)
    guard secondary >= 0 else {
      let code = errno
      _ = closeDescriptor(primary)
      throw SystemError(operation: "open", path: path, code: code)
    }
    var size = winsize()
    size.ws_col = UInt16(columns)
    size.ws_row = 40
    _ = ioctl(secondary, UInt(TIOCSWINSZ), &size)
    self.primary = primary
    self.secondary = secondary
  }

  /// Unlocks the secondary side of `primary` and gives its path.
  private static func unlockedSecondaryPath(_ primary: Int32) -> String? {
    #if os(Linux) || os(Android)
      // TIOCSPTLCK and TIOCGPTN, which C defines with _IOW/_IOR macros Swift cannot import.
      var unlock: Int32 = 0
      var number: UInt32 = 0
      guard ioctl(primary, UInt(0x4004_5431), &unlock) == 0, ioctl(primary, UInt(0x8004_5430), &number) == 0
      else { return nil }
      return "/dev/pts/\(number)"
    #else
      guard grantpt(primary) == 0, unlockpt(primary) == 0, let name = ptsname(primary) else { return nil }
      return String(cString: name)
    #endif
  }

  deinit {
    _ = closeDescriptor(primary)
    if holdsSecondary { _ = closeDescriptor(secondary) }
  }

  /// Types `text` as if on the keyboard.
  package func type(_ text: String) throws(SystemError) {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty else { return }
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 1)
    defer { buffer.deallocate() }
    buffer.copyMemory(from: bytes, byteCount: bytes.count)
    try SystemCall.writeAll(primary, buffer, count: bytes.count, path: "a pseudo-terminal")
  }

  /// Reads what the program writes until every copy of the secondary side is closed (the program
  /// has ended); what was written before is returned whole.
  package func readToEnd() -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(primary, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += chunk[0..<count]
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return bytes  // 0, or EIO once the secondary side is closed everywhere
      }
    }
  }

  /// Closes this process's copy of the secondary side, once the program has its own.
  package func closeSecondary() {
    guard holdsSecondary else { return }
    holdsSecondary = false
    _ = closeDescriptor(secondary)
  }
}

@inline(__always) private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
