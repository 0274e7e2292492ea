import Foundation
import HealthModel

/// What an update needs to know of the database it brings up to date, read before anything is
/// written: that it is one of this tool's, of schema version 2 and not de-identified; its zone
/// and units; the person; the newest export it holds.
struct KeptDatabase {
  let path: String
  let timeZone: TimeZone
  let units: UnitPreferences
  /// `me`'s date of birth and biological sex, where it has them.
  let person: [(field: String, value: String)]
  /// The newest export imported: its Unix seconds and text.
  let newestExport: (unix: Int64, text: String)?
  /// Whether it holds a de-identified record (`export_info.deidentified`).
  let isDeidentified: Bool

  /// Reads the database at `path`.
  /// - Parameters:
  ///   - path: the database.
  ///   - forUpdate: whether it is to be updated, which a de-identified database cannot be.
  /// - Throws: `UpdateRefusal` when it cannot be updated (or read).
  init(path: String, forUpdate: Bool = true) throws(UpdateRefusal) {
    self.path = path
    guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
    do {
      // Opened for writing, though nothing is written, so that closing it removes the log files a
      // database in write-ahead log mode has while it is open.
      let connection = try SQLiteConnection(path: path, mode: .readWrite)
      defer { try? connection.close() }
      let version = try connection.value("PRAGMA user_version")
      let hasInfo = try connection.value(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('export_info', 'records', 'summaries')"
      )
      guard case .integer(let number) = version, hasInfo == .integer(3) else {
        throw UpdateRefusal.notOurs(path: path, reason: "it has no export_info, records and summaries tables")
      }
      guard number >= 2 else {
        if number == 1 { throw UpdateRefusal.olderSchema(path: path, version: number) }
        throw UpdateRefusal.notOurs(
          path: path, reason: "its schema version (PRAGMA user_version) is \(number)")
      }
      guard number == Int64(DatabaseSchema.version) else {
        throw UpdateRefusal.notOurs(
          path: path,
          reason: "its schema version \(number) is newer than this version's, \(DatabaseSchema.version)")
      }
      let info = try connection.rows(
        "SELECT time_zone, weight_unit, temperature_unit, deidentified FROM export_info LIMIT 1")
      guard let row = info.first, case .text(let zoneName) = row[0],
        let zone = TimeZone(identifier: zoneName),
        case .text(let weight) = row[1], let weightUnit = UnitPreferences.Weight(rawValue: weight),
        case .text(let temperature) = row[2]
      else {
        throw UpdateRefusal.notOurs(path: path, reason: "its export_info does not name a time zone and units")
      }
      isDeidentified = row[3] != .integer(0)
      if forUpdate, isDeidentified { throw UpdateRefusal.deidentified(path: path) }
      timeZone = zone
      units = UnitPreferences(weight: weightUnit, temperature: temperature == "°C" ? .celsius : .fahrenheit)
      var person: [(String, String)] = []
      if let me = try connection.rows("SELECT date_of_birth, biological_sex FROM me LIMIT 1").first {
        if case .text(let birth) = me[0] { person.append(("date of birth", birth)) }
        if case .text(let sex) = me[1] { person.append(("biological sex", sex)) }
      }
      self.person = person
      let newest = try connection.rows(
        "SELECT export_unix, export_date FROM imports WHERE export_unix IS NOT NULL ORDER BY export_unix DESC LIMIT 1"
      )
      if let newest = newest.first, case .integer(let unix) = newest[0] {
        newestExport = (unix, newest[1].description)
      } else {
        newestExport = nil
      }
    } catch let error as UpdateRefusal {
      throw error
    } catch {
      throw .notOurs(
        path: path, reason: "SQLite cannot read it: \((error as? DatabaseError)?.message ?? "\(error)")")
    }
  }
}
