import HealthArchive
import HealthModel

/// The GPS track of an outdoor workout: a `WorkoutRoute` element and its GPX file in
/// `workout-routes/`, named after the route's end in local time (`route_2025-09-16_6.15pm.gpx`).
package struct RouteFile: Sendable {
  /// The day of the workout.
  package var dayNumber: Int64
  package var start: Int64
  package var end: Int64
  /// The file's name in `workout-routes/`.
  package var fileName: String
  /// `Route 2025-09-16 6:15pm`, the track's name.
  package var trackName: String

  /// `/workout-routes/route_….gpx`, as `FileReference` writes it.
  package var path: String { "/workout-routes/" + fileName }

  /// The route of `workout` on `plan`'s day, named in the local time at its end.
  init(plan: DayPlan, workout: WorkoutPlan, model: SampleModel) {
    dayNumber = plan.dayNumber
    start = plan.instant(workout.start)
    end = plan.instant(workout.end)
    let local = CivilDateTime(secondsSince1970: end + Int64(model.localOffset(at: end)))
    let hour12 = local.hour % 12 == 0 ? 12 : local.hour % 12
    let minute = (local.minute < 10 ? "0" : "") + "\(local.minute)"
    let suffix = local.hour < 12 ? "am" : "pm"
    let day = TextOutput.dayText(local.year, local.month, local.day)
    fileName = "route_\(day)_\(hour12).\(minute)\(suffix).gpx"
    trackName = "Route \(day) \(hour12):\(minute)\(suffix)"
  }
}
