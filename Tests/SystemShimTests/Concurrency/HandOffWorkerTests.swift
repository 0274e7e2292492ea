import Foundation
import Testing

@testable import SystemShim

/// A worker thread that does the jobs handed over in order, at most `depth` waiting, and whose
/// first failure is thrown on the handing-over side.
@Suite struct HandOffWorkerTests {
  struct Failure: Error, Equatable {
    let job: Int
  }

  @Test func jobsAreDoneInTheOrderTheyCame() throws {
    let done = Locked([Int]())
    let worker = HandOffWorker<Int, Failure>(name: "test", depth: 2) { job in done.withLock { $0.append(job) }
    }
    for job in 0..<1000 { try worker.submit(job) }
    try worker.finish()
    #expect(done.withLock { $0 } == Array(0..<1000))
  }

  @Test func drainWaitsForEveryJobAndTheWorkerGoesOn() throws {
    let done = Locked([Int]())
    let worker = HandOffWorker<Int, Failure>(name: "test", depth: 4) { job in
      Thread.sleep(forTimeInterval: 0.001)
      done.withLock { $0.append(job) }
    }
    for job in 0..<20 { try worker.submit(job) }
    try worker.drain()
    #expect(done.withLock { $0.count } == 20)
    try worker.submit(20)
    try worker.finish()
    #expect(done.withLock { $0 } == Array(0...20))
  }

  @Test func submitWaitsWhileDepthJobsWait() throws {
    // The first job holds the worker until it is let go: then one waits, and a third submit
    // waits too.
    let gate = Locked(false)
    let started = Locked(0)
    let worker = HandOffWorker<Int, Failure>(name: "test", depth: 1) { _ in
      started.withLock { $0 += 1 }
      gate.wait(until: { $0 })
    }
    try worker.submit(1)
    started.wait(until: { $0 == 1 })
    try worker.submit(2)
    let thirdIn = Locked(false)
    let submitter = HandOffWorker<Int, Failure>(name: "submitter", depth: 1) { (job: Int) throws(Failure) in
      try worker.submit(job)
      thirdIn.withLock { $0 = true }
    }
    try submitter.submit(3)
    Thread.sleep(forTimeInterval: 0.1)
    #expect(thirdIn.withLock { $0 } == false)
    gate.withLock { $0 = true }
    try submitter.finish()
    #expect(thirdIn.withLock { $0 } == true)
    try worker.finish()
    #expect(started.withLock { $0 } == 3)
  }

