import CZlib
import SystemShim

/// A running CRC-32 (the zip and gzip checksum), computed with zlib.
struct CRC32 {
  /// The checksum of the bytes seen so far.
  private(set) var value: UInt32 = 0

  /// Adds `bytes` to the checksum.
  mutating func update(_ bytes: RawSpan) {
    bytes.withUnsafeBytes { buffer in
      if let base = buffer.baseAddress { update(base, count: buffer.count) }
    }
  }

  /// Adds `count` bytes at `bytes` to the checksum.
  private mutating func update(_ bytes: UnsafeRawPointer, count: Int) {
    var pointer = bytes.assumingMemoryBound(to: Bytef.self)
    var remaining = count
    var crc = uLong(value)
    while remaining > 0 {
      let length = min(remaining, 1 << 30)
      crc = crc32(crc, pointer, uInt(length))
      pointer += length
      remaining -= length
    }
    value = UInt32(truncatingIfNeeded: crc)
  }

  /// Adds `bytes` to the checksum.
  mutating func update(_ bytes: [UInt8]) {
    bytes.withRawSpan { update($0) }
  }
}
