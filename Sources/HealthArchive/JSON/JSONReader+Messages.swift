extension JSONReader {
  /// Whether a byte is JSON whitespace: space, tab, line feed or carriage return (nothing else).
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
      || byte == UInt8(ascii: "\t")
  }

  /// An error for the token at `start`, which is not what was expected.
  func unexpected(expected: String) -> JSONError {
    fillForMessage()
    return error(.unexpectedCharacter(describe(at: start), expected: expected), at: start)
  }

  /// The number-like word at `start`, read as far as a message shows it.
  func wordAtStart() -> String {
    fillForMessage()
    return word(at: start)
  }

  /// Reads on until the buffer holds the 40 bytes after `start` or the input ends, so that a
  /// message shows the same word wherever the input was cut. A failed read only shortens the word:
  /// the error being reported matters more.
  func fillForMessage() {
    while end - start <= 40 && !isAtEndOfStream {
      guard (try? refill()) == true else { break }
    }
  }

  /// How a message names the byte at `i`: `'x'`, `'NaN'` for a word, `control character U+0001`,
  /// `byte 0xC3`.
  func describe(at i: Int) -> String {
    let byte = window[i]
    if JSONNumberGrammar.isLetter(byte) { return "'\(word(at: i))'" }
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    if byte < 0x20 || byte == 0x7F {
      let hex = String(byte, radix: 16, uppercase: true)
      return "control character U+" + String(repeating: "0", count: 4 - hex.count) + hex
    }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  /// The number-like word starting at `i` (letters, digits, `.`, `+`, `-`), at most 40 bytes, as
  /// far as the buffer holds it.
  func word(at i: Int) -> String {
    var j = i
    while j < end && j - i < 40 && JSONNumberGrammar.isNumberLike(window[j]) { j += 1 }
    if j == i { j = min(i + 1, end) }
    return window.text(from: i, to: j)
  }
}
