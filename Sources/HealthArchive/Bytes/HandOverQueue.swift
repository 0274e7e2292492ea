/// A queue of values that are moved in and moved out, never copied: what one thread fills and
/// another empties in order once it is handed over (a chunk's items, `ChunkedXMLReading`). An
/// array would copy each value out (a reference count touched for each of its strings) or, popped
/// from its end, need reversing first (three moves a pair of large values).
///
/// A class, so that the closure that fills it holds it without a box of its own.
final class HandOverQueue<Element> {
  private var storage: UnsafeMutablePointer<Element>
  private var capacity: Int
  /// Elements `head..<tail` are initialized.
  private var head = 0
  private var tail = 0

  /// An empty queue with room for `capacity` elements before it grows.
  init(capacity: Int = 64) {
    self.capacity = Swift.max(capacity, 1)
    storage = .allocate(capacity: self.capacity)
  }

  deinit {
    (storage + head).deinitialize(count: tail - head)
    storage.deallocate()
  }

  /// How many elements wait.
  var count: Int { tail - head }

  /// Moves `element` in behind the others.
  func append(_ element: consuming Element) {
    if tail == capacity { grow() }
    (storage + tail).initialize(to: element)
    tail += 1
  }

  /// Moves the first element out; nil when none waits.
  func takeFirst() -> Element? {
    guard head < tail else { return nil }
    let element = (storage + head).move()
    head += 1
    return element
  }

  /// Moves the waiting elements to the front of a buffer twice as large when more than half of
  /// this one is taken, of the same size otherwise.
  private func grow() {
    let waiting = tail - head
    let newCapacity = waiting * 2 > capacity ? capacity * 2 : capacity
    let moved = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    moved.moveInitialize(from: storage + head, count: waiting)
    storage.deallocate()
    storage = moved
    capacity = newCapacity
    head = 0
    tail = waiting
  }
}
