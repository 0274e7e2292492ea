import HealthArchive
import HealthModel

/// Workouts with their activities, events, statistics and routes, and the points of the routes.
extension DatabaseWriter {
  /// Writes a workout and everything inside it; the route points that follow are its routes'.
  func addWorkout(_ workout: Workout) throws(DatabaseError) {
    let source = try sourceID(
      name: workout.sourceName, version: workout.sourceVersion, device: workout.device)
    lastIDs.workout += 1
    let id = lastIDs.workout
    let statement = statements.workout
    let distance = WorkoutTotals.totalDistance(workout)
    try statement.bind(id, at: 1)
    try statement.bind(workout.activityType, at: 2)
    try statement.bind(source, at: 3)
    try statement.bind(WorkoutTotals.durationSeconds(workout), at: 4)
    try statement.bind(distance?.value, at: 5)
    try statement.bind(distance?.unit, at: 6)
    try statement.bind(WorkoutTotals.energyKilocalories(workout), at: 7)
    try bind(workout.creationDate, text: 8, unix: 11, in: statement)
    try bind(workout.startDate, text: 9, unix: 12, in: statement)
    try bind(workout.endDate, text: 10, unix: 13, in: statement)
    try statement.run()
    counts.workouts += 1
    try addMetadata(workout.metadata, owner: "workout", id: id)
    for event in workout.events { try addEvent(event, workoutID: id, activityID: nil) }
    for statistics in workout.statistics { try addStatistics(statistics, workoutID: id, activityID: nil) }
    for activity in workout.activities { try addActivity(activity, workoutID: id) }
    var routes: [String: Int64] = [:]
    for route in workout.routes {
      for file in route.filePaths.isEmpty ? [nil] : route.filePaths.map(Optional.some) {
        let routeID = try addRoute(route, file: file, workoutID: id)
        if let file { routes[file] = routeID }
      }
    }
    currentWorkout = (id, routes)
  }

  private func addEvent(_ event: WorkoutEvent, workoutID: Int64, activityID: Int64?) throws(DatabaseError) {
    lastIDs.workoutEvent += 1
    let id = lastIDs.workoutEvent
    let statement = statements.workoutEvent
    try statement.bind(id, at: 1)
    try statement.bind(workoutID, at: 2)
    try statement.bind(activityID, at: 3)
    try statement.bind(event.type, at: 4)
    try bind(event.date, text: 5, unix: 6, in: statement)
    try statement.bind(event.duration.flatMap(WorkoutTotals.seconds), at: 7)
    try statement.run()
    try addMetadata(event.metadata, owner: "workout_event", id: id)
  }

  private func addStatistics(_ statistics: WorkoutStatistics, workoutID: Int64, activityID: Int64?)
    throws(DatabaseError)
  {
    let statement = statements.workoutStatistics
    try statement.bind(workoutID, at: 1)
    try statement.bind(activityID, at: 2)
    try statement.bind(statistics.type, at: 3)
    try bind(statistics.startDate, text: 4, unix: 6, in: statement)
    try bind(statistics.endDate, text: 5, unix: 7, in: statement)
    try statement.bind(statistics.average, at: 8)
    try statement.bind(statistics.minimum, at: 9)
    try statement.bind(statistics.maximum, at: 10)
    try statement.bind(statistics.sum, at: 11)
    try statement.bind(statistics.unit, at: 12)
    try statement.run()
  }

  private func addActivity(_ activity: WorkoutActivity, workoutID: Int64) throws(DatabaseError) {
    lastIDs.workoutActivity += 1
    let id = lastIDs.workoutActivity
    let statement = statements.workoutActivity
    try statement.bind(id, at: 1)
    try statement.bind(workoutID, at: 2)
    try statement.bind(activity.uuid, at: 3)
    try bind(activity.startDate, text: 4, unix: 6, in: statement)
    try bind(activity.endDate, text: 5, unix: 7, in: statement)
    try statement.bind(activity.duration.flatMap(WorkoutTotals.seconds), at: 8)
    try statement.run()
    try addMetadata(activity.metadata, owner: "workout_activity", id: id)
    for event in activity.events { try addEvent(event, workoutID: workoutID, activityID: id) }
    for statistics in activity.statistics {
      try addStatistics(statistics, workoutID: workoutID, activityID: id)
    }
  }

  /// Writes one row of `workout_routes` (one per file the route names, or one without a file),
  /// with the route's inline locations when it has no file.
  private func addRoute(_ route: WorkoutRoute, file: String?, workoutID: Int64) throws(DatabaseError) -> Int64
  {
    lastIDs.workoutRoute += 1
    let id = lastIDs.workoutRoute
    let statement = statements.workoutRoute
    try statement.bind(id, at: 1)
    try statement.bind(workoutID, at: 2)
    try statement.bind(route.sourceName.nonEmpty, at: 3)
    try bind(route.startDate, text: 4, unix: 6, in: statement)
    try bind(route.endDate, text: 5, unix: 7, in: statement)
    try statement.bind(file, at: 8)
    try statement.bind(file == nil ? route.locations.count : 0, at: 9)
    try statement.run()
    try addMetadata(route.metadata, owner: "workout_route", id: id)
    if file == nil { try addPoints(route.locations, workoutID: workoutID, routeID: id) }
    return id
  }

  /// Writes a batch of a route file's points, to the route of the workout just written that
  /// names the file; points of a file no such route names are not written.
  func addRoutePoints(_ batch: RoutePoints) throws(DatabaseError) {
    guard let currentWorkout, let routeID = currentWorkout.routes[batch.filePath] else { return }
    try addPoints(batch.points, workoutID: currentWorkout.id, routeID: routeID)
    routePointCounts[routeID, default: 0] += batch.points.count
  }

  private func addPoints(_ points: [RoutePoint], workoutID: Int64, routeID: Int64) throws(DatabaseError) {
    let statement = statements.routePoint
    for point in points {
      try statement.bind(workoutID, at: 1)
      try statement.bind(routeID, at: 2)
      if let time = point.time {
        try dates.withUTCText(of: time) { text throws(DatabaseError) in try statement.bind(text: text, at: 3)
        }
        try dates.withText(of: time) { text throws(DatabaseError) in try statement.bind(text: text, at: 4) }
        try statement.bind(time.wholeSecondsSince1970, at: 5)
      } else {
        try statement.bindNull(at: 3)
        try statement.bindNull(at: 4)
        try statement.bindNull(at: 5)
      }
      try statement.bind(point.latitude, at: 6)
      try statement.bind(point.longitude, at: 7)
      try statement.bind(point.elevation, at: 8)
      try statement.bind(point.speed, at: 9)
      try statement.bind(point.course, at: 10)
      try statement.bind(point.horizontalAccuracy, at: 11)
      try statement.bind(point.verticalAccuracy, at: 12)
      try statement.endRow()
    }
    counts.routePoints += points.count
  }
}
