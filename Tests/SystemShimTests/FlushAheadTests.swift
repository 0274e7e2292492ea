import Foundation
import Testing

@testable import SystemShim

/// A file flushed ahead on a thread of its own: nothing of it changes, and a file that went
/// away meanwhile is no failure (the flush before placing meets whatever is wrong).
@Suite struct FlushAheadTests {
  @Test func leavesTheFileAsItWas() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "flush-ahead-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("health.sqlite").path
    let bytes = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try bytes.write(to: URL(fileURLWithPath: file))
    let modified = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
    let flush = FlushAhead(path: file)
    flush.wait()
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == bytes)
    #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == modified)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["health.sqlite"])
  }

  /// Returns (rather than crashing or waiting forever) when there is nothing to open.
  @Test(.timeLimit(.minutes(1))) func aFileThatIsGoneIsNoFailure() {
    let flush = FlushAhead(path: "/nonexistent-\(UUID().uuidString)/health.sqlite")
    flush.wait()
  }
}
