/// The dictionary of one string column chunk: each distinct value once, numbered in order of first
/// appearance, kept as the dictionary page holds it (PLAIN: a 4-byte little-endian length, then
/// the UTF-8).
struct ParquetDictionary {
  /// The entries, PLAIN-encoded, in order: the dictionary page's content.
  private(set) var plain: [UInt8] = []
  /// Where each entry starts in `plain` (at its length).
  private var starts: [Int] = []
  private var numbers: [String: UInt32] = [:]
  /// The value looked up last, and its number: values come in runs.
  private var last: (value: String, number: UInt32)?

  /// How many entries it holds.
  var count: Int { starts.count }

  /// The number of `value`, given it on first sight.
  mutating func number(of value: String) -> UInt32 {
    if let last, last.value == value { return last.number }
    let number: UInt32
    if let known = numbers[value] {
      number = known
    } else {
      number = UInt32(starts.count)
      starts.append(plain.count)
      plain.appendPlain(value)
      numbers[value] = number
    }
    last = (value, number)
    return number
  }

  /// The PLAIN encoding of entry `number` (length and bytes).
  func plainEntry(_ number: UInt32) -> ArraySlice<UInt8> {
    let index = Int(number)
    let end = index + 1 < starts.count ? starts[index + 1] : plain.count
    return plain[starts[index]..<end]
  }

  /// The UTF-8 bytes of the smallest and the largest entry in unsigned byte order (a string
  /// column's statistics); nil when it is empty.
  var bounds: (minimum: ArraySlice<UInt8>, maximum: ArraySlice<UInt8>)? {
    guard count > 0 else { return nil }
    var minimum = plainEntry(0).dropFirst(4)
    var maximum = minimum
    for number in 1..<UInt32(count) {
      let entry = plainEntry(number).dropFirst(4)
      if entry.lexicographicallyPrecedes(minimum) { minimum = entry }
      if maximum.lexicographicallyPrecedes(entry) { maximum = entry }
    }
    return (minimum, maximum)
  }
}

extension [UInt8] {
  /// Appends `value` as PLAIN encodes a `BYTE_ARRAY`: its length in 4 bytes, little endian, then
  /// its UTF-8.
  mutating func appendPlain(_ value: String) {
    appendLittleEndian(UInt32(value.utf8.count))
    append(contentsOf: value.utf8)
  }

  /// Appends `value`'s bytes, the least significant first.
  package mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
    for shift in stride(from: 0, to: Value.bitWidth, by: 8) {
      append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }
}
