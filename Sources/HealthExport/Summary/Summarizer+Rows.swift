package import Foundation
import HealthArchive
import HealthModel

extension Summarizer {
  /// The summarizer as the summary CSV's stage: its rows handed to the writer as they are
  /// written (`finishRows()`), not all held.
  struct RowStage: ExportStage {
    let summarizer: Summarizer

    var itemFilter: ItemFilter { summarizer.itemFilter }

    func add(_ item: HealthItem, at location: SourceLocation) throws {
      try summarizer.add(item, at: location)
    }

    func finish(timeZone: TimeZone) throws -> SummaryRows {
      try summarizer.settle(timeZone: timeZone)
      return try summarizer.finishRows()
    }
  }

  /// The summary, every row in memory: every metric of every period that has data, by period,
  /// then by metric in byte order, and what was left out. Call once, after the last item.
  /// - Parameter timeZone: where periods are reckoned, now that the input is read (a zone named
  ///   was known before).
  /// - Returns: the rows and what was left out.
  /// - Throws: `StrictModeError` in strict mode, for a sample whose unit cannot be converted to
  ///   its type's summary unit; `OutputError` when spilled samples cannot be read back.
  package func finish(timeZone: TimeZone) throws -> SummaryExport.Rows {
    try settle(timeZone: timeZone)
    return try finishRows().result()
  }

  /// The summary, every row in memory, of a summarizer whose zone is known (named, or settled:
  /// `settle(timeZone:alongside:)`). Call once, after the last item.
  /// - Throws: as `finish(timeZone:)`.
  package func finish() throws -> SummaryExport.Rows {
    try finishRows().result()
  }

  /// The summary's rows as they are written, read one at a time: packed, and past the row
  /// budget partly spilled beside the output. Call once (or `finish()`), after the last item,
  /// once the zone is known.
  /// - Throws: as `finish(timeZone:)`; `OutputError` when the spill file cannot be written.
  package func finishRows() throws -> SummaryRows {
    precondition(timeZone != nil, "a summary is finished once its time zone is known")
    try addCorrelationMembers()
    // Each type ranks its sources by its own samples.
    var ranksBySlot: [Int: [Int]] = [:]
    let ranks = { [unowned self] (slot: Int) -> [Int] in
      if let known = ranksBySlot[slot] { return known }
      let made = sources.ranks(priority: selection.sourcePriority, ranking: slot)
      ranksBySlot[slot] = made
      return made
    }
    let targets = slots.indices.map(summaryUnit(ofSlot:))
    let (labels, labelOfSlot, labelOfSeries) = self.labels(targets: targets)
    let output = SummaryRowStore(labels: labels, spillTo: spillPlace, budget: rowBudget)
    let names = { [unowned self] (set: SourceNameSet, slot: Int) in self.sourceNames(set, ranks: ranks(slot))
    }
    try appendDiscreteRows(to: output, labels: labelOfSlot, targets: targets, names: names)
    discrete = DiscreteStore(spillTo: nil)
    try appendCumulativeRows(to: output, labels: labelOfSeries, targets: targets, ranks: ranks, names: names)
    try appendCountedRows(to: output, labels: labelOfSlot, names: names)
    counted = CountedStore(spillTo: nil)
    var rows = output.rows(
      calendar: calendar, dropped: dropped.map { Diagnostics.Tally(reason: $0.reason, count: $0.count) },
      unknownPrioritySources: unknownPrioritySources)
    rows.readingSpans = readingSpans
    return rows
  }

  /// Each type summarized, with the span of its samples in the whole input: its metric name,
  /// how many, and its first and last day, by name; a type `--types` named that the input lacks
  /// as none, by its name without prefix (`BodyMass`, as typed, not `Weight`).
  package var readingSpans: [NoDataReport.Span] {
    let zone = timeZone ?? DateRange.utc
    var spans = zip(slots, spans).map {
      $1.span(name: $0.kind == .sleepStages ? "Sleep" : $0.metric, in: zone)
    }
    let met = Set(slots.map(\.type))
    for type in selection.types ?? [] where !met.contains(type) {
      spans.append(
        NoDataReport.Span(
          name: HealthKitIdentifier.shortName(of: type), count: 0, first: nil, last: nil))
    }
    return spans.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
  }

  // MARK: - Private

  /// The unit a type is summarized in: the one its kind fixes, else the one most of its samples
  /// carry (a tie goes to the unit first in byte order); empty for counted types.
  private func summaryUnit(ofSlot index: Int) -> String {
    let slot = slots[index]
    if let fixed = slot.kind.fixedUnit(with: selection.units) { return fixed }
    var best: (unit: String, count: Int)?
    for (unit, count) in slot.unitCounts {
      let name = units.values[unit]
      if let current = best,
        count < current.count
          || (count == current.count && !name.utf8.lexicographicallyPrecedes(current.unit.utf8))
      {
        continue
      }
      best = (name, count)
    }
    return best?.unit ?? ""
  }

