/// A Health Records entry of export.xml: a FHIR resource from a hospital or laboratory, whose JSON
/// is a file of the archive.
public struct ClinicalRecord: Hashable, Sendable {
  /// The FHIR resource type: `Observation`, `Condition`, `MedicationOrder`, …
  public var type: String
  /// The resource's FHIR id at the provider.
  public var identifier: String
  /// The provider, such as `Sample Location A`; the Source of lab rows.
  public var sourceName: String
  /// Where the provider's server holds the resource.
  public var sourceURL: String?
  /// `1.0.2` (DSTU2) or `4.0.1` (R4).
  public var fhirVersion: String?
  /// When the Health app received the record.
  public var receivedDate: Timestamp?
  /// The JSON file, rooted at the export folder: `/clinical-records/Observation-….json`.
  public var resourceFilePath: String?
  /// The file's resource, when the reader was asked for it (`ItemFilter`).
  public var resource: FHIRResource?

  /// A clinical record, each argument the property of the same name.
  public init(
    type: String, identifier: String, sourceName: String, sourceURL: String? = nil,
    fhirVersion: String? = nil, receivedDate: Timestamp? = nil, resourceFilePath: String? = nil,
    resource: FHIRResource? = nil
  ) {
    self.type = type
    self.identifier = identifier
    self.sourceName = sourceName
    self.sourceURL = sourceURL
    self.fhirVersion = fhirVersion
    self.receivedDate = receivedDate
    self.resourceFilePath = resourceFilePath
    self.resource = resource
  }
}

/// A FHIR resource as a clinical record's file holds it.
public struct FHIRResource: Hashable, Sendable {
  /// The file's text (one JSON object).
  public var json: String
  /// Its `resourceType` (`Observation`, `Condition`, …), if it names one.
  public var resourceType: String?

  /// A FHIR resource: its JSON text and its `resourceType`.
  public init(json: String, resourceType: String?) {
    self.json = json
    self.resourceType = resourceType
  }
}
