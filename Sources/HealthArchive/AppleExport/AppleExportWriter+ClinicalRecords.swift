import HealthModel
import SystemShim

/// Which clinical records have their FHIR file, and which wait for the lab result that fills it.
struct ClinicalFiles {
  /// What is known of the file at a path inside the export.
  enum State {
    /// An Observation's record waits for its file, which a lab result may fill: the resource's
    /// id and the record's source.
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
  /// Records whose file is not written yet, in order (nil once written): each is written when a
  /// lab result fills its file, else at the end if its file is written by then, else left out.
  var unwritten: [ClinicalRecord?] = []
  /// The places in `unwritten` of the records of each path.
  var unwrittenByPath: [String: [Int]] = [:]
}

extension AppleExportWriter {
  /// Writes a `ClinicalRecord` and its file when the input carried its resource. A record whose
  /// file is not written waits: the record of an Observation whose file the input does not carry
  /// is written when the lab result that fills it comes; any other is written at the end
  /// (`finishClinicalRecords`) if its file is written by then, and left out if not: the DTD
  /// requires the `resourceFilePath`.
  func addClinicalRecord(_ record: ClinicalRecord) throws {
    guard let path = record.resourceFilePath.flatMap(AppleExportArchive.relativePath) else {
      summary.clinicalRecordsLeftOut += 1
      return
    }
    if clinical.states[path] == nil {
      if let resource = record.resource {
        clinical.states[path] = .fromResource
        if try archive.addFile(at: path, bytes: Array(resource.json.utf8)) { summary.clinicalFiles += 1 }
      } else if record.type == "Observation" {
        clinical.states[path] = .waiting(identifier: record.identifier, sourceName: record.sourceName)
        clinical.waiting[record.sourceName, default: []].append(path)
      }
    }
    guard archive.holdsFile(at: path) else {
      clinical.unwrittenByPath[path, default: []].append(clinical.unwritten.count)
      clinical.unwritten.append(record)
      return
    }
    writeClinicalRecord(record)
  }

  /// Writes the records that wait for the file at `path`, now written.
  private func writeRecords(waitingFor path: String) {
    for index in clinical.unwrittenByPath.removeValue(forKey: path) ?? [] {
      guard let record = clinical.unwritten[index] else { continue }
      clinical.unwritten[index] = nil
      writeClinicalRecord(record)
    }
  }

  private func writeClinicalRecord(_ record: ClinicalRecord) {
    summary.clinicalRecords += 1
    xml.write(.clinicalRecord(record))
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
  /// the first record of their source still waiting; else in a `ClinicalRecord` made for each
  /// (when its file can be written). The records still waiting whose file is written are written
  /// in order, before those made; the others are left out.
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
    var unrecorded: [LabResult] = []
    for result in rest {
      // A result that names its file shares it with another: it never takes another's record.
      if result.resourceFilePath == nil, let path = clinical.waiting[result.sourceName]?.first,
        case .waiting(let identifier, let sourceName) = clinical.states[path]
      {
        try fill(path, identifier: identifier, sourceName: sourceName, with: result)
        continue
      }
      unrecorded.append(result)
    }
    clinical.unplaced = []
    for case let record? in clinical.unwritten {
      // Only a record with a path inside the export waits.
      if let path = record.resourceFilePath, archive.holdsFile(at: path) {
        writeClinicalRecord(record)
      } else {
        summary.clinicalRecordsLeftOut += 1
      }
    }
    clinical.unwritten = []
    clinical.unwrittenByPath = [:]
    for (index, result) in unrecorded.enumerated() {
      let identifier = labIdentifier(result, index: index)
      let path = "clinical-records/Observation-\(identifier).json"
      clinical.states[path] = .filled
      // export.xml alone: neither the file nor a record naming it.
      guard
        try archive.addFile(
          at: path, { sink in try sink.write(FHIRObservation.json(of: result, identifier: identifier)) })
      else { continue }
      summary.clinicalFiles += 1
      summary.recordsMadeForLabResults += 1
      writeClinicalRecord(
        ClinicalRecord(
          type: "Observation", identifier: identifier, sourceName: result.sourceName, sourceURL: "",
          fhirVersion: FHIRObservation.writtenVersion, receivedDate: result.date, resourceFilePath: "/" + path
        ))
    }
  }

  /// Writes `result` as the Observation in the file at `path`, which no longer waits, and the
  /// records that name it.
  private func fill(_ path: String, identifier: String, sourceName: String, with result: LabResult) throws {
    clinical.states[path] = .filled
    clinical.waiting[sourceName]?.removeAll { $0 == path }
    if try archive.addFile(at: path, bytes: FHIRObservation.json(of: result, identifier: identifier)) {
      summary.clinicalFiles += 1
      writeRecords(waitingFor: path)
    }
  }

  /// A stable UUID for a lab result's new record, from its content and place.
  private func labIdentifier(_ result: LabResult, index: Int) -> String {
    var content = Array("\(result.loinc)|\(result.value)|\(result.unit)|\(result.sourceName)|".utf8)
    content += Array(String(result.date.millisecondsSince1970).utf8)
    return StableUUID.make(name: "labResult", index: index, content: content)
  }
}
