import CSQLite
import HealthArchive
import HealthExport
import HealthModel

/// The records an update compares by their keys' digests (`ReadingDigest`) rather than building
/// them into the database beside the kept one: the top-level records of each type the kept
/// database holds and summarizes as it writes them (`RecordSummaries.summarizesAsWritten`), that
/// start no later than its cutoff: `recentSeconds` before the latest start the database holds of
/// that type. That is the bulk of a newer export; the rest (the recent and the newer records,
/// other types, correlations and their members) is built beside and compared by key, so that a
/// source that syncs days late adds its readings there.
///
/// Both sides' digests go into sorted runs (`DigestRuns`, a few MiB in memory, the rest in spill
/// files beside the file the caller names: the kept database for an update, diff's scratch
/// database), read back in order and walked together (`join`).
final class DigestedRecords: DigestedRecordSink {
  /// Each type compared by digest, with the last start (Unix seconds) compared so.
  let cutoffs: [String: Int64]
  /// A digest with the id of its record (0 for the newer export's, which has no ids).
  struct Row: BitwiseCopyable {
    var digest: ReadingDigest
    var id: Int64

    static func precedes(_ a: Row, _ b: Row) -> Bool {
      a.digest == b.digest ? a.id < b.id : a.digest.precedes(b.digest)
    }
  }

  /// The newer export's digests, added by the writer as it reads.
  private let fresh: DigestRuns
  /// Whether a correlation of the newer export has a member of a type compared by digest: its
  /// top-level copy, which a build drops, would be compared as a record, so the update builds
  /// the export whole instead.
  private(set) var hasMemberOfDigestedType = false
  /// Whether the database beside summarized by reading its records back (`DatabaseWriter.finish`),
  /// which would leave out those compared by digest: the update then builds the export whole.
  var summariesWereReadBack = false
  var namePriorities: [(name: String, priority: Int)] = []
  /// Called with this once the input is read (`inputEnded`): an update starts walking the digests
  /// there, on the thread that read the kept ones, while the database beside is completed.
  var onInputEnded: ((DigestedRecords) -> Void)?
  /// The run of records being added: its type, and its cutoff, if compared.
  private var lastType = ""
  private var lastCutoff: Int64?
  /// A hasher fed the type of the run of records being added (`covers`), the first column of
  /// their keys.
  private(set) var typeKey = ReadingHasher()

  /// Rows in memory, per side, before a sorted run is spilled: 1.5 MiB.
  static let budget = 65_536

  /// - Parameters:
  ///   - cutoffs: each type compared by digest, with the last start compared so.
  ///   - spillBeside: the file the spill files are made beside.
  init(cutoffs: [String: Int64], spillBeside: String) {
    self.cutoffs = cutoffs
    fresh = DigestRuns(beside: spillBeside, budget: Self.budget)
  }

  /// How long before the latest start of a type the records compared by digest end: 7 days, so
  /// that a source that syncs late (a watch away from its phone) adds its readings among those
  /// compared by key, and the export is not built whole for them.
  static let recentSeconds: Int64 = 7 * 86_400

  /// The types the kept database at `connection` (main) compares by digest: those it
  /// summarizes as written, each with its cutoff (`recentSeconds` before the latest start of the
  /// type); read through `records (type, start_unix)`, one look per type.
  static func cutoffs(in connection: SQLiteConnection, recentSeconds: Int64 = recentSeconds)
    throws(DatabaseError) -> [String: Int64]
  {
    let rows = try connection.rows(
      Self.keptTypes
        + " SELECT type, (SELECT max(start_unix) FROM main.records WHERE type = kinds.type) FROM kinds WHERE type IS NOT NULL"
    )
    var starts: [String: Int64] = [:]
    for row in rows {
      guard case .text(let type) = row[0], case .integer(let latest) = row[1],
        RecordSummaries.summarizesAsWritten(type)
      else { continue }
      starts[type] = latest &- recentSeconds
    }
    return starts
  }

  /// `kinds`, every type `main.records` holds, found through `records (type, start_unix)` one look
  /// per type (and a NULL after the last), for a `SELECT … FROM kinds` to follow.
  static let keptTypes = """
    WITH RECURSIVE kinds (type) AS (
      SELECT min(type) FROM main.records
      UNION ALL SELECT (SELECT min(type) FROM main.records WHERE type > kinds.type) FROM kinds
      WHERE kinds.type IS NOT NULL)
    """

  /// Whether a top-level record of `type` starting at `start` is compared by digest.
  @inline(__always)
  func covers(type: String, start: Int64) -> Bool {
    if !(type == lastType && RecordSpans.sameBytes(type, lastType)) {
      lastType = type
      // Compared types are ASCII (`summarizesAsWritten`): equal strings are equal bytes.
      lastCutoff = cutoffs[type]
      typeKey = ReadingHasher()
      typeKey.add(type)
    }
    guard let lastCutoff else { return false }
    return start <= lastCutoff
  }

