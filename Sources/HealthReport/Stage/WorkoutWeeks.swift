import Foundation
package import HealthExport
import HealthModel

/// Workouts added up per week (from Monday, local time) and activity: how many, how long, how
/// far.
package struct WorkoutWeeks: Hashable, Sendable {
  /// One activity in one week.
  package struct Entry: Hashable, Sendable {
    package var week: SummaryPeriodSpan
    /// The activity as people name it (`Traditional Strength Training`).
    package var activity: String
    package var workouts: Int
    /// Minutes in all, unrounded.
    package var minutes: Double
    /// Distance in all in `distanceUnit`, unrounded; nil where none of the workouts has one.
    package var distance: Double?
  }

  /// By week, then by activity in byte order.
  package var entries: [Entry] = []
  /// The unit of distances: the one most workouts' distances carry (a tie goes to the unit first
  /// in byte order), as the summaries choose a type's unit; nil when no workout has a distance.
  package var distanceUnit: String?

  /// An activity's name without HealthKit's prefix, its words apart: `HKWorkoutActivityTypeTraditionalStrengthTraining`
  /// is `Traditional Strength Training`.
  package static func activityName(of type: String) -> String {
    let prefix = "HKWorkoutActivityType"
    let name =
      type.hasPrefix(prefix) && type.count > prefix.count ? String(type.dropFirst(prefix.count)) : type
    var words = ""
    var previous: Character?
    for character in name {
      if let previous, character.isUppercase, previous.isLowercase || previous.isNumber { words.append(" ") }
      words.append(character)
      previous = character
    }
    return words
  }
}

/// Adds up workouts into `WorkoutWeeks` as they are read.
struct WorkoutTally {
  private struct Key: Hashable {
    var weekStart: Double
    var activity: String
  }

  private struct Totals {
    var week: SummaryPeriodSpan
    var workouts = 0
    var minutes = 0.0
    var distanceByUnit: [String: Double] = [:]
  }

  private let range: RangeFilter
  private var totals: [Key: Totals] = [:]
  private var distanceUnitCounts: [String: Int] = [:]
  /// The workouts the range may hold, kept until the zone their weeks are reckoned in is known
  /// (workouts are few).
  private var workouts: [Workout] = []

  init(range: RangeFilter) {
    self.range = range
  }

  /// Keeps a workout the range may hold, until the zone is known.
  mutating func add(_ workout: Workout) {
    guard range.verdict(workout.startDate) != .outside else { return }
    workouts.append(workout)
  }

  /// Counts a workout that starts in the range: its duration (else the time from start to end)
  /// and its distance (its distance statistics, else its total distance).
  private mutating func count(_ workout: Workout, range: RangeFilter, calendar: inout PeriodCalendar) {
    guard range.contains(workout.startDate) else { return }
    let week = calendar.span(containing: workout.startDate.millisecondsSince1970)
    let key = Key(
      weekStart: week.start.millisecondsSince1970,
      activity: WorkoutWeeks.activityName(of: workout.activityType))
    var entry = totals[key] ?? Totals(week: week)
    entry.workouts += 1
    entry.minutes += Self.minutes(of: workout)
    for distance in Self.distances(of: workout) {
      entry.distanceByUnit[distance.unit, default: 0] += distance.value
      distanceUnitCounts[distance.unit, default: 0] += 1
    }
    totals[key] = entry
  }

  /// The weeks, each distance in the most common unit; a distance in a unit that cannot be
  /// converted to it is left out.
  /// - Parameter range: the range, settled in the zone the weeks are reckoned in.
  /// - Returns: the weeks of the range.
  mutating func finish(range: RangeFilter) -> WorkoutWeeks {
    guard let zone = range.timeZone else { preconditionFailure("the range is settled before the weeks") }
    var calendar = PeriodCalendar(period: .week, timeZone: zone)
    for workout in workouts { count(workout, range: range, calendar: &calendar) }
    workouts = []
    let unit = distanceUnitCounts.max { lhs, rhs in
      lhs.value != rhs.value ? lhs.value < rhs.value : rhs.key.utf8.lexicographicallyPrecedes(lhs.key.utf8)
    }?.key
    var weeks = WorkoutWeeks(distanceUnit: unit)
    weeks.entries = totals.map { key, totals in
      var distance: Double?
      if let unit {
        for (from, value) in totals.distanceByUnit {
          guard let converted = HealthKitUnit.convert(value, from: from, to: unit) else { continue }
          distance = (distance ?? 0) + converted
        }
      }
      return WorkoutWeeks.Entry(
        week: totals.week, activity: key.activity, workouts: totals.workouts, minutes: totals.minutes,
        distance: distance)
    }.sorted {
      $0.week.start != $1.week.start
        ? $0.week.start < $1.week.start : $0.activity.utf8.lexicographicallyPrecedes($1.activity.utf8)
    }
    return weeks
  }

  private static func minutes(of workout: Workout) -> Double {
    if let duration = workout.duration,
      let minutes = HealthKitUnit.convert(duration.value, from: duration.unit, to: "min")
    {
      return minutes
    }
    return max(0, workout.endDate.millisecondsSince1970 - workout.startDate.millisecondsSince1970) / 60_000
  }

  /// The workout's distances: the sums of its distance statistics, else its total distance.
  private static func distances(of workout: Workout) -> [Quantity] {
    let statistics = workout.statistics.compactMap { statistic -> Quantity? in
      guard statistic.type.hasPrefix(ReportSeries.distancePrefix), let sum = statistic.sum,
        let unit = statistic.unit
      else { return nil }
      return Quantity(value: sum, unit: unit)
    }
    if !statistics.isEmpty { return statistics }
    return workout.totalDistance.map { [$0] } ?? []
  }
}
