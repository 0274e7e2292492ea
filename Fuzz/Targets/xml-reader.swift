import HealthModel

// The export.xml reader: every item of any bytes, with every kind of element delivered, and the
// messages of what it throws made.
@testable import HealthArchive

/// libFuzzer's entry point, called with each input.
/// - Parameters:
///   - start: the input's first byte.
///   - count: the input's length.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExportXMLReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  let chunk = count > 0 ? Int(bytes[0] % 31) + 1 : 1
  let reader = ExportXMLReader(
    stream: MemoryByteStream(bytes, name: "fuzz.xml", chunkLimit: chunk), filter: .everything,
    diagnostics: Diagnostics(), bufferSize: 32)
  do {
    try reader.read { item, location in
      _ = "\(item) \(location)"
    }
  } catch {
    _ = "\(error)"
  }
  return 0
}
