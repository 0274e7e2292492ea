/// A stretch of moving about: a walk to the train, a lunch walk, a run; what the step counters
/// and the energy estimates of the day add up.
package struct ActivityBout: Sendable {
  /// Seconds from the day's midnight.
  package var start: Int
  package var end: Int
  /// Steps a minute (0 for cycling and strength training).
  package var cadence: Double
  /// Active energy, in kcal a minute.
  package var energyRate: Double
  /// Metres a step.
  package var stride: Double
  /// Whether the iPhone was in a pocket (it counts the steps too) or left behind.
  package var isPhoneCarried: Bool
  /// Whether it is the day's workout.
  package var isWorkout: Bool

  package var duration: Int { end - start }

  /// Whether it overlaps `other`, with `margin` seconds kept free between them.
  func overlaps(_ other: ActivityBout, margin: Int = 120) -> Bool {
    start < other.end + margin && other.start < end + margin
  }
}
