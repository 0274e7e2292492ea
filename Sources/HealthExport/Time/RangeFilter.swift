package import Foundation
package import HealthModel

/// Whether instants lie in a range of days, whose time zone may be known only once the input is
/// read (the export's own): until it is, an instant every zone's range holds is inside, one no
/// zone's range holds is outside, and one between is undecided, for its reader to keep until
/// `settle(timeZone:)`.
package struct RangeFilter {
  /// What a filter says of an instant.
  package enum Verdict {
    case inside
    case outside
    /// The zone decides: keep it until the filter is settled.
    case undecided
  }

  private let range: DateRange
  private let now: Timestamp
  /// The instants held: exactly, once the zone is known; until then, those every zone holds.
  package private(set) var bounds: (start: Timestamp?, end: Timestamp?)
  /// The instants some zone holds, while the zone is not known.
  private var outer: (start: Timestamp?, end: Timestamp?)?
  /// The zone, once known.
  package private(set) var timeZone: TimeZone?

  /// A filter of `range` counted back from `now`, in the zone `timeZone` names or, for the
  /// export's own, one known once `settle(timeZone:)` is called.
  package init(range: DateRange, now: Timestamp, timeZone: TimeZoneChoice) {
    self.range = range
    self.now = now
    switch timeZone {
    case .named(let zone):
      self.timeZone = zone
      bounds = range.bounds(now: now, timeZone: zone)
    case .export:
      let envelope = range.envelope(now: now)
      bounds = envelope.inner
      outer = envelope.outer
    }
  }

  /// The exact instants held, once the zone is known.
  package var exactBounds: (start: Timestamp?, end: Timestamp?)? { timeZone == nil ? nil : bounds }

  /// Whether `date` lies in the range, or the zone decides.
  @inline(__always)
  package func verdict(_ date: Timestamp) -> Verdict {
    if Self.lies(date, within: bounds) { return .inside }
    if let outer, Self.lies(date, within: outer) { return .undecided }
    return .outside
  }

  /// Whether `date` lies in the range; once settled, the verdict is never undecided.
  package func contains(_ date: Timestamp) -> Bool {
    verdict(date) == .inside
  }

  /// Takes the zone: the range's exact instants. Nothing once a zone is known.
  package mutating func settle(timeZone zone: TimeZone) {
    guard timeZone == nil else { return }
    timeZone = zone
    bounds = range.bounds(now: now, timeZone: zone)
    outer = nil
  }

  private static func lies(_ date: Timestamp, within bounds: (start: Timestamp?, end: Timestamp?)) -> Bool {
    if let start = bounds.start, date < start { return false }
    if let end = bounds.end, date >= end { return false }
    return true
  }
}
