import HealthExport
import HealthModel

/// The `sources` table: one row for each app and device (name, version and device text) that
/// wrote something, numbered as first seen, with the priority of summaries.md.
///
/// export.xml gives nearly every record's device an address of its own (`<<HKDevice: 0x…>, …`),
/// so that an export may hold about as many sources as records. Memory does not grow with them:
/// the table remembers the keys met most recently (two generations of up to `generationSize`
/// each: a key met again moves to the newer one, and the older is forgotten when the newer is
/// full), and a filter of fixed size (`SeenFilter`) holds the keys forgotten. A key that neither
/// knows is new; one the filter may have seen gets a row of its own, marked as possibly repeated
/// (`isPossibleRepeat`), which the finished database joins with the first row of the same key
/// (`DatabaseWriter.joinRepeatedSources`).
struct SourceTable {
  /// What `id` found.
  struct Found {
    var id: Int64
    /// Whether the key is not remembered: a row is written for it.
    var isNew: Bool
    /// Whether the key may have had a row before (a new row is then joined with it at the end).
    var isPossibleRepeat: Bool
  }

  /// How many keys a generation holds (tests make it small).
  let generationSize: Int

  init(generationSize: Int = 16_384) {
    self.generationSize = generationSize
  }

  /// The keys remembered, each as the digest of its name, version and device as the row stores
  /// them (an empty text as NULL), with its id.
  private var newer: [ReadingDigest: Int64] = [:]
  private var older: [ReadingDigest: Int64] = [:]
  /// The keys of the generations forgotten; made when the first is.
  private var forgotten: SeenFilter?
  private var lastKey: ReadingDigest?
  /// The sources whose digests were made last, as given.
  private var recentSources = RecentValues<
    (name: String, version: String?, device: String?, key: ReadingDigest)
  >(
    capacity: 4)
  private var lastID: Int64 = 0
  /// How many rows were given ids.
  private(set) var count: Int64 = 0
  /// How many rows were marked as possibly repeated.
  private(set) var possibleRepeats = 0
  /// The names' priorities, noted as each source is met.
  private var order = SourcePriority()

  /// The id of the source, whether it is new, and whether it may be a repeat of a source
  /// forgotten.
  mutating func id(name: String, version: String?, device: String?) -> Found {
    let key = digest(name: name, version: version, device: device)
    if let lastKey, lastKey == key { return Found(id: lastID, isNew: false, isPossibleRepeat: false) }
    lastKey = key
    if let id = newer[key] {
      lastID = id
      return Found(id: id, isNew: false, isPossibleRepeat: false)
    }
    if let id = older.removeValue(forKey: key) {
      remember(key, id: id)
      lastID = id
      return Found(id: id, isNew: false, isPossibleRepeat: false)
    }
    count += 1
    let isPossibleRepeat = forgotten?.mayContain(key) ?? false
    if isPossibleRepeat { possibleRepeats += 1 }
    remember(key, id: count)
    notePriority(name: name, device: device)
    lastID = count
    return Found(id: count, isNew: true, isPossibleRepeat: isPossibleRepeat)
  }

  /// The digest of a source's name, version and device as the row stores them. Records repeat
  /// the few sources of their stretch (a watch's and a phone's, interleaved), as the very strings
  /// the reader gave before (compared by their storage first): the digest of one met among the
  /// last few is not made again.
  private mutating func digest(name: String, version: String?, device: String?) -> ReadingDigest {
    for recent in recentSources.elements
    where recent.name == name && recent.version == version && recent.device == device {
      return recent.key
    }
    var hasher = ReadingHasher()
    hasher.add(name.nonEmpty)
    hasher.add(version?.nonEmpty)
    hasher.add(device?.nonEmpty)
    let key = hasher.finish()
    recentSources.add((name: name, version: version, device: device, key: key))
    return key
  }

  /// Notes a source that no row refers to (a record an update compares by digest) in the names'
  /// priorities, as if it had a row.
  mutating func notePriority(name: String, device: String?) {
    order.note(device: device, source: order.number(of: name), ranking: 0)
  }

  private mutating func remember(_ key: ReadingDigest, id: Int64) {
    if newer.count == generationSize {
      if !older.isEmpty {
        if forgotten == nil { forgotten = SeenFilter() }
        for key in older.keys { forgotten?.insert(key) }
      }
      older = newer
      newer = [:]
      newer.reserveCapacity(generationSize)
    }
    newer[key] = id
  }

  /// Gives the rows of `main.sources` the priority of their names (a source without a name
  /// under the empty one), in one pass over the table, rewriting only the rows whose priority
  /// changes; a name not given keeps its rows' priorities.
  /// - Throws: `DatabaseError`.
  static func write(
    _ priorities: [(name: String, priority: Int)], on connection: SQLiteConnection
  ) throws(DatabaseError) {
    try connection.execute(
      "CREATE TEMP TABLE name_priority (name TEXT PRIMARY KEY, priority INTEGER NOT NULL)")
    let insert = try connection.prepare(
      "INSERT OR IGNORE INTO temp.name_priority (name, priority) VALUES (?, ?)")
    for (name, priority) in priorities {
      try insert.bind(name, at: 1)
      try insert.bind(priority, at: 2)
      try insert.run()
    }
    let priority =
      "(SELECT p.priority FROM temp.name_priority AS p WHERE p.name = coalesce(sources.name, ''))"
    try connection.execute(
      """
      UPDATE main.sources SET priority = \(priority)
        WHERE coalesce(name, '') IN (SELECT name FROM temp.name_priority) AND priority IS NOT \(priority);
      DROP TABLE temp.name_priority
      """)
  }

  /// The `model:` part of HealthKit's device description (`Watch`, `iPhone`), if any.
  static func deviceModel(_ device: String?) -> String? {
    device.flatMap(HealthKitDevice.model(in:))
  }

  /// Each source name's priority, 1 the highest, in the order of summaries.md over every type
  /// (`SourcePriority`): names whose records came from an Apple Watch, then from an iPhone, then
  /// the rest, each group by name in byte order. The rows of one name share its priority. (The
  /// summaries rank each type's sources by that type's records alone.)
  func priorities() -> [(name: String, priority: Int)] {
    let ranks = order.ranks(priority: [], ranking: 0)
    return order.names.enumerated().map { ($0.element, ranks[$0.offset] + 1) }
  }
}

/// A set of digests that may answer yes for one it was not given, never no for one it was (a
/// Bloom filter): 4 MiB, three bits a digest. With a few million digests, about one in a hundred
/// answers yes wrongly.
struct SeenFilter {
  private var words = [UInt64](repeating: 0, count: 1 << 19)

  mutating func insert(_ digest: ReadingDigest) {
    for index in 0..<3 {
      let bit = Self.bit(index, of: digest)
      words[bit >> 6] |= 1 << UInt64(bit & 63)
    }
  }

  func mayContain(_ digest: ReadingDigest) -> Bool {
    for index in 0..<3 {
      let bit = Self.bit(index, of: digest)
      if words[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { return false }
    }
    return true
  }

  /// The `index`th of three bit positions of 2^25 made from a digest (its two halves combined).
  private static func bit(_ index: Int, of digest: ReadingDigest) -> Int {
    Int((digest.low &+ UInt64(index) &* (digest.high | 1)) & ((1 << 25) - 1))
  }
}
