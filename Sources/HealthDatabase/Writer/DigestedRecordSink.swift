/// Where a writer notes the records an update compares by their keys' digests instead of writing
/// them (`DigestedRecords`, docs/database.md, Updating): it asks which top-level records those
/// are, hands on each one's digest, and tells what would make the comparison incomplete.
protocol DigestedRecordSink: AnyObject {
  /// Whether a top-level record of `type` starting at `start` (Unix seconds) is compared by
  /// digest; the answer for the type is kept until another type is asked about.
  func covers(type: String, start: Int64) -> Bool
  /// A hasher fed the type last asked about by `covers`, the first column of the key.
  var typeKey: ReadingHasher { get }
  /// Takes the digest of a record compared.
  func add(_ digest: ReadingDigest)
  /// Notes a correlation's member of `type`.
  func noteMember(ofType type: String)
  /// The names' priorities, as the writer works them out over every record (those compared by
  /// digest included, which no row of the database beside refers to): set when it finishes.
  var namePriorities: [(name: String, priority: Int)] { get set }
  /// Set when the summaries were read back from the records written, which leaves out those
  /// compared by digest.
  var summariesWereReadBack: Bool { get set }
  /// Told once the input is read, before the database beside is completed: no digest comes after
  /// it.
  func inputEnded()
}
