import Foundation
import HealthModel

// Opening an input as the tool does: any bytes as a file (a zip archive, an export.xml, a JSON
// profile, or nothing of the kind), sniffed, opened and read whole with every item delivered, the
// FHIR files its clinical records name included.
@testable import HealthArchive

private let path = FuzzFile.path(extension: "input")

/// libFuzzer's entry point, called with each input.
/// - Parameters:
///   - start: the input's first byte.
///   - count: the input's length.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHealthInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  FuzzFile.write(start, count, to: path)
  do {
    let source = try HealthInput.open(path: path)
    try source.readItems(filter: .everything, diagnostics: Diagnostics()) { item, location in
      _ = "\(item) \(location)"
    }
  } catch {
    _ = "\(error)"
  }
  return 0
}
