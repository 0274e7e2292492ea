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
    #expect(try first.withRawSpan { try file!.append($0) } == 0)
    #expect(try second.withRawSpan { try file!.append($0) } == 100)
    #expect(file!.size == 150)

    var middle = [UInt8](repeating: 0, count: 10)
    middle = try file!.read(middle.count, of: UInt8.self, at: 95)
    #expect(middle == [95, 96, 97, 98, 99, 7, 7, 7, 7, 7])
    #expect(throws: OutputError.writeFailed(path: path, reason: "the temporary file ended early")) {
      middle = try file!.read(middle.count, of: UInt8.self, at: 145)
    }

    file = nil
    #expect(try folder.contents() == [])
  }

  @Test func readsWaitForEverythingAppendedBeforeThem() throws {
    let folder = try TestDirectory()
    // Blocks of 16 bytes, pieces of 1 to 40: pieces cut across blocks, reads between appends.
    let file = try SpillFile(beside: folder.file("out.csv"), blockSize: 16)
    var all: [UInt8] = []
    for index in 0..<200 {
      let piece = (0..<(1 + index % 40)).map { UInt8(truncatingIfNeeded: index &* 7 &+ $0) }
      #expect(try piece.withRawSpan { try file.append($0) } == Int64(all.count))
      all += piece
      if index % 17 == 0 {
        let start = all.count / 3
        var back = [UInt8](repeating: 0, count: all.count - start)
        back = try file.read(back.count, of: UInt8.self, at: Int64(start))
        #expect(back == Array(all[start...]))
      }
    }
    var back = [UInt8](repeating: 0, count: all.count)
    back = try file.read(back.count, of: UInt8.self, at: 0)
    #expect(back == all)
    #expect(file.size == Int64(all.count))
  }

  @Test func aWriteThatFailsOnItsThreadIsThrownByTheNextRead() throws {
    let folder = try TestDirectory()
    let failure = OutputError.writeFailed(path: "spill", reason: "No space left on device")
    var blocks = 0
    let file = try SpillFile(
      beside: folder.file("out.csv"), blockSize: 16,
      writesBlock: ByteSink { _ in
        blocks += 1
        if blocks == 2 { throw failure }
      })
    let bytes = [UInt8](repeating: 1, count: 40)
    _ = try bytes.withRawSpan { try file.append($0) }
    var back = [UInt8](repeating: 0, count: 8)
    #expect(throws: failure) {
      back = try file.read(back.count, of: UInt8.self, at: 0)
    }
    // Once failed, the file takes nothing more.
    #expect(throws: failure) {
      _ = try bytes.withRawSpan { try file.append($0) }
    }
    #expect(blocks == 2)
  }

  @Test func saysWhereItCannotBeMade() throws {
    let folder = try TestDirectory()
    let missing = folder.file("missing/out.csv")
    #expect(throws: OutputError.cannotCreate(path: missing, reason: "No such file or directory")) {
      try SpillFile(beside: missing)
    }
  }
}
