import Testing

@testable import HealthExport

@Suite struct SourceTableTests {
  /// Runs of one name, names that alternate, and the same name spelled in two Unicode forms: each
  /// distinct name gets the next index, as a dictionary of `String`s would give it.
  @Test func eachNameHasOneIndexInTheOrderFirstSeen() {
    var table = SourceNameIndex()
    let composed = "Zoë’s Watch"
    let decomposed = "Zoe\u{308}’s Watch"
    let names = [
      "Emma’s Apple Watch", "Emma’s Apple Watch", "iPhone", "Emma’s Apple Watch", "iPhone", composed,
      decomposed, composed, "",
    ]
    #expect(names.map { table.index(of: $0) } == [0, 0, 1, 0, 1, 2, 2, 2, 3])
    #expect(table.names == ["Emma’s Apple Watch", "iPhone", composed, ""])
    #expect(table.names[2].utf8.elementsEqual(composed.utf8))
  }
}
