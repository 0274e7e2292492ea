import Testing

@testable import HealthArchive

@Suite struct StringInternerTests {
  /// Looks `text` up in `interner` with `serial`, counting the strings made.
  private static func lookUp(
    _ text: String, serial: UInt32, in interner: inout StringInterner, made: inout Int
  ) -> String {
    Array(text.utf8).withUnsafeBufferPointer { raw in
      interner.string(for: raw, serial: serial) {
        made += 1
        return "<\(text)>"
      }
    }
  }

  @Test func repeatedBytesAreMadeOnce() {
    var interner = StringInterner(capacity: 2)
    var made = 0
    let strings = ["Phone", "Watch", "Phone", "Watch", "Scale", "Phone"].map {
      Self.lookUp($0, serial: 0, in: &interner, made: &made)
    }
    #expect(strings == ["<Phone>", "<Watch>", "<Phone>", "<Watch>", "<Scale>", "<Phone>"])
    // The third distinct name replaced the oldest, so the last "Phone" was made again.
    #expect(made == 4)
  }

  /// A serial other than 0 seen last gives the last string without looking at the bytes; serial 0
  /// says nothing, and another serial is looked up by its bytes.
  @Test func theLastSerialGivesTheLastString() {
    var interner = StringInterner()
    var made = 0
    #expect(Self.lookUp("Phone", serial: 7, in: &interner, made: &made) == "<Phone>")
    #expect(Self.lookUp("Phone", serial: 7, in: &interner, made: &made) == "<Phone>")
    #expect(Self.lookUp("Watch", serial: 8, in: &interner, made: &made) == "<Watch>")
    #expect(Self.lookUp("Phone", serial: 9, in: &interner, made: &made) == "<Phone>")
    #expect(Self.lookUp("Scale", serial: 0, in: &interner, made: &made) == "<Scale>")
    #expect(Self.lookUp("Phone", serial: 0, in: &interner, made: &made) == "<Phone>")
    #expect(made == 3)
    #expect(Self.lookUp("", serial: 10, in: &interner, made: &made) == "")
  }
}
