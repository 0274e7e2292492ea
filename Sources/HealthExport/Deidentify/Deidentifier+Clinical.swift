import Foundation
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
    if let url = record.sourceURL, !url.isEmpty {
      removed.clinicalElements += 1
      if let host = URL(string: url)?.host, !host.isEmpty, !hosts.contains(host) { hosts.append(host) }
    }
    record.sourceURL = nil
    record.identifier = renamed(record.type, record.identifier)
    record.receivedDate = shift(record.receivedDate)
    guard let resource = record.resource else { return record }
    guard let parsed = try? JSONValue(parsing: Array(resource.json.utf8), name: record.type) else {
      removed.unreadableResources += 1
      record.resource = nil
      return record
    }
    var count = 0
    let context = FHIRDeidentification.Context(shift: shift, hosts: hosts) { [unowned self] in
      renamed($0, $1)
    }
    guard let kept = FHIRDeidentification.deidentified(parsed, context: context, removed: &count) else {
      removed.clinicalResources[parsed["resourceType"]?.stringValue ?? record.type, default: 0] += 1
      return nil
    }
    removed.clinicalElements += count
    record.resource = FHIRResource(
      json: String(decoding: JSONWriter.bytes(of: kept, formatting: .pretty), as: UTF8.self),
      resourceType: resource.resourceType)
    return record
  }

  /// The record's own id of the provider's `id` of a resource of `type`: `1`, `2`, … in the order
  /// the ids first come, the same wherever the id is met.
  func renamed(_ type: String, _ id: String) -> String {
    let key = type + "/" + id
    if let number = resourceIDs[key] { return number }
    let number = String(resourceIDs.count + 1)
    resourceIDs[key] = number
    return number
  }

}
