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

extension Terminal {
  /// `text` as it may be shown to a person on a terminal: every control character a terminal acts
  /// on is written as an escape instead (`\x1B` for ESC, `\x07` for BEL, `\u{9B}` for a C1
  /// control, `\u{202E}` for a bidirectional override), so that nothing read from an input can
  /// move the cursor, change colours, set the window title, ring the bell or reorder what is shown.
  /// Line feeds and tabs are kept.
  ///
  /// Every message, diagnostic and text printed for a person goes through this one function.
  package static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      let hex = String(scalar.value, radix: 16, uppercase: true)
      if scalar.value < 0x80 {
        result += "\\x" + (hex.count < 2 ? "0" : "") + hex
      } else {
        result += "\\u{" + hex + "}"
      }
    }
    return result
  }

  /// Whether a terminal would act on the scalar rather than show it.
  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: false
    case 0x00..<0x20, 0x7F, 0x80..<0xA0: true
    // Bidirectional embeddings, overrides and isolates, which reorder the text around them.
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
