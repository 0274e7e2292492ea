import Testing

@testable import HealthArchive

@Suite struct RawAttributeListTests {
  /// The positions of an attribute, for comparing.
  private static func positions(_ attribute: RawAttribute) -> [Int] {
    [attribute.nameStart, attribute.nameEnd, attribute.valueStart, attribute.valueEnd]
  }

  @Test func keepsAttributesInOrderWithTheirPositions() {
    let list = RawAttributeList(capacity: 4)
    #expect(
      list.append(RawAttribute(nameStart: 3, nameEnd: 7, valueStart: 9, valueEnd: 12, needsDecoding: false)))
    #expect(
      list.append(RawAttribute(nameStart: 14, nameEnd: 18, valueStart: 20, valueEnd: 27, needsDecoding: true))
    )
    #expect(list.count == 2)
    let elements = list.elements
    #expect(elements.count == 2)
    #expect(elements.map(Self.positions) == [[3, 7, 9, 12], [14, 18, 20, 27]])
    #expect(elements.map(\.needsDecoding) == [false, true])
    #expect(Self.positions(elements[1]) == [14, 18, 20, 27])
    #expect(elements.first { $0.needsDecoding }.map(Self.positions) == [14, 18, 20, 27])
  }

  @Test func aFullListKeepsNoMoreAndEmptiesForTheNextTag() {
    let list = RawAttributeList(capacity: 2)
    for start in [0, 10, 20] {
      _ = list.append(
        RawAttribute(
          nameStart: start, nameEnd: start + 1, valueStart: start + 3, valueEnd: start + 4,
          needsDecoding: false))
    }
    #expect(list.count == 2)
    #expect(list.elements.map(\.nameStart) == [0, 10])
    #expect(
      !list.append(
        RawAttribute(nameStart: 30, nameEnd: 31, valueStart: 33, valueEnd: 34, needsDecoding: false)))
    list.removeAll()
    #expect(list.count == 0)
    #expect(list.elements.isEmpty)
    #expect(
      list.append(
        RawAttribute(nameStart: 40, nameEnd: 44, valueStart: 46, valueEnd: 46, needsDecoding: false)))
    #expect(list.elements.map(Self.positions) == [[40, 44, 46, 46]])
  }

  /// Positions up to the largest tag the tokenizer accepts survive being kept in 32 bits.
  @Test func positionsOfTheLargestTagAreKeptExactly() {
    let last = ResourceLimit.tagSize.value
    let attribute = RawAttribute(
      nameStart: last - 9, nameEnd: last - 5, valueStart: last - 3, valueEnd: last, needsDecoding: false)
    #expect(Self.positions(attribute) == [last - 9, last - 5, last - 3, last])
  }

  /// A capacity below one is taken as one, so that a list can always keep an attribute.
  @Test func aListKeepsAtLeastOneAttribute() {
    let list = RawAttributeList(capacity: 0)
    #expect(list.capacity == 1)
    #expect(
      list.append(RawAttribute(nameStart: 1, nameEnd: 2, valueStart: 4, valueEnd: 5, needsDecoding: false)))
    #expect(
      !list.append(RawAttribute(nameStart: 7, nameEnd: 8, valueStart: 10, valueEnd: 11, needsDecoding: false))
    )
    #expect(list.elements.map(\.valueEnd) == [5])
  }
}
