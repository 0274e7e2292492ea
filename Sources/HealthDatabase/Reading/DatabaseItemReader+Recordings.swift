import HealthArchive
import HealthModel

/// Audiograms, vision prescriptions and states of mind, read back.
extension DatabaseItemReader {

  /// Audiograms, vision prescriptions and states of mind.
  func readAssessments(_ give: (HealthItem) throws -> Void) throws {
    for row in try connection.rows(
      """
      SELECT a.id, a.type, s.name, s.version, s.device, a.creation_unix, a.creation_date, a.start_unix, a.start_date,
        a.end_unix, a.end_date
      FROM audiograms AS a JOIN sources AS s ON s.id = a.source_id ORDER BY a.id
      """)
    {
      guard case .integer(let id) = row[0], case .text(let type) = row[1],
        let start = Self.timestamp(row[7], row[8]), let end = Self.timestamp(row[9], row[10])
      else { continue }
      let points = try connection.rows(
        "SELECT * FROM audiogram_points WHERE audiogram_id = \(id) ORDER BY rowid"
      ).map { point in
        func ear(_ at: Int) -> EarSensitivity {
          EarSensitivity(
            sensitivity: point[at].number.map {
              Quantity(value: $0, unit: point[at + 1].text ?? "")
            },
            masked: point[at + 2].text, clampingLowerBound: point[at + 3].number,
            clampingUpperBound: point[at + 4].number)
        }
        return SensitivityPoint(
          frequency: point[1].number.map { Quantity(value: $0, unit: point[2].text ?? "") },
          leftEar: ear(3), rightEar: ear(8))
      }
      try give(
        .audiogram(
          Audiogram(
            type: type, sourceName: row[2].text ?? "", sourceVersion: row[3].text,
            device: row[4].text, creationDate: Self.timestamp(row[5], row[6]), startDate: start,
            endDate: end,
            metadata: try metadata("audiogram", id), sensitivityPoints: points)))
    }
    for row in try connection.rows(
      """
      SELECT id, type, date_issued_unix, date_issued, expiration_unix, expiration_date, brand
      FROM vision_prescriptions ORDER BY id
      """)
    {
      guard case .integer(let id) = row[0], case .text(let type) = row[1] else { continue }
      var eyes: [String: LensPrescription] = [:]
      for value in try connection.rows(
        "SELECT eye, name, value, unit FROM vision_prescription_values WHERE prescription_id = \(id) ORDER BY rowid"
      ) {
        guard case .text(let eye) = value[0], case .text(let name) = value[1],
          let number = value[2].number
        else { continue }
        eyes[eye, default: LensPrescription()].quantities[name] = Quantity(
          value: number, unit: value[3].text ?? "")
      }
      var entries: [MetadataEntry] = []
      var attachments: [String] = []
      for entry in try metadata("vision_prescription", id) {
        if entry.key == "Attachment" {
          attachments.append(entry.value)
        } else if let dot = entry.key.firstIndex(of: "."),
          ["right", "left"].contains(String(entry.key[..<dot]))
        {
          let eye = String(entry.key[..<dot])
          eyes[eye, default: LensPrescription()].otherAttributes.append(
            MetadataEntry(key: String(entry.key[entry.key.index(after: dot)...]), value: entry.value))
        } else {
          entries.append(entry)
        }
      }
      try give(
        .visionPrescription(
          VisionPrescription(
            type: type, dateIssued: Self.timestamp(row[2], row[3]),
            expirationDate: Self.timestamp(row[4], row[5]),
            brand: row[6].text, metadata: entries, rightEye: eyes["right"], leftEye: eyes["left"],
            attachments: attachments)))
    }
    for row in try connection.rows(
      """
      SELECT m.id, s.name, s.version, s.device, m.creation_unix, m.creation_date, m.start_unix, m.start_date,
        m.end_unix, m.end_date, m.kind, m.valence, m.labels, m.associations
      FROM state_of_mind AS m JOIN sources AS s ON s.id = m.source_id ORDER BY m.id
      """)
    {
      guard case .integer(let id) = row[0], let start = Self.timestamp(row[6], row[7]),
        let end = Self.timestamp(row[8], row[9])
      else { continue }
      var attributes: [MetadataEntry] = []
      for (name, value) in [("kind", row[10]), ("labels", row[12]), ("associations", row[13])] {
        if let text = value.text { attributes.append(MetadataEntry(key: name, value: text)) }
      }
      try give(
        .stateOfMind(
          StateOfMind(
            sourceName: row[1].text ?? "", sourceVersion: row[2].text,
            device: row[3].text,
            creationDate: Self.timestamp(row[4], row[5]), startDate: start, endDate: end,
            valence: row[11].number, attributes: attributes, metadata: try metadata("state_of_mind", id))
        ))
    }
  }
}
