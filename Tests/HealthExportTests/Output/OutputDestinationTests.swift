import Foundation
import HealthArchive
import HealthExport
import HealthTestSupport
import SystemShim
import Testing

/// The two ways a writer reaches its destination: bytes into a sink, or a file made by path.
@Suite struct OutputDestinationTests {
  struct WriterFailed: Error {}

  /// A path writer's work: the file at `path` replaced by `text`, with permissions of its own.
  private static func makeFile(at path: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try SystemCall.setPermissions(path, mode: 0o644)
  }

  @Test func aPathWriterMakesATemporaryFileBesideTheDestinationThatIsThenPlaced() throws {
    let folder = try TestDirectory()
    let destination = OutputDestination.file(path: folder.file("health.sqlite"), overwrites: false)
    let result = try destination.writeFile { temporaryPath in
      #expect(temporaryPath == folder.file(".health.sqlite.\(SystemCall.processID).0.tmp"))
      #expect(SystemCall.fileSize(temporaryPath) == 0)
      #expect(SystemCall.permissions(of: temporaryPath) == 0o600)
      try Self.makeFile(at: temporaryPath, "tables\n")
      return 3
    }
    #expect(result == 3)
    #expect(try folder.read("health.sqlite") == "tables\n")
    #expect(SystemCall.permissions(of: folder.file("health.sqlite")) == 0o600)
    #expect(try folder.contents() == ["health.sqlite"])
  }

  @Test func aPathWriterThatThrowsLeavesNothingBehind() throws {
    let folder = try TestDirectory()
    let destination = OutputDestination.file(path: folder.file("health.sqlite"), overwrites: false)
    #expect(throws: WriterFailed.self) {
      try destination.writeFile { temporaryPath in
        try Self.makeFile(at: temporaryPath, "half a database")
        throw WriterFailed()
      }
    }
    #expect(try folder.contents() == [])
  }

  @Test func aPathWriterThatThrowsLeavesTheExistingFileAsItWas() throws {
    let folder = try TestDirectory()
    let path = try folder.write("mine\n", to: "health.sqlite")
    #expect(throws: WriterFailed.self) {
      try OutputDestination.file(path: path, overwrites: true).writeFile { temporaryPath in
        try Self.makeFile(at: temporaryPath, "half a database")
        throw WriterFailed()
      }
    }
    #expect(try folder.read("health.sqlite") == "mine\n")
    #expect(try folder.contents() == ["health.sqlite"])
  }

  @Test func anExistingFileIsNotReplacedWithoutOverwritingAndTheWriterNeverRuns() throws {
    let folder = try TestDirectory()
    let path = try folder.write("mine\n", to: "health.sqlite")
    var ran = false
    #expect(throws: OutputError.alreadyExists(path: path)) {
      try OutputDestination.file(path: path, overwrites: false).writeFile { _ in ran = true }
    }
    #expect(!ran)
    #expect(try folder.read("health.sqlite") == "mine\n")
    try OutputDestination.file(path: path, overwrites: true).writeFile { try Self.makeFile(at: $0, "new\n") }
    #expect(try folder.read("health.sqlite") == "new\n")
    #expect(SystemCall.permissions(of: path) == 0o600)
    #expect(try folder.contents() == ["health.sqlite"])
  }

  @Test func standardOutputCannotTakeAFileMadeByPath() throws {
    var ran = false
    let destination = OutputDestination.sink { _ in }
    #expect(
      throws: OutputError.cannotCreate(
        path: "standard output", reason: "this output is made as a file; name one with --output")
    ) {
      try destination.writeFile { _ in ran = true }
    }
    #expect(!ran)
  }

  @Test func bytesArePlacedWholeOrNotAtAll() throws {
    let folder = try TestDirectory()
    let destination = OutputDestination.file(path: folder.file("out.csv"), overwrites: false)
    #expect(throws: WriterFailed.self) {
      try destination.write { sink in
        try sink.write("half")
        throw WriterFailed()
      }
    }
    #expect(try folder.contents() == [])
    let count = try destination.write { sink in
      try sink.write("a,b\n")
      return 1
    }
    #expect(count == 1)
    #expect(try folder.read("out.csv") == "a,b\n")
    #expect(SystemCall.permissions(of: folder.file("out.csv")) == 0o600)
  }
}
