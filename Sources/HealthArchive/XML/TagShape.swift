/// The stretches of a start tag between its values, as last checked: the `index`th runs from the
/// end of the element's name or of value `index - 1` through value `index`'s opening quote
/// (` unit="`). A scanner that finds the same bytes at the same place takes them as checked
/// (what it would find in them depends on the bytes only), without scanning them again.
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
  }

  /// The most stretches kept.
  static let limit = 32
  /// The most bytes of stretches kept; a stretch past them is not kept.
  static let byteCapacity = 2048

  private let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: TagShape.byteCapacity)
  private let stretches = UnsafeMutablePointer<Stretch>.allocate(capacity: TagShape.limit)
  private var count = 0

  init() {}

  deinit {
    bytes.deallocate()
    stretches.deallocate()
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
}
