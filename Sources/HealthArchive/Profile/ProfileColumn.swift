import HealthModel
import SystemShim

/// The encoded elements of one type, one line each coded against the one before
/// (`ProfileLineDelta`), in memory and, past a limit, in a spill file.
final class ProfileColumn {
  /// The column's place among the columns, which names its spill file.
  let index: Int
  /// Whether its elements keep their identity (they may repeat a correlation's member).
  let tracksKeys: Bool
  // What a new element changes, together; touched at every element by the one thread that
  // writes the profile and never from two places at once: the dynamic exclusivity checks are
  // left out.
  @exclusivity(unchecked) private var lines: Lines
  /// Where its spilled elements are in the writer's spill file, in order.
  private var spilled: [Range<Int64>] = []

  /// The elements' records in memory, their keys and the coder of the next.
  private struct Lines {
    var memory: [UInt8] = []
    var keys: [MemberKey?]?
    var count = 0
    var coder = ProfileLineDelta.Encoder()

    mutating func append(_ element: UnsafeBufferPointer<UInt8>, key: MemberKey?) {
      coder.append(element, to: &memory)
      keys?.append(key)
      count += 1
    }
  }

  /// - Parameters:
  ///   - index: the column's position.
  ///   - tracksKeys: whether elements may repeat a correlation's member and must keep
  ///     their identity.
  init(index: Int, tracksKeys: Bool) {
    self.index = index
    self.tracksKeys = tracksKeys
    lines = Lines(keys: tracksKeys ? [] : nil)
  }

  /// How many elements it holds.
  var count: Int { lines.count }

  var memoryCount: Int { lines.memory.count }

  /// Takes the encoded `element`.
  func append(_ element: UnsafeBufferPointer<UInt8>, key: MemberKey?) {
    lines.append(element, key: key)
  }

  /// Moves the elements held in memory to the end of `file`, the writer's spill file.
  /// - Throws: `ProfileError.cannotSpill`.
  func spill(to file: SpillFile) throws(ProfileError) {
    let offset: Int64
    do {
      offset = try file.append(lines.memory)
    } catch {
      throw ProfileError.cannotSpill(path: file.path, reason: error.reason)
    }
    spilled.append(offset..<(offset + Int64(lines.memory.count)))
    lines.memory.removeAll(keepingCapacity: true)
  }

  /// Writes `,\n"name":[\n` and the elements, leaving out those whose key is in `members` (the
  /// top-level copies of correlation members); writes nothing when no element is left.
  /// - Returns: how many elements were written.
  func write(
    named name: String, excluding members: Set<MemberKey>, addsUUIDs: Bool, spill: SpillFile?,
    to output: BackgroundOutput
  ) throws -> Int {
    let keys = lines.keys
    let kept = keys.map { $0.filter { $0.map { !members.contains($0) } ?? true }.count } ?? count
    guard kept > 0 else { return 0 }
    var header: [UInt8] = Array(",\n".utf8)
    JSONStringEscaping.appendQuoted(name, to: &header)
    header.append(contentsOf: ":[\n".utf8)
    try output.write(header)
    var index = 0
    var written = 0
    let previous = PreviousLine()
    // Each line is decoded straight into the output, after room for its `,\n`, against the line
    // before (where it was written, or a copy once its block is handed over).
    let uuidRoom = addsUUIDs ? StableUUID.suffixLength : 0
    func emit(_ record: UnsafeBufferPointer<UInt8>) throws {
      defer { index += 1 }
      let separator = written > 0 ? 2 : 0
      let start = try output.room(separator + previous.count + record.count + uuidRoom) {
        previous.keepCopy()
      }
      let lineStart = start + separator
      let length = try ProfileLineDelta.decode(record, against: previous.bytes, into: lineStart)
      let line = UnsafeBufferPointer(start: lineStart, count: length)
      var extra = 0
      if let key = keys?[index], members.contains(key) {
        previous.copy(line)
        return
      } else if addsUUIDs && !Self.hasUUID(line) {
        previous.copy(line)
        // The closing `}` gives way to `,"uuid":"…"}`.
        let suffix = ",\"uuid\":\"\(StableUUID.make(name: name, index: index, content: line))\"}"
        var utf8 = Array(suffix.utf8)
        utf8.withUnsafeMutableBufferPointer { suffixBytes in
          guard let base = suffixBytes.baseAddress else { return }
          (lineStart + length - 1).update(from: base, count: suffixBytes.count)
        }
        extra = utf8.count - 1
      } else {
        previous.point(at: line)
      }
      if separator > 0 {
        start[0] = UInt8(ascii: ",")
        start[1] = UInt8(ascii: "\n")
      }
      output.advance(by: separator + length + extra)
      written += 1
    }
    do {
      if let spill, !spilled.isEmpty {
        let stream = SpilledByteStream(spill, stretches: spilled, name: spill.path)
        do {
          try Self.forEachRecord(of: stream) { try emit($0) }
        } catch let error as OutputError {
          throw ProfileError.cannotSpill(path: spill.path, reason: error.reason)
        }
      }
      try lines.memory.withUnsafeBufferPointer { buffer in
        let end = try ProfileLineDelta.forEachRecord(in: buffer) { try emit($0) }
        if end < buffer.count { throw ProfileLineDelta.Damage() }
      }
    } catch is ProfileLineDelta.Damage {
      throw ProfileError.cannotSpill(
        path: spill?.path ?? name, reason: "its contents changed while the profile was written")
    }
    try output.write("\n]")
    return written
  }

