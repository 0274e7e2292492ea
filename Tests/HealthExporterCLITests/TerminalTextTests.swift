import SystemShim
import Testing

/// What reaches a person's terminal: control characters from an input are shown, never acted on.
@Suite struct TerminalTextTests {
  @Test(arguments: [
    ("plain text, ünïcode 🕛", "plain text, ünïcode 🕛"),
    ("line\nbreak\tand tab", "line\nbreak\tand tab"),
    ("\u{1B}]0;title\u{07}", "\\x1B]0;title\\x07"),
    ("\u{1B}[2J\u{1B}[31mred", "\\x1B[2J\\x1B[31mred"),
    ("\r\u{8}\u{0}", "\\x0D\\x08\\x00"),
    ("\u{7F}", "\\x7F"),
    ("\u{9B}31m", "\\u{9B}31m"),
    ("abc\u{202E}fdp.exe", "abc\\u{202E}fdp.exe"),
    ("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),
  ])
  func controlCharactersAreShownAsEscapes(_ example: (String, String)) {
    #expect(Terminal.printable(example.0) == example.1)
  }
}
