import HealthArchive
import HealthExport
import HealthModel
import SystemShim

/// What comparing records by digest found: the types compared so, each with its cutoff, and the
/// kept records gone and alike (`DigestedRecords.Join`).
typealias DigestedComparison = (
  cutoffs: [String: Int64], join: DigestedRecords.Join, namePriorities: [(name: String, priority: Int)]
)

/// A newer export built beside a kept database with most of its records compared by digest
/// (`DigestedRecords`), for `--update` and `diff` alike: the kept database's digests are read on
/// a thread of their own while the export is read bare, and only the rest is built. Where the
/// digests cannot settle it (a record the database lacks among the digested dates), the export is
/// read a second time and built whole.
struct DigestedBuild {
  /// How the export is built (its zone, units and summaries).
  let build: DatabaseExport
  /// The kept database.
  let keptPath: String
  /// The file the spill files of the digests are made beside.
  let spillBeside: String
  /// How long before the latest start of a type the digested records end.
  let recentSeconds: Int64

  /// Builds `source` at `freshPath` (which must not exist).
  /// - Returns: the build's outcome, and what the digests found (nil when built whole).
  /// - Throws: the input's and the build's errors; `DatabaseError` reading the kept database.
  func run(source: some HealthInputSource, at freshPath: String, diagnostics: Diagnostics) throws -> (
    outcome: DatabaseExport.Outcome, digested: DigestedComparison?
  ) {
    let cutoffs = try digestCutoffs()
    let digests = cutoffs.isEmpty ? nil : DigestedRecords(cutoffs: cutoffs, spillBeside: spillBeside)
    let keptDigests = digests.map { _ in
      KeptDigestsReading(path: keptPath, cutoffs: cutoffs, spillBeside: spillBeside)
    }
    defer { keptDigests?.waitQuietly() }
    // The two sides' digests are walked on the thread that read the kept ones, as soon as the
    // input is read, while this one completes the database beside (its summaries above all).
    digests?.onInputEnded = { [keptDigests] digests in keptDigests?.startJoin(digests) }
    // Records compared by digest are read bare: their metadata and beats are not compared, and
    // the kept database keeps its own.
    var filter = ItemFilter.wholeRecord
    filter.bareUntil = cutoffs
    // The database beside holds only what is not compared by digest, so its writer's thread has
    // little to do: the export is read on both cores, two chunks ahead (each holds its items until
    // they are taken; the digests' runs and the kept database's reading hold their own). With
    // nothing compared by digest, the writer builds it all and keeps a core busy, as a build's does.
    filter.readsInParallel = !cutoffs.isEmpty
    filter.chunksReadAhead = 2
    let built = try build.run(
      source: source, destination: .file(path: freshPath, overwrites: false), diagnostics: diagnostics,
      filter: filter, opened: { writer in writer.digests = digests })
    guard let digests, let keptDigests else { return (built, nil) }
    if let join = try keptDigests.join(), !digests.summariesWereReadBack {
      return (built, (cutoffs, join, digests.namePriorities))
    }
    // The export adds a reading among the dates the database holds (or a correlation has a member
    // of a type compared by digest): it is built whole, and compared as it is.
    for suffix in ["", "-journal"] { _ = SystemCall.removeTree(freshPath + suffix) }
    let whole = try build.run(
      source: source, destination: .file(path: freshPath, overwrites: false),
      diagnostics: Diagnostics(isStrict: diagnostics.isStrict))
    return (whole, nil)
  }

  /// The types the kept database compares by digest, with the cutoff of each
  /// (`DigestedRecords.cutoffs(in:)`).
  private func digestCutoffs() throws(DatabaseError) -> [String: Int64] {
    // Opened for writing, though nothing is written, so that closing it removes the log files
    // of write-ahead log mode (as `KeptDatabase` does).
    let connection = try SQLiteConnection(path: keptPath, mode: .readWrite)
    defer { try? connection.close() }
    return try DigestedRecords.cutoffs(in: connection, recentSeconds: recentSeconds)
  }
}

/// The kept database's digests (`DigestedRecords.keptDigests`), read on a thread of their own
/// while the calling thread reads the newer export; then, once the export is read, walked against
/// its digests on that thread (`startJoin`) while the calling thread completes the database beside.
private final class KeptDigestsReading {
  private struct Found {
    var runs: DigestRuns?
    /// What the walk found, once it is done (nil inside when it found the comparison incomplete).
    var join: DigestedRecords.Join??
  }

