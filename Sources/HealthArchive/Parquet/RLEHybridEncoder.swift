/// Parquet's run-length / bit-packing hybrid (`RLE`), the encoding of definition levels and of
/// dictionary indices: a sequence of runs, each a ULEB128 header then its values. A run of one
/// value repeated is the header `count << 1` and the value in `ceil(bitWidth / 8)` little-endian
/// bytes; other values go in bit-packed runs of a multiple of 8 values, the header
/// `(count / 8) << 1 | 1`, then the values `bitWidth` bits each, packed from the least significant
/// bit of each byte. The last bit-packed run is padded with zeros to a multiple of 8 (a reader
/// knows how many values there are).
///
/// Here a value repeated 8 times or more, once the values before it fill whole groups of 8, is a
/// run of its own; everything else is bit-packed.
///
///     RLEHybridEncoder.encode([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1], bitWidth: 1)
///     // [0x14, 0x01, 0x03, 0x02]: ten 1s, then one group of 8: 0, 1 and six 0s of padding
enum RLEHybridEncoder {
  /// The bits an index into a dictionary of `count` entries takes: at least 1.
  static func bitWidth(forCount count: Int) -> Int {
    max(1, Int.bitWidth - max(count - 1, 0).leadingZeroBitCount)
  }

  /// The encoding of `values`, each of which fits in `bitWidth` bits (1–32).
  static func encode<Values: RandomAccessCollection>(_ values: Values, bitWidth: Int) -> [UInt8]
  where Values.Element: FixedWidthInteger & UnsignedInteger, Values.Index == Int {
    var bytes: [UInt8] = []
    append(values, bitWidth: bitWidth, to: &bytes)
    return bytes
  }

  /// Appends the encoding of `values`, each of which fits in `bitWidth` bits (1–32), to `bytes`.
  static func append<Values: RandomAccessCollection>(
    _ values: Values, bitWidth: Int, to bytes: inout [UInt8]
  ) where Values.Element: FixedWidthInteger & UnsignedInteger, Values.Index == Int {
    precondition((1...32).contains(bitWidth), "a width of 1 to 32 bits")
    var literals: [UInt32] = []
    var index = values.startIndex
    while index < values.endIndex {
      let value = values[index]
      var end = index + 1
      while end < values.endIndex && values[end] == value { end += 1 }
      var repeats = end - index
      if repeats >= 8 {
        // The values waiting to be packed fill their last group of 8 from this run first.
        while literals.count % 8 != 0 && repeats > 0 {
          literals.append(UInt32(value))
          repeats -= 1
        }
        if repeats > 0 {
          appendBitPacked(literals, bitWidth: bitWidth, to: &bytes)
          literals.removeAll(keepingCapacity: true)
          appendRun(UInt32(value), count: repeats, bitWidth: bitWidth, to: &bytes)
        }
      } else {
        for _ in 0..<repeats { literals.append(UInt32(value)) }
      }
      index = end
    }
    appendBitPacked(literals, bitWidth: bitWidth, to: &bytes)
  }

  /// A run of `count` times `value`.
  private static func appendRun(_ value: UInt32, count: Int, bitWidth: Int, to bytes: inout [UInt8]) {
    bytes.appendULEB128(UInt64(count) << 1)
    for byte in 0..<((bitWidth + 7) / 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> (8 * byte)))
    }
  }

  /// A bit-packed run of `values`, padded with zeros to a multiple of 8; nothing for none.
  private static func appendBitPacked(_ values: [UInt32], bitWidth: Int, to bytes: inout [UInt8]) {
    guard !values.isEmpty else { return }
    let groups = (values.count + 7) / 8
    bytes.appendULEB128(UInt64(groups) << 1 | 1)
    var accumulator: UInt64 = 0
    var bits = 0
    for position in 0..<(groups * 8) {
      let value = position < values.count ? UInt64(values[position]) : 0
      accumulator |= value << bits
      bits += bitWidth
      while bits >= 8 {
        bytes.append(UInt8(truncatingIfNeeded: accumulator))
        accumulator >>= 8
        bits -= 8
      }
    }
    // Eight values of any width fill whole bytes: nothing is left over.
    assert(bits == 0)
  }
}
