/// The stretches of a start tag between its values, as last checked: the `index`th runs from the
/// end of the element's name or of value `index - 1` through value `index`'s opening quote
/// (` unit="`). A scanner that finds the same bytes at the same place takes them as checked
/// (what it would find in them depends on the bytes only), without scanning them again.
struct TagShape {
  /// One stretch: its length, and where the attribute's name lies in it.
  struct Stretch {
    var length: Int
    /// The name's first byte and the byte after it, as offsets from the stretch's start.
    var nameStart: Int
    var nameEnd: Int
    /// Whether the names of stretches `0...index` are all different.
    var namesDistinct: Bool
  }

  private var bytes: [UInt8] = []
  private var stretches: [Stretch] = []
  /// Where each stretch starts in `bytes`.
  private var starts: [Int] = []
  /// The most stretches kept.
  static let limit = 32

  /// Stretch `index` when the bytes at `position`, before `end`, start with it.
  @inline(__always)
  func match(_ index: Int, _ p: UnsafePointer<UInt8>, at position: Int, end: Int) -> Stretch? {
    guard index < stretches.count else { return nil }
    let stretch = stretches[index]
    guard end - position >= stretch.length else { return nil }
    let from = starts[index]
    let equal = bytes.withUnsafeBufferPointer {
      memoryEqual(p + position, $0.baseAddress! + from, stretch.length)
    }
    return equal ? stretch : nil
  }

  /// Keeps `p[from..<to]`, just checked, as stretch `index`, in place of it and those after it;
  /// the attribute's name is `p[nameStart..<nameEnd]`. Stretches past `limit` are not kept.
  /// - Returns: the stretch as kept; nil when it was not.
  @discardableResult
  mutating func keep(
    _ index: Int, _ p: UnsafePointer<UInt8>, from: Int, to: Int, nameStart: Int, nameEnd: Int
  ) -> Stretch? {
    if index < stretches.count {
      bytes.removeSubrange(starts[index]...)
      stretches.removeSubrange(index...)
      starts.removeSubrange(index...)
    }
    guard index == stretches.count, index < Self.limit else { return nil }
    let name = UnsafeBufferPointer(start: p + nameStart, count: nameEnd - nameStart)
    var distinct = index == 0 || stretches[index - 1].namesDistinct
    if distinct {
      bytes.withUnsafeBufferPointer { kept in
        for earlier in 0..<index where distinct {
          let start = starts[earlier] + stretches[earlier].nameStart
          let end = starts[earlier] + stretches[earlier].nameEnd
          if kept.slice(from: start, to: end).equals(name) { distinct = false }
        }
      }
    }
    starts.append(bytes.count)
    bytes.append(contentsOf: UnsafeBufferPointer(start: p + from, count: to - from))
    let stretch = Stretch(
      length: to - from, nameStart: nameStart - from, nameEnd: nameEnd - from, namesDistinct: distinct)
    stretches.append(stretch)
    return stretch
  }
}
