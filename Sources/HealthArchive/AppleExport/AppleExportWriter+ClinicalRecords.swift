import HealthModel

/// Which clinical records have their FHIR file, and which wait for the lab result that fills it.
struct ClinicalFiles {
  /// What is known of the file at a path inside the export.
  enum State {
    /// An Observation's record was written, its file not yet: the resource's id and the
    /// record's source.
    case waiting(identifier: String, sourceName: String)
    /// The file is written from the resource the input carried: its lab results are in it.
    case fromResource
    /// The file is written from a lab result.
    case filled
  }

  var states: [String: State] = [:]
  /// The paths of the records of each source still waiting, in order.
  var waiting: [String: [String]] = [:]
  /// Lab results not placed yet, in order.
  var unplaced: [LabResult] = []
}

extension AppleExportWriter {
  /// Writes a `ClinicalRecord`, and its file when the input carried its resource. The record of
  /// an Observation whose file the input does not carry waits for the lab result that fills it.
  func addClinicalRecord(_ record: ClinicalRecord) throws {
    summary.clinicalRecords += 1
    xml.write(.clinicalRecord(record))
    guard let path = record.resourceFilePath.flatMap(AppleExportArchive.relativePath),
      clinical.states[path] == nil
    else { return }
    if let resource = record.resource {
      clinical.states[path] = .fromResource
      if try archive.addFile(at: path, bytes: Array(resource.json.utf8)) { summary.clinicalFiles += 1 }
      return
    }
    guard record.type == "Observation" else { return }
    clinical.states[path] = .waiting(identifier: record.identifier, sourceName: record.sourceName)
    clinical.waiting[record.sourceName, default: []].append(path)
  }

  /// Places a lab result in the file of the record it was read from, when that record is
  /// waiting; a lab result whose file is written already was read from it and is not written
  /// again. Any other waits for `finishClinicalRecords`.
  func addLabResult(_ result: LabResult) throws {
    guard let path = result.resourceFilePath.flatMap(AppleExportArchive.relativePath),
      let state = clinical.states[path]
    else {
      clinical.unplaced.append(result)
      return
    }
    switch state {
    case .waiting(let identifier, let sourceName):
      try fill(path, identifier: identifier, sourceName: sourceName, with: result)
    case .fromResource:
      return
    case .filled:
      // A second result of one file: it gets a record of its own.
      clinical.unplaced.append(result)
    }
  }

  /// Places the lab results still unplaced: in the record they name, once it has come; else in
  /// the first record of their source still waiting; else in a `ClinicalRecord` made for each.
  func finishClinicalRecords() throws {
    var rest: [LabResult] = []
    for result in clinical.unplaced {
      let state = result.resourceFilePath.flatMap(AppleExportArchive.relativePath).map {
        ($0, clinical.states[$0])
      }
      if let (path, state) = state, case .waiting(let identifier, let sourceName) = state {
        try fill(path, identifier: identifier, sourceName: sourceName, with: result)
      } else {
        rest.append(result)
      }
    }
    for result in rest {
      // A result that names its file shares it with another: it never takes another's record.
      if result.resourceFilePath == nil, let path = clinical.waiting[result.sourceName]?.first,
        case .waiting(let identifier, let sourceName) = clinical.states[path]
      {
        try fill(path, identifier: identifier, sourceName: sourceName, with: result)
        continue
      }
      let identifier = labIdentifier(result, index: summary.recordsMadeForLabResults)
      let path = "clinical-records/Observation-\(identifier).json"
      summary.clinicalRecords += 1
      summary.recordsMadeForLabResults += 1
      xml.write(
        .clinicalRecord(
          ClinicalRecord(
            type: "Observation", identifier: identifier, sourceName: result.sourceName, sourceURL: "",
            fhirVersion: FHIRObservation.writtenVersion, receivedDate: result.date,
            resourceFilePath: "/" + path)))
      clinical.states[path] = .filled
      if try archive.addFile(at: path, bytes: FHIRObservation.json(of: result, identifier: identifier)) {
        summary.clinicalFiles += 1
      }
    }
    clinical.unplaced = []
  }

  /// Writes `result` as the Observation in the file at `path`, which no longer waits.
  private func fill(_ path: String, identifier: String, sourceName: String, with result: LabResult) throws {
    clinical.states[path] = .filled
    clinical.waiting[sourceName]?.removeAll { $0 == path }
    if try archive.addFile(at: path, bytes: FHIRObservation.json(of: result, identifier: identifier)) {
      summary.clinicalFiles += 1
    }
  }

  /// A stable UUID for a lab result's new record, from its content and place.
  private func labIdentifier(_ result: LabResult, index: Int) -> String {
    var content = Array("\(result.loinc)|\(result.value)|\(result.unit)|\(result.sourceName)|".utf8)
    content += Array(String(result.date.millisecondsSince1970).utf8)
    return StableUUID.make(name: "labResult", index: index, content: content)
  }
}
