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

/// What reading `xml` gives, as lines of text, for comparing two ways of reading one document:
/// each item with where it starts, the error if one stopped the reading, each diagnostic, then the
/// time zones the document's metadata names (`ExportHeader.timeZones`).
/// - Parameters:
///   - xml: the document.
///   - filter: what is read.
///   - chunkLimit: the most bytes one read of the stream returns (small values cut every token).
///   - bufferSize: the reader's buffer.
///   - configure: sets the reader up before it reads (what it passes over, say).
/// - Returns: the lines, the reader (its header and counts), and how many samples it delivered.
func readingLines(
  _ xml: String, filter: ItemFilter, chunkLimit: Int = .max, bufferSize: Int = 1 << 20,
  configure: (ExportXMLReader) -> Void
) -> (lines: [String], reader: ExportXMLReader, samples: Int) {
  let diagnostics = Diagnostics(keepsEach: true)
  let reader = ExportXMLReader(
    stream: MemoryByteStream(Array(xml.utf8), name: "export.xml", chunkLimit: chunkLimit),
    filter: filter, diagnostics: diagnostics, bufferSize: bufferSize)
  configure(reader)
  var lines: [String] = []
  var samples = 0
  do {
    try reader.read { item, location in
      lines.append("\(location): \(item)")
      if case .sample = item { samples += 1 }
    }
  } catch {
    lines.append("error: \(error)")
  }
  lines += diagnostics.each.map(\.description)
  let zones = reader.header.timeZones.counts.sorted { $0.key < $1.key }.map { "\($0.key) × \($0.value)" }
  lines.append("time zones: \(zones.joined(separator: ", "))")
  return (lines, reader, samples)
}
