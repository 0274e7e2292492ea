import HealthModel

extension Summarizer {
  /// The summary: every metric of every period that has data, by period, then by metric in byte
  /// order, and what was left out. Call once, after the last item.
  /// - Throws: `StrictModeError` in strict mode, for a sample whose unit cannot be converted to
  ///   its type's summary unit.
  package func finish() throws -> SummaryResult {
    try addCorrelationMembers()
    let ranks = sources.ranks(priority: selection.sourcePriority)
    let targets = slots.indices.map(summaryUnit(ofSlot:))
    var rows: [SummaryRow] = []
    try appendDiscreteRows(to: &rows, targets: targets, ranks: ranks)
    try appendCumulativeRows(to: &rows, targets: targets, ranks: ranks)
    appendCountedRows(to: &rows, ranks: ranks)
    rows.sort(by: SummaryRow.isBefore)
    return SummaryResult(
      rows: rows, dropped: dropped.map { Diagnostics.Tally(reason: $0.reason, count: $0.count) },
      unknownPrioritySources: unknownPrioritySources)
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

  private func sourceNames(_ set: SourceSet, ranks: [Int]) -> [String] {
    set.numbers.sorted { ranks[$0] < ranks[$1] }.map { sources.names[$0] }
  }

  /// Discrete types: mean, minimum, maximum and count of the samples starting in each period,
  /// every unit converted to the summary unit.
  private func appendDiscreteRows(to rows: inout [SummaryRow], targets: [String], ranks: [Int]) throws {
    var merged = KeyedStore<SlotPeriodKey, DiscreteStats>()
    for (stats, key) in zip(discrete.values, discrete.keys) {
      guard let conversion = UnitConversion(from: units.values[key.unit], to: targets[key.slot]) else {
        try reportUnconvertible(stats.count, slot: key.slot, unit: key.unit, target: targets[key.slot])
        continue
      }
      let index = merged.number(of: SlotPeriodKey(slot: key.slot, periodStart: key.periodStart)) {
        DiscreteStats(span: stats.span)
      }
      merged.values[index].sum += conversion.apply(stats.sum)
      merged.values[index].minimum = min(merged.values[index].minimum, conversion.apply(stats.minimum))
      merged.values[index].maximum = max(merged.values[index].maximum, conversion.apply(stats.maximum))
      merged.values[index].count += stats.count
      merged.values[index].sources.formUnion(stats.sources)
    }
    for (stats, key) in zip(merged.values, merged.keys) {
      let slot = slots[key.slot]
      // The mean takes one more decimal than the registry writes the type's values with (2 where
      // it has none); the minimum and maximum are written as the registry writes a value.
      let mean = stats.sum / Double(stats.count)
      let value = WrittenValue(mean, decimals: slot.measure.map { $0.decimals + 1 } ?? 2)
      func extreme(_ value: Double) -> WrittenValue {
        slot.measure?.writtenValue(of: value) ?? WrittenValue(value, decimals: 2)
      }
      rows.append(
        SummaryRow(
          period: stats.span, type: slot.type, metric: slot.metric, value: value, unit: targets[key.slot],
          minimum: extreme(stats.minimum), maximum: extreme(stats.maximum), count: stats.count,
          sources: sourceNames(stats.sources, ranks: ranks)))
    }
  }

  /// Cumulative series: the source-priority sweep, one series at a time, each source's samples
  /// merged from its lists (in memory and spilled) as they are swept; each series' samples are
  /// released once it is swept.
  private func appendCumulativeRows(to rows: inout [SummaryRow], targets: [String], ranks: [Int]) throws {
    for (entry, lists) in zip(series.keys, series.values) {
      let target = targets[entry.slot]
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
      var sweep = CumulativeSweep(bounds: bounds)
      let order = listsBySource.keys.sorted { ranks[$0] < ranks[$1] }
      for (position, source) in order.enumerated() {
        let sourceLists = listsBySource.removeValue(forKey: source) ?? []
        sweep.beginSource(source, hidesLater: position < order.count - 1)
        var merge = RunMerge(
          lists: sourceLists.map(\.samples), spill: intervals.spill, precedes: TimedValue.precedes)
        while let next = try merge.next() {
          var sample = next.row
          let conversion = sourceLists[next.list].conversion
          if conversion != .identity { sample.value = conversion.apply(sample.value) }
          sweep.add(sample, calendar: &calendar)
        }
        sweep.endSource()
      }
      let slot = slots[entry.slot]
      // Totals are rounded, never truncated (steps included): 0 decimals in steps and count, 2
      // in any other unit.
      let decimals = target == CSVUnit.steps.label || target == SummaryKind.countUnit ? 0 : 2
      for total in sweep.totals {
        rows.append(
          SummaryRow(
            period: total.span, type: slot.type, metric: entry.metric,
            value: WrittenValue(total.value, decimals: decimals), unit: target, count: total.count,
            sources: sourceNames(total.sources, ranks: ranks)))
      }
    }
  }

  /// Stand hours (the hours stood) and the other category types (a count only).
  private func appendCountedRows(to rows: inout [SummaryRow], ranks: [Int]) {
    for (stats, key) in zip(counted.values, counted.keys) {
      let slot = slots[key.slot]
      let isStandHours = slot.kind == .standHours
      rows.append(
        SummaryRow(
          period: stats.span, type: slot.type, metric: slot.metric,
          value: isStandHours ? WrittenValue(Double(stats.count), decimals: 0) : nil,
          unit: isStandHours ? SummaryKind.countUnit : "", count: stats.count,
          sources: sourceNames(stats.sources, ranks: ranks)))
    }
  }
}
