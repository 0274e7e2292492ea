import HealthModel

/// Audiograms, vision prescriptions and states of mind: rare top-level elements, read attribute
/// by attribute into the model, nothing the export holds left out.
extension ExportXMLReader {
  /// Reads the `Audiogram` whose start tag is current, with its sensitivity points; nil without
  /// valid dates (reported).
  func readAudiogram(isEmpty: Bool, location: SourceLocation) throws -> Audiogram? {
    try reportRepairs(location)
    let type = try attribute("type").map { try tokenizer.value(of: $0) } ?? ""
    var fields = CommonFields()
    var metadata: [MetadataEntry] = []
    for attribute in tokenizer.attributes {
      try read(attribute, into: &fields, extraMetadata: &metadata)
    }
    var points: [SensitivityPoint] = []
    if !isEmpty {
      try readChildren { _ in
        if tokenizer.nameIs("MetadataEntry") {
          if let entry = try metadataEntry() { metadata.append(entry) }
        } else if tokenizer.nameIs("SensitivityPoint") {
          points.append(try sensitivityPoint())
        }
      }
    }
    guard let startDate = fields.startDate, let endDate = fields.endDate else {
      try report("an audiogram without valid dates", location)
      return nil
    }
    return Audiogram(
      type: type, sourceName: fields.sourceName ?? "", sourceVersion: fields.sourceVersion,
      device: fields.device, creationDate: fields.creationDate, startDate: startDate, endDate: endDate,
      metadata: metadata, sensitivityPoints: points)
  }

  private func sensitivityPoint() throws -> SensitivityPoint {
    var values = try namedValues()
    func take(_ name: String) -> String? { values.removeValue(forKey: name) }
    func ear(_ side: String) -> EarSensitivity {
      let value = take("\(side)EarValue")
      let unit = take("\(side)EarUnit")
      return EarSensitivity(
        sensitivity: quantity(value, unit: unit), masked: take("\(side)EarMasked"),
        clampingLowerBound: take("\(side)EarClampingRangeLowerBound").flatMap(ValueParsing.decimal),
        clampingUpperBound: take("\(side)EarClampingRangeUpperBound").flatMap(ValueParsing.decimal))
    }
    let frequency = quantity(take("frequencyValue"), unit: take("frequencyUnit"))
    let left = ear("left")
    let right = ear("right")
    return SensitivityPoint(
      frequency: frequency, leftEar: left, rightEar: right,
      otherAttributes: values.sorted { $0.key < $1.key }.map { MetadataEntry(key: $0.key, value: $0.value) })
  }

  /// Reads the `VisionPrescription` whose start tag is current, with its eyes and attachments.
  func readVisionPrescription(isEmpty: Bool, location: SourceLocation) throws -> VisionPrescription {
    try reportRepairs(location)
    var prescription = VisionPrescription(type: "")
    for attribute in tokenizer.attributes {
      let name = tokenizer.attributeName(attribute)
      let value = try tokenizer.value(of: attribute)
      switch name {
      case "type": prescription.type = value
      case "brand": prescription.brand = value
      case "dateIssued" where ValueParsing.appleDate(value) != nil:
        prescription.dateIssued = ValueParsing.appleDate(value)
      case "expirationDate" where ValueParsing.appleDate(value) != nil:
        prescription.expirationDate = ValueParsing.appleDate(value)
      default: prescription.otherAttributes.append(MetadataEntry(key: name, value: value))
      }
    }
    if !isEmpty {
      try readChildren { _ in
        if tokenizer.nameIs("MetadataEntry") {
          if let entry = try metadataEntry() { prescription.metadata.append(entry) }
        } else if tokenizer.nameIs("RightEye") {
          prescription.rightEye = try lensPrescription()
        } else if tokenizer.nameIs("LeftEye") {
          prescription.leftEye = try lensPrescription()
        } else if tokenizer.nameIs("Attachment") {
          prescription.attachments.append(try namedValues()["identifier"] ?? "")
        }
      }
    }
    return prescription
  }

  private func lensPrescription() throws -> LensPrescription {
    var values = try namedValues()
    var lens = LensPrescription()
    for name in LensPrescription.valueAttributes {
      guard let text = values.removeValue(forKey: name) else { continue }
      let unit = values.removeValue(forKey: name + "Unit")
      if let number = ValueParsing.decimal(text) {
        lens.quantities[name] = Quantity(value: number, unit: unit ?? "")
      } else {
        lens.otherAttributes.append(MetadataEntry(key: name, value: text))
        if let unit { lens.otherAttributes.append(MetadataEntry(key: name + "Unit", value: unit)) }
      }
    }
    lens.otherAttributes += values.sorted { $0.key < $1.key }.map {
      MetadataEntry(key: $0.key, value: $0.value)
    }
    return lens
  }

  /// Reads the `StateOfMind` whose start tag is current; nil without valid dates (reported).
  func readStateOfMind(isEmpty: Bool, location: SourceLocation) throws -> StateOfMind? {
    try reportRepairs(location)
    var fields = CommonFields()
    var attributes: [MetadataEntry] = []
    for attribute in tokenizer.attributes {
      if isName(attribute, "type") {
        attributes.append(MetadataEntry(key: "type", value: try tokenizer.value(of: attribute)))
      } else {
        try read(attribute, into: &fields, extraMetadata: &attributes)
      }
    }
    // `value` and `unit` are read as a record's would be; a state of mind keeps them as written.
    if let value = fields.valueAttribute {
      attributes.append(MetadataEntry(key: "value", value: try tokenizer.value(of: value)))
    }
    if let unit = fields.unit { attributes.append(MetadataEntry(key: "unit", value: unit)) }
    var metadata: [MetadataEntry] = []
    if !isEmpty {
      try readChildren { _ in
        if tokenizer.nameIs("MetadataEntry"), let entry = try metadataEntry() { metadata.append(entry) }
      }
    }
    guard let startDate = fields.startDate else {
      try report("a state of mind without a valid startDate", location)
      return nil
    }
    let valenceIndex = attributes.firstIndex { $0.key == "valence" }
    let valence = valenceIndex.flatMap { ValueParsing.decimal(attributes[$0].value) }
    if valence != nil, let valenceIndex { attributes.remove(at: valenceIndex) }
    return StateOfMind(
      sourceName: fields.sourceName ?? "", sourceVersion: fields.sourceVersion, device: fields.device,
      creationDate: fields.creationDate, startDate: startDate, endDate: fields.endDate ?? startDate,
      valence: valence, attributes: attributes, metadata: metadata)
  }
}
