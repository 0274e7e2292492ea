/// Writes JSON pieces through a pointer into room its owner made: one bounds check per piece, no
/// intermediate `String`s, no per-byte array growth. A piece that does not fit writes nothing and
/// marks the writer `overflowed`; its owner then gives it more room and writes the element again
/// (`ProfileElementEncoder.encode`), so a short estimate costs time, never correctness.
struct ProfileByteWriter {
  private let start: UnsafeMutablePointer<UInt8>
  private let end: UnsafeMutablePointer<UInt8>
  private var cursor: UnsafeMutablePointer<UInt8>
  /// Whether a piece did not fit: what was written must be written again with more room.
  private(set) var overflowed = false
  /// Whether the next key needs a comma before it (a key was written in the object open).
  private(set) var needsComma: Bool
  /// Strings known to need no escape, one per field that mostly repeats (`PlainStrings`). The
  /// writer lives only while its owner writes one element, and the owner holds the slots
  /// throughout, so they are not retained again at every string.
  private unowned(unsafe) let plain: PlainStrings?

  /// A writer of the `count` bytes at `start`, inside an object whose next key needs a comma
  /// when `needsComma`.
  init(
    start: UnsafeMutablePointer<UInt8>, count: Int, needsComma: Bool = false, plain: PlainStrings? = nil
  ) {
    self.start = start
    end = start + count
    cursor = start
    self.needsComma = needsComma
    self.plain = plain
  }

  /// The bytes written.
  var count: Int { cursor - start }

  /// Whether `count` more bytes fit; marks the writer overflowed when they do not.
  @inline(__always)
  private mutating func room(_ count: Int) -> Bool {
    if end - cursor >= count { return true }
    overflowed = true
    return false
  }

  // MARK: - Bytes

  mutating func byte(_ byte: UInt8) {
    guard room(1) else { return }
    cursor.pointee = byte
    cursor += 1
  }

  mutating func raw(_ text: StaticString) {
    raw(text.utf8Start, text.utf8CodeUnitCount)
  }

  mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    raw(base, bytes.count)
  }

  private mutating func raw(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
    guard room(count) else { return }
    cursor.update(from: bytes, count: count)
    cursor += count
  }

  // MARK: - Structure

  mutating func beginObject() {
    byte(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Closes an object; the object is a value of the one around it, whose next key needs a comma.
  mutating func endObject() {
    byte(UInt8(ascii: "}"))
    needsComma = true
  }

  /// `"name":`, after a comma unless it is the object's first key.
  mutating func key(_ name: StaticString) {
    let count = name.utf8CodeUnitCount
    guard room(count + 4) else { return }
    if needsComma {
      cursor.pointee = UInt8(ascii: ",")
      cursor += 1
    }
    needsComma = true
    cursor.pointee = UInt8(ascii: "\"")
    (cursor + 1).update(from: name.utf8Start, count: count)
    cursor += count + 1
    cursor.pointee = UInt8(ascii: "\"")
    (cursor + 1).pointee = UInt8(ascii: ":")
    cursor += 2
  }

  // MARK: - Values

  /// `text` as a JSON string: in quotes, `"`, `\` and control characters escaped as
  /// `JSONStringEscaping` escapes them, everything else as raw UTF-8; a string that needs no
  /// escape is copied in one piece.
  mutating func quoted(_ text: String) {
    _ = Self.withUTF8(of: text) { quoted($0) }
  }

  /// `text` as a JSON string, where `field` is the slot of `PlainStrings` that remembers the
  /// last string of its field that needed no escape: the same string again is copied unscanned.
  mutating func quoted(_ text: String, field: PlainStrings.Field) {
    guard let plain else { return quoted(text) }
    if plain.holds(text, in: field) {
      Self.withUTF8(of: text) { utf8 in
        guard room(utf8.count + 2) else { return }
        cursor.pointee = UInt8(ascii: "\"")
        if let base = utf8.baseAddress { (cursor + 1).update(from: base, count: utf8.count) }
        cursor += utf8.count + 1
        cursor.pointee = UInt8(ascii: "\"")
        cursor += 1
      }
      return
    }
    if Self.withUTF8(of: text, { quoted($0) }) { plain[field] = text }
  }

  /// Lends the UTF-8 bytes of `text` to `body`: in place when the string keeps them contiguous
  /// (a native string, as every reader makes), else from a contiguous copy.
  @inline(__always)
  private static func withUTF8<Result>(
    of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = text
    return copy.withUTF8(body)
  }

  /// UTF-8 bytes as a JSON string; whether they needed no escape.
  @discardableResult
  mutating func quoted(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = utf8.count
    guard let base = utf8.baseAddress else {
      raw("\"\"")
      return true
    }
    let firstEscape = JSONStringEscaping.firstEscape(in: Span(_unsafeElements: utf8), from: 0)
    if firstEscape == count {
      guard room(count + 2) else { return true }
      cursor.pointee = UInt8(ascii: "\"")
      (cursor + 1).update(from: base, count: count)
      cursor += count + 1
      cursor.pointee = UInt8(ascii: "\"")
      cursor += 1
      return true
    }
    // An escape is at most six bytes.
    guard room(6 * count + 2) else { return false }
    var escaped: [UInt8] = []
    JSONStringEscaping.appendQuoted(Span(_unsafeElements: utf8), to: &escaped)
    escaped.withUnsafeBufferPointer { raw($0) }
    return false
  }

  /// A finite number as `JSONNumberGrammar.append` writes it: an integral value of magnitude
  /// below 2^53 as an integer (`-0` for negative zero), any other as Swift's shortest
  /// round-tripping text.
  mutating func number(_ value: Double) {
    if value.magnitude < JSONNumberGrammar.integerLimit && value.rounded(.towardZero) == value {
      if value == 0 && value.sign == .minus {
        raw("-0")
      } else {
        integer(Int(value))
      }
      return
    }
    if fraction(value) { return }
    var text = value.description
    text.withUTF8 { raw($0) }
  }

  /// Writes a value that is not an integer, of magnitude from 0.001 up to 10^15, with the fewest
  /// digits after the point that read back as the value, when exactly one such text has that many
  /// digits: the text `description` gives (the shortest that reads back, never in exponent form at
  /// these magnitudes), without making a `String`. Whether it wrote it; nothing is written when not.
  private mutating func fraction(_ value: Double) -> Bool {
    let magnitude = value.magnitude
    guard magnitude >= 0.001, magnitude < 1e15 else { return false }
    var scale = 1.0
    for places in 1...15 {
      // 10^places is exact, and so is every integer below 2^53: a division of the two is the
      // value the text `digits` with `places` places reads back as.
      scale *= 10
      let scaled = (magnitude * scale).rounded()
      guard scaled < JSONNumberGrammar.integerLimit - 1 else { return false }
      let below = (scaled - 1) / scale == magnitude
      let at = scaled / scale == magnitude
      let above = (scaled + 1) / scale == magnitude
      switch (below, at, above) {
      case (false, false, false): continue
      case (true, false, false): return fraction(UInt(scaled - 1), places: places, negative: value < 0)
      case (false, true, false): return fraction(UInt(scaled), places: places, negative: value < 0)
      case (false, false, true): return fraction(UInt(scaled + 1), places: places, negative: value < 0)
      default: return false  // two texts of as many digits: `description` picks the nearer
      }
    }
    return false
  }

  /// `digits` with a point before its last `places` (a `0` before the point when nothing is).
  private mutating func fraction(_ digits: UInt, places: Int, negative: Bool) -> Bool {
    var divisor: UInt = 1
    for _ in 0..<places { divisor &*= 10 }
    let (whole, part) = digits.quotientAndRemainder(dividingBy: divisor)
    let length = (negative ? 1 : 0) + (whole < 10 ? 1 : Self.digitCount(whole)) + 1 + places
    guard room(length) else { return true }
    if negative {
      cursor.pointee = UInt8(ascii: "-")
      cursor += 1
    }
    unsigned(whole)
    cursor.pointee = UInt8(ascii: ".")
    cursor += 1
    let start = cursor
    cursor += places
    var rest = part
    var position = cursor
    while position > start {
      position -= 1
      position.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    }
    return true
  }

  /// The decimal digits of an integer, two at a time, written from the last.
  mutating func integer(_ value: Int) {
    guard room(20) else { return }
    if value < 0 {
      cursor.pointee = UInt8(ascii: "-")
      cursor += 1
    }
    unsigned(value.magnitude)
  }

  /// The decimal digits of `magnitude`, two at a time from a table, written from the last; the
  /// room is made by the caller.
  @inline(__always)
  private mutating func unsigned(_ value: UInt) {
    var magnitude = value
    if magnitude < 10 {
      cursor.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
      cursor += 1
      return
    }
    let digits = Self.digitCount(magnitude)
    let pairs = Self.digitPairs
    var position = cursor + digits
    while magnitude >= 100 {
      let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 100)
      position -= 2
      let pair = pairs + 2 * Int(remainder)
      position[0] = pair[0]
      position[1] = pair[1]
      magnitude = quotient
    }
    if magnitude >= 10 {
      position -= 2
      let pair = pairs + 2 * Int(magnitude)
      position[0] = pair[0]
      position[1] = pair[1]
    } else {
      position -= 1
      position.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
    }
    cursor += digits
  }

  /// `00`, `01`, … `99`.
  private static var digitPairs: UnsafePointer<UInt8> {
    let pairs: StaticString = """
      0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
      5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
      """
    return pairs.utf8Start
  }

  /// How many decimal digits `value` (at least 10) has.
  @inline(__always)
  private static func digitCount(_ value: UInt) -> Int {
    if value < 10_000_000_000 {
      if value < 100_000 { return value < 100 ? 2 : value < 1000 ? 3 : value < 10_000 ? 4 : 5 }
      if value < 100_000_000 { return value < 1_000_000 ? 6 : value < 10_000_000 ? 7 : 8 }
      return value < 1_000_000_000 ? 9 : 10
    }
    if value < 1_000_000_000_000_000 {
      if value < 10_000_000_000_000 {
        return value < 100_000_000_000 ? 11 : value < 1_000_000_000_000 ? 12 : 13
      }
      return value < 100_000_000_000_000 ? 14 : 15
    }
    if value < 100_000_000_000_000_000 { return value < 10_000_000_000_000_000 ? 16 : 17 }
    return value < 1_000_000_000_000_000_000 ? 18 : value < 10_000_000_000_000_000_000 ? 19 : 20
  }
}

/// The last string that needed no escape in each of the fields of a sample that mostly repeat
/// from one sample to the next (unit, source, version, device): the same string again (mostly
/// the same storage, as the readers intern them) is known plain without scanning its bytes.
final class PlainStrings {
  enum Field: Int {
    case unit, source, version, device
  }

  private let slots: UnsafeMutablePointer<String>
  private static let count = 4

  init() {
    slots = .allocate(capacity: Self.count)
    slots.initialize(repeating: "", count: Self.count)
  }

  deinit {
    slots.deinitialize(count: Self.count)
    slots.deallocate()
  }

  subscript(field: Field) -> String {
    get { slots[field.rawValue] }
    set { slots[field.rawValue] = newValue }
  }

  /// Whether `text` is the string the slot of `field` holds, compared where it is kept.
  @inline(__always)
  func holds(_ text: String, in field: Field) -> Bool {
    slots[field.rawValue] == text
  }
}
