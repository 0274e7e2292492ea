import HealthModel
import SystemShim

/// What `XMLTokenizer.next()` found.
enum XMLToken: Equatable {
  /// A start tag; `isEmpty` for `<name …/>`. Its name and attributes are in the tokenizer.
  case startTag(isEmpty: Bool)
  /// An end tag; its name is in the tokenizer.
  case endTag
  /// The root element has closed, or the input has ended.
  case endOfInput
}

/// A streaming, non-validating XML tokenizer over bytes.
///
/// It pulls from a `ByteStream` into one buffer and hands out tags one at a time, as byte ranges
/// valid until the next call: memory is bounded by the largest single tag. It checks what a
/// reader of Apple's export needs to trust (tags well formed, end tags matching, the input not
/// truncated) and nothing more:
/// - the DOCTYPE and its internal subset are skipped without being read (Apple's subset is broken
///   in some versions; no entity is ever defined or expanded);
/// - comments, processing instructions, CDATA and text inside elements are skipped;
/// - nothing after the root element's end tag is read.
/// Lines and columns are counted only as far as a location is asked for, and over bytes about to
/// be discarded, so each byte is counted once.
final class XMLTokenizer {
  /// The largest single tag, comment or DOCTYPE accepted, in bytes (`ResourceLimit.tagSize`).
  static let defaultMaximumMarkupSize = ResourceLimit.tagSize.value
  /// The deepest nesting of elements accepted (`ResourceLimit.elementDepth`).
  static let maximumDepth = ResourceLimit.elementDepth.value
  /// The most attributes of one tag kept (`ResourceLimit.attributesPerTag`); the rest are scanned
  /// past.
  static let maximumAttributes = ResourceLimit.attributesPerTag.value

  let stream: any ByteStream
  let byteClass = ByteClass.table
  @exclusivity(unchecked) private(set) var window: ByteWindow

  /// The buffer the current tag's ranges point into, for scanning loops that index it.
  var base: UnsafePointer<UInt8> { window.base }
  /// One past the last valid byte.
  var end: Int { window.end }
  /// Absolute offset in the input of `base[0]`.
  var bufferOffset: Int64 { window.offset }
  /// The first byte not yet consumed.
  var start = 0

  // What the scanners (`scanStartTag`, `scanEndTag`) found in the current tag; set by them only.
  /// Where the current tag starts in the buffer.
  private(set) var tagStart = 0
  var nameStart = 0
  var nameEnd = 0
  /// The attributes of the current start tag (at most `maximumAttributes`), valid until the next
  /// tag.
  var attributes: RawAttributes { attributeList.elements }
  let attributeList = RawAttributeList(capacity: XMLTokenizer.maximumAttributes)
  /// Whether the current start tag has more attributes than are kept.
  var hasTooManyAttributes = false
  /// How many attribute names of the current start tag held spaces and were read as one name.
  var repairedAttributeNames = 0
  /// Whether the current start tag's attribute names are known to be all different (its
  /// stretches between values were the last such tag's, whose names were compared); false when
  /// not known.
  var attributeNamesAreDistinct = false
  /// The last start tag's stretches between values at depth 0, 1, 2 and 3 or deeper (a record's
  /// and its metadata entries' shapes differ, and alternate).
  let tagShapes = [TagShape(), TagShape(), TagShape(), TagShape()]

  // The open elements, touched at every tag: never accessed from two places at once (one thread,
  // no overlapping calls), so the dynamic exclusivity checks are left out, as for the window.
  /// The open elements' names, one after the other through `openNameEnds.last`; the bytes past it
  /// are the names last closed, kept so that an element opened with the name last closed at its
  /// depth (a record's metadata entries, records) writes nothing.
  @exclusivity(unchecked) private var openNameBytes: [UInt8] = []
  @exclusivity(unchecked) private var openNameEnds: [Int] = []
  @exclusivity(unchecked) private var openLines: [Int] = []
  private var hasSeenRoot = false
  private var hasCheckedByteOrderMark = false
  private var hasClosedRoot = false

  /// Bytes before this buffer position have been counted for lines.
  var countedPosition = 0
  var newlinesCounted = 0
  /// Absolute offset of the first byte of the line that holds `countedPosition`.
  var currentLineStart: Int64 = 0

