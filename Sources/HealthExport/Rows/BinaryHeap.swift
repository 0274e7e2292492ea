/// A binary heap: the first element in `areInIncreasingOrder` at the top, O(log n) to add or to
/// replace or remove the top.
struct BinaryHeap<Element> {
  private let areInIncreasingOrder: (Element, Element) -> Bool
  private(set) var elements: [Element] = []

  init(by areInIncreasingOrder: @escaping (Element, Element) -> Bool) {
    self.areInIncreasingOrder = areInIncreasingOrder
  }

  var count: Int { elements.count }
  var top: Element? { elements.first }

  mutating func push(_ element: Element) {
    elements.append(element)
    var child = elements.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard areInIncreasingOrder(elements[child], elements[parent]) else { return }
      elements.swapAt(child, parent)
      child = parent
    }
  }

  /// Puts `element` in the top's place.
  mutating func replaceTop(with element: Element) {
    elements[0] = element
    siftDown()
  }

  mutating func removeTop() {
    let last = elements.removeLast()
    if !elements.isEmpty { replaceTop(with: last) }
  }

  private mutating func siftDown() {
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var first = parent
      if left < elements.count && areInIncreasingOrder(elements[left], elements[first]) { first = left }
      if right < elements.count && areInIncreasingOrder(elements[right], elements[first]) { first = right }
      if first == parent { return }
      elements.swapAt(parent, first)
      parent = first
    }
  }
}
