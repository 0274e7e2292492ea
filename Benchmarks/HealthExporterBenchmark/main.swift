import Foundation
import HealthArchive
import HealthDatabase
import HealthExport
import HealthModel
import HealthSampleGenerator
import SystemShim

// Measures the pipeline on a large export and prints throughput and peak memory.
//
//   swift run -c release health-exporter-benchmark [read|csv|summary|profile] [--file PATH | --size 100MB]
//   swift run -c release health-exporter-benchmark convert [--file PATH | --size 100MB] [--output PATH]
//   swift run -c release health-exporter-benchmark generate [--size 100MB] [--output PATH]
//
// `read` parses every record of the file (the reader's own speed); `csv` runs the CSV export of
// weight, steps, glucose and every vital over all dates (what a user runs); `summary` writes the
// daily summary CSV of every type over all dates (the source-priority sweep included); `profile` writes the
// input's JSON profile to benchmark-data/profile.json (replacing it), spilling large types to
// temporary files as the tool does; `convert` writes the input in Apple's format to --output (by
// its extension; benchmark-data/converted.zip by default, replaced). Without --file, the sample generator writes an export.xml of
// --size (default 100MB) once to benchmark-data/ and it is reused. --file takes any input the tool
// takes: an export.xml, a zip archive, a folder, a JSON profile. `generate` makes a generated
// export.xml of --size: into nothing (the generator's own speed), or written to --output as a zip
// archive, a folder or an .xml file (by its extension).
//
//   swift build -c release && .build/release/health-exporter-benchmark compare --file export.xml \
//     [--zip export.zip] [--rounds 2] [--folder benchmark-data/compare]
//
// `compare` runs, round after round, the reference scan (`health-exporter-scan FILE`, in C: memchr
// to every `<Record type="`, the selective limit), `xmllint --stream --noout` and the tool's commands on the
// same input, each a process of its own, and prints a table of wall time, processor time, peak
// memory and the ratios to the scan and to xmllint in each round; with --zip, the same export from
// the archive, whose CSV must be the same bytes; with --reference, a program run as `PROGRAM
// export.xml` in a row of its own (scan.c itself, built with `cc -O2`, to check the reference
// against); with the database, its update with the same export and one adding a month (from the
// same export made a month earlier, `OlderExport`), each over the build of its round.
// `measure CMD ARGS…` runs one command and prints
// what it used (compare's helper). `tools --file DATABASE` times each of the assistant's tools on a
// database of this tool, as a client calls them.

let usage = """
  usage: health-exporter-benchmark [read|csv|summary|profile|database] [--file PATH | --size 100MB]
         health-exporter-benchmark convert [--file PATH | --size 100MB] [--output PATH]
         health-exporter-benchmark generate [--size 100MB] [--output PATH]
         health-exporter-benchmark compare --file PATH [--zip PATH] [--reference PROGRAM] [--rounds 2] [--folder PATH]
         health-exporter-benchmark measure COMMAND [ARGUMENT…]
         health-exporter-benchmark tools --file DATABASE [--rounds 2]
  """