  /// The number in the DOCTYPE's `<!-- HealthKit Export Version: N -->` comment, if there was one
  /// (set by `scanDoctype`).
  var exportVersion: Int?

  /// Whether top-level `Record`s of a type (its raw bytes, needing no decoding) are passed over
  /// by `RecordSkip` rather than tokenized; nil to tokenize every record.
  var skipsRecordType: SkippedRecordTypes?
  /// How many records `RecordSkip` passed over.
  private(set) var recordsPassedOver = 0
  /// How many elements' content `passOverContent` read past.
  private(set) var contentsPassedOver = 0
  /// Whether `passOverContent` reads past what it can; false to have it hand every element back,
  /// for checking that both read alike.
  var passesOverContent = true
  @exclusivity(unchecked) private var recordSkip = RecordSkip()
  /// The last `<Record type="…"` found by `RecordSkip.type`, through the type's closing quote, and
  /// whether records of its type are passed over.
  @exclusivity(unchecked) private var lastRecordPrefix: [UInt8] = []
  private var lastRecordPassedOver = false
  /// Whether a start tag's stretches between values and its values that are the last tag's bytes
  /// are taken as read (`TagShape`); false to scan every byte, for checking that both read alike.
  var remembersTagShapes = true
  /// The last serial given to a value's bytes (`RawAttribute.valueSerial`).
  var lastValueSerial: UInt32 = 0
  /// Counts the `HKTimeZone` values of the `MetadataEntry` tags read or passed over, wherever they
  /// are (a record read, skipped or passed over, a workout, a correlation's member); nil counts
  /// none.
  var timeZoneTally: TimeZoneTally?

  /// - Parameters:
  ///   - stream: where the bytes come from.
  ///   - bufferSize: bytes read at a time; the buffer grows only for a larger tag.
  ///   - maximumMarkupSize: the largest tag accepted.
  init(
    stream: any ByteStream, bufferSize: Int = 1 << 20,
    maximumMarkupSize: Int = XMLTokenizer.defaultMaximumMarkupSize
  ) {
    self.stream = stream
    self.window = ByteWindow(capacity: bufferSize, maximumCapacity: maximumMarkupSize)
  }

  /// How many elements are open.
  var depth: Int { openNameEnds.count }

  // MARK: - Chunks

  /// Where reading stops: `next()` ends the input at the first markup between the root's children
  /// (depth 1) at or past this offset, and says where (`stop`). A chunk of the input read on its
  /// own (`ChunkedXMLReading`) ends where the next one starts.
  var stopOffset: Int64 = .max
  /// The offset and location of the markup `next()` stopped at (`stopOffset`), if it did.
  private(set) var stop: (offset: Int64, location: SourceLocation)?

  /// Reads from inside the root element `root`, as if its start tag had been read: the stream
  /// starts at `offset` of the input, between two of the root's children, on a line that starts
  /// at `lineStart`, which is line `line` (1 when not known: lines are then counted from the
  /// chunk's start). The root's own line is `rootLine` (0 when not known).
  func startInsideRoot(_ root: String, at offset: Int64, lineStart: Int64, line: Int = 1, rootLine: Int = 0) {
    window.startsAt(offset)
    currentLineStart = lineStart
    newlinesCounted = line - 1
    hasCheckedByteOrderMark = true
    hasSeenRoot = true
    openNameBytes = Array(root.utf8)
    openNameEnds = [openNameBytes.count]
    openLines = [rootLine]
  }

  /// The line of the root element's start tag, once it has been read.
  var rootLine: Int? { openLines.first }

  // MARK: - Tokens

