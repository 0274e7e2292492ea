import CSQLite
import SystemShim

/// An open SQLite database: one connection, used from one thread (it is not `Sendable`), closed
/// when dropped. Every result code SQLite returns goes through `check`, which turns a failure
/// into a `DatabaseError` carrying SQLite's message and the SQL that ran.
package final class SQLiteConnection {
  /// The file.
  package let path: String
  /// SQLite's handle, for the calls of the module's other files (`ReadOnlyConnection`).
  let handle: OpaquePointer
  private var isOpen = true

  /// How a database is opened.
  package enum Mode {
    /// Reading only; the file must exist.
    case readOnly
    /// Reading and writing; the file is created when missing (while a signal's cleanup cannot run,
    /// so that a temporary output it removed is never made again: `TemporaryPaths`).
    case readWriteCreate
    /// Reading and writing; the file must exist.
    case readWrite
  }

  /// Opens the database at `path`.
  /// - Throws: `DatabaseError` when SQLite cannot open it.
  package init(path: String, mode: Mode) throws(DatabaseError) {
    _ = Self.configuration
    self.path = path
    var opened: OpaquePointer?
    let flags =
      switch mode {
      case .readOnly: SQLITE_OPEN_READONLY
      case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
      case .readWrite: SQLITE_OPEN_READWRITE
      }
    func open() -> Int32 { sqlite3_open_v2(path, &opened, flags | SQLITE_OPEN_NOMUTEX, nil) }
    let code = mode == .readWriteCreate ? TemporaryPaths.shared.whileLocked(open) : open()
    guard let opened else {
      throw DatabaseError(path: path, code: code, message: String(cString: sqlite3_errstr(code)))
    }
    guard code == SQLITE_OK else {
      let error = DatabaseError(path: path, code: code, message: String(cString: sqlite3_errmsg(opened)))
      sqlite3_close_v2(opened)
      throw error
    }
    handle = opened
  }

  /// The process-wide settings, made before the first connection opens: no memory statistics
  /// (a lock on every allocation). Where SQLite was already in use in the process, they stay as
  /// they were.
  private static let configuration: Void = {
    _ = csqlite_disable_memory_statistics()
  }()

  deinit {
    if isOpen { sqlite3_close_v2(handle) }
  }

  /// Closes the database, reporting what SQLite says; the connection is not used afterwards.
  /// Statements still alive are finalized when they are dropped.
  /// - Throws: `DatabaseError`.
  package func close() throws(DatabaseError) {
    guard isOpen else { return }
    isOpen = false
    let code = sqlite3_close_v2(handle)
    guard code == SQLITE_OK else {
      throw DatabaseError(path: path, code: code, message: String(cString: sqlite3_errstr(code)))
    }
  }

  /// The version of the SQLite library in use (`3.40.1`).
  package static var libraryVersion: String { String(cString: sqlite3_libversion()) }

  /// Runs one or more statements that return no rows (schema, pragmas, transactions).
  /// - Throws: `DatabaseError`.
  package func execute(_ sql: String) throws(DatabaseError) {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    if let message {
      defer { sqlite3_free(message) }
      if code != SQLITE_OK {
        throw DatabaseError(
          path: path, code: sqlite3_extended_errcode(handle), message: String(cString: message), sql: sql)
      }
    }
    try check(code, sql: sql)
  }

  /// Compiles `sql` once, to be run many times.
  /// - Throws: `DatabaseError`.
  package func prepare(_ sql: String) throws(DatabaseError) -> SQLiteStatement {
    var statement: OpaquePointer?
    try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil), sql: sql)
    guard let statement else {
      throw DatabaseError(path: path, code: SQLITE_MISUSE, message: "the SQL holds no statement", sql: sql)
    }
    return SQLiteStatement(handle: statement, sql: sql, connection: self)
  }

  /// The rowid of the last row inserted.
  package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Checks a result code: `SQLITE_OK`, `SQLITE_ROW` and `SQLITE_DONE` are returned, anything else
  /// is thrown with SQLite's message.
  /// - Throws: `DatabaseError`.
  @discardableResult
  @inline(__always)
  package func check(_ code: Int32, sql: @autoclosure () -> String?) throws(DatabaseError) -> Int32 {
    if code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE { return code }
    throw DatabaseError(
      path: path, code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)),
      sql: sql())
  }
}
