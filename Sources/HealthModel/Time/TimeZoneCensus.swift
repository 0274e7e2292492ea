public import Foundation

/// The time zones an export's own samples name: how many samples carry each `HKTimeZone`
/// metadata value (an IANA name such as `Europe/Berlin`). Sleep, workouts and some other samples
/// carry one; it is where the person was, which export.xml's offsets are not (Apple writes every
/// timestamp with the phone's offset at the moment of export).
public struct TimeZoneCensus: Hashable, Sendable {
  /// Samples by the name they give.
  public private(set) var counts: [String: Int]

  /// A census of `counts` (none by default).
  public init(counts: [String: Int] = [:]) {
    self.counts = counts.filter { $0.value > 0 }
  }

  /// Whether no sample named a zone.
  public var isEmpty: Bool { counts.isEmpty }

  /// Counts `count` samples naming `name`.
  public mutating func add(_ name: String, count: Int = 1) {
    guard count > 0 else { return }
    counts[name, default: 0] += count
  }

  /// Adds another census's counts to this one's.
  public mutating func add(_ other: TimeZoneCensus) {
    for (name, count) in other.counts { add(name, count: count) }
  }

  /// The names, most named first, a tie going to the name first in byte order.
  public var ranked: [(name: String, count: Int)] {
    counts.sorted { lhs, rhs in
      lhs.value != rhs.value ? lhs.value > rhs.value : lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
    }.map { (name: $0.key, count: $0.value) }
  }

  /// The export's zone, and how many samples name it: the one most samples name (`ranked`);
  /// names that are not a zone Foundation knows are passed over. Nil where no sample names one.
  public var mostNamed: (zone: TimeZone, count: Int)? {
    for (name, count) in ranked {
      if let zone = TimeZone(identifier: name) { return (zone, count) }
    }
    return nil
  }

  /// The export's zone (`mostNamed`).
  public var mostNamedZone: TimeZone? { mostNamed?.zone }
}
