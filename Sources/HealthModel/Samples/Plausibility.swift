/// What no real record can be, checked once by every reader (export.xml's and the profile's) so
/// that every output skips, and counts, the same items: a span that ends before it starts, a
/// workout whose duration, distance or energy is below zero or of a magnitude no body reaches.
/// `AcceptedRange` holds the dates and values; this holds how they fit together.
///
/// **Choice**: the record CSV keeps a reading whose end is before its start (it writes when a
/// value was read, not a span: `ItemFilter.keepsSamplesEndingBeforeTheyStart`), as it always has;
/// every other output skips it, as the summaries always have.
public enum Plausibility {
  /// Why a record from `start` to `end` cannot be, or nil when it can.
  public static func problem(start: Timestamp, end: Timestamp) -> String? {
    end < start ? "a record that ends before it starts" : nil
  }

  /// Why `workout` cannot be, or nil when it can: it ends before it starts, or a total of the
  /// old shape (`duration`, `totalDistance`, `totalEnergyBurned`) is below zero or out of range.
  public static func problem(of workout: Workout) -> String? {
    if workout.endDate < workout.startDate { return "a workout that ends before it starts" }
    let totals: [(String, Quantity?)] = [
      ("duration", workout.duration), ("totalDistance", workout.totalDistance),
      ("totalEnergyBurned", workout.totalEnergyBurned),
    ]
    for case (let name, let quantity?) in totals {
      if !AcceptedRange.contains(value: quantity.value) {
        return "a workout whose \(name) is out of range (a magnitude of 10^15 or more)"
      }
      if quantity.value < 0 { return "a workout whose \(name) is below zero" }
    }
    return nil
  }
}
