// swift-tools-version: 6.0
import PackageDescription

// An app's use of the HealthExporter library, as docs/library.md walks through it: samples mapped
// the way an app maps HealthKit's, exported to the CSV with progress, and a long export cancelled.
let package = Package(
  name: "GettingStarted",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "HealthExporter", path: "../..")],
  targets: [
    .executableTarget(
      name: "GettingStarted",
      dependencies: [
        .product(name: "HealthModel", package: "HealthExporter"),
        .product(name: "HealthArchive", package: "HealthExporter"),
        .product(name: "HealthExport", package: "HealthExporter"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)])
  ]
)
