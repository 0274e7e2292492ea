import Testing

@testable import HealthArchive

@Suite struct ByteWordsTests {
  /// The word holding `byte` in lane `lane` and `filler` in the other seven.
  private static func word(_ byte: UInt8, lane: Int, filler: UInt8) -> UInt64 {
    var bytes = [UInt8](repeating: filler, count: 8)
    bytes[lane] = byte
    return bytes.withUnsafeBufferPointer { ByteWords.load($0.baseAddress!, at: 0) }
  }

  /// Each test marks exactly the lanes that pass it, for every byte in every lane, whatever its
  /// neighbours (0x00, 0xFF and 0x80 are the ones a borrow or carry between lanes would show).
  @Test(arguments: [UInt8(0x00), 0x20, 0x61, 0x80, 0xFF])
  func eachTestMarksExactlyTheBytesThatPassIt(filler: UInt8) {
    for value in 0...255 {
      let byte = UInt8(value)
      for lane in 0..<8 {
        let word = Self.word(byte, lane: lane, filler: filler)
        var zero: UInt64 = 0
        var quote: UInt64 = 0
        var control: UInt64 = 0
        for index in 0..<8 {
          let b = index == lane ? byte : filler
          let bit: UInt64 = 0x80 << (8 * UInt64(index))
          if b == 0 { zero |= bit }
          if b == UInt8(ascii: "\"") { quote |= bit }
          if b < 0x20 { control |= bit }
        }
        #expect(ByteWords.zeroBytes(word) == zero, "byte \(byte) in lane \(lane)")
        #expect(ByteWords.bytes(word, equalTo: UInt8(ascii: "\"")) == quote, "byte \(byte) in lane \(lane)")
        #expect(ByteWords.controlBytes(word) == control, "byte \(byte) in lane \(lane)")
      }
    }
  }

  @Test func theFirstByteIsTheLowest() {
    let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
    #expect(bytes.withUnsafeBufferPointer { ByteWords.load($0.baseAddress!, at: 0) } == 0x0807_0605_0403_0201)
  }

  @Test(arguments: [
    // (value, quote, the stop's offset)
    ("", UInt8(ascii: "\""), 0),
    ("abc", UInt8(ascii: "\""), 3),
    ("abcdefgh\"", UInt8(ascii: "\""), 8),
    ("abcdefghijklmnop\"", UInt8(ascii: "\""), 16),
    ("2026-05-25 00:08:30 -0400\" x", UInt8(ascii: "\""), 25),
    ("it's\"", UInt8(ascii: "\""), 4),
    ("say \"hi\"'", UInt8(ascii: "'"), 8),
    ("&lt;&lt;HKDevice", UInt8(ascii: "\""), 0),
    ("HKDevice &gt;", UInt8(ascii: "\""), 9),
    ("a<b\"", UInt8(ascii: "\""), 1),
    ("line\nbreak\"", UInt8(ascii: "\""), 4),
    ("tab\there", UInt8(ascii: "\""), 3),
    ("nul\u{0}\"", UInt8(ascii: "\""), 3),
    ("Emma’s Apple Watch\"", UInt8(ascii: "\""), 20),
    ("\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\"", UInt8(ascii: "\""), 9),
  ])
  func theFirstStopOfAValue(value: String, quote: UInt8, stop: Int) {
    let bytes = Array(value.utf8)
    let found = bytes.withUnsafeBufferPointer {
      ByteWords.firstValueStop(
        $0.baseAddress ?? UnsafePointer(bitPattern: 1)!, from: 0, end: $0.count, quote: quote)
    }
    #expect(found == stop)
  }

  /// From every start to every end in a buffer with stops at known places, the first stop is the
  /// one a byte loop finds, or the end: a stop past the end is not seen.
  @Test(arguments: [UInt8(ascii: "\""), UInt8(ascii: "'")])
  func theFirstStopFromEveryStartToEveryEnd(quote: UInt8) {
    var bytes = Array("0123456789abcdefghij".utf8)
    bytes += [UInt8(ascii: "'")] + Array("klmnopqrstuvw".utf8) + [UInt8(ascii: "\"")]
    bytes += Array("xyzABCDEFGHIJ".utf8) + [UInt8(ascii: "&")] + Array("KLMNOPQRST".utf8) + [0x0D]
    bytes += Array("UVWXYZ!#$%".utf8) + [UInt8(ascii: "<")] + Array("(),.:;".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      let p = buffer.baseAddress!
      for from in 0...buffer.count {
        for end in from...buffer.count {
          var expected = from
          while expected < end {
            let b = p[expected]
            if b == quote || b == UInt8(ascii: "<") || b == UInt8(ascii: "&") || b < 0x20 { break }
            expected += 1
          }
          #expect(ByteWords.firstValueStop(p, from: from, end: end, quote: quote) == expected)
        }
      }
    }
  }

  /// Words of the bytes a borrow between lanes would confuse (zeros, control characters, the
  /// stops side by side, bytes with the high bit), in every arrangement a fixed pseudo-random
  /// sequence gives: the first stop is the one a byte loop finds.
  @Test func theFirstStopInWordsOfAwkwardBytes() {
    let alphabet: [UInt8] = [
      0x00, 0x01, 0x1F, 0x20, 0x21, UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "&"),
      UInt8(ascii: "<"),
      UInt8(ascii: "="), 0x7F, 0x80, 0xA0, 0xFF, UInt8(ascii: "a"),
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var bytes = [UInt8](repeating: 0, count: 16)
    for _ in 0..<20_000 {
      for index in bytes.indices {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        // Mostly ordinary bytes, so that stops come at every distance.
        let pick = Int(state >> 33) % (alphabet.count * 3)
        bytes[index] = pick < alphabet.count ? alphabet[pick] : UInt8(ascii: "a")
      }
      bytes.withUnsafeBufferPointer { buffer in
        let p = buffer.baseAddress!
        for quote in [UInt8(ascii: "\""), UInt8(ascii: "'")] {
          var expected = 0
          while expected < buffer.count {
            let b = p[expected]
            if b == quote || b == UInt8(ascii: "<") || b == UInt8(ascii: "&") || b < 0x20 { break }
            expected += 1
          }
          #expect(
            ByteWords.firstValueStop(p, from: 0, end: buffer.count, quote: quote) == expected, "\(bytes)")
        }
      }
    }
  }
}
