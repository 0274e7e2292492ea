import Foundation
import HealthModel

/// The span of each record type's instants (the earliest start, the latest end, the longest
/// record), kept as the records are written, so that the summaries learn which years to read
/// without reading every record back.
///
/// The top-level copies of correlation members that the database drops have the dates of the
/// member they repeat, so the spans are those of the records the database keeps.
struct RecordSpans {
  /// A type's span, in Unix seconds, and how many records it has.
  struct Span: Equatable {
    var firstStart: Int64
    var lastStart: Int64
    var lastEnd: Int64
    /// The largest `end - start` of its records.
    var longest: Int64
    /// The records added.
    var count = 0

    /// The span of a record, not yet counted.
    init(start: Int64, end: Int64) {
      firstStart = start
      lastStart = start
      lastEnd = end
      longest = end &- start
    }

    /// Adds a record.
    mutating func add(start: Int64, end: Int64) {
      firstStart = min(firstStart, start)
      lastStart = max(lastStart, start)
      lastEnd = max(lastEnd, end)
      longest = max(longest, end &- start)
      count += 1
    }
  }

  /// The spans by the bytes of the type: types that differ in bytes are different types to
  /// SQLite, even where Swift's strings would compare equal (`É` and `E` with a combining accent).
  private var spans: [[UInt8]: (type: String, span: Span)] = [:]
  /// The type of the run of records being written, and its span so far (records come in runs of
  /// one type).
  private var current: (type: String, span: Span)?

  /// Notes a record of `type` from `start` to `end`.
  mutating func note(type: String, start: Int64, end: Int64) {
    if let run = current?.type, run == type, Self.sameBytes(run, type) {
      current?.span.add(start: start, end: end)
      return
    }
    if let current { spans[Array(current.type.utf8)] = current }
    var span = spans[Array(type.utf8)]?.span ?? Span(start: start, end: end)
    span.add(start: start, end: end)
    current = (type, span)
  }

  /// The spans of every type, in the byte order of the identifiers (SQLite's `BINARY` order).
  func all() -> [(type: String, span: Span)] {
    var all = spans
    if let current { all[Array(current.type.utf8)] = current }
    return all.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.value)
  }

  /// The spans of the types that have quantity or category identifiers (the prefix matched in any
  /// ASCII case, as SQL's `LIKE` matches it), in the byte order of the identifiers.
  func summarized() -> [(type: String, span: Span)] {
    let prefixes = [HealthKitIdentifier.quantityTypePrefix, HealthKitIdentifier.categoryTypePrefix]
    return all().filter { entry in prefixes.contains { Self.hasPrefix(entry.type, $0) } }
  }

  /// Whether two strings are the same bytes (not only canonically equal).
  static func sameBytes(_ first: String, _ second: String) -> Bool {
    // Read in place where the strings are contiguous (native ones are): no copies of them.
    let compared = first.utf8.withContiguousStorageIfAvailable { a in
      second.utf8.withContiguousStorageIfAvailable { b in
        guard a.count == b.count else { return false }
        guard let first = a.baseAddress, let second = b.baseAddress else { return a.isEmpty }
        return memcmp(first, second, a.count) == 0
      }
    }
    return (compared ?? nil) ?? first.utf8.elementsEqual(second.utf8)
  }

  /// Whether `text` starts with `prefix`, ASCII letters in either case.
  static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
    func folded(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
    var bytes = text.utf8.makeIterator()
    for expected in prefix.utf8 {
      guard let byte = bytes.next(), folded(byte) == folded(expected) else { return false }
    }
    return true
  }
}
