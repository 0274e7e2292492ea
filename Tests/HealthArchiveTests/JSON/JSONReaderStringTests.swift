import HealthArchive
import Testing

@Suite struct JSONReaderStringTests {
  struct StringCase: CustomTestStringConvertible, Sendable {
    var name: String
    /// The JSON text of the string, quotes included.
    var json: String
    var decoded: String
    var testDescription: String { name }
  }

  static let validStrings: [StringCase] = [
    StringCase(name: "empty", json: #""""#, decoded: ""),
    StringCase(name: "quote", json: #""a\"b""#, decoded: "a\"b"),
    StringCase(name: "backslash", json: #""a\\b""#, decoded: "a\\b"),
    StringCase(name: "slash", json: #""a\/b""#, decoded: "a/b"),
    StringCase(name: "backspace", json: #""a\bb""#, decoded: "a\u{8}b"),
    StringCase(name: "form feed", json: #""a\fb""#, decoded: "a\u{C}b"),
    StringCase(name: "line feed", json: #""a\nb""#, decoded: "a\nb"),
    StringCase(name: "carriage return", json: #""a\rb""#, decoded: "a\rb"),
    StringCase(name: "tab", json: #""a\tb""#, decoded: "a\tb"),
    StringCase(name: "unicode escape, lowercase hex", json: #""\u00e9""#, decoded: "é"),
    StringCase(name: "unicode escape, uppercase hex", json: #""\u00C9\u2019""#, decoded: "É’"),
    StringCase(name: "unicode escape of NUL", json: #""a\u0000b""#, decoded: "a\u{0}b"),
    StringCase(name: "surrogate pair", json: #""\ud83d\udd5b""#, decoded: "🕛"),
    StringCase(name: "surrogate pair, uppercase", json: #""x\uD834\uDD1Ey""#, decoded: "x𝄞y"),
    StringCase(name: "raw two-byte UTF-8", json: "\"Здоровье\"", decoded: "Здоровье"),
    StringCase(
      name: "raw three-byte UTF-8", json: "\"’ \u{2028}\u{2029} \u{FFFD}\"",
      decoded: "’ \u{2028}\u{2029} \u{FFFD}"),
    StringCase(name: "raw four-byte UTF-8", json: "\"🕛\u{10FFFF}\"", decoded: "🕛\u{10FFFF}"),
    StringCase(name: "raw text with escapes after it", json: "\"Здоровье\\n🕛\"", decoded: "Здоровье\n🕛"),
    StringCase(name: "DEL is not a control character for JSON", json: "\"\u{7F}\"", decoded: "\u{7F}"),
  ]

  @Test(arguments: validStrings)
  func escapesAndUTF8AreDecoded(string: StringCase) throws {
    for mode in ReadingMode.all {
      #expect(
        try events(of: string.json, mode: mode) == [.string(string.decoded), .endOfInput], "\(mode.name)")
      #expect(try events(of: "{\(string.json):1}", mode: mode)[1] == .key(string.decoded), "\(mode.name)")
    }
  }

  struct InvalidCase: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var message: String
    var testDescription: String { name }
  }

  static func quoted(_ content: [UInt8]) -> [UInt8] {
    Array("[\"ab".utf8) + content + Array("\"]".utf8)
  }

  static let invalidStrings: [InvalidCase] = [
    InvalidCase(
      name: "unknown escape", bytes: quoted(Array(#"\x"#.utf8)),
      message:
        #"test.json, byte 4, at [0]: invalid escape '\x' in a string; JSON allows \" \\ \/ \b \f \n \r \t and \uXXXX"#
    ),
    InvalidCase(
      name: "escaped single quote", bytes: quoted(Array(#"\'"#.utf8)),
      message:
        #"test.json, byte 4, at [0]: invalid escape '\'' in a string; JSON allows \" \\ \/ \b \f \n \r \t and \uXXXX"#
    ),
    InvalidCase(
      name: "bad hex digit", bytes: quoted(Array(#"\u12G4"#.utf8)),
      message:
        #"test.json, byte 4, at [0]: invalid escape '\u12G4' in a string; JSON allows \" \\ \/ \b \f \n \r \t and \uXXXX"#
    ),
    InvalidCase(
      name: "short unicode escape", bytes: quoted(Array(#"\u12"#.utf8)),
      message:
        #"test.json, byte 4, at [0]: invalid escape '\u12' in a string; JSON allows \" \\ \/ \b \f \n \r \t and \uXXXX"#
    ),
    InvalidCase(
      name: "lone high surrogate", bytes: quoted(Array(#"\ud83dx"#.utf8)),
      message:
        #"test.json, byte 4, at [0]: '\ud83d' is half of a UTF-16 surrogate pair without its other half"#),
    InvalidCase(
      name: "high surrogate at the end of the string", bytes: quoted(Array(#"\ud83d"#.utf8)),
      message:
        #"test.json, byte 4, at [0]: '\ud83d' is half of a UTF-16 surrogate pair without its other half"#),
    InvalidCase(
      name: "two high surrogates", bytes: quoted(Array(#"\ud83d\ud83d"#.utf8)),
      message:
        #"test.json, byte 4, at [0]: '\ud83d' is half of a UTF-16 surrogate pair without its other half"#),
    InvalidCase(
      name: "high surrogate before another escape", bytes: quoted(Array(#"\ud83d\n"#.utf8)),
      message:
        #"test.json, byte 4, at [0]: '\ud83d' is half of a UTF-16 surrogate pair without its other half"#),
    InvalidCase(
      name: "lone low surrogate", bytes: quoted(Array(#"\uDD5B"#.utf8)),
      message:
        #"test.json, byte 4, at [0]: '\uDD5B' is half of a UTF-16 surrogate pair without its other half"#),
    InvalidCase(
      name: "raw line feed", bytes: quoted([0x0A]),
      message: "test.json, byte 4, at [0]: raw control character U+000A in a string; JSON requires it escaped"
    ),
    InvalidCase(
      name: "raw tab after an escape", bytes: quoted(Array(#"\n"#.utf8) + [0x09]),
      message: "test.json, byte 6, at [0]: raw control character U+0009 in a string; JSON requires it escaped"
    ),
    InvalidCase(
      name: "raw NUL", bytes: quoted([0x00]),
      message: "test.json, byte 4, at [0]: raw control character U+0000 in a string; JSON requires it escaped"
    ),
    InvalidCase(
      name: "stray continuation byte", bytes: quoted([0x80]),
      message:
        "test.json, byte 4, at [0]: bytes in a string that are not UTF-8; the file is damaged or in another encoding"
    ),
    InvalidCase(
      name: "overlong encoding", bytes: quoted([0xC0, 0xAF]),
      message:
        "test.json, byte 4, at [0]: bytes in a string that are not UTF-8; the file is damaged or in another encoding"
    ),
    InvalidCase(
      name: "overlong three-byte encoding", bytes: quoted([0xE0, 0x80, 0xAF]),
      message:
        "test.json, byte 4, at [0]: bytes in a string that are not UTF-8; the file is damaged or in another encoding"
    ),
    InvalidCase(
      name: "encoded surrogate", bytes: quoted([0xED, 0xA0, 0x80]),
      message:
        "test.json, byte 4, at [0]: bytes in a string that are not UTF-8; the file is damaged or in another encoding"
    ),
    InvalidCase(
      name: "above U+10FFFF", bytes: quoted([0xF4, 0x90, 0x80, 0x80]),
      message:
        "test.json, byte 4, at [0]: bytes in a string that are not UTF-8; the file is damaged or in another encoding"
    ),
    InvalidCase(
      name: "Latin-1 byte", bytes: quoted([0xE9, 0x74]),
      message:
        "test.json, byte 4, at [0]: bytes in a string that are not UTF-8; the file is damaged or in another encoding"
    ),
    InvalidCase(
      name: "sequence cut by the closing quote", bytes: quoted([0xE2, 0x80]),
      message:
        "test.json, byte 4, at [0]: bytes in a string that are not UTF-8; the file is damaged or in another encoding"
    ),
    InvalidCase(
      name: "invalid UTF-8 after an escape", bytes: quoted(Array(#"\t"#.utf8) + [0xFF]),
      message:
        "test.json, byte 6, at [0]: bytes in a string that are not UTF-8; the file is damaged or in another encoding"
    ),
  ]

  @Test(arguments: invalidStrings)
  func invalidStringsAreErrorsWithTheirOffset(string: InvalidCase) {
    for mode in ReadingMode.all {
      #expect(readingError(of: string.bytes, mode: mode)?.description == string.message, "\(mode.name)")
    }
  }

  @Test func anInvalidKeyIsReportedAtTheObjectItIsIn() {
    #expect(
      readingError(of: "{\"a\":{\"b\":1,\"c\u{1}\":2}}")?.description
        == "test.json, byte 14, at a: raw control character U+0001 in a string; JSON requires it escaped")
  }
}
