import Foundation
import HealthArchive
import Testing

/// The hand-off queue makes at most `depth` elements, reuses what is given back, hands items over
/// in order, and lets the consumer stop the producer.
@Suite struct HandOffQueueTests {
  final class Counter: @unchecked Sendable {
    // Unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var storedMade = 0
    private var storedDiscarded: [Int] = []
    var made: Int { lock.withLock { storedMade } }
    var discarded: [Int] { lock.withLock { storedDiscarded } }
    func make() -> Int { lock.withLock { storedMade += 1; return storedMade * 100 } }
    func discard(_ element: Int) { lock.withLock { storedDiscarded.append(element) } }
  }

  @Test func handsItemsOverInOrderThenTheEnd() {
    let counter = Counter()
    let queue = HandOffQueue<Int>(depth: 3, make: counter.make)
    for _ in 0..<3 { queue.put(.element(queue.freeElement()!)) }
    queue.producerEnded()
    var taken: [Int] = []
    while case .element(let element) = queue.take() { taken.append(element) }
    #expect(taken == [100, 200, 300])
    #expect(queue.hasQueued == false)
  }

  @Test func makesAtMostDepthElementsAndReusesThoseGivenBack() {
    let counter = Counter()
    let queue = HandOffQueue<Int>(depth: 2, make: counter.make)
    let first = queue.freeElement()!
    let second = queue.freeElement()!
    #expect(first == 100)
    #expect(second == 200)
    queue.recycle(first)
    #expect(queue.freeElement() == 100)
    #expect(counter.made == 2)
  }

  @Test func theProducerWaitsForAnElementGivenBackOnAnotherThread() {
    let queue = HandOffQueue<Int>(depth: 1, make: { 7 })
    let element = queue.freeElement()!
    queue.put(.element(element))
    let consumer = Thread {
      if case .element(let element) = queue.take() { queue.recycle(element + 1) }
    }
    consumer.start()
    // Waits until the consumer has given the one element back.
    #expect(queue.freeElement() == 8)
  }

  @Test func aFailureComesAfterTheItemsBeforeIt() {
    struct Failed: Error {}
    let queue = HandOffQueue<Int>(depth: 2, make: { 1 })
    queue.put(.element(queue.freeElement()!))
    queue.put(.failure(Failed()))
    queue.producerEnded()
    guard case .element(1) = queue.take() else { Issue.record("no element first"); return }
    guard case .failure(let error) = queue.take() else { Issue.record("no failure"); return }
    #expect(error is Failed)
    guard case .end = queue.take() else { Issue.record("no end"); return }
  }

  @Test func stoppingEndsTheProducerAndKeepsWhatItPutsFree() {
    let counter = Counter()
    let queue = HandOffQueue<Int>(depth: 1, make: counter.make)
    let producer = Thread {
      // The first element is put; the second is never free until the consumer stops.
      while let element = queue.freeElement() { queue.put(.element(element)) }
      queue.producerEnded()
    }
    producer.start()
    guard case .element(let element) = queue.take() else { Issue.record("no element"); return }
    #expect(element == 100)
    queue.stop()  // returns once the producer has returned
    #expect(queue.freeElement() == nil)
    queue.put(.element(element))
    #expect(queue.hasQueued == false)
  }

  @Test func discardsTheElementsItStillHoldsWhenItGoesAway() {
    let counter = Counter()
    do {
      let queue = HandOffQueue<Int>(depth: 3, make: counter.make, discard: counter.discard)
      let first = queue.freeElement()!
      queue.put(.element(queue.freeElement()!))
      queue.recycle(first)
    }
    #expect(counter.discarded.sorted() == [100, 200])
  }
}
