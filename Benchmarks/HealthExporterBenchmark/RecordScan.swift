import HealthArchive
import SystemShim

/// The reference a selective reader is measured against: finds every `<Record` with `memchr`,
/// reads its type, and counts the records of two types, touching nothing else. No reader that
/// looks at each record can be much faster than this on the same bytes.
struct RecordScan {
  /// The types counted apart, as the default export selects them.
  static let selectedTypes: [[UInt8]] = [
    Array("HKQuantityTypeIdentifierBodyMass".utf8), Array("HKQuantityTypeIdentifierStepCount".utf8),
  ]

  private(set) var records = 0
  private(set) var selected = 0
  private(set) var bytes = 0

  /// Scans the stream to its end.
  mutating func scan(_ stream: any ByteStream) throws {
    let capacity = 1 << 20
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
    defer { buffer.deallocate() }
    guard let base = buffer.baseAddress else { return }
    // Bytes kept from the end of the last chunk: a record's start cut by the chunk's end.
    var kept = 0
    while true {
      let free = UnsafeMutableRawBufferPointer(start: base + kept, count: capacity - kept)
      var output = OutputRawSpan(buffer: free, initializedCount: 0)
      try stream.read(into: &output)
      let count = output.finalize(for: free)
      let end = kept + count
      bytes += count
      var position = 0
      var cut = end
      while let offset = MemorySearch.firstOffset(
        of: UInt8(ascii: "<"), in: base + position, count: end - position)
      {
        let start = position + offset
        guard let typeEnd = recordTypeEnd(base, from: start, to: end) else {
          cut = start
          break
        }
        position = typeEnd.next
        if let typeEnd = typeEnd.type {
          records += 1
          let type = UnsafeRawBufferPointer(start: base + start + Self.prefix.count, count: typeEnd)
          if Self.selectedTypes.contains(where: { $0.elementsEqual(type) }) { selected += 1 }
        }
      }
      if count == 0 { return }
      // A tag cut by the end of the chunk is scanned again with the next one.
      kept = end - cut > 4096 ? 0 : end - cut
      if kept > 0 { base.copyMemory(from: base + cut, byteCount: kept) }
    }
  }

  private static let prefix = Array("<Record type=\"".utf8)

  /// At a `<`: the length of a record's type and where to go on, or nil when the bytes end before
  /// it can be told.
  private func recordTypeEnd(
    _ base: UnsafeMutableRawPointer, from start: Int, to end: Int
  ) -> (type: Int?, next: Int)? {
    let prefix = Self.prefix
    guard end - start >= prefix.count else { return nil }
    for i in 1..<prefix.count where base.load(fromByteOffset: start + i, as: UInt8.self) != prefix[i] {
      return (nil, start + 1)
    }
    let typeStart = start + prefix.count
    guard
      let length = MemorySearch.firstOffset(
        of: UInt8(ascii: "\""), in: base + typeStart, count: end - typeStart)
    else { return nil }
    return (length, typeStart + length + 1)
  }
}
