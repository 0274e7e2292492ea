import Testing

@testable import HealthArchive

/// The hybrid's bytes, worked out by hand from Encodings.md: a repeated run is the header
/// `count << 1` and the value in whole bytes; a bit-packed run is `(groups of 8) << 1 | 1`, then
/// the values packed from each byte's least significant bit.
@Suite struct RLEHybridEncoderTests {
  /// Encodings.md's own example: 0 to 7 in 3 bits are 10001000 11000110 11111010.
  @Test func bitPackingFillsEachByteFromItsLowestBit() {
    let bytes = RLEHybridEncoder.encode([UInt32](0...7), bitWidth: 3)
    #expect(bytes == [0x03, 0x88, 0xC6, 0xFA])
  }

  /// 100 << 1 = 200 is 0xC8 0x01 as a varint.
  @Test func aValueRepeatedIsOneRun() {
    #expect(RLEHybridEncoder.encode([UInt32](repeating: 5, count: 100), bitWidth: 3) == [0xC8, 0x01, 0x05])
    #expect(RLEHybridEncoder.encode([UInt32](repeating: 300, count: 8), bitWidth: 9) == [0x10, 0x2C, 0x01])
  }

  /// Ten 1s are a run; 0 and 1 are packed in a group of 8 padded with zeros.
  @Test func aShortTailIsPackedAndPadded() {
    let bytes = RLEHybridEncoder.encode([UInt8](repeating: 1, count: 10) + [0, 1], bitWidth: 1)
    #expect(bytes == [0x14, 0x01, 0x03, 0x02])
  }

  /// 2, 2, 2, 1 wait for a group of 8: the run of twelve 2s gives them four, then is a run of 8.
  /// In 2 bits, 2 2 2 1 is 01_10_10_10 and 2 2 2 2 is 10_10_10_10.
  @Test func packedValuesFillTheirGroupFromTheRunThatFollows() {
    let bytes = RLEHybridEncoder.encode(
      [UInt32(2), 2, 2, 1] + [UInt32](repeating: 2, count: 12), bitWidth: 2)
    #expect(bytes == [0x03, 0x6A, 0xAA, 0x10, 0x02])
  }

  @Test func nothingIsNoBytes() {
    #expect(RLEHybridEncoder.encode([UInt32](), bitWidth: 4).isEmpty)
  }

  @Test(arguments: [(0, 1), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (256, 8), (257, 9)])
  func anIndexTakesTheBitsOfTheLastEntry(count: Int, bits: Int) {
    #expect(RLEHybridEncoder.bitWidth(forCount: count) == bits)
  }
}
