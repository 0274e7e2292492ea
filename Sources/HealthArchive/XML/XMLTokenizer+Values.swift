import HealthModel
import SystemShim

/// Names, attribute values and the references in them.
extension XMLTokenizer {
  /// Whether the current tag's name is `name`.
  @inline(__always)
  func nameIs(_ name: StaticString) -> Bool {
    bytesEqual(nameStart, nameEnd, name)
  }

  /// Whether the bytes `start..<end` of the buffer spell `text`.
  @inline(__always)
  func bytesEqual(_ start: Int, _ end: Int, _ text: StaticString) -> Bool {
    window.bytes(from: start, to: end, equal: text)
  }

  /// The current tag's name.
  var name: String { text(nameStart, nameEnd) }

  /// The name of an attribute of the current tag.
  func attributeName(_ attribute: RawAttribute) -> String {
    text(attribute.nameStart, attribute.nameEnd)
  }

  /// Whether two attributes of the current tag have the same raw value bytes.
  func rawValuesEqual(_ a: RawAttribute, _ b: RawAttribute) -> Bool {
    bytes(a.valueStart, a.valueEnd).equals(bytes(b.valueStart, b.valueEnd))
  }

  /// The value of an attribute of the current tag, with references decoded and whitespace
  /// normalized as XML requires.
  /// - Throws: `XMLError` for an unknown entity or an invalid character reference.
  func value(of attribute: RawAttribute) throws -> String {
    if !attribute.needsDecoding {
      return withRawValue(of: attribute) { String(utf8: $0) }
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(attribute.valueEnd - attribute.valueStart)
    var i = attribute.valueStart
    while i < attribute.valueEnd {
      let byte = window[i]
      switch byte {
      case UInt8(ascii: "&"):
        i = try decodeReference(at: i, limit: attribute.valueEnd, into: &decoded)
      case 0x09, 0x0A, 0x0D:
        decoded.append(0x20)
        i += 1
      default:
        decoded.append(byte)
        i += 1
      }
    }
    return String(decoding: decoded, as: UTF8.self)
  }

  /// Calls `body` with the raw bytes of an attribute value when it needs no decoding (numbers and
  /// dates are parsed from bytes without making a `String`); otherwise with the decoded bytes.
  func withValueBytes<R>(of attribute: RawAttribute, _ body: (Span<UInt8>) throws -> R) throws -> R {
    if !attribute.needsDecoding {
      return try withRawValue(of: attribute, body)
    }
    return try Array(try value(of: attribute).utf8).withSpan(body)
  }

  /// Calls `body` with the raw bytes of an attribute value of the current tag, references not
  /// decoded.
  func withRawValue<R, Failure: Error>(
    of attribute: RawAttribute, _ body: (Span<UInt8>) throws(Failure) -> R
  ) throws(Failure) -> R {
    try window.withBytes(from: attribute.valueStart, to: attribute.valueEnd, body)
  }

  /// Decodes the reference starting at `position` (`&`) into `output`.
  /// - Returns: the position after the reference's `;`.
  func decodeReference(at position: Int, limit: Int, into output: inout [UInt8]) throws -> Int {
    var i = position + 1
    while i < limit && window[i] != UInt8(ascii: ";") && i - position < 12 { i += 1 }
    guard i < limit, window[i] == UInt8(ascii: ";") else {
      let shown = text(position, min(limit, position + 12))
      throw error(.unknownEntity(shown), at: position)
    }
    let nameStart = position + 1
    if bytesEqual(nameStart, i, "lt") {
      output.append(UInt8(ascii: "<"))
    } else if bytesEqual(nameStart, i, "gt") {
      output.append(UInt8(ascii: ">"))
    } else if bytesEqual(nameStart, i, "amp") {
      output.append(UInt8(ascii: "&"))
    } else if bytesEqual(nameStart, i, "quot") {
      output.append(UInt8(ascii: "\""))
    } else if bytesEqual(nameStart, i, "apos") {
      output.append(UInt8(ascii: "'"))
    } else if window[nameStart] == UInt8(ascii: "#") {
      let reference = text(position, i + 1)
      var digits = nameStart + 1
      var radix: UInt32 = 10
      if digits < i && (window[digits] == UInt8(ascii: "x") || window[digits] == UInt8(ascii: "X")) {
        radix = 16
        digits += 1
      }
      guard digits < i,
        let number = UInt32(text(digits, i), radix: Int(radix)),
        number != 0, let scalar = Unicode.Scalar(number)
      else {
        throw error(.invalidCharacterReference(reference), at: position)
      }
      output.append(contentsOf: String(Character(scalar)).utf8)
    } else {
      throw error(.unknownEntity(text(position, i + 1)), at: position)
    }
    return i + 1
  }
}

extension XMLTokenizer {
  /// The second of two attributes of the current tag with the same name, which XML forbids; nil
  /// when every name is different.
  /// - Complexity: O(1) when the tokenizer knows the names are different (a tag shaped as the last
  ///   one); else O(*n*) in the number of attributes (pairs compared below 16, hashed above).
  func repeatedAttribute() -> RawAttribute? {
    let count = attributes.count
    guard count > 1, !attributeNamesAreDistinct else { return nil }
    if count < 16 {
      for second in 1..<count {
        let b = attributes[second]
        for first in 0..<second {
          let a = attributes[first]
          if a.nameEnd - a.nameStart == b.nameEnd - b.nameStart
            && bytes(a.nameStart, a.nameEnd).equals(bytes(b.nameStart, b.nameEnd))
          {
            return b
          }
        }
      }
      return nil
    }
    var firstByHash: [Int: [Int]] = [:]
    for (index, attribute) in attributes.enumerated() {
      let name = bytes(attribute.nameStart, attribute.nameEnd)
      let hash = window.hash(from: attribute.nameStart, to: attribute.nameEnd)
      for earlier in firstByHash[hash, default: []] {
        let other = attributes[earlier]
        if bytes(other.nameStart, other.nameEnd).equals(name) { return attribute }
      }
      firstByHash[hash, default: []].append(index)
    }
    return nil
  }

  /// The name of the element open at `depth` (1 for the root).
  func openElementName(atDepth depth: Int) -> String {
    guard depth >= 1, depth <= self.depth else { return "" }
    return openName(at: depth - 1)
  }
}
