import HealthArchive
import HealthModel

/// Records, correlations, the person's characteristics and activity summaries.
extension DatabaseWriter {
  /// Writes a record (a correlation's member when `correlationID` is given) with its metadata;
  /// during an update, a top-level record the update compares by digest (`digests`) is noted
  /// there instead, with what the summaries, the spans and the counts need.
  func addRecord(_ sample: Sample, correlationID: Int64?) throws(DatabaseError) {
    let value = StoredRecordValue(sample.value)
    noteRecordType(sample.type, hasQuantity: value.isQuantity)
    let start = sample.startDate.wholeSecondsSince1970
    let end = sample.endDate.wholeSecondsSince1970
    var isDigested = false
    if let digests {
      if correlationID == nil, digests.covers(type: sample.type, start: start) {
        isDigested = true
        // The key's columns as `DigestedRecords.keptDigests` reads them from the database.
        var key = digests.typeKey
        key.add(start)
        key.add(end)
        key.add(sample.sourceName.nonEmpty)
        key.add(value.unit)
        key.add(value.number)
        key.add(value.text)
        key.add(sample.creationDate?.wholeSecondsSince1970)
        digests.add(key.finish())
      } else if correlationID != nil {
        digests.noteMember(ofType: sample.type)
      }
    }
    if isDigested {
      // No row refers to its source, whose device still counts in the names' priorities.
      sources.notePriority(name: sample.sourceName, device: sample.device)
    } else {
      let source = try sourceID(name: sample.sourceName, version: sample.sourceVersion, device: sample.device)
      // No id is bound: SQLite gives the next one itself, which is `lastIDs.record` (the records
      // are written in id order from 1, none removed until `finish`), without looking it up
      // first; `finish` checks it.
      lastIDs.record += 1
      let statement = statements.record
      try statement.bind(sample.type, at: 1)
      try statement.bind(source, at: 2)
      try statement.bind(value.unit, at: 3)
      try statement.bind(value.number, at: 4)
      try statement.bind(value.text, at: 5)
      try bind(sample.creationDate, text: 6, unix: 9, in: statement)
      try bind(sample.startDate, text: 7, unix: 10, in: statement)
      try bind(sample.endDate, text: 8, unix: 11, in: statement)
      try statement.bind(correlationID, at: 12)
      try statement.endRow()
    }
    counts.records += 1
    recordSpans.note(type: sample.type, start: start, end: end)
    recordSummaries?.add(
      sample, storedValue: RecordSummaries.stored(sample.value, number: value.categoryNumber),
      at: itemLocation)
    guard !isDigested else { return }
    let id = lastIDs.record
    try addMetadata(sample.metadata, owner: "record", id: id)
    guard !sample.beats.isEmpty else { return }
    let beat = statements.heartbeat
    for (n, entry) in sample.beats.enumerated() {
      try beat.bind(id, at: 1)
      try beat.bind(n, at: 2)
      try beat.bind(entry.beatsPerMinute, at: 3)
      try beat.bind(entry.time, at: 4)
      try beat.endRow()
    }
    counts.heartbeats += sample.beats.count
  }

  /// Writes a correlation, then its members with its id.
  func addCorrelation(_ correlation: Correlation) throws(DatabaseError) {
    let source = try sourceID(
      name: correlation.sourceName, version: correlation.sourceVersion, device: correlation.device)
    lastIDs.correlation += 1
    let id = lastIDs.correlation
    try addTypedRow(
      statements.correlation, id: id, type: correlation.type, source: source,
      creation: correlation.creationDate, start: correlation.startDate, end: correlation.endDate)
    counts.correlations += 1
    try addMetadata(correlation.metadata, owner: "correlation", id: id)
    for member in correlation.objects {
      try addRecord(member, correlationID: id)
    }
  }

  /// The columns of `me`, by `Me` attribute.
  static let characteristicColumns = [
    "HKCharacteristicTypeIdentifierDateOfBirth", "HKCharacteristicTypeIdentifierBiologicalSex",
    "HKCharacteristicTypeIdentifierBloodType", "HKCharacteristicTypeIdentifierFitzpatrickSkinType",
    "HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse",
  ]

  /// Writes the `Me` element: its five characteristics as columns, any other attribute as
  /// metadata of owner `me`.
  func addCharacteristics(_ entries: [MetadataEntry]) throws(DatabaseError) {
    let statement = statements.me
    for (index, key) in Self.characteristicColumns.enumerated() {
      try statement.bind(entries.first { $0.key == key }?.value.nonEmpty, at: Int32(index + 1))
    }
    try statement.run()
    try addMetadata(entries.filter { !Self.characteristicColumns.contains($0.key) }, owner: "me", id: 1)
  }

  /// The columns of `activity_summaries` after `date`, by attribute.
  static let activitySummaryColumns = [
    "activeEnergyBurned", "activeEnergyBurnedGoal", "activeEnergyBurnedUnit", "appleMoveTime",
    "appleMoveTimeGoal", "appleExerciseTime", "appleExerciseTimeGoal", "appleStandHours",
    "appleStandHoursGoal",
  ]

  /// Writes a day's activity summary; attributes without a column (and values that are not
  /// numbers) go to metadata of owner `activity_summary`.
  func addActivitySummary(_ summary: ActivitySummary) throws(DatabaseError) {
    lastIDs.activitySummary += 1
    let id = lastIDs.activitySummary
    let statement = statements.activitySummary
    try statement.bind(id, at: 1)
    try statement.bind(summary.dateComponents, at: 2)
    var others: [MetadataEntry] = []
    var bound = Set<Int>()
    for entry in summary.values {
      guard let index = Self.activitySummaryColumns.firstIndex(of: entry.key), !bound.contains(index) else {
        others.append(entry)
        continue
      }
      if entry.key == "activeEnergyBurnedUnit" {
        try statement.bind(entry.value, at: Int32(index + 3))
      } else if let number = ValueParsing.decimal(entry.value) {
        try statement.bind(number, at: Int32(index + 3))
      } else {
        others.append(entry)
        continue
      }
      bound.insert(index)
    }
    for index in Self.activitySummaryColumns.indices where !bound.contains(index) {
      try statement.bindNull(at: Int32(index + 3))
    }
    try statement.run()
    counts.activitySummaries += 1
    try addMetadata(others, owner: "activity_summary", id: id)
  }
}

/// A record's value as the `records` table stores it: a quantity's number and unit; a category's
/// value as a number where it reads as one, else as text; NULLs for what is missing.
struct StoredRecordValue {
  var unit: String?
  var number: Double?
  var text: String?
  var isQuantity: Bool
  /// A category value's number, where it reads as one.
  var categoryNumber: Double?

  init(_ value: SampleValue) {
    switch value {
    case .quantity(let quantity, let unit):
      self.unit = unit.nonEmpty
      number = quantity
      isQuantity = true
    case .category(let text):
      categoryNumber = ValueParsing.decimal(text)
      number = categoryNumber
      self.text = categoryNumber == nil ? text.nonEmpty : nil
      isQuantity = false
    case .none:
      isQuantity = false
    }
  }
}
