import Foundation
import HealthArchive
import HealthTestSupport

/// Bytes of a zip archive assembled field by field, independently of `ZipWriter`, so that the
/// reader is tested against archives it did not write itself.
struct HandAssembledZip {
  /// One entry, with its data already as the archive holds it (compressed or not).
  struct Entry {
    var rawName: [UInt8]
    var data: [UInt8]
    var method: UInt16 = 0
    var flags: UInt16 = 0
    var crc32: UInt32
    var uncompressedSize: UInt32
    /// The compressed size the central directory declares, when it is not `data.count`.
    var declaredCompressedSize: UInt32?
    /// An extra field in the local header only (its length differs from the directory's).
    var localExtra: [UInt8] = []

    /// A stored entry named `name` (as UTF-8) holding `content`.
    static func stored(_ name: String, _ content: [UInt8], flags: UInt16 = 0) -> Entry {
      Entry(
        rawName: Array(name.utf8), data: content, flags: flags, crc32: referenceCRC32(content),
        uncompressedSize: UInt32(content.count))
    }
  }

  var entries: [Entry]
  var comment: [UInt8] = []
  /// Whether the directory uses ZIP64: sentinels in every header with the real values in ZIP64
  /// extra fields, a ZIP64 end record and locator, and sentinels in the end record.
  var zip64 = false

  var bytes: [UInt8] {
    var out: [UInt8] = []
    var offsets: [Int] = []
    for entry in entries {
      offsets.append(out.count)
      let descriptor = entry.flags & 0x0008 != 0
      out.le32(0x0403_4b50)
      out.le16(20)
      out.le16(entry.flags)
      out.le16(entry.method)
      out.le16(0x6000)  // 12:00:00
      out.le16(0x5A21)  // 2025-01-01
      out.le32(descriptor ? 0 : entry.crc32)
      out.le32(descriptor ? 0 : UInt32(entry.data.count))
      out.le32(descriptor ? 0 : entry.uncompressedSize)
      out.le16(UInt16(entry.rawName.count))
      out.le16(UInt16(entry.localExtra.count))
      out += entry.rawName
      out += entry.localExtra
      out += entry.data
      if descriptor {
        out.le32(0x0807_4b50)
        out.le32(entry.crc32)
        out.le32(UInt32(entry.data.count))
        out.le32(entry.uncompressedSize)
      }
    }
    let directoryOffset = out.count
    for (entry, offset) in zip(entries, offsets) {
      let compressed = entry.declaredCompressedSize ?? UInt32(entry.data.count)
      out.le32(0x0201_4b50)
      out.le16(zip64 ? 45 : 20)
      out.le16(zip64 ? 45 : 20)
      out.le16(entry.flags)
      out.le16(entry.method)
      out.le16(0x6000)
      out.le16(0x5A21)
      out.le32(entry.crc32)
      out.le32(zip64 ? 0xFFFF_FFFF : compressed)
      out.le32(zip64 ? 0xFFFF_FFFF : entry.uncompressedSize)
      out.le16(UInt16(entry.rawName.count))
      out.le16(zip64 ? 28 : 0)
      out.le16(0)
      out.le16(0)
      out.le16(0)
      out.le32(0)
      out.le32(zip64 ? 0xFFFF_FFFF : UInt32(offset))
      out += entry.rawName
      if zip64 {
        out.le16(0x0001)
        out.le16(24)
        out.le64(UInt64(entry.uncompressedSize))
        out.le64(UInt64(compressed))
        out.le64(UInt64(offset))
      }
    }
    let directorySize = out.count - directoryOffset
    if zip64 {
      let recordOffset = out.count
      out.le32(0x0606_4b50)
      out.le64(44)
      out.le16(45)
      out.le16(45)
      out.le32(0)
      out.le32(0)
      out.le64(UInt64(entries.count))
      out.le64(UInt64(entries.count))
      out.le64(UInt64(directorySize))
      out.le64(UInt64(directoryOffset))
      out.le32(0x0706_4b50)
      out.le32(0)
      out.le64(UInt64(recordOffset))
      out.le32(1)
    }
    out.le32(0x0605_4b50)
    out.le16(0)
    out.le16(0)
    out.le16(zip64 ? 0xFFFF : UInt16(entries.count))
    out.le16(zip64 ? 0xFFFF : UInt16(entries.count))
    out.le32(zip64 ? 0xFFFF_FFFF : UInt32(directorySize))
    out.le32(zip64 ? 0xFFFF_FFFF : UInt32(directoryOffset))
    out.le16(UInt16(comment.count))
    out += comment
    return out
  }
}

extension [UInt8] {
  mutating func le16(_ value: UInt16) {
    append(UInt8(value & 0xFF))
    append(UInt8(value >> 8))
  }

  mutating func le32(_ value: UInt32) {
    le16(UInt16(value & 0xFFFF))
    le16(UInt16(value >> 16))
  }

  mutating func le64(_ value: UInt64) {
    le32(UInt32(value & 0xFFFF_FFFF))
    le32(UInt32(value >> 32))
  }

  /// The little-endian 16-bit value at `offset`.
  func le16(at offset: Int) -> UInt16 {
    UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
  }

  /// The little-endian 32-bit value at `offset`.
  func le32(at offset: Int) -> UInt32 {
    UInt32(le16(at: offset)) | UInt32(le16(at: offset + 2)) << 16
  }

  /// Where `pattern` first occurs, or nil.
  func firstOffset(of pattern: [UInt8]) -> Int? {
    guard count >= pattern.count else { return nil }
    return (0...(count - pattern.count)).first { self[$0..<($0 + pattern.count)].elementsEqual(pattern) }
  }

  /// How many times `pattern` occurs.
  func occurrences(of pattern: [UInt8]) -> Int {
    guard count >= pattern.count else { return 0 }
    return (0...(count - pattern.count)).count {
      self[$0..<($0 + pattern.count)].elementsEqual(pattern)
    }
  }
}

/// CRC-32 computed bit by bit, independently of zlib (for small inputs).
func referenceCRC32(_ bytes: [UInt8]) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    crc ^= UInt32(byte)
    for _ in 0..<8 {
      crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
    }
  }
  return ~crc
}

/// Reads `stream` to its end through a buffer of `bufferSize` bytes.
func readAll(_ stream: some ByteStream, bufferSize: Int = 4096) throws -> [UInt8] {
  var result: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: bufferSize)
  while true {
    let n = try stream.read(filling: &buffer)
    if n == 0 { return result }
    result += buffer[0..<n]
  }
}

/// Bytes from a hex string such as `"504b0506"`.
func hexBytes(_ hex: String) -> [UInt8] {
  let digits = Array(hex.utf8)
  return stride(from: 0, to: digits.count, by: 2).map {
    UInt8(String(decoding: digits[$0..<($0 + 2)], as: UTF8.self), radix: 16)!
  }
}

extension TestDirectory {
  /// The bytes of `name` inside the folder.
  func readBytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: file(name))))
  }
}
