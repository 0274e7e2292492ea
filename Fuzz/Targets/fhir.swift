import HealthModel

// The FHIR Observation decoder over any JSON resource, with the registry's LOINC codes.
@testable import HealthArchive

/// libFuzzer's entry point, called with each input.
/// - Parameters:
///   - start: the input's first byte.
///   - count: the input's length.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFHIRObservation(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  guard let resource = try? JSONValue(parsing: bytes, name: "Observation.json") else { return 0 }
  let record = ClinicalRecord(
    type: "Observation", identifier: "fuzz", sourceName: "Fuzz Lab", sourceURL: nil, fhirVersion: "4.0.1",
    receivedDate: nil, resourceFilePath: "/clinical-records/Observation.json")
  let outcome = FHIRObservation.read(resource, record: record, registry: .standard)
  _ = "\(outcome)"
  return 0
}
