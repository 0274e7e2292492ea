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
/// reference count, check no uniqueness and never reallocate (`BoundedList`).
typealias RawAttributeList = BoundedList<RawAttribute>

/// The attributes of a `RawAttributeList`, as a collection.
typealias RawAttributes = BoundedList<RawAttribute>.Elements
