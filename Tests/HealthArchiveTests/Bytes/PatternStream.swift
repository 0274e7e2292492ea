import Foundation
import SystemShim

@testable import HealthArchive

/// A stream of `count` bytes (`i % 251`) that fails after `failingAfter` bytes, counts what it
/// handed out, and tells when it goes away: the stream underneath the streams that read on a thread
/// of their own (`ReadAheadByteStream`, `SharedByteWindow`).
final class PatternStream: ByteStream, @unchecked Sendable {
  // Unchecked: read only by one thread once handed over.
  struct Failure: Error, Equatable { var at: Int }

  let name = "source.xml"
  let count: Int
  let failingAfter: Int?
  let chunkLimit: Int
  private(set) var handedOut = 0
  let onRead: @Sendable (Int) -> Void
  let onDeinit: @Sendable (Int) -> Void

  init(
    count: Int, failingAfter: Int? = nil, chunkLimit: Int,
    onRead: @escaping @Sendable (Int) -> Void = { _ in },
    onDeinit: @escaping @Sendable (Int) -> Void = { _ in }
  ) {
    self.count = count
    self.failingAfter = failingAfter
    self.chunkLimit = chunkLimit
    self.onRead = onRead
    self.onDeinit = onDeinit
  }

  deinit { onDeinit(handedOut) }

  func read(into output: inout OutputRawSpan) throws {
    let end = failingAfter ?? count
    if handedOut == failingAfter { throw Failure(at: handedOut) }
    let n = min(output.freeCapacity, end - handedOut, chunkLimit)
    for i in 0..<n { output.append(UInt8((handedOut + i) % 251)) }
    handedOut += n
    onRead(handedOut)
  }

  /// The first `count` bytes of every pattern stream.
  static func expected(_ count: Int) -> [UInt8] { (0..<count).map { UInt8($0 % 251) } }

  /// Everything read through `stream` in reads of `readSize`, until the end or an error.
  static func readAll(_ stream: any ByteStream, readSize: Int) -> (bytes: [UInt8], error: (any Error)?) {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: readSize)
    do {
      while true {
        let n = try stream.read(filling: &chunk)
        if n == 0 { return (bytes, nil) }
        bytes += chunk[0..<n]
      }
    } catch {
      return (bytes, error)
    }
  }

  /// What a stream handed out when it went away, told from its thread.
  final class Released: @unchecked Sendable {
    // Unchecked: under its lock.
    private let lock = NSLock()
    private var count: Int?
    func mark(_ handedOut: Int) { lock.withLock { count = handedOut } }
    var handedOut: Int? { lock.withLock { count } }
  }
}
