/// Readings left out by a rule rather than a fault (blood glucose under 20 mg/dL), counted by
/// reason in the order first met.
struct DroppedReadings {
  private(set) var counts: [(reason: String, count: Int)] = []

  /// Counts one reading left out for `reason`.
  mutating func note(_ reason: String) {
    if let index = counts.firstIndex(where: { $0.reason == reason }) {
      counts[index].count += 1
    } else {
      counts.append((reason, 1))
    }
  }
}
