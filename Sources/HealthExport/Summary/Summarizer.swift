import Foundation
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
  let diagnostics: Diagnostics
  /// The moment "last N days" counts back from.
  let now: Timestamp
  /// The periods, in the zone they are reckoned in once it is known (until then, UTC's, unused).
  @exclusivity(unchecked) var calendar: PeriodCalendar
  /// The instants summarized, in milliseconds since 1970: the range widened to whole periods;
  /// until the zone is known, wider than in any zone.
  var bounds: Range<Double>
  /// The zone periods are reckoned in, once known: a zone named is known at once, the export's
  /// own once the input is read (`settle(timeZone:alongside:)`).
  var timeZone: TimeZone?
  /// Until the zone is known, the samples of discrete and counted types, which are added to the
  /// period they fall in, wait here in input order; nil once it is known.
  var waiting: SpilledLog<WaitingSample>?
  /// Until the zone is known, the instants every zone summarizes (`boundsInEveryZone(of:now:)`);
  /// nil once it is known, or where every zone summarizes the same.
  var boundsInEveryZone: Range<Double>?
  /// Until the zone is known, what was held back of the samples only some zones summarize.
  @exclusivity(unchecked) var undecided: [UndecidedEffect] = []
  /// The instants of the sample being prepared, where only some zones summarize it; nil for any
  /// other.
  @exclusivity(unchecked) var undecidedInstants: DecidingInstants?
  /// Samples waiting for the zone kept in memory before they are spilled: 4 MiB.
  package static let defaultWaitingBudget = 131_072

  // The state touched at every sample, by the one thread that reads the input and never from two
  // places at once: the dynamic exclusivity checks are left out.
  @exclusivity(unchecked) var slots: [TypeSlot] = []
  /// Each slot's samples in the whole input, whatever the range: what a summary that finds
  /// nothing says of each type.
  @exclusivity(unchecked) var spans: [ReadingSpan] = []
  /// How each slot's samples are added, read at every sample without copying the slot.
  @exclusivity(unchecked) var routes: [SlotRoute] = []
  @exclusivity(unchecked) private var slotByType: [String: Int?] = [:]
  @exclusivity(unchecked) private var lastType: String?
  @exclusivity(unchecked) private var lastSlot: Int?

  /// Unit names, numbered.
  @exclusivity(unchecked) var units = KeyedStore<String, String>()
  @exclusivity(unchecked) var sources = SourcePriority()
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
  @exclusivity(unchecked) var droppedReadings = DroppedReadings()

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
      boundsInEveryZone = Self.boundsInEveryZone(of: selection, now: now)
      waiting = SpilledLog(spillTo: spillPlace, budget: Self.defaultWaitingBudget)
    }
  }

  /// The instants summarized in the zone of `calendar`: the range widened to whole periods.
  static func bounds(
    of selection: SummarySelection, now: Timestamp, calendar: inout PeriodCalendar
  ) -> Range<Double> {
    let range = selection.range.bounds(now: now, timeZone: calendar.timeZone)
    let lower = range.start.map { calendar.span(containing: $0.millisecondsSince1970).start }
    let upper = range.end.map { calendar.span(containing: $0.millisecondsSince1970 - 1).end }
    return
      (lower?.millisecondsSince1970 ?? -Double.infinity)..<(upper?.millisecondsSince1970 ?? Double.infinity)
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
  var unknownPrioritySources: [String] { sources.unknownNames(in: selection.sourcePriority) }

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
    undecidedInstants = nil
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
  func add(_ prepared: PreparedSample) throws {
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
}
