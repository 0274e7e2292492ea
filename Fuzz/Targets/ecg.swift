import HealthModel

// The ECG recording reader: any bytes as an electrocardiograms/ecg_….csv file, the recording or
// the failure's message made.
@testable import HealthArchive

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