  /// Reports `count` samples of a slot skipped because their unit cannot be converted.
  private func reportUnconvertible(_ count: Int, slot: Int, unit: Int, target: String) throws {
    let reason =
      "\(slots[slot].metric) in unit '\(units.values[unit])', which cannot be converted to \(target)"
    for _ in 0..<count {
      try diagnostics.report(Diagnostic(reason: reason, location: slots[slot].firstLocationByUnit[unit]))
    }
  }

  private func sourceNames(_ set: SourceNameSet, ranks: [Int]) -> [String] {
    set.numbers.sorted { ranks[$0] < ranks[$1] }.map { sources.names[$0] }
  }

  /// Every label a row may have: one per discrete or counted type, one per cumulative series;
  /// with the number of each slot's label (discrete and counted types) and each series' label.
  private func labels(targets: [String]) -> (labels: [SummaryLabel], ofSlot: [Int?], ofSeries: [Int]) {
    var labels: [SummaryLabel] = []
    var ofSlot: [Int?] = Array(repeating: nil, count: slots.count)
    for (index, slot) in slots.enumerated() {
      let label: SummaryLabel
      switch slot.kind {
      case .quantity(.discrete, _):
        // The mean takes one more decimal than the registry writes the type's values with (2
        // where it has none); the minimum and maximum are written as the registry writes a value.
        label = SummaryLabel(
          type: slot.type, metric: slot.metric, unit: targets[index],
          valueDecimals: slot.measure.map { $0.decimals + 1 } ?? 2,
          extremeDecimals: slot.measure?.decimals ?? 2)
      case .standHours:
        label = SummaryLabel(
          type: slot.type, metric: slot.metric, unit: SummaryKind.countUnit, valueDecimals: 0)
      case .count:
        label = SummaryLabel(type: slot.type, metric: slot.metric, unit: "")
      case .quantity, .sleepStages, .mindfulMinutes:
        continue
      }
      ofSlot[index] = labels.count
      labels.append(label)
    }
    var ofSeries: [Int] = []
    for entry in series.keys {
      let target = targets[entry.slot]
      // Totals are rounded, never truncated (steps included): 0 decimals in steps and count, 2
      // in any other unit.
      let decimals = target == CSVUnit.steps.label || target == SummaryKind.countUnit ? 0 : 2
      ofSeries.append(labels.count)
      labels.append(
        SummaryLabel(
          type: slots[entry.slot].type, metric: entry.metric, unit: target, valueDecimals: decimals,
          isNight: isNight(series: entry)))
    }
    return (labels, ofSlot, ofSeries)
  }

  /// Discrete types: mean, minimum, maximum and count of the samples starting in each period,
  /// every unit converted to the summary unit. A type read in one unit gives its rows from its
  /// records; one read in several adds up each period's units first, in the order each unit's
  /// record there was first met.
  private func appendDiscreteRows(
    to output: SummaryRowStore, labels: [Int?], targets: [String], names: (SourceNameSet, Int) -> [String]
  ) throws {
    func append(_ stats: DiscreteStats, slot index: Int, periodStart: Double) throws {
      // Only a discrete slot has discrete samples, and every discrete slot has a label.
      guard let label = labels[index] else { return }
      let measure = slots[index].measure
      func extreme(_ value: Double) -> Double { measure?.writtenValue(of: value).value ?? value }
      try output.append(
        periodStart: periodStart, label: label, value: stats.sum / Double(stats.count),
        minimum: extreme(stats.minimum), maximum: extreme(stats.maximum), count: stats.count,
        sources: stats.sources, ranking: index, names: names)
    }
    var listsBySlot: [Int: Int] = [:]
    for list in discrete.lists { listsBySlot[list.slot, default: 0] += 1 }
    // The units of types read in several, by slot and period.
    var parts: [Int: [Double: [(firstSeen: Int, stats: DiscreteStats, conversion: UnitConversion)]]] = [:]
    // Lists in the order of their first samples, as their skipped samples are reported.
    for list in discrete.lists.indices.sorted(by: { discrete.listFirstSeen[$0] < discrete.listFirstSeen[$1] })
    {
      let key = discrete.lists[list]
      guard let conversion = UnitConversion(from: units.values[key.unit], to: targets[key.slot]) else {
        try reportUnconvertible(
          discrete.sampleCounts[list], slot: key.slot, unit: key.unit, target: targets[key.slot])
        continue
      }
      try discrete.takeRecords(ofList: list) { record in
        guard listsBySlot[key.slot] == 1 else {
          parts[key.slot, default: [:]][record.periodStart, default: []].append(
            (record.firstSeen, record.stats, conversion))
          return
        }
        var one = DiscreteStats()
        one.add(record.stats, converted: conversion)
        try append(one, slot: key.slot, periodStart: record.periodStart)
      }
    }
    for (slot, periods) in parts {
      for (periodStart, units) in periods {
        var merged = DiscreteStats()
        for unit in units.sorted(by: { $0.firstSeen < $1.firstSeen }) {
          merged.add(unit.stats, converted: unit.conversion)
        }
        try append(merged, slot: slot, periodStart: periodStart)
      }
    }
  }

