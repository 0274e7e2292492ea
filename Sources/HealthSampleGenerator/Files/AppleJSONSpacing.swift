/// Apple writes the JSON of DSTU2 clinical records with a space before each colon
/// (`"key" : value`); `JSONWriter` writes `"key": value`. This adds the space, outside strings
/// only, so that any content survives.
package enum AppleJSONSpacing {
  /// `bytes` (pretty JSON from `JSONWriter`) with `" :` for every key's colon.
  package static func apply(to bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + bytes.count / 16)
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == UInt8(ascii: ":") {
        result.append(UInt8(ascii: " "))
      }
      result.append(byte)
    }
    return result
  }
}
