import HealthModel

/// The person's health records: a few resources of each kind from both providers, and a lab
/// result for every registry lab at every visit.
extension SampleModel {
  /// Every clinical document, in the order export.xml lists them.
  package func clinicalDocuments() -> [ClinicalDocument] {
    var random = RandomStream(seed: seed, purpose: .clinical)
    guard let firstVisit = labVisitDays.first else { return [] }
    let firstDraw = labDrawInstant(onDay: firstVisit)
    var documents: [ClinicalDocument] = []
    func add(
      _ content: ClinicalDocument.Content, _ provider: ClinicalProvider, _ type: String, effective: Int64
    ) {
      documents.append(
        ClinicalDocument(
          content: content, provider: provider, resourceType: type,
          identifier: Self.identifier(for: provider, &random), uuid: random.uuid(),
          receivedInstant: min(exportInstant, firstDraw + 21_600 + Int64(random.integer(0...3_600))),
          effectiveInstant: effective))
    }
    for provider in [ClinicalProvider.clinic, .laboratory] {
      add(.patient, provider, "Patient", effective: firstDraw)
    }
    add(.condition(0), .clinic, "Condition", effective: firstDraw - 86_400 * 400)
    add(.condition(1), .laboratory, "Condition", effective: firstDraw - 86_400 * 900)
    add(.allergy, .laboratory, "AllergyIntolerance", effective: firstDraw - 86_400 * 2_000)
    add(.immunization, .clinic, "Immunization", effective: firstDraw - 86_400 * 120)
    add(.medication, .clinic, "MedicationRequest", effective: firstDraw - 86_400 * 30)

    for day in labVisitDays {
      var visitRandom = RandomStream(seed: seed, purpose: .clinical, dayNumber: day)
      let drawn = labDrawInstant(onDay: day)
      for (index, lab) in MetricRegistry.standard.labs.enumerated() {
        let provider = ClinicalProvider.reporting(lab.panel)
        documents.append(
          ClinicalDocument(
            content: .labResult(visitDay: day, labIndex: index), provider: provider,
            resourceType: "Observation",
            identifier: Self.identifier(for: provider, &visitRandom), uuid: visitRandom.uuid(),
            receivedInstant: min(exportInstant, drawn + (provider.isR4 ? 25_200 : 32_400)),
            effectiveInstant: drawn))
      }
    }
    return documents
  }

  /// A FHIR id in the provider's style: Epic-like letters for R4, digits for DSTU2.
  private static func identifier(for provider: ClinicalProvider, _ random: inout RandomStream) -> String {
    if provider.isR4 {
      let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
      return "e" + String(decoding: (0..<23).map { _ in letters[Int(random.next() % 62)] }, as: UTF8.self)
    }
    return String(1_000_000 + random.next() % 9_000_000)
  }
}
