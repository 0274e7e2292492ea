package import HealthArchive

/// The bytes of streams, and digests of them, for tests that compare outputs.
package enum StreamBytes {
  /// Every byte of `stream`, read to its end.
  package static func all(of stream: any ByteStream) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = try stream.read(filling: &buffer)
      if count == 0 { return bytes }
      bytes += buffer[0..<count]
    }
  }

  /// FNV-1a, 64 bits: a digest of `bytes`.
  package static func digest(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}
