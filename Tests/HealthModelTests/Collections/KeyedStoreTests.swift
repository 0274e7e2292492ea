import Testing

@testable import HealthModel

@Suite struct KeyedStoreTests {
  /// Runs of one name, names that alternate, and the same name spelled in two Unicode forms: each
  /// distinct name gets the next number, as a dictionary of `String`s would give it, and its value
  /// is made once, from the name first met.
  @Test func eachKeyHasOneNumberInTheOrderFirstSeen() {
    var table = KeyedStore<String, String>()
    let composed = "Zoë’s Watch"
    let decomposed = "Zoe\u{308}’s Watch"
    let names = [
      "Emma’s Apple Watch", "Emma’s Apple Watch", "iPhone", "Emma’s Apple Watch", "iPhone", composed,
      decomposed, composed, "",
    ]
    #expect(names.map { name in table.number(of: name) { name } } == [0, 0, 1, 0, 1, 2, 2, 2, 3])
    #expect(table.values == ["Emma’s Apple Watch", "iPhone", composed, ""])
    #expect(table.values[2].utf8.elementsEqual(composed.utf8))
    #expect(table.number(of: decomposed) == 2)
    #expect(table.number(of: "Withings") == nil)
  }

  /// Values are kept by number and can be changed in place (the counts of the readings dropped).
  @Test func keepsAValueForEachKey() {
    var counts = KeyedStore<String, Int>()
    for reason in ["under 20 mg/dL", "over 600 mg/dL", "under 20 mg/dL"] {
      counts.values[counts.number(of: reason) { 0 }] += 1
    }
    #expect(counts.keys == ["under 20 mg/dL", "over 600 mg/dL"])
    #expect(counts.values == [2, 1])
  }
}
