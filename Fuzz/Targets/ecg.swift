import HealthModel

// The ECG recording reader: any bytes as an electrocardiograms/ecg_….csv file, the recording or
// the failure's message made.
@testable import HealthArchive

/// libFuzzer's entry point, called with each input.
/// - Parameters:
///   - start: the input's first byte.
///   - count: the input's length.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzElectrocardiogramReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  do {
    let recording = try ElectrocardiogramReader.read(bytes, fileName: "ecg_fuzz.csv")
    _ = "\(recording)"
  } catch {
    _ = "\(error.reason) \(error.line)"
  }
  return 0
}
