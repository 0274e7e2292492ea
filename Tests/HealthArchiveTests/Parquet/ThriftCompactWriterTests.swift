import Testing

@testable import HealthArchive

/// The compact protocol's bytes, worked out by hand from its rules: a field header is the delta
/// from the previous field's id (1–15) in the high nibble beside the type (i32 5, i64 6, binary 8,
/// list 9, struct 12, true 1, false 2), else the type and the id as a zigzag varint; integers are
/// zigzag varints; a struct ends with 0.
@Suite struct ThriftCompactWriterTests {
  private static func bytes(_ body: (inout ThriftCompactWriter) -> Void) -> [UInt8] {
    var thrift = ThriftCompactWriter()
    body(&thrift)
    return thrift.finish()
  }

  @Test func anI32FieldIsAShortHeaderAndAZigzagVarint() {
    #expect(Self.bytes { $0.i32(1, field: 1) } == [0x15, 0x02, 0x00])
    #expect(Self.bytes { $0.i32(-1, field: 1) } == [0x15, 0x01, 0x00])
    #expect(Self.bytes { $0.i32(-64, field: 2) } == [0x25, 0x7F, 0x00])
  }

  /// 600 = 0b100_1011000: 0x58 with the high bit, then 0x04.
  @Test func aFieldMoreThan15AfterTheLastHasItsIDAfterTheType() {
    let bytes = Self.bytes {
      $0.i32(5, field: 1)
      $0.i64(300, field: 20)
    }
    #expect(bytes == [0x15, 0x0A, 0x06, 0x28, 0xD8, 0x04, 0x00])
  }

  @Test func aBooleanIsInTheHeaderType() {
    let bytes = Self.bytes {
      $0.boolean(true, field: 1)
      $0.boolean(false, field: 2)
    }
    #expect(bytes == [0x11, 0x12, 0x00])
  }

  @Test func aStringIsItsLengthThenItsUTF8() {
    #expect(Self.bytes { $0.string("PAR1", field: 4) } == [0x48, 0x04, 0x50, 0x41, 0x52, 0x31, 0x00])
    #expect(Self.bytes { $0.binary([], field: 1) } == [0x18, 0x00, 0x00])
  }

  /// A nested struct counts its fields from 0, and the enclosing one goes on from its own last.
  @Test func aStructCountsItsFieldIDsOfItsOwn() {
    let bytes = Self.bytes {
      $0.structure(field: 3) { $0.i32(7, field: 1) }
      $0.i32(1, field: 4)
    }
    #expect(bytes == [0x3C, 0x15, 0x0E, 0x00, 0x15, 0x02, 0x00])
  }

  /// An empty struct (Parquet's `StringType`) is its stop byte alone.
  @Test func anEmptyStructIsItsStopByte() {
    #expect(Self.bytes { $0.structure(field: 1) { _ in } } == [0x1C, 0x00, 0x00])
  }

  @Test func aShortListHasItsSizeInTheHighNibble() {
    let bytes = Self.bytes { $0.list([Int32(1), 2, 3], field: 2) }
    #expect(bytes == [0x29, 0x35, 0x02, 0x04, 0x06, 0x00])
    #expect(
      Self.bytes { $0.list(["a", "bc"], field: 3) } == [0x39, 0x28, 0x01, 0x61, 0x02, 0x62, 0x63, 0x00])
  }

  @Test func aListOf15OrMoreHasItsSizeAfterTheHeader() {
    let bytes = Self.bytes { $0.list([Int32](repeating: 0, count: 15), field: 1) }
    #expect(bytes == [0x19, 0xF5, 0x0F] + [UInt8](repeating: 0, count: 15) + [0x00])
  }

  @Test func aListOfStructsEndsEachWithItsStopByte() {
    let bytes = Self.bytes {
      $0.list(ofStructs: 2, field: 1) { index, element in element.i32(Int32(index), field: 1) }
    }
    #expect(bytes == [0x19, 0x2C, 0x15, 0x00, 0x00, 0x15, 0x02, 0x00, 0x00])
  }
}
