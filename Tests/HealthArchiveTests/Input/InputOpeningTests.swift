import Foundation
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthArchive

/// What the user names is opened once: a named pipe is read as a stream, a zip archive needs a
/// file, a loop of links is said to be one, and nothing outside a named folder is read.
@Suite struct InputOpeningTests {
  static let xml = HealthInputTests.xml

  /// The step counts of the input at `path`.
  private func steps(_ path: String) throws -> [Double] {
    let source = try HealthInput.open(path: path)
    var steps: [Double] = []
    try source.readItems(filter: .everything, diagnostics: Diagnostics()) { item, _ in
      if case .sample(let sample) = item, case .quantity(let value, _) = sample.value { steps.append(value) }
    }
    return steps
  }

  /// Writes `bytes` into the named pipe at `path` on a thread of its own, as another program would.
  private func feed(_ bytes: [UInt8], into path: String) -> Thread {
    signal(SIGPIPE, SIG_IGN)  // a reader that stops early must not end the tests
    let thread = Thread {
      guard let descriptor = try? SystemCall.openExistingForWriting(path) else { return }
      try? bytes.withUnsafeBytes { raw in
        try SystemCall.writeAll(descriptor, raw.baseAddress!, count: raw.count, path: path)
      }
      SystemCall.close(descriptor)
    }
    thread.start()
    return thread
  }

  @Test func aNamedPipeIsReadOnceAsAStream() throws {
    let folder = try TestDirectory()
    let fifo = folder.file("export.xml")
    try SystemCall.makeFIFO(fifo)
    // More than the 64 KiB looked at to tell what it is, so that sniffing and reading share it.
    var records = ""
    for index in 0..<2_000 {
      records += ExportXML.record(
        "StepCount", value: "\(index)", unit: "count", source: "Watch", start: "2026-01-09 11:00:00 -0500")
    }
    _ = feed(Array(ExportXML.document(records).utf8), into: fifo)
    let source = try HealthInput.open(path: fifo)
    #expect(source.shape == .xmlFile)
    var steps: [Double] = []
    try source.readItems(filter: .everything, diagnostics: Diagnostics()) { item, _ in
      if case .sample(let sample) = item, case .quantity(let value, _) = sample.value { steps.append(value) }
    }
    #expect(steps == (0..<2_000).map(Double.init))
    #expect(throws: InputError.self) {
      try source.readItems(filter: .everything, diagnostics: Diagnostics()) { _, _ in }
    }
  }

  @Test func aProfileInANamedPipeIsReadToo() throws {
    let folder = try TestDirectory()
    let fifo = folder.file("profile")
    try SystemCall.makeFIFO(fifo)
    let profile = """
      {"metaData":{"type":"JsonSingleDocExportTarget","version":"1.0.0"},
       "HKQuantityTypeIdentifierStepCount":[{"sdate":1768000000000,"value":5432,"unit":"count"}]}
      """
    _ = feed(Array(profile.utf8), into: fifo)
    #expect(try steps(fifo) == [5432])
  }

  @Test func aZipArchiveInAPipeIsRefusedWithWhatToDo() throws {
    let folder = try TestDirectory()
    var fixture = ExportFixture()
    fixture.add("apple_health_export/export.xml", Self.xml)
    try fixture.writeZip(at: folder.file("export.zip"))
    let fifo = folder.file("pipe")
    try SystemCall.makeFIFO(fifo)
    _ = feed(Array(try Data(contentsOf: URL(fileURLWithPath: folder.file("export.zip")))), into: fifo)
    let error = try #require(throws: InputError.self) { try HealthInput.open(path: fifo) }
    guard case .unreadable(let path, let reason) = error else {
      Issue.record("expected unreadable, got \(error)")
      return
    }
    #expect(path == fifo)
    #expect(reason.hasPrefix("it is a zip archive arriving through a pipe"))
    #expect(reason.contains("unzip -p export.zip apple_health_export/export.xml"))
  }

  @Test func aLoopOfLinksIsCalledOneNotAMissingFile() throws {
    let folder = try TestDirectory()
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("a"), withDestinationPath: folder.file("b"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("b"), withDestinationPath: folder.file("a"))
    #expect(
      throws: InputError.unreadable(path: folder.file("a"), reason: "Too many levels of symbolic links")
    ) {
      try HealthInput.open(path: folder.file("a"))
    }
    #expect(throws: InputError.notFound(path: folder.file("missing.xml"))) {
      try HealthInput.open(path: folder.file("missing.xml"))
    }
  }

  @Test func aFolderScanDoesNotFollowLinksOutOfTheFolder() throws {
    let outside = try TestDirectory()
    try outside.write(Self.xml, to: "export.xml")
    let folder = try TestDirectory()
    try FileManager.default.createSymbolicLink(atPath: folder.file("up"), withDestinationPath: outside.path)
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("linked.xml"), withDestinationPath: outside.file("export.xml"))
    #expect(
      throws: InputError.notAnExport(
        path: folder.path, detail: "it holds no XML file whose root is <HealthData> (export.xml)")
    ) {
      try HealthInput.open(path: folder.path)
    }
  }

  @Test func aRecordsFileThatLeadsOutOfTheFolderIsNotRead() throws {
    let outside = try TestDirectory()
    try outside.write(#"{"resourceType":"Observation"}"#, to: "secret.json")
    let folder = try TestDirectory()
    try FileManager.default.createDirectory(
      atPath: folder.file("clinical-records"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("clinical-records/x.json"), withDestinationPath: outside.file("secret.json"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("clinical-records/up"), withDestinationPath: outside.path)
    try folder.write("{}", to: "clinical-records/inside.json")
    let container = FolderContainer(
      folder: folder.path, xmlPath: folder.file("export.xml"), name: folder.path)
    #expect(try container.contents(ofFileAt: "/clinical-records/x.json", limit: 1 << 20) == nil)
    #expect(try container.contents(ofFileAt: "/clinical-records/up/secret.json", limit: 1 << 20) == nil)
    #expect(
      try container.contents(ofFileAt: "/clinical-records/inside.json", limit: 1 << 20) == Array("{}".utf8))
    #expect(container.fileNames(in: "clinical-records") == ["inside.json"])
  }

  @Test func twoHealthXMLsInAnArchiveAreNamedSoThatEitherCanBeChosen() throws {
    let folder = try TestDirectory()
    let other = ExportXML.document(
      ExportXML.record(
        "StepCount", value: "99", unit: "count", source: "Phone", start: "2026-01-09 11:00:00 -0500"))
    var fixture = ExportFixture()
    fixture.add("apple_health_export/export.xml", Self.xml)
    fixture.add("export.xml", other)
    let archive = folder.file("export.zip")
    try fixture.writeZip(at: archive)
    let error = try #require(throws: InputError.self) { try HealthInput.open(path: archive) }
    #expect(
      error
        == .ambiguous(
          path: archive, candidates: ["\(archive):apple_health_export/export.xml", "\(archive):export.xml"]))
    #expect(
      error.description
        == "\(archive) holds several Health exports (\(archive):apple_health_export/export.xml, \(archive):export.xml). Pass the one to read, such as \(archive):apple_health_export/export.xml."
    )
    #expect(try steps("\(archive):apple_health_export/export.xml") == [5432])
    #expect(try steps("\(archive):export.xml") == [99])
    #expect(throws: InputError.notFound(path: "\(archive):nothing.xml")) {
      try HealthInput.open(path: "\(archive):nothing.xml")
    }
  }
}
