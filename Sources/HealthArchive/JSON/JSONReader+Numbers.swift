extension JSONReader {
  /// The current number's value, correctly rounded to the nearest `Double` (always finite).
  package var doubleValue: Double {
    precondition(token == .number, "no number was read")
    if let scannedDouble { return scannedDouble }
    return withContentBytes { bytes in
      // The scan checked every number that could overflow, so this one cannot.
      JSONNumberGrammar.doubleValue(of: bytes) ?? .nan
    }
  }

  /// The current number: its exact text and its value.
  package var numberValue: JSONNumber {
    JSONNumber(uncheckedText: stringValue, doubleValue: doubleValue)
  }

  /// The current `true` or `false`.
  package var boolValue: Bool {
    precondition(token == .bool, "no boolean was read")
    return currentBool
  }

  /// Scans the number starting at `i` and consumes it.
  /// - Returns: false when the buffer ends before the number does and more input may come.
  func scanNumber(at i: Int) throws -> Bool {
    let scanned = window.withBytes(from: 0, to: end) {
      JSONNumberGrammar.scan($0, from: i, isFinal: isAtEndOfStream)
    }
    switch scanned {
    case .incomplete:
      return false
    case .invalid:
      throw error(.invalidNumber(wordAtStart()), at: start)
    case .number(let number):
      guard number.end - i <= Self.maximumNumberLength else {
        throw error(.numberTooLong(limit: Self.maximumNumberLength), at: i)
      }
      contentStart = i
      contentEnd = number.end
      contentIsDecoded = false
      scannedDouble = number.fastValue
      if number.needsRangeCheck {
        let value = window.withBytes(from: i, to: number.end) { JSONNumberGrammar.doubleValue(of: $0) }
        guard let value else {
          throw error(.numberOutOfRange(wordAtStart()), at: start)
        }
        scannedDouble = value
      }
      start = number.end
      return true
    }
  }
}
