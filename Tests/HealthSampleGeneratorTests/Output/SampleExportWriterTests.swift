import Foundation
import HealthArchive
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import SystemShim
import Testing

/// Writing a generated export: whole or not at all, never over an existing output unless asked.
@Suite struct SampleExportWriterTests {
  static let configuration = SampleConfiguration(
    seed: 3, days: 1, end: CivilDateTime(year: 2026, month: 6, day: 30), timeZoneIdentifier: "UTC")

  @Test(arguments: [
    ("export.zip", SampleOutputFormat.zip), ("Export.XML", .xml), ("apple_health_export", .folder),
    ("out/sample", .folder), ("sample.zip/", .folder),
  ])
  func theFormatFollowsTheExtension(_ example: (String, SampleOutputFormat)) {
    #expect(SampleOutputFormat.inferred(fromPath: example.0) == example.1)
  }

  @Test func aZipArchiveHoldsTheAppleHealthExportFolder() throws {
    let folder = try TestDirectory()
    let export = try SampleExport(configuration: Self.configuration)
    let summary = try SampleExportWriter.write(
      export, to: folder.file("export.zip"), format: .zip, overwrites: false)
    let archive = try ZipArchive(path: folder.file("export.zip"))
    let names = archive.entries.map(\.normalizedName)
    #expect(
      names == ["apple_health_export/export.xml"] + export.filePaths.map { "apple_health_export/" + $0 })
    #expect(summary.exportXMLBytes == Int(archive.entries[0].uncompressedSize))
    #expect(summary.fileCount == export.filePaths.count)
    #expect(SystemCall.permissions(of: folder.file("export.zip")) == 0o600)
  }

  @Test func aFolderHoldsWhatTheArchivesFolderHolds() throws {
    let folder = try TestDirectory()
    let export = try SampleExport(configuration: Self.configuration)
    try SampleExportWriter.write(export, to: folder.file("out"), format: .folder, overwrites: false)
    let folders = Set(export.filePaths.map { String($0.split(separator: "/")[0]) })
    #expect(folders.isSuperset(of: ["clinical-records", "electrocardiograms"]))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("out")).sorted()
        == (folders + ["export.xml"]).sorted())
    for path in export.filePaths {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.file("out/" + path)))
      #expect(Array(bytes) == export.contents(ofFileAt: path))
    }
    #expect(SystemCall.permissions(of: folder.file("out")) == 0o700)
    #expect(try folder.contents() == ["out"])
  }

  @Test(arguments: SampleOutputFormat.allCases)
  func anExistingOutputIsKeptWithoutOverwriting(_ format: SampleOutputFormat) throws {
    let folder = try TestDirectory()
    let export = try SampleExport(configuration: Self.configuration)
    let path = folder.file("existing")
    if format == .folder {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      try folder.write("mine\n", to: "existing/note.txt")
    } else {
      try folder.write("mine\n", to: "existing")
    }
    #expect(throws: OutputError.alreadyExists(path: path)) {
      try SampleExportWriter.write(export, to: path, format: format, overwrites: false)
    }
    #expect(try folder.read(format == .folder ? "existing/note.txt" : "existing") == "mine\n")

    try SampleExportWriter.write(export, to: path, format: format, overwrites: true)
    switch format {
    case .folder: #expect(try FileManager.default.contentsOfDirectory(atPath: path).contains("export.xml"))
    case .zip: #expect(try ZipArchive(path: path).entries.count == 1 + export.filePaths.count)
    case .xml: #expect(try folder.read("existing").hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
    }
    #expect(try folder.contents() == ["existing"])
  }

  @Test func aFolderReplacesAFileAndFollowsATrailingSlash() throws {
    let folder = try TestDirectory()
    let export = try SampleExport(configuration: Self.configuration)
    try folder.write("mine\n", to: "out")
    let summary = try SampleExportWriter.write(
      export, to: folder.file("out/"), format: .folder, overwrites: true)
    #expect(summary.path == folder.file("out"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("out")).contains("export.xml"))
    #expect(try folder.contents() == ["out"])
  }

  @Test func aMissingFolderOrAFolderInTheWayIsRefusedBeforeAnyWork() throws {
    let folder = try TestDirectory()
    let export = try SampleExport(configuration: Self.configuration)
    let missing = folder.file("nope/export.zip")
    #expect(throws: OutputError.folderNotFound(path: missing)) {
      try SampleExportWriter.write(export, to: missing, format: .zip, overwrites: false)
    }
    try FileManager.default.createDirectory(atPath: folder.file("dir"), withIntermediateDirectories: false)
    #expect(throws: OutputError.cannotCreate(path: folder.file("dir"), reason: "it is a folder")) {
      try SampleExportWriter.write(export, to: folder.file("dir"), format: .xml, overwrites: true)
    }
    #expect(try folder.contents() == ["dir"])
  }

  @Test func somethingInTheWayOfTheTemporaryNameIsNeitherUsedNorRemoved() throws {
    let folder = try TestDirectory()
    let export = try SampleExport(configuration: Self.configuration)
    let temporary = ".export.zip.\(SystemCall.processID).0.tmp"
    try FileManager.default.createDirectory(
      atPath: folder.file(temporary), withIntermediateDirectories: false)
    try folder.write("mine\n", to: temporary + "/note.txt")
    try SampleExportWriter.write(export, to: folder.file("export.zip"), format: .zip, overwrites: false)
    #expect(try ZipArchive(path: folder.file("export.zip")).entries.count == 1 + export.filePaths.count)
    #expect(try folder.contents() == [temporary, "export.zip"])
    #expect(try folder.read(temporary + "/note.txt") == "mine\n")
  }
}
