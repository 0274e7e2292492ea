import Foundation
import HealthModel

// Every output of any input: bytes read as an export.xml, or as a JSON profile when they start
// with `{`, and their items written as the CSV (every metric, vital and lab), the summary CSV, the
// profile and `inspect`'s text and JSON, in a zone named and in the export's own, so that no value or date an input can hold traps in a
// conversion or a writer.
@testable import HealthArchive
@testable import HealthExport

private let zone = TimeZone(identifier: "America/New_York") ?? .gmt
/// A zone named, and the export's own (found from the input's `HKTimeZone` entries, New York where
/// it names none), in turn.
private let choices: [TimeZoneChoice] = [.named(zone), .export(fallback: zone)]
private let now = Timestamp(secondsSince1970: 1_768_910_400)

/// The fuzzer's bytes as an input.
private final class FuzzSource: HealthInputSource {
  let bytes: [UInt8]
  init(_ bytes: [UInt8]) { self.bytes = bytes }
  var name: String { "fuzz" }
  var shape: InputShape { bytes.first == UInt8(ascii: "{") ? .profile : .xmlFile }
  var contentName: String { "fuzz" }
  var header = ExportHeader()
  func fileNames(in folder: String) -> [String] { [] }

  func readItems(
    filter: ItemFilter, diagnostics: Diagnostics, monitor: ReadMonitor,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    let stream = MemoryByteStream(bytes, name: "fuzz").observed(by: monitor, totalBytes: Int64(bytes.count))
    if shape == .profile {
      try ProfileReader(stream: stream, filter: filter, diagnostics: diagnostics, timeZone: zone).read(
        consume)
    } else {
      let reader = ExportXMLReader(stream: stream, filter: filter, diagnostics: diagnostics)
      defer { header = reader.header }
      try reader.read(consume)
    }
  }
}

/// libFuzzer's entry point, called with each input.
/// - Parameters:
///   - start: the input's first byte.
///   - count: the input's length.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExport(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let source = FuzzSource(Array(UnsafeBufferPointer(start: start, count: count)))
  let registry = MetricRegistry.standard
  for (order, choice) in zip([ExportSelection.SortOrder.ascending, .descending], choices) {
    let selection = ExportSelection(
      baseMetrics: registry.baseMetrics, vitals: registry.vitals, labs: registry.labs, range: .all,
      units: order == .ascending ? .unitedStates : UnitPreferences(weight: .kilograms, temperature: .celsius),
      dateFormat: order == .ascending ? .standard : .dmy, sortOrder: order, timeZone: choice)
    _ = try? CSVExport(selection: selection, now: now).run(
      source: source, destination: .sink { _ in }, diagnostics: Diagnostics())
  }
  for (index, period) in SummaryPeriod.allCases.enumerated() {
    let choice = choices[index % choices.count]
    _ = try? SummaryExport(
      selection: SummarySelection(period: period, range: .all, timeZone: choice), now: now
    )
    .run(source: source, destination: .sink { _ in }, diagnostics: Diagnostics())
  }
  _ = try? ProfileExport(
    options: ProfileWriter.Options(profileName: "fuzz", creationDate: now, timeZone: choices[1])
  )
  .run(source: source, destination: .sink { _ in }, diagnostics: Diagnostics())
  if let inspection = try? ExportInspection.inspect(source) {
    _ = inspection.text(timeZone: choices[1])
    _ = inspection.json(timeZone: choices[1])
  }
  return 0
}
