import Foundation
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthArchive

@Suite struct SpillFileTests {
  @Test func writesAtItsEndReadsBackAnywhereAndGoesAwayWithItsLastReference() throws {
    let folder = try TestDirectory()
    var file: SpillFile? = try SpillFile(beside: folder.file("out.csv"))
    let path = file!.path
    #expect(try folder.contents().count == 1)
    #expect((path as NSString).lastPathComponent.hasPrefix(".out.csv."))
    #expect(SystemCall.permissions(of: path) == 0o600)

    let first: [UInt8] = Array(0..<100)
    let second: [UInt8] = Array(repeating: 7, count: 50)
    #expect(try first.withUnsafeBytes { try file!.append($0) } == 0)
    #expect(try second.withUnsafeBytes { try file!.append($0) } == 100)
    #expect(file!.size == 150)

    var middle = [UInt8](repeating: 0, count: 10)
    try middle.withUnsafeMutableBytes { try file!.read(at: 95, into: $0) }
    #expect(middle == [95, 96, 97, 98, 99, 7, 7, 7, 7, 7])
    #expect(throws: OutputError.writeFailed(path: path, reason: "the temporary file ended early")) {
      try middle.withUnsafeMutableBytes { try file!.read(at: 145, into: $0) }
    }

    file = nil
    #expect(try folder.contents() == [])
  }

  @Test func saysWhereItCannotBeMade() throws {
    let folder = try TestDirectory()
    let missing = folder.file("missing/out.csv")
    #expect(throws: OutputError.cannotCreate(path: missing, reason: "No such file or directory")) {
      try SpillFile(beside: missing)
    }
  }
}