  /// Whether a top-level element already has a `uuid` key.
  private static func hasUUID(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    let needle = Array("\"uuid\":".utf8)
    guard line.count >= needle.count else { return false }
    for start in 0...(line.count - needle.count) where line[start] == needle[0] {
      if Array(line[start..<(start + needle.count)]) == needle { return true }
    }
    return false
  }

  /// The records of the spill file, in order: read in large pieces, each record handed over
  /// where it lies, a record cut by the end of a piece moved to the front for the next.
  private static func forEachRecord(
    of stream: any ByteStream, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var filled = 0
    while true {
      // A record longer than the buffer makes it twice as long.
      if filled == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
      let count = try stream.read(filling: &buffer, from: filled)
      if count == 0 { break }
      filled += count
      let consumed = try buffer.withUnsafeBufferPointer {
        try ProfileLineDelta.forEachRecord(in: UnsafeBufferPointer(rebasing: $0[0..<filled]), body)
      }
      guard consumed > 0 else { continue }
      buffer.withUnsafeMutableBufferPointer { bytes in
        guard let base = bytes.baseAddress else { return }
        base.update(from: base + consumed, count: filled - consumed)
      }
      filled -= consumed
    }
    if filled > 0 { throw ProfileLineDelta.Damage() }
  }
}

/// The line the next record is decoded against: where it was written in the output, or a copy
/// of its own once it is not (its block handed over, or the line left out).
private final class PreviousLine {
  private var start: UnsafePointer<UInt8>?
  private(set) var count = 0
  private var storage = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

  deinit {
    storage.deallocate()
  }

  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

  /// The line is `line`, where it lies.
  func point(at line: UnsafeBufferPointer<UInt8>) {
    start = line.baseAddress
    count = line.count
  }

  /// The line is a copy of `line`.
  func copy(_ line: UnsafeBufferPointer<UInt8>) {
    if storage.count < line.count {
      storage.deallocate()
      storage = .allocate(capacity: max(line.count, 2 * storage.count, 256))
    }
    if let base = line.baseAddress, let target = storage.baseAddress, line.count > 0 {
      target.update(from: base, count: line.count)
    }
    start = UnsafePointer(storage.baseAddress)
    count = line.count
  }

  /// The line is copied into storage of its own, if it is not there already.
  func keepCopy() {
    guard let start, start != UnsafePointer(storage.baseAddress) else { return }
    copy(UnsafeBufferPointer(start: start, count: count))
  }
}
