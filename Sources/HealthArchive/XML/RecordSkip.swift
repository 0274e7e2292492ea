import SystemShim

/// Passes over a top-level `Record` whose type nobody asked for without tokenizing it: from
/// `<Record type="` through its attributes, and through any empty children, to its `/>` or its
/// `</Record>`, finding each value's closing quote a word of bytes at a time.
///
/// A record is passed over only when the tokenizer would read exactly the same tags from the same
/// bytes and report no error in them; anything else is handed back (`nil`) for the tokenizer to
/// read, and to report if it is wrong. So a skipped region ends where the tokenizer would end it,
/// and skipping changes how fast a file is read, never what is read or which error is reported.
/// Handed back are: a tag whose attributes are not `name="value"` or `name='value'` pairs (an
/// unquoted value, a missing `=`, an iOS 8 name with spaces), a value holding `<` or NUL, a `/`
/// not followed by `>`, a type holding `&` or a control character (it would need decoding), a
/// child that is not an empty element (`<…/>`), a comment, CDATA or processing instruction inside
/// the record, an end tag other than `</Record>`, and a record that runs past the bytes in the
/// buffer.
struct RecordSkip {
  private static let prefix: StaticString = "<Record type=\""
  private static let recordName: StaticString = "Record"

  /// The last record tag's stretches between values, and its last child's, once checked.
  private let recordShape = TagShape()
  private let childShape = TagShape()
  /// The last child's of an element whose content is passed over (`contentEnd`), which a tag
  /// enters only once it is known to hold nothing to decode and no name twice.
  private let contentShape = TagShape()
  /// Where the value of the `HKTimeZone` metadata entry of what was last passed over lies, if it
  /// held one: its zone is counted as if the entry had been read (`XMLTokenizer.timeZoneTally`).
  private(set) var timeZoneValue: Range<Int>?

  /// The type's bytes of the `<Record type="…"` at `position` (`p[position]` is `<`), or nil when
  /// the tag does not start so within `end`, or the type would need decoding.
  static func type(_ p: UnsafePointer<UInt8>, at position: Int, end: Int) -> UnsafeBufferPointer<UInt8>? {
    let length = prefix.utf8CodeUnitCount
    guard end - position > length, memoryEqual(p + position, prefix.utf8Start, length) else { return nil }
    let typeStart = position + length
    let table = ByteClass.table
    var i = typeStart
    while i < end && table[Int(p[i])] & ByteClass.valueSpecial == 0 { i += 1 }
    guard i < end, p[i] == UInt8(ascii: "\"") else { return nil }
    return UnsafeBufferPointer(start: p + typeStart, count: i - typeStart)
  }

  /// Where the record at `position`, whose type is `type` (from `type(_:at:end:)`), ends: the
  /// position after its `/>` or its `</Record>`; nil to hand it to the tokenizer.
  mutating func end(
    of p: UnsafePointer<UInt8>, at position: Int, type: UnsafeBufferPointer<UInt8>, end: Int
  ) -> Int? {
    guard let typeStart = type.baseAddress else { return nil }
    let afterType = typeStart - p + type.count + 1
    timeZoneValue = nil
    guard
      let (close, isEmpty) = Self.attributesEnd(
        p, from: afterType, end: end, shape: recordShape, strict: false)
    else { return nil }
    if isEmpty { return close }
    let name = UnsafeBufferPointer(start: Self.recordName.utf8Start, count: Self.recordName.utf8CodeUnitCount)
    return Self.childrenEnd(
      p, from: close, end: end, name: name, shape: childShape, strict: false, maximumChildren: .max,
      timeZone: &timeZoneValue)
  }

