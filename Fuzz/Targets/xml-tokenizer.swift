// The XML tokenizer alone: every token of any bytes, every attribute name and value decoded, the
// input cut into small reads and a small buffer so that refills land everywhere.
@testable import HealthArchive

/// libFuzzer's entry point, called with each input.
/// - Parameters:
///   - start: the input's first byte.
///   - count: the input's length.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLTokenizer(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  let chunk = count > 0 ? Int(bytes[0] % 17) + 1 : 1
  let tokenizer = XMLTokenizer(
    stream: MemoryByteStream(bytes, name: "fuzz.xml", chunkLimit: chunk), bufferSize: 16,
    maximumMarkupSize: 1 << 16)
  do {
    var tokens = 0
    while try tokenizer.next() != .endOfInput, tokens < 100_000 {
      tokens += 1
      _ = tokenizer.name
      _ = tokenizer.tagLocation
      for attribute in tokenizer.attributes {
        _ = tokenizer.attributeName(attribute)
        _ = try tokenizer.value(of: attribute)
        _ = try tokenizer.withValueBytes(of: attribute) { ValueParsing.decimal($0) }
        _ = try tokenizer.withValueBytes(of: attribute) { ValueParsing.appleDate($0) }
      }
    }
  } catch {
    _ = "\(error)"
  }
  return 0
}
