/// One FHIR resource of the person's health records: the `ClinicalRecord` element that points at
/// it and the JSON file in `clinical-records/`.
package struct ClinicalDocument: Sendable {
  /// What the resource holds.
  package enum Content: Sendable {
    case patient
    /// One of the person's conditions, by index.
    case condition(Int)
    case allergy
    case immunization
    case medication
    /// A lab result: the visit's day and the lab's index in the registry.
    case labResult(visitDay: Int64, labIndex: Int)
  }

  package var content: Content
  package var provider: ClinicalProvider
  /// The FHIR resource type: `Observation`, `Patient`, `MedicationRequest` (R4) or
  /// `MedicationOrder` (DSTU2)…
  package var resourceType: String
  /// The resource's FHIR id at the provider.
  package var identifier: String
  /// Apple's UUID in the file name.
  package var uuid: String
  /// When the phone received it.
  package var receivedInstant: Int64
  /// The resource's own date (the specimen's collection for lab results).
  package var effectiveInstant: Int64

  /// `/clinical-records/Observation-<UUID>.json`, as `resourceFilePath` writes it.
  package var resourceFilePath: String { "/clinical-records/\(resourceType)-\(uuid).json" }
  /// The resource's address at the provider.
  package var sourceURL: String { provider.baseURL + resourceType + "/" + identifier }
}
