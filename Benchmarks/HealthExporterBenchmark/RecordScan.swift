import HealthArchive
import SystemShim

/// The reference a selective reader is measured against, doing what the shared benchmark's
/// `scan.c` does, step for step: reads 4 MiB at a time, finds each `<` with `memchr`, and at each
/// `<Record type="` finds the type's closing quote within 200 bytes, counting the record and adding
/// the type's last byte to a checksum. The last 512 bytes of a block are scanned with the next
/// one. No reader that looks at each record can be much faster than this on the same bytes.
struct RecordScan {
  private(set) var records = 0
  private(set) var checksum = 0

  private static let prefix = Array("<Record type=\"".utf8)

  /// Scans the stream to its end.
  mutating func scan(_ stream: any ByteStream) throws {
    let capacity = 4 << 20
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
    defer { buffer.deallocate() }
    guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
    var have = 0
    while true {
      let free = UnsafeMutableRawBufferPointer(start: base + have, count: capacity - have)
      var output = OutputRawSpan(buffer: free, initializedCount: 0)
      try stream.read(into: &output)
      let count = output.finalize(for: free)
      have += count
      let end = have
      let limit = count == 0 ? end : max(end - 512, 0)
      var p = 0
      while p < limit {
        guard let offset = MemorySearch.firstOffset(of: UInt8(ascii: "<"), in: base + p, count: limit - p)
        else {
          p = limit
          break
        }
        let q = p + offset
        if q + 1 < end, base[q + 1] == UInt8(ascii: "R"), q + Self.prefix.count <= end,
          Self.prefix.withUnsafeBufferPointer({ prefix in
            UnsafeBufferPointer(start: base + q, count: prefix.count).elementsEqual(prefix)
          })
        {
          let typeStart = q + Self.prefix.count
          if let length = MemorySearch.firstOffset(
            of: UInt8(ascii: "\""), in: base + typeStart, count: min(200, end - typeStart))
          {
            records += 1
            checksum += Int(base[typeStart + length - 1])
          }
        }
        p = q + 1
      }
      if count == 0 { return }
      UnsafeMutableRawPointer(base).copyMemory(from: base + p, byteCount: end - p)
      have = end - p
    }
  }
}
