/// Byte classes for the XML scanner, looked up in one table instead of chains of comparisons.
enum ByteClass {
  /// Space, tab, line feed, carriage return.
  static let whitespace: UInt8 = 1
  /// A byte that ends a name: whitespace, `>`, `/`, `=`, quotes, `<`, and every other control
  /// character (NUL included), which no XML name holds.
  static let nameDelimiter: UInt8 = 2
  /// A byte an attribute value scan must look at: quotes, `<`, `&`, control characters.
  static let valueSpecial: UInt8 = 4

  /// The classes of `byte`.
  @inline(__always)
  static func of(_ byte: UInt8) -> UInt8 {
    table[Int(byte)]
  }

  /// The table, allocated once and never freed.
  nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    table.initialize(repeating: 0, count: 256)
    for byte in [0x20, 0x09, 0x0A, 0x0D] as [UInt8] {
      table[Int(byte)] |= whitespace | nameDelimiter
    }
    for byte in [
      UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "\""),
      UInt8(ascii: "'"), UInt8(ascii: "<"),
    ] {
      table[Int(byte)] |= nameDelimiter
    }
    for byte in [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: "&")] {
      table[Int(byte)] |= valueSpecial
    }
    for byte in 0..<0x20 { table[byte] |= valueSpecial | nameDelimiter }
    return UnsafePointer(table)
  }()
}
