import HealthArchive
import HealthModel

/// What reading a document gave: the items with their lines, the header, the diagnostics.
struct ReadResult {
  var items: [(item: HealthItem, line: Int)]
  var header: ExportHeader
  var diagnostics: Diagnostics

  var samples: [Sample] {
    items.compactMap { if case .sample(let sample) = $0.item { sample } else { nil } }
  }

  var correlations: [Correlation] {
    items.compactMap { if case .correlation(let correlation) = $0.item { correlation } else { nil } }
  }

  /// The lines of the samples, in order.
  var sampleLines: [Int] {
    items.compactMap { if case .sample = $0.item { $0.line } else { nil } }
  }
}

/// Reads `xml` through the streaming reader.
/// - Parameters:
///   - xml: the document.
///   - filter: what is read.
///   - chunkLimit: the most bytes one read of the stream returns (small values cut every token).
///   - bufferSize: the reader's buffer (small values force it to grow).
///   - strict: whether the diagnostics are strict.
/// - Returns: what was read.
/// - Throws: the reader's errors.
func readExport(
  _ xml: String, filter: ItemFilter = .everything, chunkLimit: Int = .max,
  bufferSize: Int = 1 << 20, strict: Bool = false
) throws -> ReadResult {
  let diagnostics = Diagnostics(isStrict: strict)
  let reader = ExportXMLReader(
    stream: MemoryByteStream(Array(xml.utf8), name: "export.xml", chunkLimit: chunkLimit),
    filter: filter, diagnostics: diagnostics, bufferSize: bufferSize)
  var items: [(HealthItem, Int)] = []
  try reader.read { item, location in items.append((item, location.line)) }
  return ReadResult(items: items, header: reader.header, diagnostics: diagnostics)
}

/// The error reading `xml` throws, if any.
func xmlError(_ xml: String, chunkLimit: Int = .max) -> XMLError? {
  do {
    _ = try readExport(xml, chunkLimit: chunkLimit)
    return nil
  } catch let error as XMLError {
    return error
  } catch {
    return nil
  }
}
