/// Keeps the `capacity` greatest elements seen, in O(log capacity) per insertion and O(capacity)
/// memory, for "the last N records" without holding them all.
struct BoundedHeap<Element> {
  let capacity: Int
  private let areInIncreasingOrder: (Element, Element) -> Bool
  /// A min-heap: the least kept element at the top.
  private var heap: BinaryHeap<Element>

  init(capacity: Int, by areInIncreasingOrder: @escaping (Element, Element) -> Bool) {
    self.capacity = capacity
    self.areInIncreasingOrder = areInIncreasingOrder
    heap = BinaryHeap(by: areInIncreasingOrder)
  }

  var count: Int { heap.count }

  /// Offers an element; it is kept if fewer than `capacity` are kept or it is greater than the
  /// least of them.
  mutating func insert(_ element: Element) {
    guard capacity > 0 else { return }
    if heap.count < capacity {
      heap.push(element)
    } else if let least = heap.top, areInIncreasingOrder(least, element) {
      heap.replaceTop(with: element)
    }
  }

  /// The kept elements, in no particular order.
  var elements: [Element] { heap.elements }
}
