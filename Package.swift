// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "HealthExporter",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .executable(name: "health-exporter", targets: ["health-exporter"]),
    .library(name: "HealthModel", targets: ["HealthModel"]),
    .library(name: "HealthArchive", targets: ["HealthArchive"]),
    .library(name: "HealthExport", targets: ["HealthExport"]),
    .library(name: "HealthSampleGenerator", targets: ["HealthSampleGenerator"]),
    .library(name: "HealthDatabase", targets: ["HealthDatabase"]),
    .library(name: "HealthReport", targets: ["HealthReport"]),
    // HealthAssistant is not a product: the assistant server is the command line's `mcp`, over
    // stdio, and declares nothing an app could call.
  ],
  targets: [
    // The values: samples, HealthKit identifiers, units, the metric registries.
    .target(name: "HealthModel"),
    // The one place that talks to the operating system directly (POSIX files, clocks, rusage).
    .target(name: "SystemShim"),
    // The system zlib, for reading and writing zip archives.
    .systemLibrary(
      name: "CZlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    // The system SQLite: the SDK's on Apple platforms; elsewhere the shared library every system has
    // (libsqlite3.so.0, linked by file name: no development package needed).
    .target(
      name: "CSQLite",
      linkerSettings: [
        .linkedLibrary(":libsqlite3.so.0", .when(platforms: [.linux])),
        .linkedLibrary(
          "sqlite3", .when(platforms: [.macOS, .iOS, .macCatalyst, .tvOS, .watchOS, .visionOS])),
      ]),
    // Reading and writing the formats: export.xml, zip, FHIR clinical records, the JSON profile.
    .target(name: "HealthArchive", dependencies: ["HealthModel", "SystemShim", "CZlib"]),
    // Selection, date ranges and formats, the collector, the CSV writer, the output file.
    .target(name: "HealthExport", dependencies: ["HealthModel", "HealthArchive", "SystemShim"]),
    // The HTML report: one self-contained page of SVG charts drawn from the export's stages.
    .target(
      name: "HealthReport", dependencies: ["HealthModel", "HealthArchive", "HealthExport", "SystemShim"]),
    // Deterministic synthetic health records in Apple's export format, streamed or written out.
    .target(name: "HealthSampleGenerator", dependencies: ["HealthModel", "HealthArchive", "SystemShim"]),
    // The whole record as one SQLite database: the schema, its writer, the SQLite connection.
    .target(
      name: "HealthDatabase",
      dependencies: ["HealthModel", "HealthArchive", "HealthExport", "SystemShim", "CSQLite"]),
    // The assistant server: the Model Context Protocol over stdio, its tools and resources.
    .target(
      name: "HealthAssistant",
      dependencies: ["HealthModel", "HealthArchive", "HealthExport", "HealthDatabase", "SystemShim"]),
    // The command line: argument parsing, subcommands, messages and exit codes.
    .target(
      name: "HealthExporterCLI",
      dependencies: [
        "HealthModel", "HealthArchive", "HealthExport", "HealthDatabase", "HealthReport",
        "HealthAssistant", "HealthSampleGenerator", "SystemShim",
      ]),
    .executableTarget(name: "health-exporter", dependencies: ["HealthExporterCLI"]),
    // Throughput and peak-memory measurements: `swift run -c release health-exporter-benchmark`.
    .executableTarget(
      name: "health-exporter-benchmark",
      dependencies: [
        "HealthModel", "HealthArchive", "HealthExport", "HealthDatabase", "HealthAssistant",
        "HealthSampleGenerator", "SystemShim",
      ],
      path: "Benchmarks/HealthExporterBenchmark"),
    // The benchmark's reference, in C: a memchr scan to every record's type, what the shared
    // benchmark's scan.c does (`compare` measures every command against it).
    .executableTarget(name: "health-exporter-scan", path: "Benchmarks/RecordScan"),
    // Helpers shared by the test targets: temporary folders, XML builders, golden files.
    .target(
      name: "HealthTestSupport",
      dependencies: ["HealthModel", "HealthArchive", "HealthSampleGenerator", "SystemShim"]),

    .testTarget(name: "SystemShimTests", dependencies: ["SystemShim"]),
    .testTarget(name: "HealthModelTests", dependencies: ["HealthModel", "HealthTestSupport"]),
    .testTarget(
      name: "HealthArchiveTests", dependencies: ["HealthArchive", "HealthTestSupport", "SystemShim"],
      exclude: ["Parquet/Golden"]),
    .testTarget(
      name: "HealthExportTests",
      dependencies: [
        "HealthExport", "HealthArchive", "HealthSampleGenerator", "HealthTestSupport", "SystemShim",
      ],
      exclude: ["Convert/FHIR/Golden", "Export/Golden", "Profile/Golden", "Summary/Golden"]),
    .testTarget(
      name: "HealthDatabaseTests",
      dependencies: [
        "HealthDatabase", "HealthExport", "HealthArchive", "HealthModel", "HealthSampleGenerator",
        "HealthTestSupport", "SystemShim",
      ]),
    .testTarget(
      name: "HealthAssistantTests",
      dependencies: [
        "HealthAssistant", "HealthDatabase", "HealthArchive", "HealthExport", "HealthModel",
        "HealthSampleGenerator",
        "HealthTestSupport", "SystemShim",
      ],
      exclude: ["Corpus"]),
    .testTarget(
      name: "HealthReportTests",
      dependencies: [
        "HealthReport", "HealthExport", "HealthArchive", "HealthModel", "HealthSampleGenerator",
        "HealthTestSupport", "SystemShim",
      ]),
    .testTarget(
      name: "HealthSampleGeneratorTests",
      dependencies: [
        "HealthSampleGenerator", "HealthExport", "HealthArchive", "HealthModel", "HealthTestSupport",
        "SystemShim",
      ]),
    .testTarget(
      name: "HealthExporterCLITests",
      dependencies: [
        "HealthExporterCLI", "HealthSampleGenerator", "HealthModel", "HealthArchive", "HealthTestSupport",
        "SystemShim", "health-exporter",
      ],
      exclude: ["Guided/Golden", "Parsing/Golden", "Subcommands/Golden", "Corpus"]),
  ]
)

for target in package.targets where target.type != .system && target.name != "CSQLite" {
  var settings = target.swiftSettings ?? []
  settings.append(.swiftLanguageMode(.v6))
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  settings.append(.enableUpcomingFeature("MemberImportVisibility"))
  settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
  target.swiftSettings = settings
}