  /// The first failure to write the spill file (`OutputError`), thrown by `join`: the writer's
  /// calls throw SQLite's failures only.
  private var failure: (any Error)?

  /// Adds the digest of a record of the newer export.
  func add(_ digest: ReadingDigest) {
    guard failure == nil else { return }
    do {
      try fresh.append(Row(digest: digest, id: 0))
    } catch {
      failure = error
    }
  }

  /// Notes a correlation's member of `type`.
  func noteMember(ofType type: String) {
    if cutoffs[type] != nil { hasMemberOfDigestedType = true }
  }

  /// What walking both sides found.
  struct Join {
    /// The kept records the newer export no longer holds, by id.
    var gone: [Int64] = []
    /// Records both hold.
    var unchanged = 0
  }

  func inputEnded() {
    onInputEnded?(self)
  }

  /// Walks the kept database's digests against the newer export's, pairing equal digests one to
  /// one (the lowest ids first, as `KeyMerge` pairs them). Called once the input is read, on any
  /// one thread: it reads only what the reading left (the newer export's runs, what they found).
  /// - Parameter kept: the kept database's digests (`keptDigests`).
  /// - Returns: what was found; nil when the newer export holds a record compared by digest that
  ///   the kept database lacks (a reading added among the dates it holds), which the update then
  ///   builds whole; nil too when a correlation has a member of a type compared by digest. (Nor
  ///   does the update use it when the summaries were read back: `summariesWereReadBack`.)
  /// - Throws: `OutputError` when a spill file cannot be written or read.
  func join(kept: DigestRuns) throws -> Join? {
    if let failure { throw failure }
    if hasMemberOfDigestedType { return nil }
    var keptRows = kept.merged()
    var freshRows = fresh.merged()
    var join = Join()
    var keptRow = try keptRows.next()
    var freshRow = try freshRows.next()
    while let left = keptRow {
      if let right = freshRow, !left.digest.precedes(right.digest) {
        guard left.digest == right.digest else { return nil }
        join.unchanged += 1
        keptRow = try keptRows.next()
        freshRow = try freshRows.next()
      } else {
        join.gone.append(left.id)
        keptRow = try keptRows.next()
      }
    }
    return freshRow == nil ? join : nil
  }

  /// The digests of the records of the kept database at `path` that are compared (top-level, of
  /// a type in `cutoffs`, starting no later than its cutoff), in sorted runs: read on a
  /// connection of its own, so that it can run beside the newer export's reading.
  /// - Throws: `DatabaseError`; `OutputError` when the spill file cannot be written.
  static func keptDigests(path: String, cutoffs: [String: Int64], spillBeside: String) throws -> DigestRuns {
    let store = DigestRuns(beside: spillBeside, budget: budget)
    // Opened for writing, though nothing is written, so that closing it removes the log files
    // of write-ahead log mode (as `KeptDatabase` does).
    let connection = try SQLiteConnection(path: path, mode: .readWrite)
    defer { try? connection.close() }
    // Each record's source name read with it: an export may hold about as many sources as
    // records (`SourceTable`).
    let records = try connection.prepare(
      """
      SELECT r.id, r.type, r.start_unix, r.end_unix, s.name, r.unit, r.value, r.value_text, r.creation_unix
      FROM records AS r LEFT JOIN sources AS s ON s.id = r.source_id WHERE r.correlation_id IS NULL
      """)
    var lastType: [UInt8] = []
    var lastCutoff: Int64?
    var typeKey = ReadingHasher()
    while try records.step() {
      // The type, decided once per run of records of one type.
      if !records.text(at: 1, equals: lastType) {
        lastType = records.withText(at: 1) { Array($0) }
        lastCutoff =
          records.type(at: 1) == SQLITE_TEXT ? cutoffs[String(decoding: lastType, as: UTF8.self)] : nil
        typeKey = ReadingHasher()
        records.digest(column: 1, into: &typeKey)
      }
      guard let cutoff = lastCutoff, records.type(at: 2) == SQLITE_INTEGER,
        records.integer(at: 2) <= cutoff
      else { continue }
      var key = typeKey
      records.digest(column: 2, into: &key)
      records.digest(column: 3, into: &key)
      // A source the sources table lacks has no name, as a source without one.
      for column: Int32 in 4...8 { records.digest(column: column, into: &key) }
      try store.append(Row(digest: key.finish(), id: records.integer(at: 0)))
    }
    return store
  }
}
