import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

/// A generated export on disk (a zip archive, and its health XML alone) and the items it holds,
/// made once for a suite by the `JobFixture.shared` trait and removed after it.
struct JobFixture: Sendable {
  static let newYork = TimeZone(identifier: "America/New_York")!
  /// 2026-01-20T12:00:00Z.
  static let now = Timestamp(secondsSince1970: 1_768_910_400)

  /// The fixture of the suite that runs.
  @TaskLocal static var current: JobFixture?

  /// The folder everything is in.
  let folder: String
  let archivePath: String
  let xmlPath: String
  let xml: [UInt8]
  /// Every item of the archive, as its reader hands them on when it reads everything (routes,
  /// ECGs and FHIR resources included).
  let items: [HealthItem]

  /// Six days: a health XML of several chunks of reading.
  init(days: Int = 6) throws {
    folder = FileManager.default.temporaryDirectory.path + "/health-exporter-jobs-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let archive = try GeneratedArchive(days: days, at: folder + "/export.zip", filter: .wholeRecord)
    archivePath = archive.path
    xml = archive.xml
    xmlPath = folder + "/export.xml"
    try Data(xml).write(to: URL(fileURLWithPath: xmlPath))
    items = archive.items
  }

  /// A new empty folder for outputs.
  func outputFolder() throws -> String {
    let path = folder + "/out-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    return path
  }

  /// The names in `folder`.
  static func contents(of folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder)
  }

  /// The trait that makes one fixture for a suite's tests and removes it after them.
  static var shared: Scope { Scope() }

  struct Scope: SuiteTrait, TestScoping {
    func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      let fixture = try JobFixture()
      defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
      try await JobFixture.$current.withValue(fixture) { try await function() }
    }
  }
}

/// The jobs of HealthExport, each with every choice that reads the most of an export.
enum Job: String, CaseIterable, Sendable {
  case csv, profile, summary, convert

  /// The job's output of `source`, in memory.
  func bytes(
    of source: some HealthInputSource, progress: (any ProgressObserver)? = nil
  ) throws -> [UInt8] {
    var bytes: [UInt8] = []
    try run(source, to: .sink { bytes.append($0) }, progress: progress)
    return bytes
  }

  /// The job's output of `input`, in memory.
  func bytes(of input: ExportInput) throws -> [UInt8] {
    var bytes: [UInt8] = []
    let destination = OutputDestination.sink { bytes.append($0) }
    switch self {
    case .csv: _ = try Self.csvExport.run(input, to: destination)
    case .profile: _ = try Self.profileExport.run(input, to: destination)
    case .summary: _ = try Self.summaryExport.run(input, to: destination)
    case .convert: _ = try Self.convertExport.run(input, to: destination)
    }
    return bytes
  }

  /// Runs the job on `source`.
  func run(
    _ source: some HealthInputSource, to destination: OutputDestination,
    progress: (any ProgressObserver)? = nil, cancellation: CancellationFlag? = nil
  ) throws {
    switch self {
    case .csv:
      _ = try Self.csvExport.run(source, to: destination, progress: progress, cancellation: cancellation)
    case .profile:
      _ = try Self.profileExport.run(source, to: destination, progress: progress, cancellation: cancellation)
    case .summary:
      _ = try Self.summaryExport.run(source, to: destination, progress: progress, cancellation: cancellation)
    case .convert:
      _ = try Self.convertExport.run(source, to: destination, progress: progress, cancellation: cancellation)
    }
  }

  /// Runs the job on `input` in a task.
  func run(
    _ input: ExportInput, to destination: OutputDestination, progress: (any ProgressObserver)? = nil
  ) async throws {
    switch self {
    case .csv: _ = try await Self.csvExport.run(input, to: destination, progress: progress)
    case .profile: _ = try await Self.profileExport.run(input, to: destination, progress: progress)
    case .summary: _ = try await Self.summaryExport.run(input, to: destination, progress: progress)
    case .convert: _ = try await Self.convertExport.run(input, to: destination, progress: progress)
    }
  }

  /// Every metric, vital and lab, of all dates.
  static let csvExport = CSVExport(
    selection: ExportSelection(
      baseMetrics: MetricRegistry.standard.baseMetrics, vitals: MetricRegistry.standard.vitals,
      labs: MetricRegistry.standard.labs, range: .all, timeZone: .named(JobFixture.newYork)),
    now: JobFixture.now)
  static let profileExport = ProfileExport(
    options: ProfileWriter.Options(
      profileName: "items", creationDate: JobFixture.now, timeZone: .named(JobFixture.newYork)))
  /// export.xml alone, which a sink can take.
  static let convertExport = ConvertExport(format: .xml)
  static let summaryExport = SummaryExport(
    selection: SummarySelection(range: .all, timeZone: .named(JobFixture.newYork)), now: JobFixture.now)
}

extension ConvertExport {
  /// A conversion to `format` in New York on the fixture's date.
  init(format: Format) {
    self.init(
      options: Options(
        format: format, timeZone: .named(JobFixture.newYork), now: JobFixture.now, profileName: "items"))
  }
}
