import Foundation
import HealthArchive
import HealthModel

/// Reads the items of a database of this tool, table by table in the order of their ids, each
/// row with what belongs to it: a record's metadata and beats are read alongside the records,
/// in the same order; the few rows of other owners are looked up one owner at a time.
struct DatabaseItemReader {
  let connection: SQLiteConnection
  /// The database's file name, for the items' locations.
  let name: String
  let filter: ItemFilter
  let monitor: ReadMonitor

  /// Hands each item to `deliver`, with its position among them.
  func read(_ deliver: (HealthItem, SourceLocation) throws -> Void) throws {
    var position = 0
    func give(_ item: HealthItem) throws {
      position += 1
      if position % 1024 == 0 {
        try monitor.check()
        monitor.report(ReadProgress(.items, done: Int64(position), total: nil))
      }
      try deliver(item, SourceLocation(file: name, line: position))
    }
    let info = try connection.rows("SELECT export_unix, export_date FROM export_info LIMIT 1").first
    if let info, let date = Self.timestamp(info[0], info[1]) { try give(.exportDate(date)) }
    try readPerson(give)
    try readRecords(give)
    if filter.includesCorrelations { try readCorrelations(give) }
    if filter.includesWorkouts { try readWorkouts(give) }
    if filter.includesActivitySummaries { try readActivitySummaries(give) }
    if filter.includesClinicalRecords || filter.includesLabResults { try readClinicalRecords(give) }
    if filter.includesElectrocardiograms { try readElectrocardiograms(give) }
    if filter.includesAssessments { try readAssessments(give) }
    try monitor.check()
    monitor.report(ReadProgress(.items, done: Int64(position), total: Int64(position)))
  }

  // MARK: - Values

