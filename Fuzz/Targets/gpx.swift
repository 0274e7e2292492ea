import HealthModel

// The GPX route reader: every point of any bytes, in small reads through a small buffer, with
// the places of the points it skipped and the message of what it throws made.
@testable import HealthArchive

/// libFuzzer's entry point, called with each input.
/// - Parameters:
///   - start: the input's first byte.
///   - count: the input's length.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPXReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  let chunk = count > 0 ? Int(bytes[0] % 23) + 1 : 1
  let reader = GPXReader(stream: MemoryByteStream(bytes, name: "fuzz.gpx", chunkLimit: chunk), bufferSize: 32)
  do {
    try reader.read(batchSize: 3) { points in
      for point in points { _ = "\(point)" }
    }
  } catch {
    _ = "\(error)"
  }
  for place in reader.skippedPoints { _ = "\(place)" }
  return 0
}
