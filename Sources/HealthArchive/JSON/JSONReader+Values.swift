extension JSONReader {
  /// Reads the next value whole: a scalar, or an object or array with everything in it.
  ///
  /// Meant for small documents and parts of them (a FHIR resource of a few kilobytes); stream
  /// large ones with `nextToken()`.
  /// - Returns: the value, with object members in order and duplicate keys kept.
  /// - Throws: `JSONError` when the input is not valid JSON or no value comes next (the end of an
  ///   array or object, or of the input); the stream's error when reading fails.
  package func readValue() throws -> JSONValue {
    try readValue(maximumBytes: .max)
  }

  /// Reads the next value whole, as `readValue()`, when it is at most `maximumBytes` long.
  /// - Throws: `JSONError.Reason.elementTooLarge` when it is longer (nothing past the limit is
  ///   held); as `readValue()`.
  package func readValue(maximumBytes: Int) throws -> JSONValue {
    let first = try nextToken()
    guard first.startsValue else {
      throw error(.typeMismatch(expected: "a value", found: first.nameInMessages))
    }
    let (limit, overflows) = tokenOffset.addingReportingOverflow(maximumBytes)
    return try value(startingWith: first, endingBefore: overflows ? .max : limit, maximumBytes: maximumBytes)
  }

  private func value(startingWith first: JSONToken, endingBefore limit: Int, maximumBytes: Int) throws
    -> JSONValue
  {
    func next() throws -> JSONToken {
      let token = try nextToken()
      if tokenOffset > limit { throw error(.elementTooLarge(limit: maximumBytes)) }
      return token
    }
    switch first {
    case .beginObject:
      var members: [JSONValue.Member] = []
      while try next() == .key {
        let key = stringValue
        members.append(
          JSONValue.Member(
            key: key,
            value: try value(startingWith: try next(), endingBefore: limit, maximumBytes: maximumBytes)))
      }
      return .object(members)
    case .beginArray:
      var elements: [JSONValue] = []
      while true {
        let token = try next()
        if token == .endArray { break }
        elements.append(try value(startingWith: token, endingBefore: limit, maximumBytes: maximumBytes))
      }
      return .array(elements)
    case .string:
      return .string(stringValue)
    case .number:
      return .number(numberValue)
    case .bool:
      return .bool(currentBool)
    case .null:
      return .null
    case .endObject, .endArray, .key, .endOfInput:
      // The grammar puts a value after a key and inside an array; `readValue` checks the first.
      preconditionFailure("a value was expected")
    }
  }

  /// Reads one whole document: its value, then the end of the input.
  /// - Throws: as `readValue()`, and `JSONError` when anything but whitespace follows the value.
  package func readDocument() throws -> JSONValue {
    precondition(path.depth == 0, "readDocument() reads from the top level")
    let value = try readValue()
    _ = try nextToken()
    return value
  }

  /// Skips the next value whole without decoding it: a scalar, or an object or array with
  /// everything in it. The skipped part is still checked to be valid JSON.
  /// - Throws: `JSONError` when the input is not valid JSON or no value comes next (the end of an
  ///   array or object, or of the input); the stream's error when reading fails.
  /// - Complexity: O(n) in the size of the value.
  package func skipValue() throws {
    let first = try nextToken()
    switch first {
    case .beginObject, .beginArray:
      let target = path.depth - 1
      while path.depth > target { _ = try nextToken() }
    case .string, .number, .bool, .null:
      return
    case .endObject, .endArray, .key, .endOfInput:
      throw error(.typeMismatch(expected: "a value", found: first.nameInMessages))
    }
  }

  /// Skips what is left of the innermost open object or array, through its `}` or `]`.
  /// - Throws: as `nextToken()`.
  package func skipRestOfContainer() throws {
    precondition(path.depth > 0, "no object or array is open")
    let target = path.depth - 1
    while path.depth > target { _ = try nextToken() }
  }

  /// Reads the next value, which must be a string.
  /// - Throws: `JSONError.Reason.typeMismatch` for another kind of value; as `nextToken()`.
  package func readString() throws -> String {
    let found = try nextToken()
    guard found == .string else {
      throw error(.typeMismatch(expected: "a string", found: found.nameInMessages))
    }
    return stringValue
  }

  /// Reads the next value, which must be a number.
  /// - Throws: `JSONError.Reason.typeMismatch` for another kind of value; as `nextToken()`.
  package func readDouble() throws -> Double {
    let found = try nextToken()
    guard found == .number else {
      throw error(.typeMismatch(expected: "a number", found: found.nameInMessages))
    }
    return doubleValue
  }

  /// Reads the next value, which must be a number, with its exact text.
  /// - Throws: `JSONError.Reason.typeMismatch` for another kind of value; as `nextToken()`.
  package func readNumber() throws -> JSONNumber {
    let found = try nextToken()
    guard found == .number else {
      throw error(.typeMismatch(expected: "a number", found: found.nameInMessages))
    }
    return numberValue
  }
}
