package import HealthModel

/// A clinic or laboratory the person's records come from, with the FHIR version it serves.
package struct ClinicalProvider: Sendable {
  package var name: String
  /// `4.0.1` (R4) or `1.0.2` (DSTU2).
  package var fhirVersion: String
  /// The server's base, ending in `/`.
  package var baseURL: String

  package var isR4: Bool { fhirVersion == "4.0.1" }

  /// The family doctor's health system: FHIR R4.
  package static let clinic = ClinicalProvider(
    name: "Riverside Health", fhirVersion: "4.0.1",
    baseURL: "https://fhir.riversidehealth.example/api/FHIR/R4/")
  /// The laboratory: FHIR DSTU2.
  package static let laboratory = ClinicalProvider(
    name: "Harbor Laboratory Services", fhirVersion: "1.0.2",
    baseURL: "https://api.harborlab.example/fhir/DSTU2/")

  /// Who reports a panel: the clinic the lipids, metabolic panel and thyroid, the laboratory the
  /// blood count and the rest.
  package static func reporting(_ panel: LabPanel) -> ClinicalProvider {
    switch panel {
    case .lipid, .cmp, .thyroid: clinic
    case .cbc, .other: laboratory
    }
  }
}