  /// The next start or end tag.
  /// - Throws: `XMLError` when the input is not well formed or ends early; the stream's error when
  ///   reading fails.
  func next() throws -> XMLToken {
    if hasClosedRoot {
      attributeList.removeAll()
      return .endOfInput
    }
    if !hasCheckedByteOrderMark {
      hasCheckedByteOrderMark = true
      while end < 3, try refill() {}
      if end >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { start = 3 }
    }
    while true {
      var i = start
      let p = base
      if depth == 0 {
        while i < end && p[i] != UInt8(ascii: "<") {
          if byteClass[Int(p[i])] & ByteClass.whitespace == 0 {
            throw error(.textOutsideRoot, at: i)
          }
          i += 1
        }
      } else {
        i = MemorySearch.firstOffset(of: UInt8(ascii: "<"), in: p + i, count: end - i).map { i + $0 } ?? end
      }
      start = i
      if i == end {
        if try refill() { continue }
        if depth > 0 {
          throw error(
            .endOfFileInsideElement(openName(at: depth - 1), openedAtLine: openLines[depth - 1]),
            at: end)
        }
        if !hasSeenRoot { throw error(.noRootElement, at: end) }
        return .endOfInput
      }
      tagStart = i
      if depth == 1, bufferOffset + Int64(i) >= stopOffset {
        // A chunk's end (`stopOffset`): what follows is another chunk's.
        stop = (bufferOffset + Int64(i), location(of: i))
        hasClosedRoot = true
        attributeList.removeAll()
        return .endOfInput
      }
      if depth == 1, skipsRecordType != nil, let type = passedOverType(at: i),
        let next = recordSkip.end(of: p, at: i, type: type, end: end)
      {
        recordsPassedOver += 1
        notePassedOverTimeZone()
        start = next
        continue
      }
      switch try scanMarkup(at: i) {
      case .incomplete(let what):
        if try refill() { continue }
        throw error(.endOfFileInsideMarkup(what), at: tagStart)
      case .skipped(let next):
        start = next
      case .startTag(let isEmpty, let next):
        start = next
        if let timeZoneTally, nameIs("MetadataEntry") { noteTimeZone(in: timeZoneTally) }
        if depth == 0 {
          hasSeenRoot = true
          if isEmpty { hasClosedRoot = true }
        }
        if !isEmpty { try pushOpenName() }
        return .startTag(isEmpty: isEmpty)
      case .endTag(let next):
        start = next
        // The start tag's attributes point into a buffer that may have moved: an end tag has none.
        attributeList.removeAll()
        hasTooManyAttributes = false
        attributeNamesAreDistinct = false
        try popOpenName()
        if depth == 0 { hasClosedRoot = true }
        return .endTag
      }
    }
  }

  /// The type's bytes of the `<Record type="…"` at `position` when `skips` passes records of it
  /// over (`RecordSkip.type`); nil when it does not, or the tag does not start so. A tag that
  /// starts with the last such prefix's bytes, through the type's closing quote, is decided as it
  /// was (records of one type come in runs).
  private func passedOverType(at position: Int) -> UnsafeBufferPointer<UInt8>? {
    let p = base
    let length = lastRecordPrefix.count
    if length > 0, end - position >= length,
      lastRecordPrefix.withUnsafeBufferPointer({
        $0.baseAddress.map { memoryEqual(p + position, $0, length) } ?? false
      })
    {
      guard lastRecordPassedOver else { return nil }
      return UnsafeBufferPointer(
        start: p + position + Self.recordPrefixLength, count: length - Self.recordPrefixLength - 1)
    }
    guard let type = RecordSkip.type(p, at: position, end: end) else { return nil }
    let passedOver = skipsRecordType?.skips(type) ?? false
    lastRecordPrefix.removeAll(keepingCapacity: true)
    lastRecordPrefix.append(
      contentsOf: UnsafeBufferPointer(start: p + position, count: Self.recordPrefixLength + type.count + 1))
    lastRecordPassedOver = passedOver
    return passedOver ? type : nil
  }

  /// The length of `<Record type="`.
  private static let recordPrefixLength = 14

  /// Reads past the content of the element whose start tag was just returned, through its end
  /// tag, without tokenizing it, when it holds only empty children, at most `maximumChildren`,
  /// whose tags `next()` would read with nothing to report, decode or repair
  /// (`RecordSkip.contentEnd`), and ends in the buffer.
  /// - Returns: whether it did; when not, nothing is consumed, and the content is read as before.
  func passOverContent(maximumChildren: Int) -> Bool {
    guard passesOverContent, let last = openNameEnds.last else { return false }
    let first = openNameEnds.count > 1 ? openNameEnds[openNameEnds.count - 2] : 0
    let next = openNameBytes.withUnsafeBufferPointer { names in
      recordSkip.contentEnd(
        of: base, from: start, end: end, name: names.slice(from: first, to: last),
        maximumChildren: maximumChildren)
    }
    guard let next else { return false }
    notePassedOverTimeZone()
    start = next
    attributeList.removeAll()
    hasTooManyAttributes = false
    attributeNamesAreDistinct = false
    openNameEnds.removeLast()
    openLines.removeLast()
    if depth == 0 { hasClosedRoot = true }
    contentsPassedOver += 1
    return true
  }

