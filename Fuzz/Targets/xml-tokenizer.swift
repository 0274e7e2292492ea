// The XML tokenizer alone: every token of any bytes, every attribute name and value decoded, the
// input cut into small reads and a small buffer so that refills land everywhere. Read twice, with
// the last tags' shapes and values remembered (`TagShape`) and with every byte scanned: the two
// must read the same tokens, names, locations, attributes, repairs and errors, or the target stops.
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
  let remembering = transcript(bytes, chunk: chunk, remembersTagShapes: true)
  let scanning = transcript(bytes, chunk: chunk, remembersTagShapes: false)
  if remembering != scanning {
    fatalError("remembering tag shapes changed what was read:\n\(remembering)\n---\n\(scanning)")
  }
  return 0
}

/// What the tokenizer read of `bytes`: each token with its tag's name, location and attributes,
/// and how the input ended.
private func transcript(_ bytes: [UInt8], chunk: Int, remembersTagShapes: Bool) -> [String] {
  let tokenizer = XMLTokenizer(
    stream: MemoryByteStream(bytes, name: "fuzz.xml", chunkLimit: chunk), bufferSize: 16,
    maximumMarkupSize: 1 << 16)
  tokenizer.remembersTagShapes = remembersTagShapes
  var lines: [String] = []
  do {
    var tokens = 0
    while true {
      let token = try tokenizer.next()
      if token == .endOfInput || tokens >= 100_000 { break }
      tokens += 1
      var line = "\(token) \(tokenizer.name) \(tokenizer.tagLocation)"
      for attribute in tokenizer.attributes {
        line += " \(tokenizer.attributeName(attribute))="
        do {
          line += try tokenizer.value(of: attribute)
          line += " \(try tokenizer.withValueBytes(of: attribute) { ValueParsing.decimal($0) } ?? .nan)"
          line +=
            " \(try tokenizer.withValueBytes(of: attribute) { ValueParsing.appleDate($0) }.map { "\($0)" } ?? "-")"
        } catch {
          line += "(\(error))"
        }
      }
      let repeated = tokenizer.repeatedAttribute().map { tokenizer.attributeName($0) } ?? "-"
      line += " \(repeated) \(tokenizer.hasTooManyAttributes) \(tokenizer.repairedAttributeNames)"
      lines.append(line)
    }
    lines.append("end")
  } catch {
    lines.append("\(error)")
  }
  return lines
}
