import Foundation

/// A strict reading of the report's HTML: what a browser would have to repair, and any way the
/// page could reach outside itself.
enum HTMLCheck {
  /// Elements without a closing tag.
  static let voidElements: Set<String> = [
    "meta", "br", "hr", "img", "input", "link", "area", "base", "col", "wbr",
  ]
  /// Elements whose content is text up to their closing tag.
  static let textElements: Set<String> = ["style", "script"]
  /// The character references the page may use.
  static let references = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]

  /// What is wrong with `html` as a document: a tag not closed or closed out of order, an
  /// attribute not quoted, a bare `&` or `<`; empty when it is well formed.
  static func problems(in html: String) -> [String] {
    var problems: [String] = []
    var open: [String] = []
    let text = Array(html.unicodeScalars)
    var index = 0
    func rest(_ count: Int = 40) -> String {
      String(String.UnicodeScalarView(text[index..<min(text.count, index + count)]))
    }
    if rest(16) == "<!DOCTYPE html>\n" { index += 16 } else { problems.append("no <!DOCTYPE html> first") }
    while index < text.count {
      let character = text[index]
      if character == "&" {
        if !references.contains(where: { rest($0.unicodeScalars.count) == $0 }) {
          problems.append("bare & at \(rest())")
        }
        index += 1
        continue
      }
      guard character == "<" else {
        if character == ">" { problems.append("bare > at \(rest())") }
        index += 1
        continue
      }
      guard let end = text[index...].firstIndex(of: ">") else {
        problems.append("a tag that does not end at \(rest())")
        break
      }
      let tag = String(String.UnicodeScalarView(text[(index + 1)..<end]))
      index = end + 1
      if tag.hasPrefix("/") {
        let name = String(tag.dropFirst())
        if open.last == name {
          open.removeLast()
        } else {
          problems.append("</\(name)> closes <\(open.last ?? "nothing")>")
        }
        continue
      }
      let selfClosing = tag.hasSuffix("/")
      let body = selfClosing ? String(tag.dropLast()) : tag
      let name = String(body.prefix { $0 != " " })
      guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber }) else {
        problems.append("a tag that is not one: <\(tag)>")
        continue
      }
      problems += attributeProblems(String(body.dropFirst(name.count)), tag: name)
      if selfClosing || voidElements.contains(name) { continue }
      if textElements.contains(name) {
        let close = Array("</\(name)>".unicodeScalars)
        var search = index
        while search + close.count <= text.count && Array(text[search..<(search + close.count)]) != close {
          search += 1
        }
        if search + close.count > text.count { problems.append("<\(name)> is not closed") }
        index = search + close.count
        continue
      }
      open.append(name)
    }
    if !open.isEmpty { problems.append("not closed: \(open.joined(separator: ", "))") }
    return problems
  }

  /// ` name="value" name="value"`: each value quoted, without `<` or a bare `&`.
  private static func attributeProblems(_ text: String, tag: String) -> [String] {
    var rest = Substring(text)
    var problems: [String] = []
    while true {
      rest = rest.drop { $0 == " " }
      if rest.isEmpty { return problems }
      guard let equals = rest.firstIndex(of: "="), rest[rest.index(after: equals)...].first == "\"" else {
        return problems + ["an attribute without a quoted value in <\(tag)>: \(rest)"]
      }
      let valueStart = rest.index(equals, offsetBy: 2)
      guard let valueEnd = rest[valueStart...].firstIndex(of: "\"") else {
        return problems + ["an attribute not closed in <\(tag)>"]
      }
      let value = rest[valueStart..<valueEnd]
      if value.contains("<") { problems.append("< in an attribute of <\(tag)>") }
      rest = rest[rest.index(after: valueEnd)...]
    }
  }

  /// Every way the page could make a request: an address to load (a `src` attribute, a link not
  /// to `#…`),
  /// a style that fetches (`url(`, `@import`), a scheme, an element that embeds. Only the markup
  /// is read (tags, and the style and script inside them): text, escaped, cannot load anything.
  static func externalReferences(in html: String) -> [String] {
    let lowered = markup(of: html).lowercased()
    var found: [String] = []
    let needles = [
      " src=\"", " srcset=\"", "url(", "@import", "http:", "https:", "\"//", "<link", "<img", "<iframe",
      "<object",
      "<embed", "<base", "<form", "<video", "<audio", "<source", "fetch(", "xmlhttprequest", "import(",
    ]
    for needle in needles where lowered.contains(needle) { found.append(needle) }
    var rest = Substring(lowered)
    while let range = rest.range(of: "href=\"") {
      if rest[range.upperBound...].first != "#" {
        found.append("href to \(rest[range.upperBound...].prefix(30))")
      }
      rest = rest[range.upperBound...]
    }
    return found
  }

  /// The tags of `html`, and the text of its style and script elements, without the text between.
  private static func markup(of html: String) -> String {
    var result = ""
    var rest = Substring(html)
    while let open = rest.firstIndex(of: "<") {
      guard let close = rest[open...].firstIndex(of: ">") else { break }
      let tag = rest[open...close]
      result += tag
      rest = rest[rest.index(after: close)...]
      for name in textElements where tag.hasPrefix("<\(name)") {
        guard let end = rest.range(of: "</\(name)>") else { continue }
        result += rest[..<end.lowerBound]
        rest = rest[end.lowerBound...]
      }
    }
    return result
  }
}
