import HealthArchive
import HealthModel

/// What is kept of a sample of each kind: a discrete type's value, a cumulative series' interval
/// (sleep's by the night), a counted category's start.
extension Summarizer {
  /// A quantity sample: a cumulative type's interval, or a discrete type's value, converted to
  /// the unit its measure is summarized in (else counted in its own unit); nil for one left out.
  func prepareQuantity(
    _ sample: Sample, slot: Int, source: Int, route: SlotRoute, at location: SourceLocation
  ) throws -> PreparedSample? {
    let isCumulative = route.path == .cumulativeQuantity
    guard case .quantity(let raw, let unitName) = sample.value else {
      try diagnostics.report(
        Diagnostic(reason: "\(slots[slot].metric) record without a numeric value", location: location))
      return nil
    }
    let start = sample.startDate.millisecondsSince1970
    let end = sample.endDate.millisecondsSince1970
    if isCumulative {
      guard try isValidInterval(start, end, slot: slot, at: location),
        summarizes(DecidingInstants(start: start, end: end))
      else { return nil }
    } else {
      guard summarizes(DecidingInstants(start: start, end: end, byStart: true)) else { return nil }
    }
    guard try isShortEnough(start, end, slot: slot, at: location) else { return nil }
    let value: Double
    let unit: Int
    if let csvUnit = route.csvUnit {
      guard let converted = csvUnit.convert(raw, from: unitName) else {
        try report(
          Diagnostic(
            reason:
              "\(slots[slot].metric) in unit '\(unitName)', which cannot be converted to \(csvUnit.label)",
            location: location))
        return nil
      }
      if let minimum = route.minimumKept, converted < minimum {
        noteDropped("\(slots[slot].metric) under \(Int(minimum)) \(csvUnit.label)")
        return nil
      }
      value = converted
      if route.csvUnitNumber >= 0 {
        unit = route.csvUnitNumber
      } else {
        unit = number(ofUnit: csvUnit.label)
        routes[slot].csvUnitNumber = unit
      }
    } else {
      value = raw
      unit = number(ofUnit: unitName)
      countUnit(unit, slot: slot, at: location)
    }
    if isCumulative {
      let series: Int
      if route.series >= 0 {
        series = route.series
      } else {
        series = self.series(slot: slot, metric: slots[slot].metric)
        routes[slot].series = series
      }
      return interval(
        TimedValue(start: start, end: end, value: value), series: series, source: source, unit: unit)
    }
    return .discrete(value, start: start, slot: slot, unit: unit, source: source)
  }

  /// Sleep and mindful sessions: cumulative minutes, one series per sleep value. Sleep is
  /// counted by night (summaries.md), its samples swept twelve hours later (`isNight(series:)`),
  /// so those up to twelve hours before the summarized instants are kept too; an asleep value
  /// counts in `Sleep Asleep Total` as well.
  func prepareDuration(
    _ sample: Sample, slot: Int, source: Int, at location: SourceLocation
  ) throws -> PreparedSample? {
    var metric = slots[slot].metric
    let start = sample.startDate.millisecondsSince1970
    let end = sample.endDate.millisecondsSince1970
    let isSleep = slots[slot].kind == .sleepStages
    guard try isValidInterval(start, end, slot: slot, at: location),
      summarizes(DecidingInstants(start: start, end: end, reachingBack: isSleep ? Self.nightShift : 0)),
      try isShortEnough(start, end, slot: slot, at: location)
    else { return nil }
    var isAsleep = false
    if isSleep {
      guard let name = Self.categoryName(of: sample) else {
        try report(
          Diagnostic(
            reason: "\(metric) record with a quantity for a value", location: location, kind: .unusable))
        return nil
      }
      metric = SummaryKind.sleepMetricName(forValue: name)
      isAsleep = SummaryKind.isAsleep(value: name)
    }
    let unit = number(ofUnit: SummaryKind.minutesUnit)
    let value = TimedValue(start: start, end: end, value: (end - start) / 60_000)
    var lists = list(series: series(slot: slot, metric: metric), source: source, unit: unit)
    if isAsleep {
      let total = list(
        series: series(slot: slot, metric: SummaryKind.asleepTotalName), source: source, unit: unit)
      (lists.second, lists.secondIsNew) = (total.first, total.firstIsNew)
    }
    return .interval(value, lists: lists)
  }

  /// How far sleep samples are moved, so that days are nights: twelve hours, in milliseconds.
  package static let nightShift = 12.0 * 3_600_000

  /// Whether the periods of a series are nights: sleep's, but by the hour (clock hours).
  func isNight(series key: SeriesKey) -> Bool {
    slots[key.slot].kind == .sleepStages && selection.period != .hour
  }

  /// Stand hours (those stood count) and other category types (every sample counts), by start.
  func prepareCounted(
    _ sample: Sample, slot: Int, source: Int, at location: SourceLocation
  ) throws -> PreparedSample? {
    let start = sample.startDate.millisecondsSince1970
    guard
      summarizes(DecidingInstants(start: start, end: sample.endDate.millisecondsSince1970, byStart: true)),
      try isShortEnough(start, sample.endDate.millisecondsSince1970, slot: slot, at: location)
    else { return nil }
    let counts =
      slots[slot].kind != .standHours
      || Self.categoryName(of: sample) == HealthKitIdentifier.appleStandHourStood
    return .counted(start: start, slot: slot, source: source, counts: counts)
  }

  /// A sample of a cumulative series, in the list of its series, source and unit.
  func interval(_ value: TimedValue, series: Int, source: Int, unit: Int) -> PreparedSample {
    .interval(value, lists: list(series: series, source: source, unit: unit))
  }

  /// The list of a series, source and unit: a new list numbered as `intervals` numbers its lists,
  /// the next one.
  func list(series: Int, source: Int, unit: Int) -> IntervalLists {
    var isNew = false
    let next = intervalLists.values.count
    let key = intervalLists.number(of: IntervalKey(series: series, source: source, unit: unit)) {
      isNew = true
      return next
    }
    if isNew { self.series.values[series].append(key) }
    return IntervalLists(first: intervalLists.values[key], firstIsNew: isNew)
  }

  /// The number of a series (a slot's, or one of sleep's values), made when first met.
  func series(slot: Int, metric: String) -> Int {
    series.number(of: SeriesKey(slot: slot, metric: metric)) { [] }
  }

  /// The number of a unit's name, made when first met.
  func number(ofUnit name: String) -> Int {
    units.number(of: name) { name }
  }
}