  /// An instant from its Unix seconds and its text, whose offset it carries.
  static func timestamp(_ unix: SQLiteValue, _ text: SQLiteValue) -> Timestamp? {
    guard case .integer(let seconds) = unix else { return nil }
    guard case .text(let written) = text, written.utf8.count == 25 else {
      return Timestamp(secondsSince1970: seconds)
    }
    let offset = written.suffix(5)
    guard let sign = offset.first, sign == "+" || sign == "-",
      let hours = Int32(offset.dropFirst().prefix(2)),
      let minutes = Int32(offset.suffix(2))
    else { return Timestamp(secondsSince1970: seconds) }
    return Timestamp(
      secondsSince1970: seconds, writtenUTCOffset: (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
  }

  /// A number as export.xml writes it: whole numbers without a fraction.
  static func text(of number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return String(number)
  }

  /// The metadata of one owner, in order.
  func metadata(_ kind: String, _ id: Int64) throws -> [MetadataEntry] {
    try connection.rows(
      "SELECT key, value FROM metadata WHERE owner_kind = '\(kind)' AND owner_id = \(id) ORDER BY rowid"
    ).compactMap { row in
      guard case .text(let key) = row[0], case .text(let value) = row[1] else { return nil }
      return MetadataEntry(key: key, value: value)
    }
  }

  // MARK: - The person

  private func readPerson(_ give: (HealthItem) throws -> Void) throws {
    guard let me = try connection.rows("SELECT * FROM me LIMIT 1").first else { return }
    var entries: [MetadataEntry] = []
    for (index, key) in DatabaseWriter.characteristicColumns.enumerated() {
      if case .text(let value) = me[index] { entries.append(MetadataEntry(key: key, value: value)) }
    }
    entries += try metadata("me", 1)
    try give(.characteristics(entries))
  }

  // MARK: - Records

  /// The columns of a record as `sample(_:from:)` reads them, `r` the record, `s` its source.
  private static let recordColumns = """
    r.id, r.type, s.name, s.version, s.device, r.unit, r.value, r.value_text, r.creation_unix, r.creation_date,
    r.start_unix, r.start_date, r.end_unix, r.end_date
    """

  private static func sample(_ row: SQLiteStatement, metadata: [MetadataEntry], beats: [InstantaneousBeat])
    -> Sample?
  {
    guard case .text(let type) = row.value(at: 1),
      let start = timestamp(row.value(at: 10), row.value(at: 11)),
      let end = timestamp(row.value(at: 12), row.value(at: 13))
    else { return nil }
    let value: SampleValue
    switch (row.value(at: 5), row.value(at: 6), row.value(at: 7)) {
    case (_, _, .text(let text)): value = .category(text)
    case (.text(let unit), let number, _) where number.isNumber:
      value = .quantity(number.number ?? 0, unit: unit)
    case (.null, let number, _) where number.isNumber: value = .category(text(of: number.number ?? 0))
    default: value = .none
    }
    return Sample(
      type: type, value: value, sourceName: row.value(at: 2).text ?? "",
      sourceVersion: row.value(at: 3).text,
      device: row.value(at: 4).text, creationDate: timestamp(row.value(at: 8), row.value(at: 9)),
      startDate: start, endDate: end, metadata: metadata, beats: beats)
  }

  /// The records that belong to no correlation, with their metadata and beats read alongside
  /// them in the order of their ids.
  private func readRecords(_ give: (HealthItem) throws -> Void) throws {
    let records = try connection.prepare(
      """
      SELECT \(Self.recordColumns) FROM records AS r JOIN sources AS s ON s.id = r.source_id
      WHERE r.correlation_id IS NULL ORDER BY r.id
      """)
    let metadata = try connection.prepare(
      "SELECT owner_id, key, value FROM metadata WHERE owner_kind = 'record' ORDER BY owner_id, rowid")
    let beats = try connection.prepare(
      "SELECT record_id, bpm, time FROM heart_rate_beats ORDER BY record_id, n")
    var hasMetadata = try metadata.step()
    var hasBeat = try beats.step()
    while try records.step() {
      let id = records.integer(at: 0)
      var entries: [MetadataEntry] = []
      while hasMetadata && metadata.integer(at: 0) <= id {
        if metadata.integer(at: 0) == id, case .text(let key) = metadata.value(at: 1),
          case .text(let value) = metadata.value(at: 2)
        {
          entries.append(MetadataEntry(key: key, value: value))
        }
        hasMetadata = try metadata.step()
      }
      var list: [InstantaneousBeat] = []
      while hasBeat && beats.integer(at: 0) <= id {
        if beats.integer(at: 0) == id, case .text(let time) = beats.value(at: 2) {
          list.append(InstantaneousBeat(beatsPerMinute: beats.value(at: 1).number, time: time))
        }
        hasBeat = try beats.step()
      }
      if let sample = Self.sample(records, metadata: entries, beats: list) { try give(.sample(sample)) }
    }
  }

  /// The correlations, each with its members, each member also at top level before it, as an
  /// export has them.
  private func readCorrelations(_ give: (HealthItem) throws -> Void) throws {
    let correlations = try connection.prepare(
      """
      SELECT c.id, c.type, s.name, s.version, s.device, c.creation_unix, c.creation_date, c.start_unix, c.start_date,
        c.end_unix, c.end_date
      FROM correlations AS c JOIN sources AS s ON s.id = c.source_id ORDER BY c.id
      """)
    let members = try connection.prepare(
      """
      SELECT \(Self.recordColumns) FROM records AS r JOIN sources AS s ON s.id = r.source_id
      WHERE r.correlation_id = ? ORDER BY r.id
      """)
    while try correlations.step() {
      let id = correlations.integer(at: 0)
      guard case .text(let type) = correlations.value(at: 1),
        let start = Self.timestamp(correlations.value(at: 7), correlations.value(at: 8)),
        let end = Self.timestamp(correlations.value(at: 9), correlations.value(at: 10))
      else { continue }
      try members.bind(id, at: 1)
      var objects: [Sample] = []
      while try members.step() {
        if let sample = Self.sample(
          members, metadata: try metadata("record", members.integer(at: 0)), beats: [])
        {
          objects.append(sample)
        }
      }
      // Apple's export writes each member twice, inside its correlation and at top level; the
      // database keeps it once, and gives it back as the export had it.
      for object in objects { try give(.sample(object)) }
      try give(
        .correlation(
          Correlation(
            type: type, sourceName: correlations.value(at: 2).text ?? "",
            sourceVersion: correlations.value(at: 3).text,
            device: correlations.value(at: 4).text,
            creationDate: Self.timestamp(correlations.value(at: 5), correlations.value(at: 6)),
            startDate: start,
            endDate: end, metadata: try metadata("correlation", id), objects: objects)))
    }
  }
}
