import HealthModel
import Testing

/// The last few values met: kept until `capacity` newer ones have come, the oldest replaced first.
@Suite struct RecentValuesTests {
  @Test func keepsTheLastValuesReplacingTheOldestFirst() {
    var recent = RecentValues<Int>(capacity: 3)
    #expect(recent.elements == [])
    recent.add(1)
    recent.add(2)
    #expect(recent.elements == [1, 2])
    recent.add(3)
    recent.add(4)
    #expect(recent.elements == [4, 2, 3])
    recent.add(5)
    recent.add(6)
    #expect(recent.elements == [4, 5, 6])
    recent.add(7)
    #expect(recent.elements == [7, 5, 6])
  }

  @Test func keepsOneAtLeast() {
    var recent = RecentValues<String>(capacity: 0)
    recent.add("a")
    recent.add("b")
    #expect(recent.capacity == 1)
    #expect(recent.elements == ["b"])
  }
}
