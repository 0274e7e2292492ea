import HealthArchive
import SystemShim

/// A deterministic stream of lower-case hex digits of any length, generated as it is read (so a
/// large entry is never held whole). It repeats a table of 1 MiB + 15 digits, where the 16
/// digits of block *k* are those of splitmix64(*k*): repeats lie farther apart than deflate's
/// 32 KiB window, so the stream compresses to about half its size and deflate has real work.
final class PatternByteStream: ByteStream {
  let name = "pattern"
  private let length: Int
  private var position = 0

  init(length: Int) {
    self.length = length
  }

  func read(into output: inout OutputRawSpan) throws {
    let count = min(output.freeCapacity, length - position)
    var done = 0
    while done < count {
      let from = (position + done) % Self.table.count
      done += output.append(from: Self.table, at: from, upTo: count - done)
    }
    position += count
  }

  private static let table: [UInt8] = {
    let digits = Array("0123456789abcdef".utf8)
    let count = (1 << 20) + 15
    var table = [UInt8](repeating: 0, count: count)
    for i in 0..<count {
      let nibble = splitmix64(UInt64(i >> 4)) >> UInt64((i & 15) * 4) & 15
      table[i] = digits[Int(nibble)]
    }
    return table
  }()

  private static func splitmix64(_ seed: UInt64) -> UInt64 {
    var z = seed &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