  /// Where the content of an element named `name` whose start tag ends just before `from` ends:
  /// the position after its end tag, when it holds only empty children (`<…/>`), at most
  /// `maximumChildren` of them, which the tokenizer reads with nothing to decode (no value holding
  /// `&` or a control character), nothing to repair and nothing to report (no attribute given
  /// twice, no more than `TagShape.limit` attributes). Anything else is handed back (nil), as
  /// `end(of:at:type:end:)` hands back a record, for the tokenizer to read.
  mutating func contentEnd(
    of p: UnsafePointer<UInt8>, from: Int, end: Int, name: UnsafeBufferPointer<UInt8>, maximumChildren: Int
  ) -> Int? {
    Self.childrenEnd(
      p, from: from, end: end, name: name, shape: contentShape, strict: true,
      maximumChildren: maximumChildren,
      timeZone: &timeZoneValue)
  }

  /// The position after the end tag `</name>` that closes the content from `from`, read through
  /// any empty children (at most `maximumChildren`) and text; nil where the tokenizer would read
  /// anything else: a child with content, a comment, CDATA or processing instruction, another end
  /// tag, a child's tag `attributesEnd` hands back, the buffer's end; and a `MetadataEntry` that
  /// names a time zone (`HKTimeZone`) otherwise than `timeZoneEntry(_:at:end:)` reads, or a second
  /// one. `timeZone` is where the value of the one such entry lies, if there is one.
  private static func childrenEnd(
    _ p: UnsafePointer<UInt8>, from: Int, end: Int, name: UnsafeBufferPointer<UInt8>, shape: TagShape,
    strict: Bool, maximumChildren: Int, timeZone: inout Range<Int>?
  ) -> Int? {
    let table = ByteClass.table
    var i = from
    var children = 0
    timeZone = nil
    while true {
      guard let offset = MemorySearch.firstOffset(of: UInt8(ascii: "<"), in: p + i, count: end - i) else {
        return nil
      }
      let tag = i + offset
      guard tag + 1 < end else { return nil }
      let first = p[tag + 1]
      if first == UInt8(ascii: "/") {
        let close = tag + 2 + name.count
        guard close < end, let nameStart = name.baseAddress, memoryEqual(p + tag + 2, nameStart, name.count),
          p[close] == UInt8(ascii: ">")
        else { return nil }
        return close + 1
      }
      // `<!…` and `<?…` are comments, CDATA and processing instructions, for the tokenizer.
      guard first != UInt8(ascii: "!"), first != UInt8(ascii: "?") else { return nil }
      children += 1
      guard children <= maximumChildren else { return nil }
      var nameEnd = tag + 1
      while nameEnd < end && table[Int(p[nameEnd])] & ByteClass.nameDelimiter == 0 { nameEnd += 1 }
      if nameEnd - tag - 1 == metadataEntryName.utf8CodeUnitCount,
        memoryEqual(p + tag + 1, metadataEntryName.utf8Start, metadataEntryName.utf8CodeUnitCount)
      {
        switch timeZoneEntry(p, at: nameEnd, end: end) {
        case .none: break
        case .value(let value):
          guard timeZone == nil else { return nil }
          timeZone = value
        case .unclear: return nil
        }
      }
      guard nameEnd > tag + 1,
        let (childClose, childIsEmpty) = attributesEnd(
          p, from: nameEnd, end: end, shape: shape, strict: strict),
        childIsEmpty
      else { return nil }
      i = childClose
    }
  }

  private static let metadataEntryName: StaticString = "MetadataEntry"
  private static let keyPrefix: StaticString = " key=\""
  private static let timeZoneKey: StaticString = "HKTimeZone\""
  private static let valuePrefix: StaticString = " value=\""

  /// What a `MetadataEntry` tag says of a time zone.
  private enum TimeZoneEntry {
    /// It names none.
    case none
    /// Its `value`'s bytes, when its key is `HKTimeZone`.
    case value(Range<Int>)
    /// It may name one, in a shape for the tokenizer to read.
    case unclear
  }

