/// The stretches of a start tag between its values, as last checked: the `index`th runs from the
/// end of the element's name or of value `index - 1` through value `index`'s opening quote
/// (` unit="`). A scanner that finds the same bytes at the same place takes them as checked
/// (what it would find in them depends on the bytes only), without scanning them again.
///
/// With each stretch it keeps the value last read after it (most of a record's values, its type,
/// source, device and unit, repeat from one record to the next): a value of the same bytes, its
/// closing quote included, is taken as read, with what was found in it.
///
/// A class over memory of its own, so that the scanning loops that consult it at every attribute
/// retain nothing.
final class TagShape {
  /// One stretch: where it is kept, its length, and where the attribute's name lies in it.
  struct Stretch {
    var start: Int
    var length: Int
    /// The name's first byte and the byte after it, as offsets from the stretch's start.
    var nameStart: Int
    var nameEnd: Int
    /// Whether the names of stretches `0...index` are all different.
    var namesDistinct: Bool
    /// The length of the value kept after it, its closing quote included; 0 for none.
    var valueLength = 0
    /// Whether that value holds `&` or a control character.
    var valueNeedsDecoding = false
    /// That value's serial (`RawAttribute.valueSerial`).
    var valueSerial: UInt32 = 0
  }

  /// The most stretches kept.
  static let limit = 32
  /// The most bytes of stretches kept; a stretch past them is not kept.
  static let byteCapacity = 2048
  /// The longest value kept after a stretch, its closing quote included.
  static let valueCapacity = 256

  private let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: TagShape.byteCapacity)
  private let stretches = UnsafeMutablePointer<Stretch>.allocate(capacity: TagShape.limit)
  /// Stretch `index`'s value at `index * valueCapacity`.
  private let values = UnsafeMutablePointer<UInt8>.allocate(capacity: TagShape.limit * TagShape.valueCapacity)
  private var count = 0
  /// Counts the changes to the stretches and values kept, so that what assumes them unchanged
  /// (`TagTemplate`) can tell.
  private(set) var generation = 0
  /// The last start tag scanned with this shape, for the tokenizer (`RecordSkip` keeps none).
  let template = TagTemplate()

  init() {}

  deinit {
    bytes.deallocate()
    stretches.deallocate()
    values.deallocate()
  }

  /// Stretch `index` when the bytes at `position`, before `end`, start with it.
  @inline(__always)
  func match(_ index: Int, _ p: UnsafePointer<UInt8>, at position: Int, end: Int) -> Stretch? {
    guard index < count else { return nil }
    let stretch = stretches[index]
    guard end - position >= stretch.length, memoryEqual(p + position, bytes + stretch.start, stretch.length)
    else { return nil }
    return stretch
  }

  /// Keeps `p[from..<to]`, just checked, as stretch `index`, in place of it and those after it;
  /// the attribute's name is `p[nameStart..<nameEnd]`. Stretches past `limit` or `byteCapacity`
  /// are not kept.
  /// - Returns: the stretch as kept; nil when it was not.
  @discardableResult
  func keep(
    _ index: Int, _ p: UnsafePointer<UInt8>, from: Int, to: Int, nameStart: Int, nameEnd: Int
  ) -> Stretch? {
    guard index <= count else { return nil }
    generation &+= 1
    count = index
    let start = index > 0 ? stretches[index - 1].start + stretches[index - 1].length : 0
    let length = to - from
    guard index < Self.limit, length <= Self.byteCapacity - start else { return nil }
    let nameLength = nameEnd - nameStart
    var distinct = index == 0 || stretches[index - 1].namesDistinct
    for earlier in 0..<index where distinct {
      let other = stretches[earlier]
      if other.nameEnd - other.nameStart == nameLength
        && memoryEqual(bytes + other.start + other.nameStart, p + nameStart, nameLength)
      {
        distinct = false
      }
    }
    (bytes + start).initialize(from: p + from, count: length)
    let stretch = Stretch(
      start: start, length: length, nameStart: nameStart - from, nameEnd: nameEnd - from,
      namesDistinct: distinct)
    (stretches + index).initialize(to: stretch)
    count = index + 1
    return stretch
  }

  /// The length of the value last kept after stretch `index` (its closing quote included) and
  /// whether it needed decoding, when the bytes at `position`, before `end`, start with it.
  @inline(__always)
  func matchValue(_ index: Int, _ p: UnsafePointer<UInt8>, at position: Int, end: Int) -> (
    length: Int, needsDecoding: Bool, serial: UInt32
  )? {
    guard index < count else { return nil }
    let stretch = stretches[index]
    let length = stretch.valueLength
    guard length > 0, end - position >= length,
      memoryEqual(p + position, values + index * Self.valueCapacity, length)
    else { return nil }
    return (length, stretch.valueNeedsDecoding, stretch.valueSerial)
  }

  /// Keeps `p[from..<to]`, a value just read after stretch `index` through its closing quote, in
  /// place of the one kept before, with its serial; a value past `valueCapacity` is not kept.
  func keepValue(
    _ index: Int, _ p: UnsafePointer<UInt8>, from: Int, to: Int, needsDecoding: Bool, serial: UInt32 = 0
  ) {
    guard index < count else { return }
    generation &+= 1
    let length = to - from
    guard length <= Self.valueCapacity else {
      stretches[index].valueLength = 0
      return
    }
    (values + index * Self.valueCapacity).initialize(from: p + from, count: length)
    stretches[index].valueLength = length
    stretches[index].valueNeedsDecoding = needsDecoding
    stretches[index].valueSerial = serial
  }
}
