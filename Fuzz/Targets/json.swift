// The JSON reader: any bytes read whole as a value, then again token by token with skips, each
// number and string decoded; what it throws turned into its message.
@testable import HealthArchive

/// libFuzzer's entry point, called with each input.
/// - Parameters:
///   - start: the input's first byte.
///   - count: the input's length.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  do {
    let value = try JSONValue(parsing: bytes, name: "fuzz.json")
    // What the writer writes reads back as the same value.
    let written = JSONWriter.bytes(of: value)
    guard (try? JSONValue(parsing: written, name: "written.json")) == value else {
      fatalError("JSONWriter wrote \(written.count) bytes that do not read back as the value")
    }
  } catch {
    _ = "\(error)"
  }
  let chunk = count > 0 ? Int(bytes[0] % 13) + 1 : 1
  let reader = JSONReader(
    stream: MemoryByteStream(bytes, name: "fuzz.json", chunkLimit: chunk), bufferSize: 16,
    maximumValueSize: 1 << 16, maximumDepth: 64)
  do {
    var tokens = 0
    while tokens < 100_000 {
      tokens += 1
      let token = try reader.nextToken()
      switch token {
      case .endOfInput: return 0
      case .string, .key: _ = reader.stringValue
      case .number: _ = reader.numberValue
      case .beginObject where tokens % 3 == 0:
        try reader.skipRestOfContainer()
      default: break
      }
      _ = reader.keyPath
    }
  } catch {
    _ = "\(error)"
  }
  return 0
}
