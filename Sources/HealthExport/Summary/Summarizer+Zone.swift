package import Foundation
import HealthArchive
import HealthModel

/// The export's own zone, known only once the input is read (`TimeZoneChoice.export`): until
/// then the summarizer keeps every sample some zone would summarize, the discrete and counted ones
/// waiting for their periods, and holds back what it would say of a sample that only some zones
/// summarize, so that a summary in the export's own zone reports, drops and counts what the same
/// summary in that zone named would (summaries.md).
extension Summarizer {
  /// The instants that decide whether a sample is summarized: a discrete or counted type's start,
  /// else its interval, and for sleep the twelve hours before the summarized instants too (its
  /// nights are swept twelve hours later).
  struct DecidingInstants {
    var start: Double
    var end: Double
    var reachingBack = 0.0
    /// Whether the start alone decides (discrete and counted types).
    var byStart = false

    /// Whether a zone whose summarized instants are `bounds` summarizes the sample: its start
    /// inside them, or its interval reaching into them (a zero-length one: its instant).
    func isSummarized(within bounds: Range<Double>) -> Bool {
      if byStart { return bounds.contains(start) }
      let lower = bounds.lowerBound - reachingBack
      return start == end
        ? start >= lower && start < bounds.upperBound : start < bounds.upperBound && end > lower
    }

    /// Whether every zone's summarized instants, all lying within `widest` and each holding
    /// `everyZone`, decide the sample the same way.
    func isDecided(widest: Range<Double>, everyZone: Range<Double>) -> Bool {
      !isSummarized(within: widest) || (!everyZone.isEmpty && isSummarized(within: everyZone))
    }
  }

  /// What a sample that only some zones summarize does besides adding its value, held back
  /// until the zone is known.
  struct UndecidedEffect {
    enum Effect {
      case report(Diagnostic)
      case dropped(reason: String)
      case unitCounted(slot: Int, unit: Int, location: SourceLocation)
    }

    var instants: DecidingInstants
    var effect: Effect
  }

  /// Whether the sample whose instants are `instants` is summarized, in the zone's bounds or,
  /// while the zone is unknown, in the widest (its value is then kept, and the summarized
  /// instants settle it). What is said of it from here on waits for the zone where only some
  /// zones summarize it.
  func summarizes(_ instants: DecidingInstants) -> Bool {
    guard instants.isSummarized(within: bounds) else { return false }
    if let everyZone = boundsInEveryZone, !instants.isDecided(widest: bounds, everyZone: everyZone) {
      undecidedInstants = instants
    }
    return true
  }

  /// Reports a skipped sample now, or once the zone is known if only some zones summarize it.
  /// - Throws: `StrictModeError` in strict mode.
  func report(_ diagnostic: Diagnostic) throws {
    if let instants = undecidedInstants {
      undecided.append(UndecidedEffect(instants: instants, effect: .report(diagnostic)))
    } else {
      try diagnostics.report(diagnostic)
    }
  }

  /// Notes a reading left out by a rule, now or once the zone is known.
  func noteDropped(_ reason: String) {
    if let instants = undecidedInstants {
      undecided.append(UndecidedEffect(instants: instants, effect: .dropped(reason: reason)))
    } else {
      droppedReadings.note(reason)
    }
  }

  /// Counts a sample in its unit, for a type summarized in its most common unit: now, or once
  /// the zone is known.
  func countUnit(_ unit: Int, slot: Int, at location: SourceLocation) {
    if let instants = undecidedInstants {
      undecided.append(
        UndecidedEffect(instants: instants, effect: .unitCounted(slot: slot, unit: unit, location: location)))
    } else {
      slots[slot].countUnit(unit, at: location)
    }
  }

  /// The instants summarized in some zone not yet known, wider than in any: the range's envelope
  /// widened to whole periods in UTC, and by two days more either side (a zone's periods begin at
  /// most 14 hours from UTC's).
  static func widestBounds(of selection: SummarySelection, now: Timestamp) -> Range<Double> {
    var calendar = PeriodCalendar(period: selection.period, timeZone: DateRange.utc)
    let outer = selection.range.envelope(now: now).outer
    let margin = 2 * 86_400_000.0
    let lower = outer.start.map { calendar.span(containing: $0.millisecondsSince1970).start }
    let upper = outer.end.map { calendar.span(containing: $0.millisecondsSince1970 - 1).end }
    return
      (lower.map { $0.millisecondsSince1970 - margin } ?? -Double.infinity)..<(upper.map {
        $0.millisecondsSince1970 + margin
      } ?? Double.infinity)
  }

  /// The instants summarized in every zone: the range's envelope's inner instants, which every
  /// zone's range holds and so every zone's range widened to whole periods; nil for a range open
  /// at both ends, which every zone summarizes whole.
  static func boundsInEveryZone(of selection: SummarySelection, now: Timestamp) -> Range<Double>? {
    if case .all = selection.range { return nil }
    let inner = selection.range.envelope(now: now).inner
    let lower = inner.start?.millisecondsSince1970 ?? -Double.infinity
    let upper = inner.end?.millisecondsSince1970 ?? Double.infinity
    return lower < upper ? lower..<upper : lower..<lower
  }

  /// Takes the zone the periods are reckoned in, now that the input is read: adds the samples
  /// that waited for it, to `others` too (the summarizers this one hands its samples to,
  /// `add(_:at:alongside:)`), and says what it held back of the samples the zone summarizes;
  /// nothing for a summarizer whose zone is known.
  /// - Throws: `OutputError` when waiting samples cannot be read back or spilled;
  ///   `StrictModeError` in strict mode, for a sample held back.
  package func settle(timeZone zone: TimeZone, alongside others: [Summarizer] = []) throws {
    for summarizer in [self] + others where summarizer.timeZone == nil {
      summarizer.timeZone = zone
      summarizer.calendar = PeriodCalendar(period: summarizer.selection.period, timeZone: zone)
      summarizer.bounds = Self.bounds(
        of: summarizer.selection, now: summarizer.now, calendar: &summarizer.calendar)
    }
    for other in others { other.waiting = nil }
    boundsInEveryZone = nil
    let held = undecided
    undecided = []
    for effect in held where effect.instants.isSummarized(within: bounds) {
      switch effect.effect {
      case .report(let diagnostic): try diagnostics.report(diagnostic)
      case .dropped(let reason): droppedReadings.note(reason)
      case .unitCounted(let slot, let unit, let location): slots[slot].countUnit(unit, at: location)
      }
    }
    guard let waiting else { return }
    self.waiting = nil
    try waiting.drain { sample in
      let prepared = sample.prepared
      if bounds.contains(sample.start) { try add(prepared) }
      for other in others where other.bounds.contains(sample.start) { try other.add(prepared) }
    }
  }
}

extension Summarizer.TypeSlot {
  /// Counts a sample in unit number `unit`, met at `location`.
  mutating func countUnit(_ unit: Int, at location: SourceLocation) {
    unitCounts[unit, default: 0] += 1
    if firstLocationByUnit[unit] == nil { firstLocationByUnit[unit] = location }
  }
}
