import HealthModel
import Testing

/// A value a message quotes back stays a few dozen characters, however long it was.
@Suite struct QuotedTests {
  @Test func quotesAShortValueWhole() {
    #expect(Quoted("stepz").description == "'stepz'")
    #expect(Quoted("").description == "''")
    #expect(Quoted(String(repeating: "a", count: 40)).description == "'\(String(repeating: "a", count: 40))'")
  }

  @Test func quotesTheStartOfALongValueWithItsLength() {
    #expect(
      Quoted(String(repeating: "a", count: 41)).description
        == "'\(String(repeating: "a", count: 40))…' (41 characters)")
    #expect(
      Quoted("x" + String(repeating: "é", count: 299_999)).description
        == "'x\(String(repeating: "é", count: 39))…' (300,000 characters)")
  }

  @Test func groupsThousands() {
    #expect(Quoted.grouped(7) == "7")
    #expect(Quoted.grouped(1_000) == "1,000")
    #expect(Quoted.grouped(16_777_216) == "16,777,216")
  }
}
