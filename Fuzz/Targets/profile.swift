import Foundation
import HealthModel

// The JSON profile reader: any bytes read as a profile with every item delivered, in small reads.
@testable import HealthArchive

/// libFuzzer's entry point, called with each input.
/// - Parameters:
///   - start: the input's first byte.
///   - count: the input's length.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProfileReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  let chunk = count > 0 ? Int(bytes[0] % 29) + 1 : 1
  let reader = ProfileReader(
    stream: MemoryByteStream(bytes, name: "profile.json", chunkLimit: chunk), filter: .everything,
    diagnostics: Diagnostics(), timeZone: TimeZone(identifier: "America/New_York") ?? .gmt)
  do {
    try reader.read { item, location in _ = "\(item) \(location)" }
  } catch {
    _ = "\(error)"
  }
  return 0
}
