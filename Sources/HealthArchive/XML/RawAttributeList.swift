/// One attribute of the current start tag, as byte ranges into the tokenizer's buffer: 24 bytes
/// (positions fit 32 bits, the buffer being at most `ResourceLimit.tagSize`).
struct RawAttribute {
  private var positions: (UInt32, UInt32, UInt32, UInt32)
  /// Names the value's bytes: two values of one serial other than 0 are the same bytes (the
  /// tokenizer gives a serial to the bytes of a value it scans, and the same serial to a later
  /// value that it found to be the same bytes), so what was made of one is what the other gives.
  /// 0 says nothing.
  var valueSerial: UInt32
  /// Whether the value holds `&` or a control character, so that it must be decoded rather than
  /// taken as it is.
  var needsDecoding: Bool

  init(
    nameStart: Int, nameEnd: Int, valueStart: Int, valueEnd: Int, needsDecoding: Bool, valueSerial: UInt32 = 0
  ) {
    positions = (
      UInt32(truncatingIfNeeded: nameStart), UInt32(truncatingIfNeeded: nameEnd),
      UInt32(truncatingIfNeeded: valueStart), UInt32(truncatingIfNeeded: valueEnd)
    )
    self.valueSerial = valueSerial
    self.needsDecoding = needsDecoding
  }

  /// The same attribute with every position `offset` bytes later (`offset` may be negative).
  @inline(__always)
  func shifted(by offset: Int) -> RawAttribute {
    var shifted = self
    let delta = UInt32(truncatingIfNeeded: offset)
    shifted.positions = (
      positions.0 &+ delta, positions.1 &+ delta, positions.2 &+ delta, positions.3 &+ delta
    )
    return shifted
  }

  var nameStart: Int { Int(positions.0) }
  var nameEnd: Int { Int(positions.1) }
  var valueStart: Int { Int(positions.2) }
  var valueEnd: Int { Int(positions.3) }
}

/// The attributes of one start tag, as the tokenizer finds them: at most `capacity`, kept in
/// memory of the list's own, so that emptying it at every tag and adding each attribute touch no
/// reference count, check no uniqueness and never reallocate.
///
/// A class, as `TagShape` is, so that the scanning loop that fills it retains nothing.
final class RawAttributeList {
  /// The most attributes kept.
  let capacity: Int
  /// Attributes `0..<count` are initialized (`RawAttribute` is trivial: nothing to deinitialize).
  private let storage: UnsafeMutablePointer<RawAttribute>
  /// How many attributes are kept.
  private(set) var count = 0

  /// An empty list of at most `capacity` attributes (at least one).
  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 1)
    storage = .allocate(capacity: self.capacity)
  }

  deinit {
    storage.deallocate()
  }

  /// Keeps `attribute` after the others when there is room.
  /// - Returns: false, keeping nothing, when the list already holds `capacity` attributes.
  @inline(__always)
  func append(_ attribute: RawAttribute) -> Bool {
    guard count < capacity else { return false }
    (storage + count).initialize(to: attribute)
    count += 1
    return true
  }

  /// Empties the list.
  @inline(__always)
  func removeAll() {
    count = 0
  }

  /// The attributes kept, first to last; the view reads the list as it is when read, so it is
  /// valid until the list is next emptied.
  var elements: RawAttributes { RawAttributes(base: storage, count: count) }
}

/// The attributes of a `RawAttributeList`, as a collection.
struct RawAttributes: RandomAccessCollection {
  private let base: UnsafePointer<RawAttribute>
  private let elementCount: Int

  fileprivate init(base: UnsafeMutablePointer<RawAttribute>, count: Int) {
    self.base = UnsafePointer(base)
    elementCount = count
  }

  var startIndex: Int { 0 }
  var endIndex: Int { elementCount }

  subscript(position: Int) -> RawAttribute {
    precondition(position >= 0 && position < elementCount, "attribute index out of range")
    return base[position]
  }
}
