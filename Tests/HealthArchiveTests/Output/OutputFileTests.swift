import HealthArchive
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

@Suite struct OutputFileTests {
  private func write(_ text: String, to path: String, overwrites: Bool) throws {
    let file = try OutputFile(path: path, overwrites: overwrites)

    try file.write(Array(text.utf8))
    try file.commit()
  }

  @Test func writesOwnerOnlyAndLeavesNoTemporaryFile() throws {
    let folder = try TestDirectory()
    try write("a,b\n", to: folder.file("out.csv"), overwrites: false)
    #expect(try folder.read("out.csv") == "a,b\n")
    #expect(SystemCall.permissions(of: folder.file("out.csv")) == 0o600)
    #expect(try folder.contents() == ["out.csv"])
  }

  @Test func aFileWhosePagesAreDroppedAsItGrowsHasEveryByte() throws {
    let folder = try TestDirectory()
    let file = try OutputFile(path: folder.file("out.csv"), overwrites: false, dropInterval: 10)
    var expected = ""
    for index in 0..<100 {
      let line = "line \(index)\n"
      expected += line
      try file.write(Array(line.utf8))
    }
    try file.commit()
    #expect(try folder.read("out.csv") == expected)
    #expect(SystemCall.permissions(of: folder.file("out.csv")) == 0o600)
    #expect(try folder.contents() == ["out.csv"])
  }

  @Test func refusesToOverwriteUnlessAsked() throws {
    let folder = try TestDirectory()
    let path = try folder.write("old\n", to: "out.csv")
    #expect(throws: OutputError.alreadyExists(path: path)) {
      try write("new\n", to: path, overwrites: false)
    }
    #expect(try folder.read("out.csv") == "old\n")
    try write("new\n", to: path, overwrites: true)
    #expect(try folder.read("out.csv") == "new\n")
    #expect(SystemCall.permissions(of: path) == 0o600)
    #expect(try folder.contents() == ["out.csv"])
  }

  @Test func leavesNothingWhenDiscarded() throws {
    let folder = try TestDirectory()
    do {
      let file = try OutputFile(path: folder.file("out.csv"), overwrites: false)
      let text = "partial"
      try file.write(Array(text.utf8))
      // Dropped without commit: the run failed.
    }
    #expect(try folder.contents() == [])
  }

  @Test func namesAMissingFolder() throws {
    let folder = try TestDirectory()
    let path = folder.file("missing/out.csv")
    #expect(throws: OutputError.folderNotFound(path: path)) { try write("x", to: path, overwrites: false) }
    #expect(
      OutputError.folderNotFound(path: path).description
        == "The folder for \(path) does not exist. Create it first, or choose another path with --output.")
  }

  @Test func refusesAFolderAsTheFile() throws {
    let folder = try TestDirectory()
    #expect(throws: OutputError.cannotCreate(path: folder.path, reason: "it is a folder")) {
      try write("x", to: folder.path, overwrites: true)
    }
  }

  @Test func writesIntoADeviceWithoutReplacingIt() throws {
    // A device is written to, never renamed over: /dev/null must stay /dev/null.
    try write("rows\n", to: "/dev/null", overwrites: false)
    try write("rows\n", to: "/dev/null", overwrites: true)
    #expect(SystemCall.kind(of: "/dev/null") == .other)
  }
}
