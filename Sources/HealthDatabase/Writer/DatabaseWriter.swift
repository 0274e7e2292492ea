import CSQLite
import Foundation
package import HealthArchive
package import HealthExport
package import HealthModel

/// Writes health items into a new SQLite database with the schema of `DatabaseSchema` (its
/// indexes made with the tables and kept as the rows go in), in one transaction: each item as it
/// comes, then, at `finish`, what needs the whole input (the `types` table, source priorities,
/// `export_info`, the summaries).
///
/// SQLite runs on a thread of its own (`SQLiteThread`), which alone uses the connection: the
/// calling thread makes each item's rows and writes the inserts' binds down on tapes of plain
/// bytes (`TapeStatement`) that SQLite's thread makes, while the caller goes on with the next
/// items. A failure of SQLite is thrown by a later `add` or by `finish` (or `settle`).
///
/// Memory stays bounded by SQLite's page cache (2 MiB), the tapes and one item. The file is
/// written as it grows and is not usable until `finish` returns; on any failure the caller removes
/// it, once the writer is gone (which stops SQLite's thread and closes the connection there).
/// SQLite's temporary files (sorting) go to `temporaryFolder`, never elsewhere.
package final class DatabaseWriter {
  /// What the database says about the run.
  package struct Configuration: Sendable {
    package var toolVersion: String
    /// The input's file name, without its folders.
    package var inputName: String
    /// `zip archive`, `folder`, `XML file`, `JSON profile`, `generated sample`.
    package var inputShape: String
    /// Where dates without an offset of their own are shown and the summaries' periods reckoned
    /// (`export_info.time_zone`): a zone named, or the export's own, known at `finish`. Dates
    /// without an offset are written as they come, on the clocks of the zone named (the caller
    /// names the export's own for an input whose dates carry none), else of the fallback.
    package var timeZone: TimeZoneChoice
    /// When the database is made.
    package var created: Timestamp
    package var registry: MetricRegistry
    /// The periods of the `summaries` table.
    package var summaryPeriods: [SummaryPeriod]
    /// The summaries' weight and temperature units.
    package var summaryUnits: UnitPreferences
    /// Whether the finished file is left in write-ahead log mode.
    package var usesWriteAheadLog: Bool

    package init(
      toolVersion: String, inputName: String, inputShape: String, timeZone: TimeZoneChoice,
      created: Timestamp,
      registry: MetricRegistry = .standard, summaryPeriods: [SummaryPeriod] = [.day, .week, .month],
      summaryUnits: UnitPreferences = .unitedStates, usesWriteAheadLog: Bool = true
    ) {
      self.usesWriteAheadLog = usesWriteAheadLog
      self.toolVersion = toolVersion
      self.inputName = inputName
      self.inputShape = inputShape
      self.timeZone = timeZone
      self.created = created
      self.registry = registry
      self.summaryPeriods = summaryPeriods
      self.summaryUnits = summaryUnits
    }
  }

  let configuration: Configuration
  /// The thread every use of the connection runs on.
  let thread: SQLiteThread
  /// Writes the inserts' calls down for the SQLite thread.
  private let recorder: TapeRecorder
  /// The inserts, as the writing thread makes them: written down for the SQLite thread.
  let statements: DatabaseStatements<TapeStatement, TapeStatement>
  /// The connection and its statements: only inside `thread.perform`, on the SQLite thread.
  var side: DatabaseConnectionSide {
    // The state is the thread's own, and set by `init` before anything else runs there.
    guard let side = thread.state as? DatabaseConnectionSide else {
      preconditionFailure("the SQLite thread's state is the writer's connection, set when it opened")
    }
    return side
  }
  /// The connection: only inside `thread.perform`, on the SQLite thread.
  var connection: SQLiteConnection { side.connection }
  @exclusivity(unchecked) var dates: DateText
  @exclusivity(unchecked) var sources = SourceTable()
  let catalog: TypeCatalog

  /// The last id given in each table that has ids.
  @exclusivity(unchecked) var lastIDs = LastIDs()
  /// The zone of the summaries and `export_info`, once the input is read (`finish`).
  var timeZone: TimeZone?
  /// The span of each record type's dates, for the summaries.
  @exclusivity(unchecked) var recordSpans = RecordSpans()
  /// The top-level copies of correlation members dropped, by the bytes of their type.
  var droppedCopies: [[UInt8]: Int] = [:]
  /// The summaries made as the records are written; nil without summaries.
  let recordSummaries: RecordSummaries?
  /// During an update, where the records compared by digest are noted instead of written
  /// (`DigestedRecordSink`).
  var digests: (any DigestedRecordSink)?
  /// Whether a dropped copy of a correlation member was of a type summarized as written, whose
  /// summaries must then be read back (set by `dropRepeatedMembers`, on SQLite's thread).
  var droppedSummarizedType = false
  /// How many rows of `sources` repeated an earlier one and were joined with it (set by
  /// `joinRepeatedSources`, on SQLite's thread).
  var joinedSources = 0
  /// Whether each record type has carried a quantity (for types whose prefix names no kind).
  var recordTypesWithQuantities: [String: Bool] = [:]
  private var lastRecordType = ""
  private var lastRecordTypeHadQuantity = false
  /// The workout the route points that follow belong to, with its routes by file path.
  var currentWorkout: (id: Int64, routes: [String: Int64])?
  /// How many points each route file gave.
  var routePointCounts: [Int64: Int] = [:]
  /// The clinical record just written, to which the lab results read from its file belong.
  var currentClinicalRecord: Int64?
  var exportDate: Timestamp?
  /// Rows written, by table.
  @exclusivity(unchecked) package internal(set) var counts = DatabaseCounts()
  /// What the summaries leave out of the records as written (a record longer than 31 days).
  let summaryDiagnostics = Diagnostics()
  /// Where the input holds the item being written, when the caller said.
  var itemLocation: SourceLocation?

  /// The last id given in each table whose rows have one.
  struct LastIDs {
    var record: Int64 = 0
    var correlation: Int64 = 0
    var workout: Int64 = 0
    var workoutActivity: Int64 = 0
    var workoutEvent: Int64 = 0
    var workoutRoute: Int64 = 0
    var activitySummary: Int64 = 0
    var ecg: Int64 = 0
    var clinicalRecord: Int64 = 0
    var labResult: Int64 = 0
    var audiogram: Int64 = 0
    var visionPrescription: Int64 = 0
    var stateOfMind: Int64 = 0
  }

  /// Creates the database at `path` (which must not hold one yet) and begins the transaction.
  /// - Parameters:
  ///   - path: where the database is made.
  ///   - temporaryFolder: where SQLite may keep temporary files while it sorts.
  ///   - configuration: what the database holds.
  /// - Throws: `DatabaseError`.
  package init(path: String, temporaryFolder: String, configuration: Configuration) throws(DatabaseError) {
    self.configuration = configuration
    dates = DateText(timeZone: configuration.timeZone.provisional)
    catalog = TypeCatalog(registry: configuration.registry)
    recordSummaries =
      configuration.summaryPeriods.isEmpty
      ? nil
      : RecordSummaries(
        periods: configuration.summaryPeriods, configuration: configuration, spillBeside: path,
        diagnostics: summaryDiagnostics)
    let thread = SQLiteThread()
    self.thread = thread
    recorder = TapeRecorder(thread: thread)
    statements = .onTape(recorder)
    do {
      try thread.perform { () throws(DatabaseError) in
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        let folder = temporaryFolder.replacingOccurrences(of: "'", with: "''")
        try connection.execute(
          """
          \(Self.buildSettings)
          PRAGMA temp_store = FILE;
          PRAGMA temp_store_directory = '\(folder)';
          """)
        try connection.execute(DatabaseSchema.createTables)
        try connection.execute(DatabaseSchema.createIndexes)
        try connection.execute(DatabaseSchema.createViews)
        try connection.execute(Self.summaryStagingTable)
        thread.state = try DatabaseConnectionSide(connection: connection)
        try connection.execute("BEGIN")
      }
    } catch {
      thread.stop()
      throw error
    }
  }

  /// How a new database is written (docs/database.md, Speed and Durability): pages of 16 KiB, no
  /// journal, no sync until it is complete, one lock held throughout, a page cache of 2 MiB, no
  /// clearing of freed space.
  package static let buildSettings = """
    PRAGMA page_size = 16384;
    PRAGMA journal_mode = OFF;
    PRAGMA synchronous = OFF;
    PRAGMA locking_mode = EXCLUSIVE;
    PRAGMA cache_size = -2048;
    PRAGMA secure_delete = OFF;
    """

  deinit {
    // The SQLite thread ends and the connection is closed, whatever stopped the writer.
    thread.stop()
  }

  // MARK: - Items

  /// Writes one item; `location` is where the input holds it, for what the summaries leave out.
  /// - Throws: `DatabaseError`.
  package func add(_ item: HealthItem, at location: SourceLocation? = nil) throws(DatabaseError) {
    itemLocation = location
    if case .labResult = item {} else { currentClinicalRecord = nil }
    if case .workout = item {} else if case .routePoints = item {} else { currentWorkout = nil }
    switch item {
    case .exportDate(let date):
      exportDate = date
    case .characteristics(let entries):
      try addCharacteristics(entries)
    case .sample(let sample):
      try addRecord(sample, correlationID: nil)
    case .correlation(let correlation):
      try addCorrelation(correlation)
    case .workout(let workout):
      try addWorkout(workout)
    case .activitySummary(let summary):
      try addActivitySummary(summary)
    case .clinicalRecord(let record):
      try addClinicalRecord(record)
    case .labResult(let result):
      try addLabResult(result)
    case .audiogram(let audiogram):
      try addAudiogram(audiogram)
    case .visionPrescription(let prescription):
      try addVisionPrescription(prescription)
    case .stateOfMind(let state):
      try addStateOfMind(state)
    case .routePoints(let batch):
      try addRoutePoints(batch)
    case .electrocardiogram(let recording):
      try addElectrocardiogram(recording)
    }
  }

  // MARK: - Shared columns

  /// The id of a source, written on first sight (a source that may repeat one forgotten with
  /// the priority -1, for `joinRepeatedSources`).
  func sourceID(name: String, version: String?, device: String?) throws(DatabaseError) -> Int64 {
    let found = sources.id(name: name, version: version, device: device)
    if found.isNew {
      let statement = statements.source
      try statement.bind(found.id, at: 1)
      try statement.bind(name.nonEmpty, at: 2)
      try statement.bind(version?.nonEmpty, at: 3)
      try statement.bind(device?.nonEmpty, at: 4)
      try statement.bind(SourceTable.deviceModel(device), at: 5)
      try statement.bind(Int64(found.isPossibleRepeat ? -1 : 0), at: 6)
      try statement.run()
      counts.sources += 1
    }
    return found.id
  }

  /// Binds a date's text at `textIndex` and its Unix seconds at `unixIndex`, or NULLs.
  func bind(
    _ date: Timestamp?, text textIndex: Int32, unix unixIndex: Int32, in statement: some SQLiteParameters
  )
    throws(DatabaseError)
  {
    guard let date else {
      if textIndex > 0 { try statement.bindNull(at: textIndex) }
      try statement.bindNull(at: unixIndex)
      return
    }
    if textIndex > 0 {
      try dates.withText(of: date) { text throws(DatabaseError) in
        try statement.bind(text: text, at: textIndex)
      }
    }
    try statement.bind(date.wholeSecondsSince1970, at: unixIndex)
  }

  /// Writes a row of a table shaped `(id, type, source_id, creation_date, start_date, end_date,
  /// creation_unix, start_unix, end_unix)`: correlations, audiograms.
  func addTypedRow(
    _ statement: TapeStatement, id: Int64, type: String, source: Int64, creation: Timestamp?,
    start: Timestamp, end: Timestamp
  ) throws(DatabaseError) {
    try statement.bind(id, at: 1)
    try statement.bind(type, at: 2)
    try statement.bind(source, at: 3)
    try bind(creation, text: 4, unix: 7, in: statement)
    try bind(start, text: 5, unix: 8, in: statement)
    try bind(end, text: 6, unix: 9, in: statement)
    try statement.run()
  }

  /// Writes metadata entries of an owner.
  func addMetadata(_ entries: [MetadataEntry], owner kind: String, id: Int64) throws(DatabaseError) {
    guard !entries.isEmpty else { return }
    let statement = statements.metadata
    for entry in entries {
      try statement.bind(kind, at: 1)
      try statement.bind(id, at: 2)
      try statement.bind(entry.key, at: 3)
      try statement.bind(entry.value, at: 4)
      try statement.endRow()
    }
  }

  /// Notes the kind of value a record type carries.
  func noteRecordType(_ type: String, hasQuantity: Bool) {
    if type == lastRecordType, !hasQuantity || lastRecordTypeHadQuantity { return }
    lastRecordType = type
    lastRecordTypeHadQuantity = hasQuantity || recordTypesWithQuantities[type] == true
    if hasQuantity {
      recordTypesWithQuantities[type] = true
    } else if recordTypesWithQuantities[type] == nil {
      recordTypesWithQuantities[type] = false
    }
  }

  // MARK: - Finishing

  /// Checks that SQLite numbered the records as the writer did (the ids metadata and beats
  /// refer to).
  /// - Throws: `DatabaseError` (`SQLITE_ERROR`) if it did not.
  private func checkRecordIDs() throws(DatabaseError) {
    let last = try connection.value("SELECT coalesce(max(id), 0) FROM records")
    guard last == .integer(lastIDs.record) else {
      throw DatabaseError(
        path: connection.path, code: SQLITE_ERROR,
        message: "the records were numbered to \(last), not \(lastIDs.record)")
    }
  }

  /// Completes the database: drops the top-level copies of correlation
  /// members, writes `export_info`, source priorities, the summaries and the `types` table, sets
  /// `user_version`, commits and closes it.
  /// - Parameter header: what the reader learned of the export.
  /// - Returns: how many rows of each kind were written.
  /// - Throws: `DatabaseError`.
  package func finish(header: ExportHeader) throws(DatabaseError) -> DatabaseCounts {
    let zone = configuration.timeZone.resolved(by: header.timeZones)
    timeZone = zone
    try recorder.handOver()
    digests?.inputEnded()
    let priorities = sources.priorities()
    digests?.namePriorities = priorities
    let mayRepeatSources = sources.possibleRepeats > 0
    let summarizedTypes = recordSummaries?.summarizedTypes ?? []
    // SQLite's thread completes the tables while this one makes the rows of the summaries made
    // as the records were written: the two share nothing until the `perform` below.
    thread.performLater { [self] () throws(DatabaseError) in
      try side.preparedStatements().flush()
      try checkRecordIDs()
      if mayRepeatSources { joinedSources = try joinRepeatedSources() }
      try dropRepeatedMembers(summarizedTypes: summarizedTypes)
      try writeExportInfo(header: header)
      try writeSourcePriorities(priorities)
    }
    let staged = try stageRecordSummaries(timeZone: zone)
    try recorder.handOver()
    try thread.perform { () throws(DatabaseError) in
      // Summaries read back from the records written would leave out those compared by digest
      // (`droppedSummarizedType` is set on this thread; the writing thread waits meanwhile).
      counts.sources -= joinedSources
      if !configuration.summaryPeriods.isEmpty, droppedSummarizedType || staged == nil {
        digests?.summariesWereReadBack = true
      }
      try writeSummaries(
        staged: droppedSummarizedType ? nil : staged,
        periods: configuration.summaryPeriods, units: configuration.summaryUnits)
      try writeTypes()
      try connection.execute("PRAGMA user_version = \(DatabaseSchema.version)")
      try connection.execute("COMMIT")
      // Readers and updates of the finished file use a write-ahead log (docs/database.md,
      // Updating): the mode is kept in the file.
      if configuration.usesWriteAheadLog { try connection.execute("PRAGMA journal_mode = WAL") }
      side.releaseStatements()
      try connection.close()
    }
    counts.summariesLeftOut = summaryDiagnostics.summary
    return counts
  }

  /// Waits for the SQLite thread to make every call handed to it, after the input failed: its
  /// failure, if it met one, came first and is the one to report (as when the calls were made
  /// as the items came).
  /// - Throws: the SQLite thread's failure, if any.
  package func settle() throws(DatabaseError) {
    try recorder.handOver()
    try thread.perform {}
  }
}

extension String {
  /// The text, or nil where it is empty: the database keeps no empty strings for missing values.
  var nonEmpty: String? { isEmpty ? nil : self }
}
