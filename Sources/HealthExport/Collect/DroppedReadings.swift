import HealthModel

/// Readings left out by a rule rather than a fault (blood glucose under 20 mg/dL), counted by
/// reason in the order first met.
struct DroppedReadings {
  /// The count of each reason, numbered as first met.
  private var store = KeyedStore<String, Int>()

  /// The reasons in the order first met, with their counts.
  var counts: [(reason: String, count: Int)] { Array(zip(store.keys, store.values)) }

  /// Counts one reading left out for `reason`.
  mutating func note(_ reason: String) {
    store.values[store.number(of: reason) { 0 }] += 1
  }
}
