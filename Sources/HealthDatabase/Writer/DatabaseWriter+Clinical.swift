import HealthModel
import SystemShim

/// Clinical records with their FHIR resources, and lab results.
extension DatabaseWriter {
  /// Writes a clinical record; the lab results that follow it were read from its file.
  func addClinicalRecord(_ record: ClinicalRecord) throws(DatabaseError) {
    lastIDs.clinicalRecord += 1
    let id = lastIDs.clinicalRecord
    let statement = statements.clinicalRecord
    try statement.bind(id, at: 1)
    try statement.bind(record.type, at: 2)
    try statement.bind(record.identifier.nonEmpty, at: 3)
    try statement.bind(record.sourceName.nonEmpty, at: 4)
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
    try statement.bind(result.unit.nonEmpty, at: 6)
    if result.isLocalTime {
      // A civil date and time without a zone is not an instant: a day alone stays `yyyy-MM-dd`,
      // a time `yyyy-MM-dd HH:mm:ss`, without an offset.
      let isDay =
        result.dateText.map { $0.utf8.count == 10 } ?? (result.date.wholeSecondsSince1970 % 86_400 == 0)
      try dates.withUTCText(of: result.date) { iso throws(DatabaseError) in
        var text = [UInt8](iso.extracting(0..<(isDay ? 10 : 19)))
        if !isDay { text[10] = UInt8(ascii: " ") }
        try text.withSpan { span throws(DatabaseError) in try statement.bind(text: span, at: 7) }
      }
      try statement.bindNull(at: 8)
    } else {
      try bind(result.date, text: 7, unix: 8, in: statement)
    }
    try statement.bind(result.sourceName.nonEmpty, at: 9)
    try statement.bind(result.referenceRange?.low, at: 10)
    try statement.bind(result.referenceRange?.high, at: 11)
    try statement.run()
    counts.labResults += 1
  }
}
