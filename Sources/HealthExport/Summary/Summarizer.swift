package import Foundation
package import HealthArchive
package import HealthModel

/// The summaries stage: turns the items of an input into per-period totals and statistics
/// (summaries.md), fed by the same readers as the CSV.
///
/// Memory: discrete types and counted categories are added up as they arrive, one small record
/// per type, unit and period; past a budget, the discrete records touched longest ago are spilled
/// (`DiscreteStore`), and the counted ones are packed, then spilled (`CountedStore`). Cumulative types (and sleep and mindful minutes) need the source
/// priority, which is known only at the end: their samples are kept as 24 bytes each (start,
/// end, value), grouped by series, source and unit, and swept at the end, one series at a time.
/// Only the samples of the cumulative types selected, inside the selected periods, are kept; past
/// a budget the largest lists are sorted and spilled as runs to a temporary file beside the
/// output, and each source's runs are merged as the sweep reads them (`SpilledRuns`). With
/// nowhere to spill (a stream, the database's and the report's summaries), they stay in memory.
/// The rows it makes at the end are packed (48 bytes each, strings as numbers) and, past their
/// own budget, spilled to the same file (`SummaryRowStore`), then merged in order as the CSV is
/// written (`finishRows()`).
///
/// `SummaryExport` runs it in the export pipeline (`RowStage`); a writer that reads the input for
/// other ends too (the database, the report) feeds it the same items and calls `finish()`, which
/// holds every row in memory.
package final class Summarizer: ExportStage {
  let selection: SummarySelection
  /// The names that come first in the source priority: the selection's, unless changed before
  /// `finish()` (a writer that learns its sources' order only once every item is read).
  package var sourcePriority: [String]
  let diagnostics: Diagnostics
  /// The moment "last N days" counts back from.
  let now: Timestamp
  /// The periods, in the zone they are reckoned in once it is known (until then, UTC's, unused).
  @exclusivity(unchecked) var calendar: PeriodCalendar
  /// The instants summarized, in milliseconds since 1970: the range widened to whole periods;
  /// until the zone is known, wider than in any zone.
  private(set) var bounds: Range<Double>
  /// The zone periods are reckoned in, once known: a zone named is known at once, the export's
  /// own once the input is read (`settle(timeZone:alongside:)`).
  private(set) var timeZone: TimeZone?
  /// Until the zone is known, the samples of discrete and counted types, which are added to the
  /// period they fall in, wait here in input order; nil once it is known.
  private var waiting: SpilledLog<WaitingSample>?
  /// Samples waiting for the zone kept in memory before they are spilled: 4 MiB.
  package static let defaultWaitingBudget = 131_072

  // The state touched at every sample, by the one thread that reads the input and never from two
  // places at once: the dynamic exclusivity checks are left out.
  @exclusivity(unchecked) var slots: [TypeSlot] = []
  /// Each slot's samples in the whole input, whatever the range: what a summary that finds
  /// nothing says of each type.
  @exclusivity(unchecked) var spans: [ReadingSpan] = []
  /// How each slot's samples are added, read at every sample without copying the slot.
  @exclusivity(unchecked) private var routes: [SlotRoute] = []
  @exclusivity(unchecked) private var slotByType: [String: Int?] = [:]
  @exclusivity(unchecked) private var lastType: String?
  @exclusivity(unchecked) private var lastSlot: Int?

  /// Unit names, numbered.
  @exclusivity(unchecked) var units = KeyedStore<String, String>()
  @exclusivity(unchecked) var sources = SummarySources()
  var discrete: DiscreteStore
  var counted: CountedStore
  /// Cumulative series, with the numbers of their interval lists.
  @exclusivity(unchecked) var series = KeyedStore<SeriesKey, [Int]>()
  /// The lists of samples of cumulative series, one per series, source and unit: the number of
  /// each list in `intervals`.
  @exclusivity(unchecked) var intervalLists = KeyedStore<IntervalKey, Int>()
  /// The samples of cumulative series, by list.
  let intervals: SpilledRuns<TimedValue>
  /// Samples of cumulative series kept in memory before the largest lists are spilled: 6 MiB.
  package static let defaultIntervalBudget = 262_144
  /// Rows of the summary kept in memory before the largest lists are spilled: 3 MiB.
  package static let defaultRowBudget = SummaryRowStore.defaultBudget
  /// Discrete types' records (type, unit, period) kept in memory before spilling: about 4 MiB.
  package static let defaultDiscreteBudget = DiscreteStore.defaultBudget
  /// Counted categories' records (type, period) kept as they are added before they are packed.
  package static let defaultCountedBudget = CountedStore.defaultBudget
  /// A cumulative series' totals (one per period) kept in memory while it is swept: about 2 MiB.
  package static let defaultTotalBudget = CumulativeTotals.defaultBudget
  /// Where samples and rows past their budgets are spilled; nil keeps them in memory.
  let spillPlace: SpillPlace?
  /// The rows kept in memory before spilling.
  let rowBudget: Int
  /// A cumulative series' totals kept in memory before spilling.
  let totalBudget: Int

  @exclusivity(unchecked) private var topLevelKeys: Set<RecordKey> = []
  @exclusivity(unchecked) private var pendingMembers: [(sample: Sample, location: SourceLocation)] = []
  /// Readings left out by a rule rather than a fault (blood glucose under 20 mg/dL), by reason.
  var dropped: [(reason: String, count: Int)] { droppedReadings.counts }
  @exclusivity(unchecked) private var droppedReadings = DroppedReadings()

  /// - Parameters:
  ///   - selection: what to summarize and how; its range must not be `lastRecords`.
  ///   - now: the moment "last N days" counts back from.
  ///   - diagnostics: where skipped samples are reported.
  ///   - spillBeside: the output beside which samples past `intervalBudget` are spilled to a
  ///     temporary file; nil keeps them all in memory.
  ///   - intervalBudget: the samples of cumulative series kept in memory before spilling.
  ///   - rowBudget: the rows of the summary kept in memory before spilling, when they are
  ///     written as they are read (`finishRows()`).
  ///   - discreteBudget: the discrete types' records kept in memory before spilling.
  ///   - countedBudget: the counted categories' records kept as they are added before they are
  ///     packed, and the packed ones kept in memory before spilling.
  ///   - totalBudget: a cumulative series' totals kept in memory before spilling, as it is swept.
  package init(
    selection: SummarySelection, now: Timestamp, diagnostics: Diagnostics, spillBeside: String? = nil,
    intervalBudget: Int = defaultIntervalBudget, rowBudget: Int = defaultRowBudget,
    discreteBudget: Int = defaultDiscreteBudget, countedBudget: Int = defaultCountedBudget,
    totalBudget: Int = defaultTotalBudget
  ) {
    self.selection = selection
    sourcePriority = selection.sourcePriority
    self.diagnostics = diagnostics
    spillPlace = spillBeside.map(SpillPlace.init)
    self.rowBudget = rowBudget
    self.totalBudget = totalBudget
    intervals = SpilledRuns(spillTo: spillPlace, budget: intervalBudget, precedes: TimedValue.precedes)
    discrete = DiscreteStore(spillTo: spillPlace, budget: discreteBudget)
    counted = CountedStore(spillTo: spillPlace, budget: countedBudget)
    self.now = now
    switch selection.timeZone {
    case .named(let zone):
      timeZone = zone
      calendar = PeriodCalendar(period: selection.period, timeZone: zone)
      bounds = Self.bounds(of: selection, now: now, calendar: &calendar)
    case .export:
      calendar = PeriodCalendar(period: selection.period, timeZone: DateRange.utc)
      bounds = Self.widestBounds(of: selection, now: now)
      waiting = SpilledLog(spillTo: spillPlace, budget: Self.defaultWaitingBudget)
    }
  }

  /// The instants summarized in the zone of `calendar`: the range widened to whole periods.
  private static func bounds(
    of selection: SummarySelection, now: Timestamp, calendar: inout PeriodCalendar
  ) -> Range<Double> {
    let range = selection.range.bounds(now: now, timeZone: calendar.timeZone)
    let lower = range.start.map { calendar.span(containing: $0.millisecondsSince1970).start }
    let upper = range.end.map { calendar.span(containing: $0.millisecondsSince1970 - 1).end }
    return
      (lower?.millisecondsSince1970 ?? -Double.infinity)..<(upper?.millisecondsSince1970 ?? Double.infinity)
  }

  /// The instants summarized in some zone not yet known, wider than in any: the range's envelope
  /// widened to whole periods in UTC, and by two days more either side (a zone's periods begin at
  /// most 14 hours from UTC's).
  private static func widestBounds(of selection: SummarySelection, now: Timestamp) -> Range<Double> {
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

  /// Takes the zone the periods are reckoned in, now that the input is read, and adds the samples
  /// that waited for it, to `others` too (the summarizers this one hands its samples to,
  /// `add(_:at:alongside:)`); nothing for a summarizer whose zone is known.
  /// - Throws: `OutputError` when waiting samples cannot be read back or spilled.
  package func settle(timeZone zone: TimeZone, alongside others: [Summarizer] = []) throws {
    for summarizer in [self] + others where summarizer.timeZone == nil {
      summarizer.timeZone = zone
      summarizer.calendar = PeriodCalendar(period: summarizer.selection.period, timeZone: zone)
      summarizer.bounds = Self.bounds(
        of: summarizer.selection, now: summarizer.now, calendar: &summarizer.calendar)
    }
    for other in others { other.waiting = nil }
    guard let waiting else { return }
    self.waiting = nil
    try waiting.drain { sample in
      let prepared = sample.prepared
      for summarizer in [self] + others where summarizer.bounds.contains(sample.start) {
        try summarizer.add(prepared)
      }
    }
  }

  /// What the reader must deliver: the selected types (every type when none are named), top-level
  /// and inside correlations, without their metadata, which no summary reads.
  package var itemFilter: ItemFilter {
    ItemFilter(sampleTypes: selection.types, includesCorrelations: true, metadataTypes: [])
  }

  /// Takes one item of the input.
  /// - Throws: `StrictModeError` in strict mode.
  package func add(_ item: HealthItem, at location: SourceLocation) throws {
    switch item {
    case .sample(let sample):
      try add(sample, at: location, alongside: [])
    case .correlation(let correlation):
      for member in correlation.objects {
        guard let slot = slot(for: member.type) else { continue }
        routes[slot].keepsTopLevelKeys = true
        pendingMembers.append((member, location))
      }
    case .exportDate, .characteristics, .workout, .activitySummary, .clinicalRecord, .labResult, .audiogram,
      .visionPrescription, .stateOfMind, .routePoints, .electrocardiogram:
      return
    }
  }

  /// Adds the correlation members that no identical top-level record repeats; call once, after
  /// the last item.
  /// - Throws: `StrictModeError` in strict mode.
  func addCorrelationMembers() throws {
    for member in pendingMembers where !topLevelKeys.contains(RecordKey(member.sample)) {
      if let slot = slot(for: member.sample.type) { try add(member.sample, slot: slot, at: member.location) }
    }
    pendingMembers = []
    topLevelKeys = []
  }

  /// The source names of `--source-priority` that no summarized sample carries.
  var unknownPrioritySources: [String] { sources.unknownNames(in: sourcePriority) }

  /// Takes one sample, and gives it to `others` too: summarizers of the same selection in other
  /// periods, over the same instants (`bounds`), that are given no items of their own. What the
  /// sample's summary needs before its period is looked at (its type's slot, its unit, its value
  /// converted, its source, its series) is worked out here once, in this summarizer's tables, and
  /// each of the others adds it by number to its own periods; each takes this one's tables
  /// (`takeSampleTables(of:)`) before it finishes.
  /// - Throws: `StrictModeError` in strict mode; `OutputError` when a spill file cannot be written.
  package func add(_ sample: Sample, at location: SourceLocation, alongside others: [Summarizer]) throws {
    guard let slot = slot(for: sample.type) else { return }
    if routes[slot].keepsTopLevelKeys { topLevelKeys.insert(RecordKey(sample)) }
    try add(sample, slot: slot, at: location, alongside: others)
  }

  /// Takes the tables `add(_:at:alongside:)` kept in `lead` for this summarizer too (types, units,
  /// sources, series, readings left out, correlation members); call once, before finishing.
  package func takeSampleTables(of lead: Summarizer) {
    precondition(lead.bounds == bounds, "summarizers sharing samples summarize the same instants")
    slots = lead.slots
    spans = lead.spans
    routes = lead.routes
    slotByType = lead.slotByType
    lastType = nil
    lastSlot = nil
    units = lead.units
    sources = lead.sources
    series = lead.series
    intervalLists = lead.intervalLists
    droppedReadings = lead.droppedReadings
    topLevelKeys = lead.topLevelKeys
    pendingMembers = lead.pendingMembers
  }

  // MARK: - Samples

  /// A sample as it is kept, by number, once its type, unit, value and source are known: what is
  /// left to do depends on the period alone.
  enum PreparedSample {
    /// A discrete type's value, added to the period of its start.
    case discrete(Double, start: Double, slot: Int, unit: Int, source: Int)
    /// A sample of a cumulative series, kept in a list of `intervals`, or two (an asleep stage's
    /// and the night's total).
    case interval(TimedValue, lists: IntervalLists)
    /// A counted category's sample, added to the period of its start.
    case counted(start: Double, slot: Int, source: Int, counts: Bool)
  }

  private func add(
    _ sample: Sample, slot: Int, at location: SourceLocation, alongside others: [Summarizer] = []
  ) throws {
    spans[slot].add(sample.startDate)
    guard let prepared = try prepare(sample, slot: slot, source: source(of: sample, slot: slot), at: location)
    else { return }
    if let waiting, let sample = WaitingSample(prepared) {
      // The others take it from this one once the zone is known.
      try waiting.append(sample)
      return
    }
    try add(prepared)
    for other in others { try other.add(prepared) }
  }

  /// The number of a sample's source, its device noted for its type's ranking of sources: every
  /// sample of a type counts there, whatever the range (summaries.md).
  @inline(__always)
  private func source(of sample: Sample, slot: Int) -> Int {
    let source = sources.number(of: sample.sourceName)
    sources.note(device: sample.device, source: source, ranking: slot)
    return source
  }

  /// Works out what is kept of a sample of a slot from source number `source`; nil for one left
  /// out (reported, dropped, or outside the summarized instants).
  @inline(__always)
  private func prepare(_ sample: Sample, slot: Int, source: Int, at location: SourceLocation) throws
    -> PreparedSample?
  {
    let route = routes[slot]
    switch route.path {
    case .cumulativeQuantity, .discreteQuantity:
      return try prepareQuantity(sample, slot: slot, source: source, route: route, at: location)
    case .duration:
      return try prepareDuration(sample, slot: slot, source: source, at: location)
    case .counted:
      return try prepareCounted(sample, slot: slot, source: source, at: location)
    }
  }

  /// Adds a prepared sample to its period.
  @inline(__always)
  private func add(_ prepared: PreparedSample) throws {
    switch prepared {
    case .discrete(let value, let start, let slot, let unit, let source):
      let span = calendar.span(containing: start)
      try discrete.add(
        value, slot: slot, unit: unit, periodStart: span.start.millisecondsSince1970, source: source)
    case .interval(let value, let lists):
      for (list, isNew) in [(lists.first, lists.firstIsNew), (lists.second, lists.secondIsNew)]
      where list >= 0 {
        if isNew {
          let made = intervals.addList()
          assert(made == list, "the lists of intervals are numbered as they are prepared")
        }
        try intervals.append(value, toList: list)
      }
    case .counted(let start, let slot, let source, let counts):
      let span = calendar.span(containing: start)
      try counted.add(
        slot: slot, periodStart: span.start.millisecondsSince1970, source: source, counts: counts)
    }
  }

  private func prepareQuantity(
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
      guard try isValidInterval(start, end, slot: slot, at: location), overlapsBounds(start, end)
      else { return nil }
    } else {
      guard bounds.contains(start) else { return nil }
    }
    guard try isShortEnough(start, end, slot: slot, at: location) else { return nil }
    let value: Double
    let unit: Int
    if let csvUnit = route.csvUnit {
      guard let converted = csvUnit.convert(raw, from: unitName) else {
        try diagnostics.report(
          Diagnostic(
            reason:
              "\(slots[slot].metric) in unit '\(unitName)', which cannot be converted to \(csvUnit.label)",
            location: location))
        return nil
      }
      if let minimum = route.minimumKept, converted < minimum {
        droppedReadings.note("\(slots[slot].metric) under \(Int(minimum)) \(csvUnit.label)")
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
      slots[slot].unitCounts[unit, default: 0] += 1
      if slots[slot].firstLocationByUnit[unit] == nil { slots[slot].firstLocationByUnit[unit] = location }
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
  private func prepareDuration(
    _ sample: Sample, slot: Int, source: Int, at location: SourceLocation
  ) throws -> PreparedSample? {
    var metric = slots[slot].metric
    let start = sample.startDate.millisecondsSince1970
    let end = sample.endDate.millisecondsSince1970
    let isSleep = slots[slot].kind == .sleepStages
    guard try isValidInterval(start, end, slot: slot, at: location),
      overlapsBounds(start, end, reachingBack: isSleep ? Self.nightShift : 0),
      try isShortEnough(start, end, slot: slot, at: location)
    else { return nil }
    var isAsleep = false
    if isSleep {
      guard let name = Self.categoryName(of: sample) else {
        try diagnostics.report(
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

  /// How far sleep samples are moved, so that days are nights: twelve hours.
  static let nightShift = 12.0 * 3_600_000

  /// Whether the periods of a series are nights: sleep's, but by the hour (clock hours).
  func isNight(series key: SeriesKey) -> Bool {
    slots[key.slot].kind == .sleepStages && selection.period != .hour
  }

  /// Stand hours (those stood count) and other category types (every sample counts), by start.
  private func prepareCounted(
    _ sample: Sample, slot: Int, source: Int, at location: SourceLocation
  ) throws -> PreparedSample? {
    let start = sample.startDate.millisecondsSince1970
    guard bounds.contains(start),
      try isShortEnough(start, sample.endDate.millisecondsSince1970, slot: slot, at: location)
    else { return nil }
    let counts =
      slots[slot].kind != .standHours
      || Self.categoryName(of: sample) == HealthKitIdentifier.appleStandHourStood
    return .counted(start: start, slot: slot, source: source, counts: counts)
  }

  /// A sample of a cumulative series, in the list of its series, source and unit.
  private func interval(_ value: TimedValue, series: Int, source: Int, unit: Int) -> PreparedSample {
    .interval(value, lists: list(series: series, source: source, unit: unit))
  }

  /// The list of a series, source and unit: a new list numbered as `intervals` numbers its lists,
  /// the next one.
  private func list(series: Int, source: Int, unit: Int) -> IntervalLists {
    var isNew = false
    let next = intervalLists.values.count
    let key = intervalLists.number(of: IntervalKey(series: series, source: source, unit: unit)) {
      isNew = true
      return next
    }
    if isNew { self.series.values[series].append(key) }
    return IntervalLists(first: intervalLists.values[key], firstIsNew: isNew)
  }

  // MARK: - Lookups

  /// The slot of a type that is summarized; nil for any other.
  private func slot(for type: String) -> Int? {
    if type == lastType { return lastSlot }
    let slot: Int?
    if let known = slotByType[type] {
      slot = known
    } else {
      slot = makeSlot(for: type)
      slotByType[type] = slot
    }
    lastType = type
    lastSlot = slot
    return slot
  }

  private func makeSlot(for type: String) -> Int? {
    if let types = selection.types, !types.contains(type) { return nil }
    let registry = selection.registry
    guard let kind = registry.summaryKind(ofType: type) else { return nil }
    let measure = registry.measure(forType: type)
    // Blood pressure and nutrition are the members of HealthKit's two correlation types.
    let isCorrelationMember =
      type == HealthKitIdentifier.bloodPressureSystolic || type == HealthKitIdentifier.bloodPressureDiastolic
      || type.hasPrefix(HealthKitIdentifier.quantityTypePrefix + AggregationStyle.dietaryPrefix)
    let csvUnit = measure?.unit.resolved(with: selection.units)
    spans.append(ReadingSpan())
    slots.append(
      TypeSlot(
        type: type, kind: kind, metric: registry.summaryMetricName(ofType: type), csvUnit: csvUnit,
        measure: measure))
    routes.append(
      SlotRoute(
        kind: kind, csvUnit: csvUnit, minimumKept: measure?.minimumKept,
        keepsTopLevelKeys: isCorrelationMember))
    return slots.count - 1
  }

  private func series(slot: Int, metric: String) -> Int {
    series.number(of: SeriesKey(slot: slot, metric: metric)) { [] }
  }

  private func number(ofUnit name: String) -> Int {
    units.number(of: name) { name }
  }
}
