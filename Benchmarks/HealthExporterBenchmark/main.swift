import Foundation
import HealthArchive
import HealthExport
import HealthModel
import SystemShim

// Measures the pipeline on a large export.xml and prints throughput and peak memory.
//
//   swift run -c release health-exporter-benchmark [read|csv|profile] [--file PATH | --size 100MB]
//
// `read` parses every record of the file (the reader's own speed); `csv` runs the CSV export of
// weight, steps, glucose and every vital over all dates (what a user runs). Without --file, a
// file of --size (default 100MB) is written once to benchmark-data/ and reused. --file takes any
// input the tool takes: an export.xml, a zip archive, a folder, a JSON profile. `profile` writes
// the input's JSON profile to benchmark-data/profile.json (replacing it), spilling large types to
// temporary files as the tool does.

let usage = "usage: health-exporter-benchmark [read|csv|profile] [--file PATH | --size 100MB]"

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("\(message)\n".utf8))
  exit(64)
}

func parseSize(_ text: String) -> Int? {
  let upper = text.uppercased()
  for (suffix, factor) in [("GB", 1_000_000_000), ("MB", 1_000_000), ("KB", 1_000), ("B", 1)]
  where upper.hasSuffix(suffix) {
    return Int(upper.dropLast(suffix.count)).map { $0 * factor }
  }
  return Int(upper)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var mode = "csv"
if let first = arguments.first, !first.hasPrefix("-") {
  mode = first
  arguments.removeFirst()
}
var file: String?
var size = 100_000_000
while !arguments.isEmpty {
  let option = arguments.removeFirst()
  guard let value = arguments.first else { fail(usage) }
  arguments.removeFirst()
  switch option {
  case "--file": file = value
  case "--size":
    guard let parsed = parseSize(value) else { fail("invalid size '\(value)'\n\(usage)") }
    size = parsed
  default: fail(usage)
  }
}
guard ["read", "csv", "profile"].contains(mode) else { fail(usage) }

let path: String
if let file {
  path = file
} else {
  try FileManager.default.createDirectory(atPath: "benchmark-data", withIntermediateDirectories: true)
  path = "benchmark-data/export-\(size / 1_000_000)MB.xml"
  if !FileManager.default.fileExists(atPath: path) {
    FileHandle.standardError.write(Data("writing \(path)…\n".utf8))
    try LargeExportWriter(targetBytes: size).write(to: path)
  }
}
// Throughput counts the health XML's bytes, inflated when the input is a zip archive.
let source = try HealthInput.open(path: path)
var bytes = Double(SystemCall.fileSize(path) ?? 0)
if source.shape == .zipArchive, let entry = try ZipArchive(path: path).entry(named: source.contentName) {
  bytes = Double(entry.uncompressedSize)
}
let baseline = SystemCall.peakResidentMemoryBytes()
let clock = ContinuousClock()
let started = clock.now
var detail = ""

switch mode {
case "read":
  var samples = 0
  var correlations = 0
  let diagnostics = Diagnostics()
  try source.readItems(filter: .everything, diagnostics: diagnostics) { item, _ in
    switch item {
    case .sample: samples += 1
    case .correlation: correlations += 1
    default: break
    }
  }
  detail = "\(samples) records, \(correlations) correlations, \(diagnostics.totalCount) skipped"
case "profile":
  let output = "benchmark-data/profile.json"
  let options = ProfileWriter.Options(
    profileName: "benchmark", creationDate: Timestamp(secondsSince1970: 1_768_910_400),
    timeZone: TimeZone(identifier: "America/New_York")!)
  let summary = try ProfileExport(options: options).run(
    source: source, destination: .file(path: output, overwrites: true), diagnostics: Diagnostics())
  detail =
    "\(summary.written.samples) samples in \(summary.written.types) types to \(output) "
    + "(\((SystemCall.fileSize(output) ?? 0) / 1_000_000) MB)"
default:
  let registry = MetricRegistry.standard
  let selection = ExportSelection(
    baseMetrics: registry.baseMetrics, vitals: registry.vitals, range: .all,
    timeZone: TimeZone(identifier: "America/New_York")!)
  var outputBytes = 0
  let summary = try CSVExport(selection: selection, now: Timestamp(secondsSince1970: 1_768_910_400)).run(
    source: source, destination: .sink { outputBytes += $0.count },
    diagnostics: Diagnostics())
  detail = "\(summary.totalRows) rows, \(outputBytes / 1_000_000) MB of CSV"
}

let elapsed = clock.now - started
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let peak = SystemCall.peakResidentMemoryBytes()
print(
  String(
    format: "%@ %@: %.1f MB in %.2f s = %.0f MB/s; peak memory %.1f MB (%.1f MB before reading); %@",
    mode, path, bytes / 1e6, seconds, bytes / 1e6 / seconds, Double(peak) / 1_048_576,
    Double(baseline) / 1_048_576, detail))
