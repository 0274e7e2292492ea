import Foundation

// The zip reader: any bytes as an archive file, its central directory read and every entry (up to
// 64) inflated through its stream, sizes and CRC-32s checked.
@testable import HealthArchive

private let path = FuzzFile.path(extension: "zip")

/// libFuzzer's entry point, called with each input.
/// - Parameters:
///   - start: the input's first byte.
///   - count: the input's length.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZipArchive(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  FuzzFile.write(start, count, to: path)
  do {
    let archive = try ZipArchive(path: path)
    var buffer = [UInt8](repeating: 0, count: 4096)
    for entry in archive.entries.prefix(64) {
      _ = archive.entry(named: entry.name)
      do {
        let stream = try archive.openEntry(entry)
        var total = 0
        while total < 4 << 20 {
          let read = try stream.read(filling: &buffer)
          if read == 0 { break }
          total += read
        }
      } catch {
        _ = "\(error)"
      }
    }
  } catch {
    _ = "\(error)"
  }
  return 0
}
