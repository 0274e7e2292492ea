package import Foundation
package import HealthArchive
package import HealthModel

/// The stage of the CSV: turns the items of an input into the selected rows: keeps only what the
/// selection asks for, converts each value from its own unit, applies the date range, and sorts
/// each block.
///
/// Memory is bounded by a budget of rows (past it, rows are spilled as sorted runs to a temporary
/// file beside the output: `MeasureRowStore`) and, for "last N records", by N per series; never by
/// the size of the input.
///
/// The report keeps lab results of every LOINC code (`keepsEveryLab`): a code the registry does
/// not know is a lab of its own, named as the record names it and written with 2 decimals.
package final class RowCollector: ExportStage {
  private let selection: ExportSelection
  private let now: Timestamp
  /// The instants kept: until the zone is known (the export's own), readings the zone decides
  /// wait in `unsettled`.
  @exclusivity(unchecked) private var range: RangeFilter
  /// The zone the dates are reckoned in, once known.
  private var timeZone: TimeZone? { range.timeZone }
  /// Readings kept until the zone tells whether the range holds them, in input order.
  private var unsettled: [UnsettledReading] = []
  private let diagnostics: Diagnostics
  private let keepsEveryLab: Bool

  private struct MeasureSeries {
    var measure: Measure
    /// The most recent rows, for "last N records"; nil keeps every row in `store`.
    var recent: RowStore<MeasureRow>?
  }

  /// What a series' measure says of the readings it keeps, read at every sample: no strings or
  /// references, so reading it counts none (a series, read whole from its array, would count
  /// one for each string of its measure).
  private struct SeriesRule {
    /// The unit its rows are written in.
    var unit: CSVUnit
    var canBeNegative: Bool
    var minimumKept: Double?
    var hasMealTime: Bool
    var appearsInCorrelations: Bool
    /// Whether the series keeps only its most recent rows (`MeasureSeries.recent`).
    var keepsRecent: Bool

    init(_ measure: Measure, unit: CSVUnit, keepsRecent: Bool) {
      self.unit = unit
      canBeNegative = measure.canBeNegative
      minimumKept = measure.minimumKept
      hasMealTime = measure.hasMealTime
      appearsInCorrelations = measure.appearsInCorrelations
      self.keepsRecent = keepsRecent
    }
  }

  // The state touched at every sample, by the one thread that reads the input and never from two
  // places at once: the dynamic exclusivity checks are left out.
  @exclusivity(unchecked) private var series: [MeasureSeries]
  /// Each series' rule, as `series`.
  @exclusivity(unchecked) private var rules: [SeriesRule]
  /// Every row of the series without a limit.
  private let store: MeasureRowStore
  private var seriesIndexByType: [String: Int] = [:]
  /// The last sample type looked up in `seriesIndexByType` and what it found: records come in
  /// runs of one type, whose strings the reader shares, so most lookups compare one string.
  @exclusivity(unchecked) private var lastType = ""
  @exclusivity(unchecked) private var lastSeriesIndex: Int?
  private var labSeries: [String: RowStore<LabRow>] = [:]
  private var labsByCode: [String: Lab] = [:]
  /// Labs of codes outside the registry, in the order first met (with `keepsEveryLab`).
  private var unlistedLabs: [Lab] = []

  private var topLevelKeys: Set<RecordKey> = []
  private var pendingMembers: [(sample: Sample, sequence: Int, location: SourceLocation)] = []
  @exclusivity(unchecked) private var sequence = 0
  private var droppedReadings = DroppedReadings()
  /// The readings the range left out, per measure series (as `series`) and for all labs.
  @exclusivity(unchecked) private var outside: [ReadingSpan]
  private var labsOutside = ReadingSpan()
  /// Lab results whose codes no chosen lab carries.
  private var otherLabResults = 0

  /// A reading the range may hold or not, known once the zone is.
  private enum UnsettledReading {
    case sample(Sample, series: Int, sequence: Int, location: SourceLocation)
    case lab(LabResult, sequence: Int, location: SourceLocation)
  }

  /// - Parameters:
  ///   - selection: what to keep and how.
  ///   - now: the moment "last N days" counts back from.
  ///   - diagnostics: where skipped records are reported.
  ///   - keepsEveryLab: whether lab results whose code the registry does not know are kept, each
  ///     code a lab of its own, rather than counted as unusable.
  ///   - spillBeside: the output beside which rows past `rowBudget` are spilled to a temporary
  ///     file; nil keeps every row in memory.
  ///   - rowBudget: the measure rows kept in memory before spilling.
  package init(
    selection: ExportSelection, now: Timestamp, diagnostics: Diagnostics, keepsEveryLab: Bool = false,
    spillBeside: String? = nil, rowBudget: Int = MeasureRowStore.defaultBudget
  ) {
    self.selection = selection
    self.now = now
    self.diagnostics = diagnostics
    self.keepsEveryLab = keepsEveryLab
    range = RangeFilter(range: selection.range, now: now, timeZone: selection.timeZone)
    var limit: Int? = nil
    if case .lastRecords(let count) = selection.range { limit = count }
    series = selection.measures.map { MeasureSeries(measure: $0, recent: limit.map { RowStore(limit: $0) }) }
    rules = selection.measures.map {
      SeriesRule($0, unit: $0.unit.resolved(with: selection.units), keepsRecent: limit != nil)
    }
    store = MeasureRowStore(
      seriesCount: series.count, order: selection.sortOrder, spillBeside: spillBeside, budget: rowBudget)
    outside = Array(repeating: ReadingSpan(), count: series.count)
    for (index, entry) in series.enumerated() where seriesIndexByType[entry.measure.healthKitType] == nil {
      seriesIndexByType[entry.measure.healthKitType] = index
    }
    for lab in selection.labs {
      for code in lab.allCodes where labsByCode[code] == nil { labsByCode[code] = lab }
      labSeries[lab.loinc] = RowStore(limit: limit)
    }
  }

  /// What the reader needs to deliver: the selected types, and correlations when a selected type
  /// can be a member of one; metadata only where a row reads it (a glucose reading's meal time).
  /// A reading whose end is before its start is still a reading: the CSV writes when a value was
  /// read, not a span, and keeps it.
  package var itemFilter: ItemFilter {
    var filter = ItemFilter(
      sampleTypes: Set(seriesIndexByType.keys),
      includesCorrelations: rules.contains(where: \.appearsInCorrelations),
      includesLabResults: !labsByCode.isEmpty || keepsEveryLab,
      metadataTypes: metadataTypes)
    filter.keepsSamplesEndingBeforeTheyStart = true
    return filter
  }

  /// The types whose metadata a row reads: those with a meal time (blood glucose).
  package var metadataTypes: Set<String> {
    Set(series.filter(\.measure.hasMealTime).map(\.measure.healthKitType))
  }

  /// Takes one item of the input.
  /// - Throws: `StrictModeError` in strict mode.
  package func add(_ item: HealthItem, at location: SourceLocation) throws {
    switch item {
    case .sample(let sample):
      guard let index = seriesIndex(ofType: sample.type) else { return }
      sequence += 1
      if rules[index].appearsInCorrelations {
        topLevelKeys.insert(RecordKey(sample))
      }
      try add(sample, toSeries: index, sequence: sequence, location: location)
    case .correlation(let correlation):
      for member in correlation.objects where seriesIndexByType[member.type] != nil {
        sequence += 1
        pendingMembers.append((member, sequence, location))
      }
    case .labResult(let result):
      try add(result, at: location)
    case .exportDate, .characteristics, .workout, .activitySummary, .clinicalRecord, .audiogram,
      .visionPrescription, .stateOfMind, .routePoints, .electrocardiogram:
      return
    }
  }

  /// Takes one lab result: a row when its code selects a lab; a lab code outside the registry is
  /// counted as unusable.
  private func add(_ result: LabResult, at location: SourceLocation) throws {
    guard let lab = labsByCode[result.loinc] ?? unlistedLab(for: result) else {
      otherLabResults += 1
      if MetricRegistry.standard.lab(forCode: result.loinc) == nil {
        try diagnostics.report(
          Diagnostic(
            reason: "a lab result whose LOINC code is not in the registry", location: location,
            kind: .unusable))
      }
      return
    }
    sequence += 1
    guard let timeZone else {
      unsettled.append(.lab(result, sequence: sequence, location: location))
      return
    }
    add(result, of: lab, sequence: sequence, in: timeZone)
  }

  /// Takes one lab result of `lab` once the zone its local dates are in is known.
  private func add(_ result: LabResult, of lab: Lab, sequence: Int, in timeZone: TimeZone) {
    var date = result.date
    if result.isLocalTime {
      let fraction = result.date.millisecondsSince1970 - Double(result.date.wholeSecondsSince1970) * 1000
      let civil = CivilDateTime(secondsSince1970: result.date.wholeSecondsSince1970)
      date = DateRange.instant(ofLocal: civil, in: timeZone)
      date.millisecondsSince1970 += fraction
    }
    guard range.contains(date) else {
      labsOutside.add(date)
      return
    }
    labSeries[lab.loinc]?.append(
      LabRow(
        date: date, sequence: sequence, name: lab.rowName(of: result), loinc: result.loinc,
        value: lab.writtenValue(of: result.value), unit: result.unit, source: result.sourceName,
        referenceRange: result.referenceRange))
  }

  /// A lab of its own for a code outside the registry, with `keepsEveryLab`: named by the record
  /// (`code.text`, else `LOINC` and the code), written with the decimals of unknown codes.
  private func unlistedLab(for result: LabResult) -> Lab? {
    guard keepsEveryLab, MetricRegistry.standard.lab(forCode: result.loinc) == nil else { return nil }
    let lab = Lab(
      name: result.displayName ?? "LOINC \(result.loinc)", loinc: result.loinc, panel: .other,
      decimals: MetricRegistry.unknownLabDecimals)
    labsByCode[result.loinc] = lab
    labSeries[result.loinc] = RowStore(limit: labLimit)
    unlistedLabs.append(lab)
    return lab
  }

  /// The rows kept of each lab: all, or the most recent N.
  private var labLimit: Int? {
    if case .lastRecords(let count) = selection.range { return count }
    return nil
  }

  /// The blocks in the order they are written, each sorted as chosen, and what a rule left out.
  /// - Parameter timeZone: the zone the dates are reckoned in, now that the input is read: the
  ///   zone named, or the export's own (`TimeZoneChoice.resolved(by:)`).
  /// - Returns: the blocks, dated in that zone.
  /// - Throws: `StrictModeError` in strict mode, for a reading that cannot give a row.
  package func finish(timeZone: TimeZone) throws -> SelectedRows {
    try settle(timeZone: timeZone)
    for member in pendingMembers where !topLevelKeys.contains(RecordKey(member.sample)) {
      if let index = seriesIndexByType[member.sample.type] {
        try add(member.sample, toSeries: index, sequence: member.sequence, location: member.location)
      }
    }
    pendingMembers = []
    let baseCount = selection.baseMetrics.count
    var blocks: [RowBlock] = series.indices.prefix(baseCount).map(measureBlock)
    if !selection.labs.isEmpty || keepsEveryLab {
      let labRows = (selection.labs + unlistedLabs).flatMap { labSeries[$0.loinc]?.sortedOldestFirst() ?? [] }
      blocks.append(.labs(labRows.sorted(by: LabRow.isOlder).ordered(selection.sortOrder)))
    }
    blocks += series.indices.dropFirst(baseCount).map(measureBlock)
    let dropped = droppedReadings.counts.map { Diagnostics.Tally(reason: $0.reason, count: $0.count) }
    return SelectedRows(blocks: blocks, dropped: dropped, timeZone: timeZone)
  }

  /// Takes the zone the dates are reckoned in: the range's exact instants, and the readings that
  /// waited for them, in input order.
  private func settle(timeZone zone: TimeZone) throws {
    guard timeZone == nil else { return }
    range.settle(timeZone: zone)
    let waiting = unsettled
    unsettled = []
    for reading in waiting {
      switch reading {
      case .sample(let sample, let series, let sequence, let location):
        try add(sample, toSeries: series, sequence: sequence, location: location)
      case .lab(let result, let sequence, _):
        if let lab = labsByCode[result.loinc] { add(result, of: lab, sequence: sequence, in: zone) }
      }
    }
  }

  /// The block of series `index`, its rows in the order chosen.
  private func measureBlock(_ index: Int) -> RowBlock {
    let entry = series[index]
    let rows =
      entry.recent.map { MeasureRows($0.sortedOldestFirst().ordered(selection.sortOrder)) }
      ?? store.rows(ofSeries: index)
    return .measure(entry.measure, unit: rules[index].unit, rows: rows)
  }

  /// Why nothing was selected: the range and the readings it left out of each series.
  /// - Parameters:
  ///   - skipped: the diagnostics of the run.
  ///   - dropped: readings a rule left out.
  /// - Returns: the report.
  func noDataReport(skipped: [Diagnostics.Tally], dropped: [Diagnostics.Tally]) -> NoDataReport {
    NoDataReport(
      range: selection.range, now: now, timeZone: timeZone ?? DateRange.utc, spans: outsideSpans,
      skipped: skipped, dropped: dropped)
  }

  /// The readings the range left out of each series, in block order (labs as one): all of them
  /// where nothing was selected. Their days are in the zone, once it is known.
  package var outsideSpans: [NoDataReport.Span] {
    let zone = timeZone ?? DateRange.utc
    func span(_ name: String, _ readings: ReadingSpan) -> NoDataReport.Span {
      readings.span(name: name, in: zone)
    }
    let baseCount = selection.baseMetrics.count
    var spans = zip(series, outside).prefix(baseCount).map { span($0.0.measure.name, $0.1) }
    if !selection.labs.isEmpty || keepsEveryLab {
      var labs = span("Labs", labsOutside)
      labs.otherCodes = otherLabResults
      spans.append(labs)
    }
    spans += zip(series, outside).dropFirst(baseCount).map { span($0.0.measure.name, $0.1) }
    return spans
  }

  // MARK: - Private

  /// The series of samples of `type`, if one is selected.
  private func seriesIndex(ofType type: String) -> Int? {
    if type == lastType { return lastSeriesIndex }
    lastType = type
    lastSeriesIndex = seriesIndexByType[type]
    return lastSeriesIndex
  }

  private func add(
    _ sample: Sample, toSeries index: Int, sequence: Int, location: SourceLocation
  ) throws {
    switch range.verdict(sample.startDate) {
    case .inside: break
    case .undecided:
      unsettled.append(.sample(sample, series: index, sequence: sequence, location: location))
      return
    case .outside:
      outside[index].add(sample.startDate)
      return
    }
    let rule = rules[index]
    let unit = rule.unit
    guard case .quantity(let raw, let healthKitUnit) = sample.value else {
      try diagnostics.report(
        Diagnostic(reason: "\(name(ofSeries: index)) record without a numeric value", location: location))
      return
    }
    guard let value = unit.convert(raw, from: healthKitUnit) else {
      try diagnostics.report(
        Diagnostic(
          reason:
            "\(name(ofSeries: index)) in unit '\(healthKitUnit)', which cannot be converted to \(unit.label)",
          location: location))
      return
    }
    // A weight, a count, a rate or a pressure is never below zero; a temperature can be.
    guard value >= 0 || rule.canBeNegative else {
      try diagnostics.report(
        Diagnostic(
          reason: "\(name(ofSeries: index)) below zero, which no reading can be", location: location))
      return
    }
    if let minimum = rule.minimumKept, value < minimum {
      droppedReadings.note("\(name(ofSeries: index)) under \(Int(minimum)) \(unit.label)")
      return
    }
    let mealTime =
      rule.hasMealTime
      ? sample.metadataValue(forKey: HealthKitIdentifier.bloodGlucoseMealTimeKey).flatMap(
        MealTime.init(metadataValue:)) : nil
    if rule.keepsRecent {
      series[index].recent?.append(
        MeasureRow(
          date: sample.startDate, sequence: sequence, value: value, source: sample.sourceName,
          mealTime: mealTime))
    } else {
      try store.append(
        date: sample.startDate, sequence: sequence, value: value, source: sample.sourceName,
        mealTime: mealTime,
        toSeries: index)
    }
  }

  /// The name of series `index`'s measure, read only where a reading is left out: reading the
  /// measure counts a reference to each of its strings.
  private func name(ofSeries index: Int) -> String {
    series[index].measure.name
  }
}
