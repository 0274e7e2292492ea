import HealthModel

/// ECGs, audiograms, vision prescriptions and states of mind.
extension DatabaseWriter {
  /// Writes an ECG recording and its samples, in microvolts (a recording in mV or V is
  /// converted; one in any other unit is stored as it is, its unit in `ecgs.unit`).
  func addElectrocardiogram(_ recording: Electrocardiogram) throws(DatabaseError) {
    lastIDs.ecg += 1
    let id = lastIDs.ecg
    let statement = statements.ecg
    try statement.bind(id, at: 1)
    try statement.bind(recording.fileName, at: 2)
    try bind(recording.recordedDate, text: 3, unix: 4, in: statement)
    try statement.bind(recording.classification, at: 5)
    try statement.bind(recording.symptoms, at: 6)
    try statement.bind(recording.softwareVersion, at: 7)
    try statement.bind(recording.device, at: 8)
    try statement.bind(recording.sampleRate, at: 9)
    try statement.bind(recording.lead, at: 10)
    let scale: Double =
      switch recording.unit {
      case "mV": 1000
      case "V": 1_000_000
      default: 1
      }
    try statement.bind(scale == 1 ? recording.unit : "µV", at: 11)
    try statement.bind(recording.samples.count, at: 12)
    try statement.bind(recording.name, at: 13)
    try statement.bind(recording.dateOfBirth, at: 14)
    try statement.run()
    counts.ecgs += 1
    try addMetadata(recording.otherHeaders, owner: "ecg", id: id)
    let sample = statements.ecgSample
    for (n, value) in recording.samples.enumerated() {
      try sample.bind(id, at: 1)
      try sample.bind(n, at: 2)
      try sample.bind(value * scale, at: 3)
      try sample.endRow()
    }
    counts.ecgSamples += recording.samples.count
  }

  /// Writes an audiogram and its sensitivity points.
  func addAudiogram(_ audiogram: Audiogram) throws(DatabaseError) {
    let source = try sourceID(
      name: audiogram.sourceName, version: audiogram.sourceVersion, device: audiogram.device)
    lastIDs.audiogram += 1
    let id = lastIDs.audiogram
    try addTypedRow(
      statements.audiogram, id: id, type: audiogram.type, source: source, creation: audiogram.creationDate,
      start: audiogram.startDate, end: audiogram.endDate)
    counts.audiograms += 1
    try addMetadata(audiogram.metadata, owner: "audiogram", id: id)
    let point = statements.audiogramPoint
    for sensitivity in audiogram.sensitivityPoints {
      try point.bind(id, at: 1)
      try point.bind(sensitivity.frequency?.value, at: 2)
      try point.bind(sensitivity.frequency?.unit, at: 3)
      for (offset, ear) in [(Int32(4), sensitivity.leftEar), (9, sensitivity.rightEar)] {
        try point.bind(ear.sensitivity?.value, at: offset)
        try point.bind(ear.sensitivity?.unit, at: offset + 1)
        try point.bind(ear.masked, at: offset + 2)
        try point.bind(ear.clampingLowerBound, at: offset + 3)
        try point.bind(ear.clampingUpperBound, at: offset + 4)
      }
      try point.run()
      try addMetadata(sensitivity.otherAttributes, owner: "audiogram", id: id)
    }
  }

  /// Writes a vision prescription: one row of `vision_prescription_values` for each value of
  /// each eye; attachments and attributes not read as metadata of owner `vision_prescription`.
  func addVisionPrescription(_ prescription: VisionPrescription) throws(DatabaseError) {
    lastIDs.visionPrescription += 1
    let id = lastIDs.visionPrescription
    let statement = statements.visionPrescription
    try statement.bind(id, at: 1)
    try statement.bind(prescription.type, at: 2)
    try bind(prescription.dateIssued, text: 3, unix: 4, in: statement)
    try bind(prescription.expirationDate, text: 5, unix: 6, in: statement)
    try statement.bind(prescription.brand, at: 7)
    try statement.run()
    counts.visionPrescriptions += 1
    var others = prescription.metadata + prescription.otherAttributes
    others += prescription.attachments.map { MetadataEntry(key: "Attachment", value: $0) }
    let value = statements.visionValue
    for (eye, lens) in [("right", prescription.rightEye), ("left", prescription.leftEye)] {
      guard let lens else { continue }
      for name in LensPrescription.valueAttributes {
        guard let quantity = lens.quantities[name] else { continue }
        try value.bind(id, at: 1)
        try value.bind(eye, at: 2)
        try value.bind(name, at: 3)
        try value.bind(quantity.value, at: 4)
        try value.bind(quantity.unit.isEmpty ? nil : quantity.unit, at: 5)
        try value.run()
      }
      others += lens.otherAttributes.map { MetadataEntry(key: "\(eye).\($0.key)", value: $0.value) }
    }
    try addMetadata(others, owner: "vision_prescription", id: id)
  }

  /// The attributes of a state of mind that have columns.
  static let stateOfMindColumns = ["kind", "labels", "associations"]

  /// Writes a state of mind; its attributes without a column go to metadata of owner
  /// `state_of_mind`, with its metadata entries.
  func addStateOfMind(_ state: StateOfMind) throws(DatabaseError) {
    let source = try sourceID(name: state.sourceName, version: state.sourceVersion, device: state.device)
    lastIDs.stateOfMind += 1
    let id = lastIDs.stateOfMind
    let statement = statements.stateOfMind
    try statement.bind(id, at: 1)
    try statement.bind(source, at: 2)
    try bind(state.creationDate, text: 3, unix: 6, in: statement)
    try bind(state.startDate, text: 4, unix: 7, in: statement)
    try bind(state.endDate, text: 5, unix: 8, in: statement)
    try statement.bind(state.attribute("kind"), at: 9)
    try statement.bind(state.valence, at: 10)
    try statement.bind(state.attribute("labels"), at: 11)
    try statement.bind(state.attribute("associations"), at: 12)
    try statement.run()
    counts.statesOfMind += 1
    let others = state.attributes.filter { !Self.stateOfMindColumns.contains($0.key) } + state.metadata
    try addMetadata(others, owner: "state_of_mind", id: id)
  }
}
