import HealthModel

// The export.xml reader: every item of any bytes, with every kind of element delivered, and the
// messages of what it throws made. Then read again with a filter that leaves most record types
// out, with and without records passed over by RecordSkip, and with every record tokenized and
// every byte of its tags scanned (no tag shapes remembered): the three must give the same items,
// diagnostics and error, or the target stops. Last, read with a filter that leaves most types'
// metadata out, with and without their records' plain content passed over: the two must agree
// too.
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
  _ = outcome(bytes, filter: .everything, chunk: chunk, bufferSize: 32, skipping: true)
  let selective = ItemFilter(
    sampleTypes: ["HKQuantityTypeIdentifierStepCount", "A"], includesCorrelations: true)
  let skipped = outcome(bytes, filter: selective, chunk: chunk * 64, bufferSize: 4096, skipping: true)
  let tokenized = outcome(bytes, filter: selective, chunk: chunk * 64, bufferSize: 4096, skipping: false)
  if skipped != tokenized {
    fatalError("passing records over changed what was read:\n\(skipped)\n---\n\(tokenized)")
  }
  let scanned = outcome(
    bytes, filter: selective, chunk: chunk * 64, bufferSize: 4096, skipping: false, remembersTagShapes: false)
  if scanned != tokenized {
    fatalError("remembering tag shapes changed what was read:\n\(tokenized)\n---\n\(scanned)")
  }
  var withoutMetadata = ItemFilter.everything
  withoutMetadata.metadataTypes = ["HKQuantityTypeIdentifierStepCount"]
  let passedOver = outcome(
    bytes, filter: withoutMetadata, chunk: chunk * 64, bufferSize: 4096, skipping: true)
  let read = outcome(
    bytes, filter: withoutMetadata, chunk: chunk * 64, bufferSize: 4096, skipping: true, passingOver: false)
  if passedOver != read {
    fatalError("passing metadata over changed what was read:\n\(passedOver)\n---\n\(read)")
  }
  return 0
}

private func outcome(
  _ bytes: [UInt8], filter: ItemFilter, chunk: Int, bufferSize: Int, skipping: Bool,
  remembersTagShapes: Bool = true, passingOver: Bool = true
) -> String {
  let diagnostics = Diagnostics(keepsEach: true)
  let reader = ExportXMLReader(
    stream: MemoryByteStream(bytes, name: "fuzz.xml", chunkLimit: chunk), filter: filter,
    diagnostics: diagnostics, bufferSize: bufferSize)
  if !skipping { reader.tokenizer.skipsRecordType = nil }
  reader.tokenizer.remembersTagShapes = remembersTagShapes
  reader.tokenizer.passesOverContent = passingOver
  var text = ""
  do {
    try reader.read { item, location in
      text += "\(item) \(location)\n"
    }
  } catch {
    text += "\(error)\n"
  }
  for diagnostic in diagnostics.each { text += "\(diagnostic)\n" }
  let header = reader.header
  // The counts of other elements in name order: a dictionary's own order differs between two.
  let others = header.otherElements.sorted { $0.key < $1.key }
  return text + "\(header.locale ?? "-") \(header.exportVersion ?? -1) \(others)"
}
