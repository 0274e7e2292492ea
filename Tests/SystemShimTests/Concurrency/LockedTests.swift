import Foundation
import Testing

@testable import SystemShim

/// A value shared between threads: changed under its lock by one thread at a time, waited on
/// until it is as a thread needs it.
@Suite struct LockedTests {
  @Test func changesFromManyThreadsAreAllKept() {
    let counter = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
    }
    #expect(counter.withLock { $0 } == 80_000)
  }

  @Test func aWaitEndsWhenAnotherThreadMakesTheValueReady() {
    let phase = Locked("building")
    let worker = HandOffWorker<String, Never>(name: "test", depth: 1) { name in
      Thread.sleep(forTimeInterval: 0.05)
      phase.withLock { $0 = name }
    }
    worker.submit("ready")
    let seen = phase.withLock(waitingUntil: { $0 != "building" }, then: { $0 })
    #expect(seen == "ready")
  }

  @Test func aWaitWithALimitEndsWhenTheLimitHasPassed() {
    // Nothing ever makes it ready: the wait ends all the same, and the body sees the value as it is.
    let phase = Locked("building")
    let seen = phase.withLock(waitingUntil: { $0 == "ready" }, atMost: .milliseconds(50), then: { $0 })
    #expect(seen == "building")
  }

  @Test func whatTheBodyThrowsIsThrown() {
    struct Refused: Error, Equatable {}
    let value = Locked(1)
    #expect(throws: Refused()) {
      try value.withLock { (value: inout Int) throws(Refused) in
        value = 2
        throw Refused()
      }
    }
    // The change made before the error is kept, and the lock is free again.
    #expect(value.withLock { $0 } == 2)
  }
}
