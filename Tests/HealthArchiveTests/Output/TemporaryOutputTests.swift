import Foundation
import HealthArchive
import HealthTestSupport
import SystemShim
import Testing

/// An output made by path (a database, an archive, a folder): made beside its destination, placed
/// whole, owner-only and synced, or not at all.
@Suite struct TemporaryOutputTests {
  /// Makes an output at `path` the way a path writer does: writes the temporary file by its path,
  /// with permissions of its own, then commits.
  private func make(_ text: String, at path: String, overwrites: Bool) throws {
    let output = try TemporaryOutput(path: path, overwrites: overwrites)
    try Data(text.utf8).write(to: URL(fileURLWithPath: output.temporaryPath))
    try SystemCall.setPermissions(output.temporaryPath, mode: 0o644)
    try output.commit()
  }

  @Test func theWriterGetsAnEmptyOwnerOnlyFileBesideTheDestination() throws {
    let folder = try TestDirectory()
    let output = try TemporaryOutput(path: folder.file("health.sqlite"), overwrites: false)
    #expect(output.temporaryPath == folder.file(".health.sqlite.\(SystemCall.processID).0.tmp"))
    #expect(SystemCall.fileSize(output.temporaryPath) == 0)
    #expect(SystemCall.permissions(of: output.temporaryPath) == 0o600)
    output.discard()
    #expect(try folder.contents() == [])
  }

  @Test func placesWhatTheWriterMadeOwnerOnly() throws {
    let folder = try TestDirectory()
    try make("tables\n", at: folder.file("health.sqlite"), overwrites: false)
    #expect(try folder.read("health.sqlite") == "tables\n")
    #expect(SystemCall.permissions(of: folder.file("health.sqlite")) == 0o600)
    #expect(try folder.contents() == ["health.sqlite"])
  }

  @Test func aWriterThatFailsLeavesNothingBehind() throws {
    struct WriterFailed: Error {}
    let folder = try TestDirectory()
    #expect(throws: WriterFailed.self) {
      let output = try TemporaryOutput(path: folder.file("health.sqlite"), overwrites: false)
      try Data("half a database".utf8).write(to: URL(fileURLWithPath: output.temporaryPath))
      throw WriterFailed()  // never committed: dropped with the output
    }
    #expect(try folder.contents() == [])
  }

  @Test func anExistingFileIsReplacedOnlyWhenAsked() throws {
    let folder = try TestDirectory()
    let path = try folder.write("mine\n", to: "health.sqlite")
    #expect(throws: OutputError.alreadyExists(path: path)) {
      try make("new\n", at: path, overwrites: false)
    }
    #expect(try folder.read("health.sqlite") == "mine\n")
    try make("new\n", at: path, overwrites: true)
    #expect(try folder.read("health.sqlite") == "new\n")
    #expect(SystemCall.permissions(of: path) == 0o600)
    #expect(try folder.contents() == ["health.sqlite"])
  }

  @Test func aFileThatAppearsWhileWritingIsNotReplaced() throws {
    let folder = try TestDirectory()
    let output = try TemporaryOutput(path: folder.file("health.sqlite"), overwrites: false)
    try folder.write("appeared\n", to: "health.sqlite")
    #expect(throws: OutputError.alreadyExists(path: folder.file("health.sqlite"))) {
      try output.commit()
    }
    #expect(try folder.read("health.sqlite") == "appeared\n")
    #expect(try folder.contents() == ["health.sqlite"])
  }

  @Test func somethingInTheWayOfATemporaryNameIsSkippedAndKept() throws {
    let folder = try TestDirectory()
    let taken = ".health.sqlite.\(SystemCall.processID).0.tmp"
    try folder.write("not ours\n", to: taken)
    let output = try TemporaryOutput(path: folder.file("health.sqlite"), overwrites: false)
    #expect(output.temporaryPath == folder.file(".health.sqlite.\(SystemCall.processID).1.tmp"))
    try output.commit()
    #expect(try folder.contents() == [taken, "health.sqlite"])
    #expect(try folder.read(taken) == "not ours\n")
  }

  @Test func aFileIsNeverPutInPlaceOfAFolderADeviceOrAMissingFolder() throws {
    let folder = try TestDirectory()
    #expect(throws: OutputError.cannotCreate(path: folder.path, reason: "it is a folder")) {
      _ = try TemporaryOutput(path: folder.path, overwrites: true)
    }
    #expect(throws: OutputError.alreadyExists(path: "/dev/null")) {
      _ = try TemporaryOutput(path: "/dev/null", overwrites: false)
    }
    #expect(throws: OutputError.cannotCreate(path: "/dev/null", reason: "it is not a regular file")) {
      _ = try TemporaryOutput(path: "/dev/null", overwrites: true)
    }
    let missing = folder.file("missing/health.sqlite")
    #expect(throws: OutputError.folderNotFound(path: missing)) {
      _ = try TemporaryOutput(path: missing, overwrites: false)
    }
    #expect(SystemCall.kind(of: "/dev/null") == .other)
    #expect(try folder.contents() == [])
  }

  @Test func aFolderIsPlacedWithEverythingInItOwnerOnly() throws {
    let folder = try TestDirectory()
    let output = try TemporaryOutput(path: folder.file("export"), overwrites: false, form: .folder)
    #expect(SystemCall.kind(of: output.temporaryPath) == .directory)
    try FileManager.default.createDirectory(
      atPath: output.temporaryPath + "/workout-routes", withIntermediateDirectories: false)
    try Data("<gpx/>".utf8).write(to: URL(fileURLWithPath: output.temporaryPath + "/workout-routes/a.gpx"))
    try output.commit()
    #expect(try folder.read("export/workout-routes/a.gpx") == "<gpx/>")
    #expect(SystemCall.permissions(of: folder.file("export")) == 0o700)
    #expect(SystemCall.permissions(of: folder.file("export/workout-routes")) == 0o700)
    #expect(SystemCall.permissions(of: folder.file("export/workout-routes/a.gpx")) == 0o600)
    #expect(try folder.contents() == ["export"])
  }

  @Test func aFolderReplacesAFolderOnlyWhenAsked() throws {
    let folder = try TestDirectory()
    try FileManager.default.createDirectory(atPath: folder.file("export"), withIntermediateDirectories: false)
    try folder.write("mine\n", to: "export/note.txt")
    #expect(throws: OutputError.alreadyExists(path: folder.file("export"))) {
      _ = try TemporaryOutput(path: folder.file("export"), overwrites: false, form: .folder)
    }
    let output = try TemporaryOutput(path: folder.file("export"), overwrites: true, form: .folder)
    try Data("new\n".utf8).write(to: URL(fileURLWithPath: output.temporaryPath + "/export.xml"))
    try output.commit()
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("export")) == ["export.xml"])
    #expect(try folder.contents() == ["export"])
  }

  @Test func aFailedFolderLeavesNothingBehind() throws {
    let folder = try TestDirectory()
    do {
      let output = try TemporaryOutput(path: folder.file("export"), overwrites: false, form: .folder)
      try FileManager.default.createDirectory(
        atPath: output.temporaryPath + "/clinical-records", withIntermediateDirectories: false)
      try Data("{}".utf8).write(to: URL(fileURLWithPath: output.temporaryPath + "/clinical-records/a.json"))
      output.discard()
    }
    #expect(try folder.contents() == [])
  }
}
