/// The last few values met, at most `capacity`: once full, each new one takes the place of the one
/// kept longest. A cache in front of a lookup that costs more than looking through a few values
/// (the samples of a stretch come from a few sources, over and over).
///
/// Public and inlinable, as `KeyedStore` is, so that the modules that use it on every sample get
/// it specialized for their values.
public struct RecentValues<Element> {
  @usableFromInline var storage: [Element] = []
  /// The place the next value takes once `elements` is full.
  @usableFromInline var next = 0
  /// How many values are kept at most.
  public let capacity: Int

  /// None kept yet; at most `capacity` (at least one) to be.
  @inlinable public init(capacity: Int) {
    self.capacity = max(capacity, 1)
    storage.reserveCapacity(self.capacity)
  }

  /// The values kept, in no particular order.
  @inlinable public var elements: [Element] { storage }

  /// Keeps `element`, in place of the one kept longest when full.
  @inlinable public mutating func add(_ element: Element) {
    if storage.count < capacity {
      storage.append(element)
    } else {
      storage[next] = element
      next = (next + 1) % capacity
    }
  }
}
