import Testing

@testable import HealthArchive

@Suite struct TagShapeTests {
  /// Runs `body` with the bytes of `text`.
  private static func with<R>(_ text: String, _ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
    Array(text.utf8).withUnsafeBufferPointer { body($0.baseAddress!, $0.count) }
  }

  @Test func aKeptStretchMatchesTheSameBytesAnywhere() throws {
    let shape = TagShape()
    let kept = try #require(
      Self.with(#" unit=""#) { p, count in shape.keep(0, p, from: 0, to: count, nameStart: 1, nameEnd: 5) })
    #expect(kept.length == 7)
    #expect(kept.nameStart == 1 && kept.nameEnd == 5 && kept.namesDistinct)
    let stretch = try #require(
      Self.with(#"x" unit="kg""#) { p, count in shape.match(0, p, at: 2, end: count) })
    #expect(stretch.length == 7 && stretch.nameStart == 1 && stretch.nameEnd == 5)
    // Other bytes, the other quote, bytes cut by the end, another index: no match.
    #expect(Self.with(#" unix=""#) { p, count in shape.match(0, p, at: 0, end: count) } == nil)
    #expect(Self.with(#" unit='"#) { p, count in shape.match(0, p, at: 0, end: count) } == nil)
    #expect(Self.with(#" unit=""#) { p, count in shape.match(0, p, at: 0, end: count - 1) } == nil)
    #expect(Self.with(#" unit=""#) { p, count in shape.match(1, p, at: 0, end: count) } == nil)
  }

  @Test func namesAreComparedAsTheyAreKept() {
    let shape = TagShape()
    let stretches = [#" type=""#, #" unit=""#, #" value=""#, #" unit=""#, #" end=""#]
    var distinct: [Bool] = []
    for (index, text) in stretches.enumerated() {
      let kept = Self.with(text) { p, count in
        shape.keep(index, p, from: 0, to: count, nameStart: 1, nameEnd: count - 2)
      }
      distinct.append(kept?.namesDistinct ?? false)
    }
    // Once two names are the same, the tag's names are not all different.
    #expect(distinct == [true, true, true, false, false])
  }

  @Test func keepingAStretchDropsThoseAfterIt() throws {
    let shape = TagShape()
    for (index, text) in [#" a=""#, #" b=""#, #" c=""#].enumerated() {
      Self.with(text) { p, count in _ = shape.keep(index, p, from: 0, to: count, nameStart: 1, nameEnd: 2) }
    }
    let replaced = try #require(
      Self.with(#" a=""#) { p, count in shape.keep(1, p, from: 0, to: count, nameStart: 1, nameEnd: 2) })
    #expect(!replaced.namesDistinct)
    #expect(Self.with(#" a=""#) { p, count in shape.match(0, p, at: 0, end: count) }?.length == 4)
    #expect(Self.with(#" a=""#) { p, count in shape.match(1, p, at: 0, end: count) }?.length == 4)
    #expect(Self.with(#" c=""#) { p, count in shape.match(2, p, at: 0, end: count) } == nil)
  }

  @Test func stretchesPastTheLimitAreNotKept() {
    let shape = TagShape()
    var kept = 0
    for index in 0..<(TagShape.limit + 3) {
      let text = " a\(index)=\""
      if Self.with(
        text, { p, count in shape.keep(index, p, from: 0, to: count, nameStart: 1, nameEnd: count - 2) })
        != nil
      {
        kept += 1
      }
    }
    #expect(kept == TagShape.limit)
  }

  /// Stretches are kept within `byteCapacity` bytes in all: a longer one (a run of spaces) is not
  /// kept, and those before it still match.
  @Test func aStretchPastTheBytesKeptIsNotKept() {
    let shape = TagShape()
    #expect(
      Self.with(#" a=""#) { p, count in shape.keep(0, p, from: 0, to: count, nameStart: 1, nameEnd: 2) }
        != nil)
    let long = String(repeating: " ", count: TagShape.byteCapacity) + #"b=""#
    #expect(
      Self.with(long) { p, count in
        shape.keep(1, p, from: 0, to: count, nameStart: count - 3, nameEnd: count - 2)
      } == nil)
    #expect(Self.with(long) { p, count in shape.match(1, p, at: 0, end: count) } == nil)
    #expect(Self.with(#" a=""#) { p, count in shape.match(0, p, at: 0, end: count) }?.length == 4)
    let fits = String(repeating: " ", count: TagShape.byteCapacity - 8) + #"b=""#
    #expect(
      Self.with(fits) { p, count in
        shape.keep(1, p, from: 0, to: count, nameStart: count - 3, nameEnd: count - 2)
      } != nil)
    #expect(
      Self.with(fits) { p, count in shape.match(1, p, at: 0, end: count) }?.length == TagShape.byteCapacity
        - 5)
  }
}