  /// Whether the `MetadataEntry` tag whose name ends at `nameEnd` is an `HKTimeZone` entry, read
  /// as Apple writes it (` key="HKTimeZone" value="…"`). A tag in another shape (its key not first,
  /// other quotes or spaces) is unclear where its bytes hold `HKTimeZone` or a reference (`&`),
  /// and names none where they hold neither. A key is compared with `HKTimeZone` byte by byte: a
  /// key that differs before any `&` names none (what a reference decodes to follows what precedes
  /// it), one that reaches a `&` first is unclear.
  private static func timeZoneEntry(_ p: UnsafePointer<UInt8>, at nameEnd: Int, end: Int) -> TimeZoneEntry {
    let prefix = keyPrefix.utf8CodeUnitCount
    guard end - nameEnd > prefix, memoryEqual(p + nameEnd, keyPrefix.utf8Start, prefix) else {
      return mayNameTimeZone(p, from: nameEnd, end: end) ? .unclear : .none
    }
    let keyStart = nameEnd + prefix
    // The key and its closing quote.
    let key = timeZoneKey.utf8CodeUnitCount
    let expected = timeZoneKey.utf8Start
    var i = 0
    while i < key {
      guard keyStart + i < end else { return .unclear }
      let byte = p[keyStart + i]
      if byte != expected[i] { return byte == UInt8(ascii: "&") ? .unclear : .none }
      i += 1
    }
    let valueStart = keyStart + key + valuePrefix.utf8CodeUnitCount
    guard end > valueStart,
      memoryEqual(p + keyStart + key, valuePrefix.utf8Start, valuePrefix.utf8CodeUnitCount),
      let close = valueEnd(p, from: valueStart, end: end, quote: UInt8(ascii: "\""))
    else { return .unclear }
    return .value(valueStart..<close)
  }

  /// Whether the bytes of the tag from `from` through its `>` hold `HKTimeZone` or `&` (or the
  /// buffer ends first).
  private static func mayNameTimeZone(_ p: UnsafePointer<UInt8>, from: Int, end: Int) -> Bool {
    let name = "HKTimeZone".utf8
    var i = from
    while i < end {
      let byte = p[i]
      if byte == UInt8(ascii: ">") { return false }
      if byte == UInt8(ascii: "&") { return true }
      if byte == UInt8(ascii: "H"), end - i >= name.count,
        name.elementsEqual(UnsafeBufferPointer(start: p + i, count: name.count))
      {
        return true
      }
      i += 1
    }
    return true
  }

