/// Keeps the `capacity` greatest elements seen, in O(log capacity) per insertion and O(capacity)
/// memory, for "the last N records" without holding them all.
struct BoundedHeap<Element> {
  let capacity: Int
  private let areInIncreasingOrder: (Element, Element) -> Bool
  /// A min-heap: the least kept element at index 0.
  private var storage: [Element] = []

  init(capacity: Int, by areInIncreasingOrder: @escaping (Element, Element) -> Bool) {
    self.capacity = capacity
    self.areInIncreasingOrder = areInIncreasingOrder
  }

  var count: Int { storage.count }

  /// Offers an element; it is kept if fewer than `capacity` are kept or it is greater than the
  /// least of them.
  mutating func insert(_ element: Element) {
    guard capacity > 0 else { return }
    if storage.count < capacity {
      storage.append(element)
      siftUp(storage.count - 1)
    } else if areInIncreasingOrder(storage[0], element) {
      storage[0] = element
      siftDown(0)
    }
  }

  /// The kept elements, in no particular order.
  var elements: [Element] { storage }

  private mutating func siftUp(_ index: Int) {
    var child = index
    while child > 0 {
      let parent = (child - 1) / 2
      guard areInIncreasingOrder(storage[child], storage[parent]) else { return }
      storage.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ index: Int) {
    var parent = index
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var least = parent
      if left < storage.count && areInIncreasingOrder(storage[left], storage[least]) { least = left }
      if right < storage.count && areInIncreasingOrder(storage[right], storage[least]) { least = right }
      if least == parent { return }
      storage.swapAt(parent, least)
      parent = least
    }
  }
}
