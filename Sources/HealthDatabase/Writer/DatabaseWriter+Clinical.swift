import HealthModel

/// Clinical records with their FHIR resources, and lab results.
extension DatabaseWriter {
  /// Writes a clinical record; the lab results that follow it were read from its file.
  func addClinicalRecord(_ record: ClinicalRecord) throws(DatabaseError) {
    lastIDs.clinicalRecord += 1
    let id = lastIDs.clinicalRecord
    let statement = statements.clinicalRecord
    try statement.bind(id, at: 1)
    try statement.bind(record.type, at: 2)
    try statement.bind(record.identifier, at: 3)
    try statement.bind(record.sourceName, at: 4)
    try statement.bind(record.sourceURL, at: 5)
    try statement.bind(record.fhirVersion, at: 6)
    try bind(record.receivedDate, text: 7, unix: 8, in: statement)
    try statement.bind(record.resource?.resourceType, at: 9)
    try statement.bind(record.resourceFilePath, at: 10)
    try statement.bind(record.resource?.json, at: 11)
    try statement.run()
    counts.clinicalRecords += 1
    currentClinicalRecord = record.resource == nil ? nil : id
  }

  /// Writes a lab result, named by the registry, else by the record's `code.text`, else by its
  /// code; linked to the clinical record it was read from when it follows it.
  func addLabResult(_ result: LabResult) throws(DatabaseError) {
    lastIDs.labResult += 1
    let statement = statements.labResult
    try statement.bind(lastIDs.labResult, at: 1)
    try statement.bind(currentClinicalRecord, at: 2)
    try statement.bind(result.loinc, at: 3)
    let name = configuration.registry.lab(forCode: result.loinc)?.name ?? result.displayName ?? result.loinc
    try statement.bind(name, at: 4)
    try statement.bind(result.value, at: 5)
    try statement.bind(result.unit, at: 6)
    if let text = result.dateText {
      try statement.bind(text, at: 7)
    } else {
      // A profile keeps the instant, not the text: ISO 8601, in UTC, or without a zone for a
      // local time.
      try dates.withUTCText(of: result.date) { iso throws(DatabaseError) in
        try statement.bind(text: result.isLocalTime ? iso.extracting(0..<19) : iso, at: 7)
      }
    }
    try statement.bind(result.isLocalTime ? nil : result.date.wholeSecondsSince1970, at: 8)
    try statement.bind(result.sourceName, at: 9)
    try statement.run()
    counts.labResults += 1
  }
}
