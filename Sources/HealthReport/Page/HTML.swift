/// HTML text as it is written: markup appended as it is, and text from the input (source names,
/// lab names, units) escaped, so that no input can add markup to the page.
struct HTML {
  private(set) var text = ""

  init() {
    text.reserveCapacity(1 << 16)
  }

  /// Appends markup of the page's own.
  mutating func raw(_ markup: String) {
    text += markup
  }

  /// Appends text, escaped.
  mutating func text(_ content: String) {
    text += Self.escape(content)
  }

  /// Appends `<tag attributes>text</tag>`, the text escaped.
  mutating func element(_ tag: String, _ content: String, attributes: String = "") {
    text += "<\(tag)\(attributes.isEmpty ? "" : " " + attributes)>" + Self.escape(content) + "</\(tag)>"
  }

  /// `text` with `&`, `<`, `>`, `"` and `'` as character references: safe in element content and
  /// in quoted attribute values.
  static func escape(_ content: String) -> String {
    guard content.utf8.contains(where: { [0x26, 0x3C, 0x3E, 0x22, 0x27].contains($0) }) else {
      return content
    }
    var escaped = ""
    escaped.reserveCapacity(content.utf8.count + 16)
    for character in content.unicodeScalars {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.unicodeScalars.append(character)
      }
    }
    return escaped
  }
}
