import SystemShim
import Testing

@testable import HealthArchive

/// The queue a chunk's items are handed over in: first in, first out, through its growth, and
/// every value it still holds released with it.
@Suite struct HandOverQueueTests {
  final class Counted {
    static let alive = Locked(0)
    let value: Int
    init(_ value: Int) {
      self.value = value
      Self.alive.withLock { $0 += 1 }
    }
    deinit { Self.alive.withLock { $0 -= 1 } }
  }

  @Test func valuesComeOutInTheOrderTheyWentInThroughEveryGrowth() {
    let queue = HandOverQueue<String>(capacity: 2)
    var expected: [String] = []
    var taken: [String] = []
    // Taking some before adding more moves the waiting ones to the front without growing.
    for round in 0..<50 {
      for index in 0..<(round % 7 + 1) {
        let value = "value \(round).\(index), long enough to live on the heap"
        queue.append(value)
        expected.append(value)
      }
      for _ in 0..<(round % 3) {
        if let value = queue.takeFirst() { taken.append(value) }
      }
    }
    while let value = queue.takeFirst() { taken.append(value) }
    #expect(taken == expected)
    #expect(queue.count == 0)
    #expect(queue.takeFirst() == nil)
  }

  @Test func whatIsNotTakenIsReleasedWithTheQueue() {
    do {
      let queue = HandOverQueue<Counted>(capacity: 1)
      for value in 0..<100 { queue.append(Counted(value)) }
      #expect(queue.takeFirst()?.value == 0)
      #expect(queue.takeFirst()?.value == 1)
      #expect(queue.count == 98)
      #expect(Counted.alive.withLock { $0 } == 98)
    }
    #expect(Counted.alive.withLock { $0 } == 0)
  }
}
