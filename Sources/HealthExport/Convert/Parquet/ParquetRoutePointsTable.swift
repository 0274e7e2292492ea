import Foundation
import HealthArchive
import HealthModel

/// `route_points.parquet`: every point of every workout route, as the database's `route_points`
/// holds them: the points of the GPX files a workout's routes name (which the reader hands on
/// right after the workout) and the inline `Location`s of a route before iOS 13. Each point
/// carries its workout's id and its route's (a route that names several files has an id for
/// each, numbered from 1 in input order as the database numbers `workout_routes`).
struct ParquetRoutePointsTable {
  /// The table's own columns.
  static let columns = [
    ParquetColumn("workout_id", .int64),
    ParquetColumn("route_id", .int64),
    ParquetColumn("time", .timestamp, isOptional: true),
    ParquetColumn("latitude", .double),
    ParquetColumn("longitude", .double),
    ParquetColumn("elevation_m", .double, isOptional: true),
    ParquetColumn("speed_mps", .double, isOptional: true),
    ParquetColumn("course_deg", .double, isOptional: true),
    ParquetColumn("horizontal_accuracy_m", .double, isOptional: true),
    ParquetColumn("vertical_accuracy_m", .double, isOptional: true),
  ]

  let table: ParquetTable
  private var lastRouteID: Int64 = 0
  /// The workout whose route files' points may follow, with its routes' ids by file.
  private var current: (workoutID: Int64, routes: [String: Int64])?

  init(table: ParquetTable) {
    self.table = table
  }

  /// Numbers the routes of a workout just written and writes their inline locations; the points
  /// of its route files follow.
  /// - Throws: `OutputError` when the table cannot be written.
  mutating func begin(_ workout: Workout, id workoutID: Int64) throws {
    var routes: [String: Int64] = [:]
    for route in workout.routes {
      for file in route.filePaths.isEmpty ? [nil] : route.filePaths.map(Optional.some) {
        lastRouteID += 1
        if let file {
          routes[file] = lastRouteID
        } else {
          try write(route.locations, workoutID: workoutID, routeID: lastRouteID)
        }
      }
    }
    current = (workoutID, routes)
  }

  /// Ends the points of the last workout: any other item comes after them.
  mutating func end() {
    current = nil
  }

  /// Writes a batch of a route file's points, to the route of the workout just written that
  /// names the file; the points of a file no such route names are not written.
  /// - Throws: `OutputError` when the table cannot be written.
  func add(_ batch: RoutePoints) throws {
    guard let current, let routeID = current.routes[batch.filePath] else { return }
    try write(batch.points, workoutID: current.workoutID, routeID: routeID)
  }

  private func write(_ points: [RoutePoint], workoutID: Int64, routeID: Int64) throws {
    let writer = table.writer
    for point in points {
      writer.append(workoutID)
      writer.append(routeID)
      writer.append(point.time)
      writer.append(point.latitude)
      writer.append(point.longitude)
      writer.append(point.elevation)
      writer.append(point.speed)
      writer.append(point.course)
      writer.append(point.horizontalAccuracy)
      writer.append(point.verticalAccuracy)
      try table.endRow()
    }
  }
}
