/// Builds `--help` pages in the layout of swift-argument-parser: OVERVIEW, USAGE, ARGUMENTS,
/// OPTIONS, with descriptions wrapped beside a label column.
struct HelpText {
  static let width = 80
  static let labelWidth = 26

  private var lines: [String] = []

  /// `TITLE: body`, the body wrapped under itself.
  mutating func section(_ title: String, _ body: String) {
    if !lines.isEmpty { lines.append("") }
    let indent = String(repeating: " ", count: title.count + 2)
    let wrapped = Self.wrap(body, width: Self.width - indent.count)
    lines.append("\(title): " + (wrapped.first ?? ""))
    lines += wrapped.dropFirst().map { indent + $0 }
  }

  mutating func heading(_ title: String) {
    if !lines.isEmpty { lines.append("") }
    lines.append("\(title):")
  }

  /// A labelled entry: the label in the first column, the text wrapped in the second.
  mutating func entry(_ label: String, _ text: String) {
    let indent = String(repeating: " ", count: Self.labelWidth)
    let wrapped = Self.wrap(text, width: Self.width - Self.labelWidth)
    let first = "  " + label
    if first.count <= Self.labelWidth - 1 {
      lines.append(first.padding(toLength: Self.labelWidth) + (wrapped.first ?? ""))
      lines += wrapped.dropFirst().map { indent + $0 }
    } else {
      lines.append(first)
      lines += wrapped.map { indent + $0 }
    }
  }

  mutating func line(_ text: String) {
    lines.append(text)
  }

  var text: String { lines.joined(separator: "\n") + "\n" }

  /// Words of `text` in lines of at most `width` characters.
  static func wrap(_ text: String, width: Int) -> [String] {
    var result: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if current.isEmpty {
        current = String(word)
      } else if current.count + 1 + word.count <= width {
        current += " " + word
      } else {
        result.append(current)
        current = String(word)
      }
    }
    if !current.isEmpty { result.append(current) }
    return result
  }
}

extension String {
  func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}
