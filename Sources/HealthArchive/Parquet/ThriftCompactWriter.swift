/// Writes a struct in Thrift's compact protocol, the encoding of Parquet's page headers and footer
/// (docs/convert.md cites the rules): each field is a header (the field's id as a delta of 1–15
/// from the previous field's, in the high nibble, beside its type; else the type, then the id as a
/// zigzag varint), then its value: integers as zigzag varints (ULEB128), binary as a varint length
/// and the bytes, a boolean in the header's type (1 true, 2 false), a list as a header (a size up
/// to 14 in the high nibble beside the element type, else 0xF and a varint size) and its elements
/// without headers, a struct as its fields and a stop byte (0). A union is a struct with one field.
///
///     var thrift = ThriftCompactWriter()
///     thrift.i32(1, field: 1)
///     thrift.structure(field: 2) { $0.string("x", field: 1) }
///     let bytes = thrift.finish()   // 15 02 1C 18 01 78 00 00
struct ThriftCompactWriter {
  /// The type codes of the compact protocol.
  enum FieldType: UInt8 {
    case booleanTrue = 1
    case booleanFalse = 2
    case i32 = 5
    case i64 = 6
    case binary = 8
    case list = 9
    case structure = 12
  }

  /// The bytes written so far.
  private(set) var bytes: [UInt8] = []
  /// The id of the last field written in the struct being written.
  private var lastFieldID: Int16 = 0
  /// The last field ids of the structs that enclose it.
  private var enclosingFieldIDs: [Int16] = []

  /// An empty struct, ready for its fields.
  init() {}

  /// Ends the outermost struct.
  /// - Returns: its bytes.
  mutating func finish() -> [UInt8] {
    precondition(enclosingFieldIDs.isEmpty, "every nested struct is ended before the outermost")
    bytes.append(0)
    return bytes
  }

  // MARK: - Fields

  /// Writes an `i32` field.
  mutating func i32(_ value: Int32, field id: Int16) {
    header(id, .i32)
    varint(zigzag(Int64(value)))
  }

  /// Writes an `i64` field.
  mutating func i64(_ value: Int64, field id: Int16) {
    header(id, .i64)
    varint(zigzag(value))
  }

  /// Writes a `bool` field.
  mutating func boolean(_ value: Bool, field id: Int16) {
    header(id, value ? .booleanTrue : .booleanFalse)
  }

  /// Writes a `binary` field.
  mutating func binary(_ value: [UInt8], field id: Int16) {
    header(id, .binary)
    varint(UInt64(value.count))
    bytes.append(contentsOf: value)
  }

  /// Writes a `string` field: its UTF-8 as `binary`.
  mutating func string(_ value: String, field id: Int16) {
    binary(Array(value.utf8), field: id)
  }

  /// Writes a struct field whose fields `body` writes.
  mutating func structure(field id: Int16, _ body: (inout ThriftCompactWriter) -> Void) {
    header(id, .structure)
    structBody(body)
  }

  /// Writes a list field of `i32`s.
  mutating func list(_ values: [Int32], field id: Int16) {
    header(id, .list)
    listHeader(count: values.count, of: .i32)
    for value in values { varint(zigzag(Int64(value))) }
  }

  /// Writes a list field of strings.
  mutating func list(_ values: [String], field id: Int16) {
    header(id, .list)
    listHeader(count: values.count, of: .binary)
    for value in values {
      varint(UInt64(value.utf8.count))
      bytes.append(contentsOf: value.utf8)
    }
  }

  /// Writes a list field of `count` structs, the fields of each written by `body` with its index.
  mutating func list(
    ofStructs count: Int, field id: Int16, _ body: (Int, inout ThriftCompactWriter) -> Void
  ) {
    header(id, .list)
    listHeader(count: count, of: .structure)
    for index in 0..<count { structBody { body(index, &$0) } }
  }

  // MARK: - Encoding

  /// A struct's fields, from a fresh field id, then its stop byte.
  private mutating func structBody(_ body: (inout ThriftCompactWriter) -> Void) {
    enclosingFieldIDs.append(lastFieldID)
    lastFieldID = 0
    body(&self)
    bytes.append(0)
    lastFieldID = enclosingFieldIDs.removeLast()
  }

  private mutating func header(_ id: Int16, _ type: FieldType) {
    let delta = Int(id) - Int(lastFieldID)
    if delta > 0 && delta <= 15 {
      bytes.append(UInt8(delta) << 4 | type.rawValue)
    } else {
      bytes.append(type.rawValue)
      varint(zigzag(Int64(id)))
    }
    lastFieldID = id
  }

  private mutating func listHeader(count: Int, of type: FieldType) {
    if count < 15 {
      bytes.append(UInt8(count) << 4 | type.rawValue)
    } else {
      bytes.append(0xF0 | type.rawValue)
      varint(UInt64(count))
    }
  }

  private mutating func varint(_ value: UInt64) {
    bytes.appendULEB128(value)
  }

  /// Zigzag: 0, -1, 1, -2, … as 0, 1, 2, 3, …
  private func zigzag(_ value: Int64) -> UInt64 {
    UInt64(bitPattern: (value << 1) ^ (value >> 63))
  }
}

extension [UInt8] {
  /// Appends `value` as ULEB128 (a varint of Thrift's compact protocol and of Parquet's hybrid
  /// encoding): seven bits a byte, the lowest first, the high bit set on every byte but the last.
  mutating func appendULEB128(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    append(UInt8(rest))
  }
}
