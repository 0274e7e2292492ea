import HealthModel

/// The heart rates recorded while workouts with a route went on, in time order, for the nearest
/// one to each point of their tracks. Only the stretches of time asked for are kept (a workout's,
/// a few seconds either side), so memory follows the workouts' length, not the export's.
struct HeartRateTimeline {
  /// How far from a point its heart rate may be recorded, in milliseconds: five seconds, as far as
  /// the Apple Watch's readings during a workout are apart.
  static let reach: Double = 5_000

  /// The stretches kept, `[start, end]` in milliseconds, in order and apart.
  private var stretches: [(start: Double, end: Double)] = []
  /// The readings, as they came; in time order once `sort` has run.
  private var times: [Double] = []
  private var rates: [Float] = []

  /// A timeline keeping the readings within `reach` of the spans given.
  /// - Parameter spans: when workouts went on.
  init(spans: [ClosedRange<Timestamp>]) {
    let padded = spans.map {
      ($0.lowerBound.millisecondsSince1970 - Self.reach, $0.upperBound.millisecondsSince1970 + Self.reach)
    }.sorted { $0.0 < $1.0 }
    for (start, end) in padded {
      if let last = stretches.last, start <= last.end {
        stretches[stretches.count - 1].end = max(last.end, end)
      } else {
        stretches.append((start, end))
      }
    }
  }

  /// Whether no workout asked for heart rates.
  var isEmpty: Bool { stretches.isEmpty }

  /// How many readings are kept.
  var count: Int { times.count }

  /// Keeps `sample`'s rate, in beats per minute, when it is a heart rate read within a stretch.
  mutating func add(_ sample: Sample) {
    guard sample.type == HealthKitIdentifier.heartRate, case .quantity(let value, let unit) = sample.value,
      let perMinute = CSVUnit.beatsPerMinute.convert(value, from: unit), perMinute.isFinite
    else { return }
    let time = sample.startDate.millisecondsSince1970
    guard covers(time) else { return }
    times.append(time)
    rates.append(Float(perMinute))
  }

  /// Puts the readings in time order; call once all are added.
  mutating func sort() {
    guard !zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else { return }
    let order = times.indices.sorted { times[$0] < times[$1] }
    times = order.map { times[$0] }
    rates = order.map { rates[$0] }
  }

  /// The rate recorded nearest to `time`, within `reach`; the earlier of two as near.
  func rate(at time: Timestamp) -> Double? {
    let milliseconds = time.millisecondsSince1970
    let after = firstIndex(notBefore: milliseconds, in: times)
    var best: Int?
    if after < times.count { best = after }
    if after > 0, best.map({ milliseconds - times[after - 1] <= times[$0] - milliseconds }) ?? true {
      best = after - 1
    }
    guard let best, abs(times[best] - milliseconds) <= Self.reach else { return nil }
    return Double(rates[best])
  }

  private func covers(_ time: Double) -> Bool {
    let index = firstIndex(notBefore: time, in: stretches.lazy.map(\.end))
    return index < stretches.count && stretches[index].start <= time
  }

  /// The first index whose value is `value` or more, in values sorted ascending.
  private func firstIndex<Values: RandomAccessCollection<Double>>(notBefore value: Double, in values: Values)
    -> Int
  where Values.Index == Int {
    var low = 0
    var high = values.count
    while low < high {
      let middle = (low + high) / 2
      if values[values.startIndex + middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