/// Says what went wrong and stops: 64 for a usage error, `status` otherwise.
func fail(_ message: String, status: Int32 = 64) -> Never {
  FileHandle.standardError.write(Data("\(message)\n".utf8))
  exit(status)
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
if arguments.first == "--help" || arguments.first == "-h" {
  print(usage)
  exit(0)
}
if mode == "measure" {
  guard !arguments.isEmpty else { fail(usage) }
  do {
    print(try ChildRun.measure(arguments).line)
  } catch {
    fail("could not run \(arguments[0]): \(error)")
  }
  exit(0)
}
var file: String?
var output: String?
var zipFile: String?
var reference: String?
var rounds = 2
var folder = "benchmark-data/compare"
var size = 100_000_000
while !arguments.isEmpty {
  let option = arguments.removeFirst()
  guard let value = arguments.first else { fail(usage) }
  arguments.removeFirst()
  switch option {
  case "--file": file = value
  case "--output": output = value
  case "--zip": zipFile = value
  case "--reference": reference = value
  case "--folder": folder = value
  case "--rounds":
    guard let parsed = Int(value), parsed > 0 else { fail("invalid rounds '\(value)'\n\(usage)") }
    rounds = parsed
  case "--size":
    guard let parsed = parseSize(value) else { fail("invalid size '\(value)'\n\(usage)") }
    size = parsed
  default: fail(usage)
  }
}
let modes = [
  "read", "csv", "summary", "profile", "database", "convert", "generate", "compare", "tools",
]
guard modes.contains(mode), mode == "generate" || mode == "convert" || output == nil,
  mode != "generate" || file == nil, mode == "compare" || (zipFile == nil && reference == nil)
else { fail(usage) }

if mode == "tools" {
  guard let file else { fail("tools needs --file PATH, a database of this tool\n\(usage)") }
  do {
    try ToolTimings(database: file, rounds: rounds).run()
  } catch {
    fail("\(error)", status: 1)
  }
  exit(0)
}

if mode == "compare" {
  guard let file else { fail("compare needs --file PATH, an export.xml\n\(usage)") }
  let benchmark = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
  let programs = (benchmark as NSString).deletingLastPathComponent
  let tool = programs + "/health-exporter"
  let scanner = programs + "/health-exporter-scan"
  for program in [tool, scanner] where !FileManager.default.isExecutableFile(atPath: program) {
    fail("\(program) is missing: build it first (swift build -c release)", status: 1)
  }

  do {
    // The zone the export names and the day it was made: read once, for the job that names the
    // zone, and for "now" (a person exports the day they made the export).
    let input = try HealthInput.open(path: file)
    var exportDate: Timestamp?
    try input.readItems(filter: .nothing, diagnostics: Diagnostics()) { item, _ in
      if case .exportDate(let date) = item { exportDate = date }
    }
    let zone = input.header.timeZones.mostNamedZone?.identifier ?? "UTC"
    try Comparison(
      xml: file, zip: zipFile, reference: reference, rounds: rounds, folder: folder, benchmark: benchmark,
      tool: tool, scanner: scanner,
      timeZoneNamed: zone, now: exportDate?.iso8601UTCText()
    ).run()
  } catch {
    fail("\(error)", status: 1)
  }
  exit(0)
}

/// The default configuration lengthened until its export.xml is about `size` bytes.
func generatedConfiguration(size: Int) throws -> SampleConfiguration {
  try SampleConfiguration().fitted(toExportXMLBytes: size, keepingDays: false)
}

// A failure is said as the tool says it, on standard error with status 1, not as a crash.
do {
  if mode == "generate" {
    let configuration = try generatedConfiguration(size: size)
    let export = try SampleExport(configuration: configuration)
    let baseline = SystemCall.peakResidentMemoryBytes()
    let started = ContinuousClock.now
    var bytes = 0
    var detail = "streamed, nothing written"
    if let output {
      let format = SampleOutputFormat.inferred(fromPath: output)
      let summary = try SampleExportWriter.write(export, to: output, format: format, overwrites: true)
      bytes = summary.exportXMLBytes
      detail = "written to \(output) (\(format.displayName), \(summary.fileCount) other files)"
    } else {
      let stream = export.exportXML()
      var chunk = [UInt8](repeating: 0, count: 1 << 20)
      while true {
        let count = try stream.read(filling: &chunk)
        if count == 0 { break }
        bytes += count
      }
    }
    let elapsed = seconds(since: started)
    print(
      String(
        format:
          "generate: %.1f MB of XML (%d days, density %.3f) in %.2f s = %.0f MB/s; peak memory %.1f MB (%.1f MB before); %@",
        Double(bytes) / 1e6, configuration.days, configuration.density, elapsed,
        Double(bytes) / 1e6 / elapsed,
        Double(SystemCall.peakResidentMemoryBytes()) / 1_048_576, Double(baseline) / 1_048_576, detail))
    exit(0)
  }

  let path: String
  if let file {
    path = file
  } else {
    try FileManager.default.createDirectory(atPath: "benchmark-data", withIntermediateDirectories: true)
    path = "benchmark-data/sample-\(size / 1_000_000)MB.xml"
    if !FileManager.default.fileExists(atPath: path) {
      FileHandle.standardError.write(Data("generating \(path)…\n".utf8))
      let export = try SampleExport(configuration: try generatedConfiguration(size: size))
      try SampleExportWriter.write(export, to: path, format: .xml, overwrites: false)
    }
  }
  // Throughput counts the health XML's bytes, inflated when the input is a zip archive.
  let source = try HealthInput.open(path: path)
  /// The zone of the measured jobs, as `compare`'s environment names it.
  let newYork = TimeZone(identifier: "America/New_York") ?? .gmt
  var bytes = Double(SystemCall.fileSize(path) ?? 0)
  if source.shape == .zipArchive, let entry = try ZipArchive(path: path).entry(named: source.contentName) {
    bytes = Double(entry.uncompressedSize)
  }
  let baseline = SystemCall.peakResidentMemoryBytes()
  let started = ContinuousClock.now
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
      timeZone: .named(newYork))
    let summary = try ProfileExport(options: options).run(
      source: source, destination: .file(path: output, overwrites: true), diagnostics: Diagnostics())
    detail =
      "\(summary.written.samples) samples in \(summary.written.types) types to \(output) "
      + "(\((SystemCall.fileSize(output) ?? 0) / 1_000_000) MB)"
  case "convert":
    let output = output ?? "benchmark-data/converted.zip"
    let format = ConvertExport.Format(path: output) ?? .zip
    let options = ConvertExport.Options(
      format: format, timeZone: .named(newYork),
      now: Timestamp(secondsSince1970: 1_768_910_400), profileName: "benchmark")
    let summary = try ConvertExport(options: options).run(
      source: source, destination: .file(path: output, overwrites: true), diagnostics: Diagnostics())
    let written = summary.export
    detail =
      "\(written?.records ?? 0) records, \(written?.files ?? 0) other files to \(output) (\(format.displayName), "
      + "\((SystemCall.fileSize(output) ?? 0) / 1_000_000) MB)"
  case "summary":
    // Written to a file, as a user's summary is: beside it the intervals may spill.
    let output = "benchmark-data/summary.csv"
    let selection = SummarySelection(range: .all, timeZone: .named(newYork))
    let report = try SummaryExport(selection: selection, now: Timestamp(secondsSince1970: 1_768_910_400)).run(
      source: source, destination: .file(path: output, overwrites: true), diagnostics: Diagnostics())
    detail =
      "\(report.rows) rows (\(report.periods) days, \(report.metrics) metrics), "
      + "\((SystemCall.fileSize(output) ?? 0) / 1000) kB of CSV to \(output)"
  case "database":
    let output = "benchmark-data/health.sqlite"
    try? FileManager.default.removeItem(atPath: output)
    let summary = try DatabaseExport(
      toolVersion: "benchmark", timeZone: .named(newYork),
      now: Timestamp(secondsSince1970: 1_768_910_400)
    ).run(source: source, destination: .file(path: output, overwrites: true), diagnostics: Diagnostics())
    let counts = summary.counts
    detail =
      "\(counts.records) records, \(counts.routePoints) route points, \(counts.ecgSamples) ECG samples, "
      + "\(counts.summaries) summary rows to \(output) (\((SystemCall.fileSize(output) ?? 0) / 1_000_000) MB)"
  default:
    let registry = MetricRegistry.standard
    let selection = ExportSelection(
      baseMetrics: registry.baseMetrics, vitals: registry.vitals, range: .all,
      timeZone: .named(newYork))
    var outputBytes = 0
    let summary = try CSVExport(selection: selection, now: Timestamp(secondsSince1970: 1_768_910_400)).run(
      source: source, destination: .sink { outputBytes += $0.byteCount },
      diagnostics: Diagnostics())
    detail = "\(summary.totalRows) rows, \(outputBytes / 1_000_000) MB of CSV"
  }

  let elapsed = seconds(since: started)
  let peak = SystemCall.peakResidentMemoryBytes()
  print(
    String(
      format: "%@ %@: %.1f MB in %.2f s = %.0f MB/s; peak memory %.1f MB (%.1f MB before reading); %@",
      mode, path, bytes / 1e6, elapsed, bytes / 1e6 / elapsed, Double(peak) / 1_048_576,
      Double(baseline) / 1_048_576, detail))
} catch {
  fail("\(error)", status: 1)
}
