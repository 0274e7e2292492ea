import Foundation
public import HealthModel
import SystemShim

/// Items an app supplies, as the input of any job: the samples, correlations, workouts and lab
/// results it read from HealthKit (or anywhere), in an array or any sequence.
///
///     let samples = quantitySamples.map { Sample(type: …, value: .quantity(…), …) }
///     let input = HealthItemSequence(samples: samples)
///
/// Reading hands on each item the job's filter lets through, as a reader of an export would
/// (correlations keep only the members of the types asked for), in the order of the sequence;
/// the position of an item, from 1, is the line of its `SourceLocation`. The sequence is gone
/// through once per job; twice by a database or Apple's format written in the export's own zone
/// (to find the zone, then to write), and then a second pass that gives a different number of
/// items is an error (`InputError.changedBetweenPasses`).
public struct HealthItemSequence<Items: Sequence>: HealthInputSource where Items.Element == HealthItem {
  /// The items, in the order they are read.
  public let items: Items
  /// How many items there are, where known: the progress of a job counts items of it.
  public let itemCount: Int?
  /// What messages call the input (`items` unless told).
  public let name: String
  /// The time zones the items' metadata names, counted as they are gone through, and how many
  /// items a pass that is to be made again gave.
  private let timeZones = CountedTimeZones()

  /// Every item of `items`.
  /// - Parameters:
  ///   - items: the items, gone through once per job (twice by some, see above).
  ///   - count: how many there are, where known, for progress.
  ///   - name: what messages call the input.
  public init(_ items: Items, count: Int? = nil, name: String = "items") {
    self.items = items
    self.itemCount = count
    self.name = name
  }

  /// Every item of a collection, whose count is known.
  /// - Parameters:
  ///   - items: the items.
  ///   - name: what messages call the input.
  public init(_ items: Items, name: String = "items") where Items: Collection {
    self.init(items, count: items.count, name: name)
  }

  /// Always `.items`.
  public var shape: InputShape { .items }
  /// The input's name.
  public var contentName: String { name }
  /// Supplied items have no export around them: the header holds only the time zones their
  /// metadata names (`HKTimeZone`), every item counted, once they are gone through.
  public var header: ExportHeader { ExportHeader(timeZones: timeZones.census) }

  /// Empty: supplied items have no files beside them.
  /// - Parameter folder: a folder of an export.
  /// - Returns: no names.
  public func fileNames(in folder: String) -> [String] { [] }

  /// How many items are gone through between two progress reports and cancellation checks.
  static var checkInterval: Int { 256 }

  /// Hands each item `filter` lets through to `consume`, in order, telling `monitor` the items
  /// gone through (of the count, where known) and checking it every few items.
  /// - Parameters:
  ///   - filter: the items wanted.
  ///   - diagnostics: unused: supplied items are values already.
  ///   - monitor: told the items gone through; checked every `checkInterval` items.
  ///   - consume: takes each item with its position.
  /// - Throws: `CancellationError` once cancelled; `InputError.changedBetweenPasses` when a pass
  ///   made again (`expectSamePassAgain()`) gives a different number of items; what `consume`
  ///   throws.
  public func readItems(
    filter: ItemFilter, diagnostics: Diagnostics, monitor: ReadMonitor,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    let total = itemCount.map(Int64.init)
    timeZones.reset()
    var position = 0
    for item in items {
      if position % Self.checkInterval == 0 {
        try monitor.check()
        if position > 0 { monitor.report(ReadProgress(.items, done: Int64(position), total: total)) }
      }
      position += 1
      timeZones.count(in: item)
      if let admitted = filter.admitting(item) {
        try consume(admitted, SourceLocation(file: name, line: position))
      }
    }
    try monitor.check()
    monitor.report(ReadProgress(.items, done: Int64(position), total: total))
    if let first = timeZones.endPass(count: position), first != position {
      throw InputError.changedBetweenPasses(name: name, first: first, second: position)
    }
  }
}

extension HealthItemSequence: RepeatedItemReading {
  /// Notes that the pass just made is made again, for the next to check.
  package func expectSamePassAgain() { timeZones.expectSamePassAgain() }
}

/// An input a job may go through twice, which checks that the second pass gives what the
/// first did.
package protocol RepeatedItemReading {
  /// Notes that the pass just made is made again: the next one fails if it gives a different
  /// number of items.
  func expectSamePassAgain()
}

extension HealthItemSequence: Sendable where Items: Sendable {}

extension HealthItemSequence where Items == [HealthItem] {
  /// The samples, correlations, workouts and lab results of an app, in that order.
  /// - Parameters:
  ///   - samples: quantity and category samples (`HKQuantitySample`, `HKCategorySample`).
  ///   - correlations: blood pressure and food correlations, with their member samples.
  ///   - workouts: workouts with their events, statistics and activities.
  ///   - labResults: laboratory results (from clinical records).
  ///   - name: what messages call the input.
  public init(
    samples: [Sample] = [], correlations: [Correlation] = [], workouts: [Workout] = [],
    labResults: [LabResult] = [], name: String = "items"
  ) {
    var items: [HealthItem] = []
    items.reserveCapacity(samples.count + correlations.count + workouts.count + labResults.count)
    items += samples.lazy.map(HealthItem.sample)
    items += correlations.lazy.map(HealthItem.correlation)
    items += workouts.lazy.map(HealthItem.workout)
    items += labResults.lazy.map(HealthItem.labResult)
    self.init(items, name: name)
  }
}

/// The time zones named by the metadata of items gone through (`HKTimeZone`): samples,
/// correlations with their members, workouts.
private final class CountedTimeZones: Sendable {
  private struct Passes {
    var counted = TimeZoneCensus()
    /// The items of the last pass.
    var lastCount = 0
    /// The items of a pass that is made again, until the next pass ends.
    var expected: Int?
  }

  private let passes = Locked(Passes())

  var census: TimeZoneCensus {
    passes.withLock { $0.counted }
  }

  func reset() {
    passes.withLock { $0.counted = TimeZoneCensus() }
  }

  /// Ends a pass of `count` items: the count of the pass it repeats, if it repeats one.
  func endPass(count: Int) -> Int? {
    passes.withLock { passes in
      passes.lastCount = count
      defer { passes.expected = nil }
      return passes.expected
    }
  }

  func expectSamePassAgain() {
    passes.withLock { $0.expected = $0.lastCount }
  }

  func count(in item: HealthItem) {
    var found: [String] = []
    func note(_ metadata: [MetadataEntry]) {
      for entry in metadata where entry.key == HealthKitIdentifier.timeZoneKey { found.append(entry.value) }
    }
    switch item {
    case .sample(let sample): note(sample.metadata)
    case .correlation(let correlation):
      note(correlation.metadata)
      for member in correlation.objects { note(member.metadata) }
    case .workout(let workout): note(workout.metadata)
    default: return
    }
    guard !found.isEmpty else { return }
    passes.withLock { passes in
      for name in found { passes.counted.add(name) }
    }
  }
}