  private let found = Locked(Found())
  private let worker: HandOffWorker<() throws -> Void, any Error>

  init(path: String, cutoffs: [String: Int64], spillBeside: String) {
    worker = HandOffWorker(name: "kept digests", depth: 1) { (job: () throws -> Void) throws(any Error) in
      try job()
    }
    let found = found
    // The first job of a worker is never refused: nothing has failed yet.
    try? worker.submit {
      let runs = try DigestedRecords.keptDigests(path: path, cutoffs: cutoffs, spillBeside: spillBeside)
      found.withLock { $0.runs = runs }
    }
  }

  /// Walks `digests` against the kept ones on the worker's thread, after they are read (a failure
  /// to read them is thrown by `join` instead).
  func startJoin(_ digests: DigestedRecords) {
    let found = found
    try? worker.submit {
      guard let runs = found.withLock({ $0.runs }) else {
        preconditionFailure("the kept digests are read before they are walked")
      }
      let join = try digests.join(kept: runs)
      found.withLock { $0.join = .some(join) }
    }
  }

  /// What the walk found: nil when the comparison is incomplete (`DigestedRecords.join(kept:)`).
  /// - Throws: what reading or walking the digests threw.
  func join() throws -> DigestedRecords.Join? {
    try worker.finish()
    guard let join = found.withLock({ $0.join }) else {
      preconditionFailure("the walk is started when the input is read, before the build finishes")
    }
    return join
  }

  /// Waits for the thread, whatever it found (the build failed or is done).
  func waitQuietly() {
    try? worker.finish()
    found.withLock { $0 = Found() }
  }
}

extension KeyMerge {
  /// `run(keepsMatches:)`, with the records compared by digest where `digested` says so: the
  /// others merged by key, the digested ones gone added to `temp.gone` and counted.
  /// - Throws: `DatabaseError`.
  func run(keepsMatches: Bool, digested: DigestedComparison?) throws(DatabaseError) -> Counts {
    guard let digested, table.name == "records" else { return try run(keepsMatches: keepsMatches) }
    try noteDigestedTypes(digested.cutoffs)
    var found = try run(keepsMatches: keepsMatches, keptCondition: Self.recordsNotDigested)
    let insert = try connection.prepare("INSERT INTO temp.gone (id) VALUES (?)")
    for id in digested.join.gone {
      try insert.bind(id, at: 1)
      try insert.run()
    }
    found.gone += digested.join.gone.count
    found.unchanged += digested.join.unchanged
    return found
  }

  /// The kept records that are not compared by digest, which `records` is merged by key among:
  /// the members of correlations, those of other types, and those that start after the cutoff of
  /// their type (the recent ones, the only ones a record of the export built beside can match).
  static let recordsNotDigested = """
    t.id IN (
      SELECT r.id FROM main.records AS r WHERE r.correlation_id IS NOT NULL
      UNION ALL SELECT r.id FROM temp.other_types AS o JOIN main.records AS r ON r.type = o.type
      UNION ALL SELECT r.id FROM temp.digested_types AS d JOIN main.records AS r
        ON r.type = d.type AND r.start_unix > d.cutoff)
    """

  /// `temp.digested_types` (each type compared by digest, with its cutoff) and
  /// `temp.other_types` (the other types the kept records have, `DigestedRecords.keptTypes`).
  private func noteDigestedTypes(_ cutoffs: [String: Int64]) throws(DatabaseError) {
    try connection.execute(
      """
      DROP TABLE IF EXISTS temp.digested_types; DROP TABLE IF EXISTS temp.other_types;
      CREATE TEMP TABLE digested_types (type TEXT PRIMARY KEY, cutoff INTEGER NOT NULL);
      CREATE TEMP TABLE other_types (type TEXT PRIMARY KEY);
      """)
    let insert = try connection.prepare("INSERT INTO temp.digested_types (type, cutoff) VALUES (?, ?)")
    for (type, cutoff) in cutoffs.sorted(by: { $0.key < $1.key }) {
      try insert.bind(type, at: 1)
      try insert.bind(cutoff, at: 2)
      try insert.run()
    }
    try connection.execute(
      "INSERT INTO temp.other_types " + DigestedRecords.keptTypes
        + " SELECT type FROM kinds WHERE type IS NOT NULL AND type NOT IN (SELECT type FROM temp.digested_types)"
    )
  }
}
