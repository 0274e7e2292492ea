import Foundation
import HealthArchive
import HealthModel

/// `workouts.parquet`: one row per `Workout`, with the totals the database's `workouts` gives it
/// (docs/database.md): the duration in seconds, the distance of its statistics (else its
/// attribute) with its unit, the active energy in kilocalories.
struct ParquetWorkoutsTable {
  /// The table's own columns.
  static let columns = [
    ParquetColumn("id", .int64),
    ParquetColumn("activity_type", .string),
    ParquetColumn("duration_s", .double),
    ParquetColumn("total_distance", .double, isOptional: true),
    ParquetColumn("total_distance_unit", .string, isOptional: true),
    ParquetColumn("total_energy_kcal", .double, isOptional: true),
    ParquetColumn("source_name", .string, isOptional: true),
    ParquetColumn("source_version", .string, isOptional: true),
    ParquetColumn("device", .string, isOptional: true),
    ParquetColumn("creation_date", .timestamp, isOptional: true),
    ParquetColumn("start_date", .timestamp),
    ParquetColumn("end_date", .timestamp),
  ]

  let table: ParquetTable
  /// The id of the last workout: they are numbered from 1 in input order, as the database does.
  private(set) var lastID: Int64 = 0

  init(table: ParquetTable) {
    self.table = table
  }

  /// Writes a workout.
  /// - Returns: its id.
  /// - Throws: `OutputError` when the table cannot be written.
  mutating func add(_ workout: Workout) throws -> Int64 {
    lastID += 1
    let writer = table.writer
    let distance = WorkoutTotals.totalDistance(workout)
    writer.append(lastID)
    writer.append(workout.activityType)
    writer.append(WorkoutTotals.durationSeconds(workout))
    writer.append(distance?.value)
    writer.append(distance?.unit)
    writer.append(WorkoutTotals.energyKilocalories(workout))
    writer.append(workout.sourceName.nonEmpty)
    writer.append(workout.sourceVersion?.nonEmpty)
    writer.append(workout.device?.nonEmpty)
    writer.append(workout.creationDate)
    writer.append(workout.startDate)
    writer.append(workout.endDate)
    try table.endRow()
    return lastID
  }
}