  /// Cumulative series: the source-priority sweep, one series at a time, each source's samples
  /// merged from its lists (in memory and spilled) as they are swept; each series' samples are
  /// released once it is swept. In `Sleep Asleep Total` a source's samples are its union: the
  /// part of a sample that an earlier one of the same source covers (by start, then end) counts
  /// nothing.
  private func appendCumulativeRows(
    to output: SummaryRowStore, labels: [Int], targets: [String], ranks: (Int) -> [Int],
    names: (SourceNameSet, Int) -> [String]
  ) throws {
    for (number, (entry, lists)) in zip(series.keys, series.values).enumerated() {
      let target = targets[entry.slot]
      let unitesEachSource = entry.metric == SummaryKind.asleepTotalName
      // A night's sleep is swept twelve hours later: its days are then nights from noon to noon.
      let shift = isNight(series: entry) ? Self.nightShift : 0
      let ranks = ranks(entry.slot)
      var listsBySource: [Int: [(samples: SortedList<TimedValue>, conversion: UnitConversion)]] = [:]
      for list in lists {
        let key = intervalLists.keys[list]
        let samples = intervals.take(list: intervalLists.values[list])
        guard let conversion = UnitConversion(from: units.values[key.unit], to: target) else {
          try reportUnconvertible(samples.count, slot: entry.slot, unit: key.unit, target: target)
          continue
        }
        listsBySource[key.source, default: []].append((samples, conversion))
      }
      var sweep = CumulativeSweep(bounds: bounds, spillTo: spillPlace, totalBudget: totalBudget)
      let order = listsBySource.keys.sorted { ranks[$0] < ranks[$1] }
      for (position, source) in order.enumerated() {
        let sourceLists = listsBySource.removeValue(forKey: source) ?? []
        sweep.beginSource(source, hidesLater: position < order.count - 1)
        var merge = RunMerge(
          lists: sourceLists.map(\.samples), spill: intervals.spill, precedes: TimedValue.precedes)
        // How far the source's samples so far reach (`unitesEachSource`).
        var reach = -Double.infinity
        while let next = try merge.next() {
          var sample = next.row
          let conversion = sourceLists[next.list].conversion
          if conversion != .identity { sample.value = conversion.apply(sample.value) }
          if unitesEachSource {
            guard let uncovered = Self.uncoveredPart(of: sample, reach: &reach) else { continue }
            sample = uncovered
          }
          sample.start += shift
          sample.end += shift
          try sweep.add(sample, calendar: &calendar)
        }
        sweep.endSource()
      }
      try sweep.totals.takeTotals { total in
        try output.append(
          periodStart: total.periodStart, label: labels[number], value: total.value,
          count: total.count, sources: total.sources, ranking: entry.slot, names: names)
      }
    }
  }

  /// The part of a source's sample after what its earlier samples (which start no later) reach,
  /// its value prorated; nil where they cover it all. Moves `reach` to the sample's end.
  static func uncoveredPart(of sample: TimedValue, reach: inout Double) -> TimedValue? {
    defer { reach = max(reach, sample.end) }
    if sample.start >= reach { return sample }
    guard sample.end > reach else { return nil }
    return TimedValue(
      start: reach, end: sample.end, value: sample.value * (sample.end - reach) / (sample.end - sample.start))
  }

  /// Stand hours (the hours stood) and the other category types (a count only).
  private func appendCountedRows(
    to output: SummaryRowStore, labels: [Int?], names: (SourceNameSet, Int) -> [String]
  ) throws {
    try counted.takeRecords { slot, record in
      // Only a counted slot has counted records, and every counted slot has a label.
      guard let label = labels[slot] else { return }
      try output.append(
        periodStart: record.periodStart, label: label, value: Double(record.stats.count),
        count: record.stats.count, sources: record.stats.sources, ranking: slot, names: names)
    }
  }
}
