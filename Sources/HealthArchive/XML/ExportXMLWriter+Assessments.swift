import HealthModel

/// Audiograms, vision prescriptions and states of mind, as the Health app writes them (and as
/// `ExportXMLReader` reads them back, attribute for attribute).
extension ExportXMLWriter {
  /// An `Audiogram`: its provenance and dates, its metadata, then its `SensitivityPoint`s.
  mutating func writeAudiogram(_ audiogram: Audiogram) {
    out.append(" <Audiogram")
    attribute("type", audiogram.type)
    provenance(audiogram.sourceName, audiogram.sourceVersion, audiogram.device)
    dates(creation: audiogram.creationDate, start: audiogram.startDate, end: audiogram.endDate)
    if audiogram.metadata.isEmpty && audiogram.sensitivityPoints.isEmpty {
      out.append("/>\n")
      return
    }
    out.append(">\n")
    metadata(audiogram.metadata, depth: 2)
    for point in audiogram.sensitivityPoints {
      out.append("  <SensitivityPoint")
      quantity(point.frequency, "frequencyValue", "frequencyUnit")
      ear(point.leftEar, "left")
      ear(point.rightEar, "right")
      for entry in point.otherAttributes { attribute(entry.key, entry.value) }
      out.append("/>\n")
    }
    out.append(" </Audiogram>\n")
  }

  /// One ear's attributes of a sensitivity point (`leftEarValue`, `leftEarUnit`, …).
  private mutating func ear(_ ear: EarSensitivity, _ side: StaticString) {
    let prefix = "\(side)Ear"
    quantity(ear.sensitivity, prefix + "Value", prefix + "Unit")
    if let masked = ear.masked { attribute(prefix + "Masked", masked) }
    if let bound = ear.clampingLowerBound { numberAttribute(prefix + "ClampingRangeLowerBound", bound) }
    if let bound = ear.clampingUpperBound { numberAttribute(prefix + "ClampingRangeUpperBound", bound) }
  }

  /// A `VisionPrescription`: its dates and brand, then each eye, its attachments and metadata.
  mutating func writeVisionPrescription(_ prescription: VisionPrescription) {
    out.append(" <VisionPrescription")
    attribute("type", prescription.type)
    dateAttribute(" dateIssued=\"", prescription.dateIssued)
    dateAttribute(" expirationDate=\"", prescription.expirationDate)
    if let brand = prescription.brand { attribute("brand", brand) }
    for entry in prescription.otherAttributes { attribute(entry.key, entry.value) }
    if prescription.rightEye == nil && prescription.leftEye == nil && prescription.attachments.isEmpty
      && prescription.metadata.isEmpty
    {
      out.append("/>\n")
      return
    }
    out.append(">\n")
    if let eye = prescription.rightEye { lens(eye, "RightEye") }
    if let eye = prescription.leftEye { lens(eye, "LeftEye") }
    for identifier in prescription.attachments {
      out.append("  <Attachment")
      if !identifier.isEmpty { attribute("identifier", identifier) }
      out.append("/>\n")
    }
    metadata(prescription.metadata, depth: 2)
    out.append(" </VisionPrescription>\n")
  }

  /// `<RightEye sphere="…" sphereUnit="…" …/>`: the values in the order Apple's DTD lists them.
  private mutating func lens(_ lens: LensPrescription, _ element: StaticString) {
    out.append("  <")
    out.append(element)
    for name in LensPrescription.valueAttributes {
      quantity(lens.quantities[name], name, name + "Unit")
    }
    for entry in lens.otherAttributes { attribute(entry.key, entry.value) }
    out.append("/>\n")
  }

  /// A `StateOfMind`: its type, provenance, dates and valence, its other attributes as they were
  /// read (`kind`, `labels`, `associations`, …), then its metadata.
  mutating func writeStateOfMind(_ state: StateOfMind) {
    out.append(" <StateOfMind")
    if let type = state.attribute("type") { attribute("type", type) }
    provenance(state.sourceName, state.sourceVersion, state.device)
    dates(creation: state.creationDate, start: state.startDate, end: state.endDate)
    if let valence = state.valence { numberAttribute("valence", valence) }
    var typeWritten = false
    for entry in state.attributes {
      if entry.key == "type" && !typeWritten {
        typeWritten = true
        continue
      }
      attribute(entry.key, entry.value)
    }
    if state.metadata.isEmpty {
      out.append("/>\n")
      return
    }
    out.append(">\n")
    metadata(state.metadata, depth: 2)
    out.append(" </StateOfMind>\n")
  }

  /// ` name="value"` in the fewest digits that read back as `value`.
  mutating func numberAttribute(_ name: String, _ value: Double) {
    out.append(" ")
    out.appendEscaped(name)
    out.append("=\"")
    out.appendShortest(value, placesExponent: true)
    out.append("\"")
  }
}
