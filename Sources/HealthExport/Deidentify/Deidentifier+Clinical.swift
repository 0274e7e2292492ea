import HealthArchive
import HealthModel

extension Deidentifier {
  /// A clinical record without its provider's address, its resource de-identified
  /// (`FHIRDeidentification`); nil for the record of a person or an organization.
  func clinicalRecord(_ record: ClinicalRecord) -> ClinicalRecord? {
    if FHIRDeidentification.identityTypes.contains(record.type) {
      removed.clinicalResources[record.type, default: 0] += 1
      return nil
    }
    var record = record
    record.sourceName = source(record.sourceName)
    if let url = record.sourceURL, !url.isEmpty { removed.clinicalElements += 1 }
    record.sourceURL = nil
    record.receivedDate = shift(record.receivedDate)
    guard let resource = record.resource else { return record }
    guard let parsed = try? JSONValue(parsing: Array(resource.json.utf8), name: record.type) else {
      removed.unreadableResources += 1
      record.resource = nil
      return record
    }
    var count = 0
    guard let kept = FHIRDeidentification.deidentified(parsed, shift: shift, removed: &count) else {
      removed.clinicalResources[parsed["resourceType"]?.stringValue ?? record.type, default: 0] += 1
      return nil
    }
    removed.clinicalElements += count
    record.resource = FHIRResource(
      json: String(decoding: JSONWriter.bytes(of: kept, formatting: .pretty), as: UTF8.self),
      resourceType: resource.resourceType)
    return record
  }
}
