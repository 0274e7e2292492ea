import CSQLite
public import Foundation

/// A call into SQLite that failed: SQLite's own message and result code, with the statement that
/// was running and the file it was running on.
public struct DatabaseError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// The database file.
  public var path: String
  /// SQLite's extended result code (`SQLITE_FULL` is 13).
  public var code: Int32
  /// SQLite's message for it (`database or disk is full`).
  public var message: String
  /// The SQL that was running, if the failure came from a statement.
  public var sql: String?

  /// An error of SQLite, each argument the property of the same name.
  public init(path: String, code: Int32, message: String, sql: String? = nil) {
    self.path = path
    self.code = code
    self.message = message
    self.sql = sql
  }

  /// The primary result code (the low byte of the extended one).
  public var primaryCode: Int32 { code & 0xFF }

  /// Whether the disk or the file system failed (full, an I/O error, a file size limit), as
  /// opposed to a fault in the SQL.
  public var isStorageFailure: Bool {
    [SQLITE_FULL, SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_READONLY].contains(primaryCode)
  }

  /// The message, as it is shown.
  public var description: String {
    var text = "SQLite failed on \(path): \(message) (code \(code))"
    if let sql {
      let statement = sql.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: " ")
      text += " in '\(statement.count > 120 ? statement.prefix(117) + "..." : statement)'"
    }
    return text
  }

  /// The message, for `LocalizedError`.
  public var errorDescription: String? { description }
}
