/// Markup other than start tags: end tags, comments, CDATA, processing instructions and the
/// DOCTYPE, scanned in place.
extension XMLTokenizer {
  /// What a scan of the markup at a `<` found.
  enum Markup {
    /// The buffer ends inside it (what it is, for the error at the input's end).
    case incomplete(String)
    /// Markup that yields no token (a comment, CDATA, a processing instruction, the DOCTYPE).
    case skipped(next: Int)
    case startTag(isEmpty: Bool, next: Int)
    case endTag(next: Int)
  }

  /// Scans the markup at `position` (its `<`), to the position after it.
  func scanMarkup(at position: Int) throws -> Markup {
    let end = self.end  // the window does not move while a tag is scanned
    let i = position + 1
    guard i < end else { return .incomplete("a tag") }
    switch window[i] {
    case UInt8(ascii: "/"):
      return try scanEndTag(at: position)
    case UInt8(ascii: "?"):
      guard let close = find("?>", from: i + 1) else { return .incomplete("a processing instruction") }
      return .skipped(next: close + 2)
    case UInt8(ascii: "!"):
      if startsWith("<!--", at: position) {
        guard let close = find("-->", from: position + 4) else { return .incomplete("a comment") }
        return .skipped(next: close + 3)
      }
      if startsWith("<![CDATA[", at: position) {
        guard let close = find("]]>", from: position + 9) else {
          return .incomplete("a CDATA section")
        }
        return .skipped(next: close + 3)
      }
      if startsWith("<!DOCTYPE", at: position) {
        return try scanDoctype(at: position)
      }
      if end - position < 9 { return .incomplete("a declaration") }
      throw error(.unexpectedCharacter("'<!'", expected: "a comment, CDATA or DOCTYPE"), at: position)
    default:
      return try scanStartTag(at: position)
    }
  }

  private func scanEndTag(at position: Int) throws -> Markup {
    let end = self.end  // the window does not move while a tag is scanned
    // The end of the name, and the first byte after the whitespace behind it.
    let (nameEnd, i) = window.withBytes(from: 0, to: end) { bytes in
      var i = position + 2
      while i < bytes.count && ByteClass.of(bytes[i]) & ByteClass.nameDelimiter == 0 { i += 1 }
      let nameEnd = i
      while i < bytes.count && ByteClass.of(bytes[i]) & ByteClass.whitespace != 0 { i += 1 }
      return (nameEnd, i)
    }
    nameStart = position + 2
    self.nameEnd = nameEnd
    guard i < end else { return .incomplete("an end tag") }
    guard window[i] == UInt8(ascii: ">"), nameEnd > nameStart else {
      throw error(.unexpectedCharacter(describe(window[i]), expected: "'>' closing the end tag"), at: i)
    }
    return .endTag(next: i + 1)
  }

  /// Skips `<!DOCTYPE …>` and its internal subset without interpreting it. The subset ends at the
  /// first `]` followed by `>` (whitespace between allowed) outside a comment, which is how every
  /// version of Apple's DTD ends, the broken ones included.
  private func scanDoctype(at position: Int) throws -> Markup {
    let end = self.end  // the window does not move while a tag is scanned
    var i = position + 9
    while i < end && window[i] != UInt8(ascii: "[") && window[i] != UInt8(ascii: ">") { i += 1 }
    guard i < end else { return .incomplete("the DOCTYPE declaration") }
    if window[i] == UInt8(ascii: ">") { return .skipped(next: i + 1) }
    i += 1
    while i < end {
      if window[i] == UInt8(ascii: "<") && startsWith("<!--", at: i) {
        guard let close = find("-->", from: i + 4) else {
          return .incomplete("the DOCTYPE declaration")
        }
        noteDoctypeComment(from: i + 4, to: close)
        i = close + 3
        continue
      }
      if window[i] == UInt8(ascii: "]") {
        var j = i + 1
        while j < end && ByteClass.of(window[j]) & ByteClass.whitespace != 0 { j += 1 }
        guard j < end else { return .incomplete("the DOCTYPE declaration") }
        if window[j] == UInt8(ascii: ">") { return .skipped(next: j + 1) }
      }
      i += 1
    }
    return .incomplete("the DOCTYPE declaration")
  }

  /// Reads `HealthKit Export Version: N` out of a comment in the DOCTYPE.
  private func noteDoctypeComment(from start: Int, to end: Int) {
    guard exportVersion == nil else { return }
    let marker: StaticString = "Export Version:"
    guard let found = window.bytes(from: start, to: end).firstIndex(of: marker, from: 0) else { return }
    var i = start + found + marker.utf8CodeUnitCount
    while i < end && window[i] == UInt8(ascii: " ") { i += 1 }
    var version = 0
    var digits = 0
    while i < end, window[i] >= UInt8(ascii: "0"), window[i] <= UInt8(ascii: "9"), digits < 6 {
      version = version * 10 + Int(window[i] - UInt8(ascii: "0"))
      digits += 1
      i += 1
    }
    if digits > 0 { exportVersion = version }
  }

  private func startsWith(_ prefix: StaticString, at position: Int) -> Bool {
    window.bytes.hasPrefix(prefix, at: position)
  }

  /// The position of the first `needle` at or after `from`, or nil if the buffer ends first.
  private func find(_ needle: StaticString, from: Int) -> Int? {
    window.bytes.firstIndex(of: needle, from: from)
  }
}
