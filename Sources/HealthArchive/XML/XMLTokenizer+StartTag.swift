/// Start tags, scanned in place.
extension XMLTokenizer {
  /// Scans the start tag at `position` (its `<`): its name, and each attribute's name and value
  /// as byte ranges into the buffer, checked as the tokenizer promises (quoted values, no `<` or
  /// NUL in them, no `/` without `>`); names with spaces read as one and counted.
  ///
  /// Stretches between values, and values, that are the same bytes as the last tag's at this depth
  /// are taken as checked (`TagShape`), and values are scanned eight bytes at a time.
  func scanStartTag(at position: Int) throws -> Markup {
    let p = base
    let end = self.end  // the window does not move while a tag is scanned
    let table = byteClass
    var i = position + 1
    nameStart = i
    while i < end && table[Int(p[i])] & ByteClass.nameDelimiter == 0 { i += 1 }
    if i == end { return .incomplete("a tag") }
    nameEnd = i
    if nameEnd == nameStart {
      throw error(.unexpectedCharacter(describe(p[i]), expected: "an element name after '<'"), at: i)
    }
    attributeList.removeAll()
    hasTooManyAttributes = false
    repairedAttributeNames = 0
    attributeNamesAreDistinct = false
    let shape = tagShapes[Swift.min(depth, tagShapes.count - 1)]
    // Whether every stretch so far is the shape's, and the names in them all different.
    var followsShape = remembersTagShapes
    var namesDistinct = true
    var index = 0
    // The bytes from the name's end that are the last tag's at this depth (`TagTemplate`).
    let template = shape.template
    let tagBody = nameEnd
    var shared = 0
    if remembersTagShapes {
      shared = template.sharedLength(p + tagBody, available: end - tagBody, generation: shape.generation)
      if shared > 0 {
        let taken = shared == template.length ? template.count : template.attributes(endingWithin: shared)
        for taking in 0..<taken {
          if !attributeList.append(template.boundary(taking).attribute.shifted(by: tagBody)) {
            hasTooManyAttributes = true
          }
        }
        if shared == template.length {
          // The last tag's bytes through its end: what it was.
          repairedAttributeNames = taken > 0 ? template.boundary(taken - 1).repairs : 0
          attributeNamesAreDistinct = template.namesDistinctAtEnd
          return .startTag(isEmpty: template.isEmptyElement, next: tagBody + shared)
        }
        if taken > 0 {
          let boundary = template.boundary(taken - 1)
          i = tagBody + boundary.end
          index = taken
          repairedAttributeNames = boundary.repairs
          followsShape = boundary.followsShape
          namesDistinct = boundary.namesDistinct
        }
      }
      template.beginScan()
    }
    while true {
      let attributeNameStart: Int
      var attributeNameEnd: Int
      let quote: UInt8
      if followsShape, let stretch = shape.match(index, p, at: i, end: end) {
        // The same bytes as the last tag's here, checked then: a name, `=` and an opening quote.
        attributeNameStart = i + stretch.nameStart
        attributeNameEnd = i + stretch.nameEnd
        namesDistinct = stretch.namesDistinct
        i += stretch.length
        quote = p[i - 1]
      } else {
        let stretchStart = i
        while i < end && table[Int(p[i])] & ByteClass.whitespace != 0 { i += 1 }
        guard i < end else { return .incomplete("a tag") }
        let byte = p[i]
        if byte == UInt8(ascii: ">") {
          attributeNamesAreDistinct = followsShape && namesDistinct
          keepTemplate(
            template, shape, from: tagBody, to: i + 1, shared: shared, count: index, isEmpty: false)
          return .startTag(isEmpty: false, next: i + 1)
        }
        if byte == UInt8(ascii: "/") {
          guard i + 1 < end else { return .incomplete("a tag") }
          guard p[i + 1] == UInt8(ascii: ">") else {
            throw error(.unexpectedCharacter(describe(p[i + 1]), expected: "'>' after '/'"), at: i + 1)
          }
          attributeNamesAreDistinct = followsShape && namesDistinct
          keepTemplate(template, shape, from: tagBody, to: i + 2, shared: shared, count: index, isEmpty: true)
          return .startTag(isEmpty: true, next: i + 2)
        }
        attributeNameStart = i
        while i < end && table[Int(p[i])] & ByteClass.nameDelimiter == 0 { i += 1 }
        guard i < end else { return .incomplete("a tag") }
        if i == attributeNameStart {
          throw error(.unexpectedCharacter(describe(p[i]), expected: "an attribute name or '>'"), at: i)
        }
        attributeNameEnd = i
        while i < end && table[Int(p[i])] & ByteClass.whitespace != 0 { i += 1 }
        guard i < end else { return .incomplete("a tag") }
        var isRepaired = false
        if p[i] != UInt8(ascii: "=") {
          // iOS 8 wrote third-party metadata keys as attribute names, spaces and all
          // (`Health Mate App Version="2.6.2"`): read the words up to `=` as one name.
          let firstWordEnd = attributeNameEnd
          while i < end && table[Int(p[i])] & ByteClass.nameDelimiter == 0 {
            while i < end && table[Int(p[i])] & ByteClass.nameDelimiter == 0 { i += 1 }
            attributeNameEnd = i
            while i < end && table[Int(p[i])] & ByteClass.whitespace != 0 { i += 1 }
          }
          guard i < end else { return .incomplete("a tag") }
          guard p[i] == UInt8(ascii: "="), attributeNameEnd > firstWordEnd else {
            throw error(.missingEquals(attribute: text(attributeNameStart, firstWordEnd)), at: i)
          }
          repairedAttributeNames += 1
          isRepaired = true
        }
        i += 1
        while i < end && table[Int(p[i])] & ByteClass.whitespace != 0 { i += 1 }
        guard i < end else { return .incomplete("a tag") }
        quote = p[i]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
          throw error(.unquotedValue(attribute: text(attributeNameStart, attributeNameEnd)), at: i)
        }
        i += 1
        // A repaired name is not kept: matching it would skip the repair's count.
        if followsShape, !isRepaired,
          let kept = shape.keep(
            index, p, from: stretchStart, to: i, nameStart: attributeNameStart, nameEnd: attributeNameEnd)
        {
          namesDistinct = kept.namesDistinct
        } else {
          followsShape = false
        }
      }
      let valueStart = i
      var needsDecoding = false
      let serial: UInt32
      if followsShape, let value = shape.matchValue(index, p, at: i, end: end) {
        // The same bytes as the last value after this stretch, read then, through its closing quote.
        i += value.length - 1
        needsDecoding = value.needsDecoding
        serial = value.serial
      } else {
        while true {
          i = ByteWords.firstValueStop(p, from: i, end: end, quote: quote)
          guard i < end else { return .incomplete("a tag") }
          let byte = p[i]
          if byte == quote { break }
          if byte == UInt8(ascii: "<") {
            throw error(
              .lessThanInAttributeValue(attribute: text(attributeNameStart, attributeNameEnd)), at: i)
          }
          if byte == 0 {
            throw error(.nulInAttributeValue(attribute: text(attributeNameStart, attributeNameEnd)), at: i)
          }
          needsDecoding = true  // `&` or a control character
          i += 1
        }
        serial = newValueSerial()
        if followsShape {
          shape.keepValue(index, p, from: valueStart, to: i + 1, needsDecoding: needsDecoding, serial: serial)
        }
      }
      let attribute = RawAttribute(
        nameStart: attributeNameStart, nameEnd: attributeNameEnd, valueStart: valueStart,
        valueEnd: i, needsDecoding: needsDecoding, valueSerial: serial)
      if !attributeList.append(attribute) { hasTooManyAttributes = true }
      i += 1
      if remembersTagShapes {
        template.note(
          index,
          TagTemplate.Boundary(
            attribute: attribute.shifted(by: -tagBody), end: i - tagBody, repairs: repairedAttributeNames,
            followsShape: followsShape, namesDistinct: namesDistinct))
      }
      index += 1
    }
  }

  /// Keeps the start tag just scanned, `p[from..<to]` from the end of its name, as the template of
  /// the next at its depth.
  @inline(__always)
  private func keepTemplate(
    _ template: TagTemplate, _ shape: TagShape, from: Int, to: Int, shared: Int, count: Int, isEmpty: Bool
  ) {
    guard remembersTagShapes else { return }
    template.keep(
      base + from, length: to - from, shared: shared, count: count, isEmptyElement: isEmpty,
      namesDistinct: attributeNamesAreDistinct, generation: shape.generation)
  }

  /// A serial no value has had (`RawAttribute.valueSerial`); 0, which says nothing, once they are
  /// used up.
  @inline(__always)
  private func newValueSerial() -> UInt32 {
    guard lastValueSerial < UInt32.max else { return 0 }
    lastValueSerial += 1
    return lastValueSerial
  }
}