  /// Reads the attributes of a start tag from `from` (just after its name or a value's closing
  /// quote) as the tokenizer does: the position after the tag's `>` or `/>`, and whether it was
  /// `/>`; nil where the tokenizer would report an error, repair a name, or needs more bytes, and
  /// when `strict`, also where a value holds `&` or a control character (the tokenizer would
  /// decode it), or names are not known to be all different (one given twice, or a stretch past
  /// what `shape` keeps).
  /// Each stretch from a value's end to the next value's opening quote (` unit="`) that is the
  /// same bytes as the last tag's at that place is taken as checked, the bytes being what was
  /// checked; any other is checked and kept in `shape`. The bytes from `from` that are the last
  /// tag's read so (`shape.template`) are taken as read through the last value they both hold,
  /// and a tag that is the last one's bytes through its end as ending where it did.
  private static func attributesEnd(
    _ p: UnsafePointer<UInt8>, from: Int, end: Int, shape: TagShape, strict: Bool
  ) -> (Int, Bool)? {
    let table = ByteClass.table
    var i = from
    var index = 0
    var namesDistinct = true
    let template = shape.template
    let shared = template.sharedLength(p + from, available: end - from, generation: shape.generation)
    if shared > 0 {
      if shared == template.length {
        guard !strict || template.namesDistinctAtEnd else { return nil }
        return (from + shared, template.isEmptyElement)
      }
      let taken = template.attributes(endingWithin: shared)
      if taken > 0 {
        let boundary = template.boundary(taken - 1)
        i = from + boundary.end
        index = taken
        namesDistinct = boundary.namesDistinct
      }
    }
    template.beginScan()
    while true {
      let quote: UInt8
      if let stretch = shape.match(index, p, at: i, end: end) {
        i += stretch.length
        quote = p[i - 1]
        namesDistinct = stretch.namesDistinct
      } else {
        let stretchStart = i
        while i < end && table[Int(p[i])] & ByteClass.whitespace != 0 { i += 1 }
        guard i < end else { return nil }
        let byte = p[i]
        if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") {
          let isEmpty = byte == UInt8(ascii: "/")
          if isEmpty { guard i + 1 < end, p[i + 1] == UInt8(ascii: ">") else { return nil } }
          guard !strict || namesDistinct else { return nil }
          let close = isEmpty ? i + 2 : i + 1
          shape.template.keep(
            p + from, length: close - from, shared: shared, count: index, isEmptyElement: isEmpty,
            namesDistinct: strict, generation: shape.generation)
          return (close, isEmpty)
        }
        let nameStart = i
        while i < end && table[Int(p[i])] & ByteClass.nameDelimiter == 0 { i += 1 }
        guard i > nameStart else { return nil }
        let nameEnd = i
        while i < end && table[Int(p[i])] & ByteClass.whitespace != 0 { i += 1 }
        guard i < end, p[i] == UInt8(ascii: "=") else { return nil }
        i += 1
        while i < end && table[Int(p[i])] & ByteClass.whitespace != 0 { i += 1 }
        guard i < end else { return nil }
        quote = p[i]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        i += 1
        if let kept = shape.keep(index, p, from: stretchStart, to: i, nameStart: nameStart, nameEnd: nameEnd)
        {
          namesDistinct = kept.namesDistinct
        } else if strict {
          return nil
        }
      }
      if strict {
        let stop = ByteWords.firstValueStop(p, from: i, end: end, quote: quote)
        guard stop < end, p[stop] == quote else { return nil }
        i = stop + 1
      } else {
        guard let close = valueEnd(p, from: i, end: end, quote: quote) else { return nil }
        i = close + 1
      }
      template.note(index, Self.boundary(at: i - from, namesDistinct: strict && namesDistinct))
      index += 1
    }
  }

  /// What a template of a tag passed over keeps of a value ending at `end` (from the tag's start):
  /// where it ends, and whether the names up to it are known to be all different; no attribute is
  /// kept.
  private static func boundary(at end: Int, namesDistinct: Bool) -> TagTemplate.Boundary {
    TagTemplate.Boundary(
      attribute: RawAttribute(nameStart: 0, nameEnd: 0, valueStart: 0, valueEnd: 0, needsDecoding: false),
      end: end, repairs: 0, followsShape: false, namesDistinct: namesDistinct)
  }

  /// The position of the `quote` that closes a value starting at `from`; nil when a `<` or NUL
  /// comes first (errors the tokenizer reports) or the buffer ends first.
  static func valueEnd(_ p: UnsafePointer<UInt8>, from: Int, end: Int, quote: UInt8) -> Int? {
    var i = from
    while i + 8 <= end {
      let word = ByteWords.load(p, at: i)
      let found =
        ByteWords.bytes(word, equalTo: quote) | ByteWords.bytes(word, equalTo: UInt8(ascii: "<"))
        | ByteWords.zeroBytes(word)
      if found != 0 {
        let at = i + found.trailingZeroBitCount / 8
        return p[at] == quote ? at : nil
      }
      i += 8
    }
    while i < end {
      let byte = p[i]
      if byte == quote { return i }
      if byte == 0 || byte == UInt8(ascii: "<") { return nil }
      i += 1
    }
    return nil
  }
}

/// The types of record the filter leaves out, for `XMLTokenizer.skipsRecordType`: consecutive
/// records of one type (exports group them) are decided once.
final class SkippedRecordTypes {
  private let filter: ItemFilter
  private var lastType: [UInt8] = []
  private var lastTypeSkipped = false
  private var hasLastType = false

  init(filter: ItemFilter) {
    self.filter = filter
  }

  /// Whether records of the type spelled by `type` (bytes needing no decoding) are left out.
  func skips(_ type: UnsafeBufferPointer<UInt8>) -> Bool {
    if hasLastType && lastType.withUnsafeBufferPointer({ type.equals($0) }) { return lastTypeSkipped }
    lastType = Array(type)
    hasLastType = true
    lastTypeSkipped = !filter.includes(sampleType: String(decoding: type, as: UTF8.self))
    return lastTypeSkipped
  }
}
