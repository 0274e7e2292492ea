/// A UUID derived from content (version 8, RFC 9562): the same element in the same place of the
/// same input always gets the same identifier.
package enum StableUUID {
  /// The bytes of `,"uuid":"…"}` with its UUID.
  static let suffixLength = 48

  package static func make(name: String, index: Int, content: some Sequence<UInt8>) -> String {
    var first: UInt64 = 0xcbf2_9ce4_8422_2325
    var second: UInt64 = 0x6c62_272e_07bb_0142
    func mix(_ byte: UInt8) {
      first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 &+ 0x9e37_79b9
    }
    for byte in name.utf8 { mix(byte) }
    for byte in String(index).utf8 { mix(byte) }
    for byte in content { mix(byte) }
    var bytes: [UInt8] = []
    for shift in stride(from: 56, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: first >> UInt64(shift)))
    }
    for shift in stride(from: 56, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: second >> UInt64(shift)))
    }
    bytes[6] = (bytes[6] & 0x0F) | 0x80
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    let hex = bytes.map { byte -> String in
      let text = String(byte, radix: 16, uppercase: true)
      return byte < 16 ? "0" + text : text
    }.joined()
    let characters = Array(hex)
    return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
  }
}
