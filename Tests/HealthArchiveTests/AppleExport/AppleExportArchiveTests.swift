import Foundation
import HealthArchive
import HealthTestSupport
import SystemShim
import Testing

/// Apple's layout written: export.xml first, then the files beside it, whenever they come.
@Suite struct AppleExportArchiveTests {
  static let xml = Array("<HealthData locale=\"en_US\">\n</HealthData>\n".utf8)

  /// Writes export.xml in two pieces with a file added between them, then another file.
  static func fill(_ archive: AppleExportArchive) throws {
    try archive.writeExportXML { sink in
      try sink.write(Self.xml[..<10])
      try archive.addFile(at: "/workout-routes/route_2026-01-09_11.00am.gpx", bytes: Array("<gpx/>\n".utf8))
      try sink.write(Self.xml[10...])
    }
    try archive.addFile(at: "clinical-records/Observation-1.json", bytes: Array("{}\n".utf8))
  }

  @Test func aZipArchiveHoldsExportXMLFirstAndFilesThatCameMeanwhileAfterIt() throws {
    let folder = try TestDirectory()
    let archive = try AppleExportArchive(
      zipAt: folder.file("export.zip"),
      modificationTime: ZipWriter.DOSDateTime(year: 2026, month: 1, day: 9, hour: 11),
      displayPath: "export.zip"
    )
    try Self.fill(archive)
    try archive.finish()
    #expect(
      archive.filePaths == [
        "workout-routes/route_2026-01-09_11.00am.gpx", "clinical-records/Observation-1.json",
      ])
    let zip = try ZipArchive(path: folder.file("export.zip"))
    #expect(
      zip.entries.map(\.normalizedName) == [
        "apple_health_export/export.xml", "apple_health_export/workout-routes/route_2026-01-09_11.00am.gpx",
        "apple_health_export/clinical-records/Observation-1.json",
      ])
    #expect(try zip.contents(of: zip.entries[0], limit: 1 << 20) == Self.xml)
    #expect(try zip.contents(of: zip.entries[1], limit: 1 << 20) == Array("<gpx/>\n".utf8))
    // The files that waited are gone with their folder.
    #expect(try folder.contents() == ["export.zip"])
  }

  @Test func aFolderHoldsExportXMLAndTheSubfolders() throws {
    let folder = try TestDirectory()
    try FileManager.default.createDirectory(atPath: folder.file("out"), withIntermediateDirectories: false)
    let archive = AppleExportArchive(folderAt: folder.file("out"), displayPath: "out")
    try Self.fill(archive)
    try archive.finish()
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("out")).sorted() == [
        "clinical-records", "export.xml", "workout-routes",
      ])
    #expect(try folder.read("out/export.xml") == String(decoding: Self.xml, as: UTF8.self))
    #expect(try folder.read("out/clinical-records/Observation-1.json") == "{}\n")
    #expect(SystemCall.permissions(of: folder.file("out/workout-routes")) == 0o700)
    #expect(SystemCall.permissions(of: folder.file("out/export.xml")) == 0o600)
  }

  @Test func exportXMLAloneLeavesTheFilesOut() throws {
    var bytes: [UInt8] = []
    let archive = AppleExportArchive(xmlTo: ByteSink { bytes.append($0) }, displayPath: "standard output")
    try Self.fill(archive)
    try archive.finish()
    #expect(bytes == Self.xml)
    #expect(archive.filePaths.isEmpty)
    #expect(archive.filesLeftOut == 2)
  }

  @Test func aPathOutsideTheExportOrTakenIsLeftOut() throws {
    let folder = try TestDirectory()
    try FileManager.default.createDirectory(atPath: folder.file("out"), withIntermediateDirectories: false)
    let archive = AppleExportArchive(folderAt: folder.file("out"), displayPath: "out")
    #expect(try archive.addFile(at: "/clinical-records/a.json", bytes: [1]))
    #expect(try !archive.addFile(at: "clinical-records/a.json", bytes: [2]))
    #expect(try !archive.addFile(at: "/../../escape.json", bytes: [3]))
    #expect(try !archive.addFile(at: "/", bytes: [4]))
    try archive.finish()
    #expect(archive.filePaths == ["clinical-records/a.json"])
    #expect(archive.filesLeftOut == 3)
    #expect(try folder.contents() == ["out"])
    #expect(
      try Array(Data(contentsOf: URL(fileURLWithPath: folder.file("out/clinical-records/a.json")))) == [1])
  }

  @Test func filesThatWaitedAreRemovedWhenWritingStops() throws {
    let folder = try TestDirectory()
    struct Stop: Error {}
    do {
      let archive = try AppleExportArchive(
        zipAt: folder.file("export.zip"), modificationTime: .dosEpoch, displayPath: "export.zip")
      #expect(throws: Stop.self) {
        try archive.writeExportXML { _ in
          try archive.addFile(at: "workout-routes/a.gpx", bytes: [1, 2, 3])
          throw Stop()
        }
      }
    }
    // What remains is the archive begun, which its caller removes (TemporaryOutput).
    #expect(try folder.contents() == ["export.zip"])
  }
}
