import Foundation
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthArchive

/// The names temporaries get, what a killed run leaves and the next run removes, and that a
/// temporary reopened by path is never written through a link put in its place.
@Suite struct TemporaryNameTests {
  /// A process id no process has (above Linux's largest, `pid_max`, and macOS's).
  static let deadProcessID: Int32 = 99_999_999

  @Test(arguments: [
    ("out.csv", ".out.csv.%d.0.tmp"),
    ("./out.csv", "./.out.csv.%d.0.tmp"),
    ("reports/out.csv", "reports/.out.csv.%d.0.tmp"),
    ("/out.csv", "/.out.csv.%d.0.tmp"),
    ("a", ".a.%d.0.tmp"),
  ])
  func aTemporaryNameKeepsTheWholeFileName(path: String, expected: String) {
    let pid = SystemCall.processID
    #expect(
      OutputPlacement.temporaryName(of: path, attempt: 0)
        == expected.replacingOccurrences(of: "%d", with: "\(pid)"))
  }

  @Test(arguments: [
    (".out.csv.123.0.tmp", 123 as Int32?),
    (".out.csv.123.17.tmp.old", 123),
    (".my.report.v2.csv.4242.3.tmp", 4242),
    (".health-profile.77.0.tmp", 77),
    (".out.csv.123.tmp", nil),
    ("out.csv.123.0.tmp", nil),
    (".out.csv.12a.0.tmp", nil),
    (".out.csv.123.0.temp", nil),
    ("..123.0.tmp", nil),
    (".out.csv.99999999999.0.tmp", nil),
  ])
  func theProcessOfATemporaryIsReadFromItsName(name: String, expected: Int32?) {
    #expect(StaleTemporaries.processID(inTemporaryName: name) == expected)
  }

  @Test func theNextRunRemovesWhatAKilledRunLeftAndNothingElse() throws {
    let folder = try TestDirectory()
    let dead = Self.deadProcessID
    let staleFile = try folder.write("half a csv", to: ".out.csv.\(dead).0.tmp")
    try SystemCall.setPermissions(staleFile, mode: 0o600)
    let staleFolder = folder.file(".health-profile.\(dead).0.tmp")
    try SystemCall.createFolder(staleFolder, mode: 0o700)
    try folder.write("spilled", to: ".health-profile.\(dead).0.tmp/0.part")
    let staleOld = folder.file(".report.\(dead).2.tmp.old")
    try SystemCall.createFolder(staleOld, mode: 0o700)
    // Kept: a live process's, one not owner-only (not made by the tool), another shape.
    let alive = try folder.write("in use", to: ".other.csv.\(SystemCall.processID).0.tmp")
    try SystemCall.setPermissions(alive, mode: 0o600)
    try SystemCall.setPermissions(try folder.write("mine", to: ".notes.\(dead).0.tmp"), mode: 0o644)
    try folder.write("mine", to: "notes.\(dead).0.tmp")

    let output = try TemporaryOutput(path: folder.file("out.csv"), overwrites: false)
    #expect(
      try folder.contents() == [
        ".notes.\(dead).0.tmp", ".other.csv.\(SystemCall.processID).0.tmp",
        ".out.csv.\(SystemCall.processID).0.tmp", "notes.\(dead).0.tmp",
      ])
    output.discard()
  }

  @Test func aStaleSymbolicLinkIsNotFollowed() throws {
    let folder = try TestDirectory()
    let victim = try folder.write("precious", to: "victim")
    try FileManager.default.createSymbolicLink(
      atPath: folder.file(".out.csv.\(Self.deadProcessID).0.tmp"), withDestinationPath: victim)
    let output = try TemporaryOutput(path: folder.file("out.csv"), overwrites: false)
    output.discard()
    #expect(try folder.read("victim") == "precious")
  }

  @Test func aTemporaryReopenedByPathIsNeverWrittenThroughALinkPutInItsPlace() throws {
    let folder = try TestDirectory()
    let victim = try folder.write("precious", to: "victim")
    let output = try TemporaryOutput(path: folder.file("sample.zip"), overwrites: false)
    // Someone swaps the reserved name for a link to another file before the writer opens it.
    try FileManager.default.removeItem(atPath: output.temporaryPath)
    try FileManager.default.createSymbolicLink(atPath: output.temporaryPath, withDestinationPath: victim)
    let descriptor = try SystemCall.createOrTruncate(output.temporaryPath, mode: 0o600)
    SystemCall.close(descriptor)
    #expect(try folder.read("victim") == "precious")
    #expect(SystemCall.linkStatus(of: output.temporaryPath)?.kind == .regularFile)
    output.discard()
  }

  /// A signal's cleanup removes the reserved name and holds the lock until the process ends; a
  /// writer opening the name meanwhile must not make it again, to be left behind.
  @Test func aTemporaryIsNotMadeAgainWhileASignalsCleanupHoldsTheLock() throws {
    let folder = try TestDirectory()
    let path = folder.file(".sample.zip.\(Self.deadProcessID).0.tmp")
    let seen = HeldCleanupLock.whileHeld(
      {
        if let descriptor = try? SystemCall.createOrTruncate(path, mode: 0o600) {
          SystemCall.close(descriptor)
        }
      },
      isMade: { SystemCall.kind(of: path) == .regularFile })
    #expect(seen.whileHeld == false)
    #expect(seen.after == true)
  }

  @Test func everyTemporaryIsRegisteredUntilItIsPlacedOrRemoved() throws {
    let folder = try TestDirectory()
    let file = try OutputFile(path: folder.file("a.csv"), overwrites: false)
    let output = try TemporaryOutput(path: folder.file("b.sqlite"), overwrites: false)
    let tree = try TemporaryOutput(path: folder.file("c"), overwrites: false, form: .folder)
    let registered = TemporaryPaths.shared.registered
    for name in ["a.csv", "b.sqlite", "c"] {
      #expect(registered.contains(folder.file(".\(name).\(SystemCall.processID).0.tmp")))
    }
    try file.commit()
    try output.commit()
    tree.discard()
    let after = TemporaryPaths.shared.registered
    #expect(!after.contains { $0.hasPrefix(folder.path) })
    #expect(try folder.contents() == ["a.csv", "b.sqlite"])
  }

  @Test func aSignalsCleanupRemovesWhatIsRegisteredFoldersIncluded() throws {
    let folder = try TestDirectory()
    let registry = TemporaryPaths()
    let temporary = folder.file(".export.\(Self.deadProcessID).0.tmp")
    try SystemCall.createFolder(temporary, mode: 0o700)
    try SystemCall.createFolder(temporary + "/clinical-records", mode: 0o700)
    try folder.write("<HealthData/>", to: ".export.\(Self.deadProcessID).0.tmp/export.xml")
    try folder.write("{}", to: ".export.\(Self.deadProcessID).0.tmp/clinical-records/a.json")
    try FileManager.default.createSymbolicLink(
      atPath: temporary + "/link", withDestinationPath: try folder.write("kept", to: "outside"))
    registry.register(temporary)
    registry.register(try folder.write("half", to: ".out.csv.\(Self.deadProcessID).0.tmp"))
    registry.removeAll()
    #expect(try folder.contents() == ["outside"])
    #expect(try folder.read("outside") == "kept")
    #expect(registry.registered.isEmpty)
  }
}