  @Test func theFirstFailureIsThrownByTheNextCallAndLaterJobsAreDropped() {
    let done = Locked([Int]())
    let worker = HandOffWorker<Int, Failure>(name: "test", depth: 8) { (job: Int) throws(Failure) in
      if job == 3 { throw Failure(job: job) }
      done.withLock { $0.append(job) }
    }
    #expect(throws: Failure(job: 3)) {
      for job in 0..<1000 { try worker.submit(job) }
      try worker.finish()
    }
    #expect(done.withLock { $0 } == [0, 1, 2])
    #expect(worker.failure == Failure(job: 3))
    #expect(throws: Failure(job: 3)) { try worker.drain() }
    #expect(throws: Failure(job: 3)) { try worker.submit(4) }
  }

  @Test func stopDropsTheJobsNotBegunAndWaitsForTheOneBeingDone() throws {
    let done = Locked([Int]())
    let worker = HandOffWorker<Int, Failure>(name: "test", depth: 8) { job in
      Thread.sleep(forTimeInterval: 0.02)
      done.withLock { $0.append(job) }
    }
    for job in 0..<8 { try worker.submit(job) }
    worker.stop()
    let count = done.withLock { $0.count }
    #expect(count < 8)
    Thread.sleep(forTimeInterval: 0.1)
    #expect(done.withLock { $0 } == Array(0..<count), "nothing is done after stop returns")
  }

  @Test func aWorkerLetGoStopsItsThreadAndReleasesItsJobs() {
    final class Job {
      let released: Locked<Int>
      init(_ released: Locked<Int>) { self.released = released }
      deinit { released.withLock { $0 += 1 } }
    }
    let released = Locked(0)
    let gate = Locked(false)
    var worker: HandOffWorker<Job, Never>? = HandOffWorker(name: "test", depth: 4) { _ in
      gate.wait(until: { $0 }, atMost: .milliseconds(50))
    }
    for _ in 0..<4 { worker?.submit(Job(released)) }
    worker = nil
    // Every job is released: the one being done once done, the waiting ones dropped.
    #expect(released.withLock { $0 } == 4)
  }

  /// A worker whose owner's last reference is a job: the owner goes away on the worker's own
  /// thread, and stopping the worker there does not wait for itself.
  @Test func anOwnerLetGoByItsOwnJobStopsItsWorkerWithoutWaitingForItself() {
    final class Owner {
      let worker = HandOffWorker<() -> Void, Never>(name: "test", depth: 1) { $0() }
      let gone: Locked<Bool>
      init(_ gone: Locked<Bool>) { self.gone = gone }
      deinit {
        worker.stop()
        gone.withLock { $0 = true }
      }
    }
    let gone = Locked(false)
    var owner: Owner? = Owner(gone)
    let started = Locked(false)
    owner?.worker.submit { [owner] in
      started.wait(until: { $0 })
      _ = owner
    }
    owner = nil
    started.withLock { $0 = true }
    gone.wait(until: { $0 }, atMost: .seconds(30))
    #expect(gone.withLock { $0 })
  }

  /// Jobs dropped after a failure are released outside the worker's lock: one whose release asks
  /// the worker something does not wait for a lock its own thread holds.
  @Test func jobsDroppedAfterAFailureMayTouchTheWorkerAsTheyGo() {
    final class Probe {
      let released: Locked<Int>
      weak var worker: HandOffWorker<Probe?, Failure>?
      init(_ released: Locked<Int>) { self.released = released }
      deinit {
        _ = worker?.failure
        released.withLock { $0 += 1 }
      }
    }
    let released = Locked(0)
    let gate = Locked(false)
    let worker = HandOffWorker<Probe?, Failure>(name: "test", depth: 4) { (probe: Probe?) throws(Failure) in
      if probe == nil {
        gate.wait(until: { $0 })
        throw Failure(job: 0)
      }
    }
    try? worker.submit(nil)
    for _ in 0..<3 {
      let probe = Probe(released)
      probe.worker = worker
      try? worker.submit(probe)
    }
    gate.withLock { $0 = true }
    released.wait(until: { $0 == 3 }, atMost: .seconds(30))
    #expect(released.withLock { $0 } == 3)
    #expect(throws: Failure(job: 0)) { try worker.finish() }
  }

  /// A job queued behind one that fails is dropped, and `drain` returns only once it is released:
  /// a job that lends its caller's closure for the length of a call (`withoutActuallyEscaping`)
  /// must be gone when the call returns, even when the worker fails meanwhile.
  @Test func drainAfterAFailureReturnsOnceTheDroppedJobsAreReleased() {
    final class Slow {
      let released: Locked<Bool>
      init(_ released: Locked<Bool>) { self.released = released }
      deinit {
        // A wide window between the queue being emptied and the job being let go.
        Thread.sleep(forTimeInterval: 0.2)
        released.withLock { $0 = true }
      }
    }
    let released = Locked(false)
    let gate = Locked(false)
    let worker = HandOffWorker<Slow?, Failure>(name: "test", depth: 4) { (job: Slow?) throws(Failure) in
      if job == nil {
        gate.wait(until: { $0 })
        throw Failure(job: 0)
      }
    }
    try? worker.submit(nil)
    try? worker.submit(Slow(released))
    gate.withLock { $0 = true }
    #expect(throws: Failure(job: 0)) { try worker.drain() }
    #expect(released.withLock { $0 })
  }

  /// A closed worker does what is queued, then its thread ends.
  @Test func aClosedWorkerEndsOnceItsJobsAreDone() throws {
    let done = Locked([Int]())
    let worker = HandOffWorker<Int, Failure>(name: "test", depth: 4) { job in done.withLock { $0.append(job) }
    }
    for job in 0..<3 { try worker.submit(job) }
    worker.close()
    try worker.finish()
    #expect(done.withLock { $0 } == [0, 1, 2])
  }
}
