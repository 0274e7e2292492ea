/// Makes one `String` for each distinct byte sequence among recent ones, so that the source name
/// or device repeated on a million records is one shared string, decoded once.
///
/// Looks through a few recent entries (exports group records by type and source, so hits are
/// near); a miss replaces the oldest entry.
package struct StringInterner {
  private var keys: [[UInt8]] = []
  private var values: [String] = []
  private var next = 0
  private var lastHit = 0
  private let capacity: Int
  /// The serial of the bytes last looked up with one (`RawAttribute.valueSerial`), and their
  /// string.
  private var lastSerial: UInt32 = 0
  private var lastSerialString = ""

  package init(capacity: Int = 32) {
    self.capacity = capacity
    keys.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
  }

  /// The string last looked up when it had bytes of `serial` (not 0), if it did.
  @inline(__always)
  package func string(forSerial serial: UInt32) -> String? {
    serial != 0 && serial == lastSerial ? lastSerialString : nil
  }

  /// The string for `raw`, whose bytes have `serial` (0 for none), as the buffer's `string`.
  package mutating func string(
    for raw: Span<UInt8>, serial: UInt32, make: () throws -> String
  ) rethrows -> String {
    try raw.withUnsafeBufferPointer { try string(for: $0, serial: serial, make: make) }
  }

  /// The string for `raw`, whose bytes have `serial` (0 for none): the last one looked up when
  /// its serial is the same, else as `string(for:make:)` gives it.
  package mutating func string(
    for raw: UnsafeBufferPointer<UInt8>, serial: UInt32, make: () throws -> String
  ) rethrows -> String {
    if serial != 0 && serial == lastSerial { return lastSerialString }
    let value = try string(for: raw, make: make)
    lastSerial = serial
    lastSerialString = value
    return value
  }

  /// The string for `raw`, made by `make` the first time.
  package mutating func string(
    for raw: UnsafeBufferPointer<UInt8>, make: () throws -> String
  ) rethrows -> String {
    if raw.isEmpty { return "" }
    // The last hit first: a run of records repeats its source and device.
    if lastHit < keys.count, keys[lastHit].withUnsafeBufferPointer({ raw.equals($0) }) {
      return values[lastHit]
    }
    for index in keys.indices {
      if keys[index].withUnsafeBufferPointer({ raw.equals($0) }) {
        lastHit = index
        return values[index]
      }
    }
    let value = try make()
    if keys.count < capacity {
      keys.append(Array(raw))
      values.append(value)
    } else {
      keys[next] = Array(raw)
      values[next] = value
      next = (next + 1) % capacity
    }
    return value
  }
}