  /// Counts the `HKTimeZone` value of the `MetadataEntry` start tag just read, if it is one.
  private func noteTimeZone(in tally: TimeZoneTally) {
    var isTimeZone = false
    var value: RawAttribute?
    for attribute in attributes {
      if bytesEqual(attribute.nameStart, attribute.nameEnd, "key") {
        isTimeZone =
          attribute.needsDecoding
          ? (try? self.value(of: attribute)) == HealthKitIdentifier.timeZoneKey
          : bytesEqual(attribute.valueStart, attribute.valueEnd, "HKTimeZone")
      } else if bytesEqual(attribute.nameStart, attribute.nameEnd, "value") {
        value = attribute
      }
    }
    guard isTimeZone, let value else { return }
    if value.needsDecoding {
      if let name = try? self.value(of: value) { tally.add(name) }
    } else {
      withRawValue(of: value) { tally.add($0) }
    }
  }

  /// Counts the `HKTimeZone` value `RecordSkip` found in what it just passed over, if any.
  private func notePassedOverTimeZone() {
    guard let found = recordSkip.timeZoneValue else { return }
    guard let tally = timeZoneTally else { return }
    window.withBytes(from: found.lowerBound, to: found.upperBound) { tally.add($0) }
  }

  /// Skips the content of the element whose start tag was just returned, through its end tag.
  func skipElement() throws {
    let target = depth - 1
    while depth > target {
      if try next() == .endOfInput { return }
    }
  }

  // MARK: - Buffer

  /// Keeps the bytes from `start` on, moves them to the front and reads more behind them.
  /// - Returns: false at the end of the stream.
  func refill() throws -> Bool {
    countLines(upTo: start)
    let shift = start
    let result = try window.refill(keepingFrom: start, from: stream)
    countedPosition -= shift
    tagStart -= shift
    start = 0
    switch result {
    case .added: return true
    case .ended: return false
    case .full: throw error(.markupTooLarge(limit: window.maximumCapacity), at: 0)
    }
  }

  // MARK: - Open elements

  private func pushOpenName() throws {
    guard depth < Self.maximumDepth else {
      throw error(.nestingTooDeep(limit: Self.maximumDepth), at: tagStart)
    }
    let first = openNameEnds.last ?? 0
    let name = window.bytes(from: nameStart, to: nameEnd)
    let isKept =
      openNameBytes.count >= first + name.count
      && openNameBytes.withUnsafeBufferPointer { name.equals($0.slice(from: first, to: first + name.count)) }
    if !isKept {
      openNameBytes.removeSubrange(first...)
      openNameBytes.append(contentsOf: name)
    }
    openNameEnds.append(first + name.count)
    openLines.append(tagLine)
  }

  private func popOpenName() throws {
    guard let last = openNameEnds.last else {
      throw error(.unexpectedEndTag(name), at: tagStart)
    }
    let first = openNameEnds.count > 1 ? openNameEnds[openNameEnds.count - 2] : 0
    let matches = openNameBytes.withUnsafeBufferPointer {
      window.bytes(from: nameStart, to: nameEnd).equals($0.slice(from: first, to: last))
    }
    guard matches else {
      throw error(
        .mismatchedEndTag(expected: openName(at: openNameEnds.count - 1), found: name), at: tagStart)
    }
    openNameEnds.removeLast()
    openLines.removeLast()
  }

  func openName(at index: Int) -> String {
    let first = index > 0 ? openNameEnds[index - 1] : 0
    return String(decoding: openNameBytes[first..<openNameEnds[index]], as: UTF8.self)
  }

  // MARK: - Helpers

  func text(_ start: Int, _ end: Int) -> String {
    window.text(from: start, to: end)
  }

  /// The bytes `start..<end` of the buffer.
  func bytes(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
    window.bytes(from: start, to: end)
  }

  func describe(_ byte: UInt8) -> String {
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    switch byte {
    case 0x20: return "a space"
    case 0x0A: return "a line break"
    default: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
  }
}
