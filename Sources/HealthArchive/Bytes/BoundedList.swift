/// A list of at most `capacity` plain values kept in memory of the list's own, so that emptying
/// it and adding to it touch no reference count, check no uniqueness and never reallocate: what a
/// scanning loop fills for every tag (the XML tokenizer's attributes).
///
/// A class, so that the loop that fills it retains nothing.
final class BoundedList<Element: BitwiseCopyable> {
  /// The most elements kept.
  let capacity: Int
  /// Elements `0..<count` are initialized (plain values: nothing to deinitialize).
  private let storage: UnsafeMutablePointer<Element>
  /// How many elements are kept.
  private(set) var count = 0

  /// An empty list of at most `capacity` elements (at least one).
  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 1)
    storage = .allocate(capacity: self.capacity)
  }

  deinit {
    storage.deallocate()
  }

  /// Keeps `element` after the others when there is room.
  /// - Returns: false, keeping nothing, when the list already holds `capacity` elements.
  @inline(__always)
  func append(_ element: Element) -> Bool {
    guard count < capacity else { return false }
    (storage + count).initialize(to: element)
    count += 1
    return true
  }

  /// Empties the list.
  @inline(__always)
  func removeAll() {
    count = 0
  }

  /// The elements kept, first to last; the view reads the list as it is when read, so it is
  /// valid until the list is next emptied.
  var elements: Elements { Elements(base: storage, count: count) }

  /// The elements of a `BoundedList`, as a collection.
  struct Elements: RandomAccessCollection {
    private let base: UnsafePointer<Element>
    private let elementCount: Int

    fileprivate init(base: UnsafeMutablePointer<Element>, count: Int) {
      self.base = UnsafePointer(base)
      elementCount = count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { elementCount }

    subscript(position: Int) -> Element {
      precondition(position >= 0 && position < elementCount, "element index out of range")
      return base[position]
    }
  }
}
