import CSQLite

/// A database opened for reading only, which runs one read-only query at a time and nothing
/// else, within a time budget: what the assistant server gives the assistant's SQL.
///
/// Every way SQLite offers to change something is closed, each on its own:
/// - the file is opened with `SQLITE_OPEN_READONLY`, and `PRAGMA query_only` is on;
/// - no database can be attached (`SQLITE_LIMIT_ATTACHED` is 0) and extensions cannot be loaded
///   (`SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION` off);
/// - an authorizer allows only reading: `SELECT`, reading columns, `WITH RECURSIVE`, functions
///   other than `load_extension` and `fts3_tokenizer`, and the pragmas that describe the schema
///   (`pragma_table_info(…)` and its kind, inside a `SELECT`); anything else (a write, a
///   transaction, `ATTACH`, any other pragma) fails at once, and the message says what it was;
/// - a statement is run only when it starts as a `SELECT` (or `WITH`, `VALUES`), SQLite calls it
///   read-only (`sqlite3_stmt_readonly`), and no other statement follows it;
/// - a progress handler interrupts a query that runs past `timeLimit`.
package final class ReadOnlyConnection {
  /// The connection; its statements are checked by the authorizer too.
  package let connection: SQLiteConnection
  /// How long one query may run.
  package var timeLimit: Duration
  private let policy: QueryPolicy
  private let policyPointer: UnsafeMutableRawPointer

  /// The longest text or blob a query may make, in bytes.
  package static let maximumValueLength: Int32 = 64 << 20

  /// Opens the database at `path` for reading only.
  /// - Throws: `DatabaseError` when SQLite cannot open it.
  package init(path: String, timeLimit: Duration = .seconds(10)) throws(DatabaseError) {
    connection = try SQLiteConnection(path: path, mode: .readOnly)
    self.timeLimit = timeLimit
    policy = QueryPolicy()
    policyPointer = Unmanaged.passRetained(policy).toOpaque()
    let handle = connection.handle
    try connection.execute("PRAGMA query_only = 1")
    _ = csqlite_db_config_flag(handle, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0)
    _ = csqlite_db_config_flag(handle, SQLITE_DBCONFIG_DEFENSIVE, 1)
    _ = sqlite3_limit(handle, SQLITE_LIMIT_ATTACHED, 0)
    _ = sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Self.maximumValueLength)
    sqlite3_set_authorizer(
      handle,
      { context, action, first, second, _, _ in
        // SQLite hands back the pointer it was given; without one, nothing is allowed.
        guard let context else { return SQLITE_DENY }
        return Unmanaged<QueryPolicy>.fromOpaque(context).takeUnretainedValue()
          .authorize(action, first.map { String(cString: $0) }, second.map { String(cString: $0) })
      }, policyPointer)
    sqlite3_progress_handler(
      handle, 1000,
      { context in
        guard let context else { return 1 }
        return Unmanaged<QueryPolicy>.fromOpaque(context).takeUnretainedValue().isPastDeadline ? 1 : 0
      },
      policyPointer)
  }

  deinit {
    // Statements may keep the connection alive after this: they must not call into a policy
    // that is gone.
    sqlite3_set_authorizer(connection.handle, nil, nil)
    sqlite3_progress_handler(connection.handle, 0, nil, nil)
    Unmanaged<QueryPolicy>.fromOpaque(policyPointer).release()
  }

  /// Compiles `sql` as one read-only query.
  /// - Throws: `QueryError.refused` for anything but one read-only query, saying what it would
  ///   do; `.failed` for SQL that SQLite cannot compile (its message).
  package func prepare(_ sql: String) throws(QueryError) -> SQLiteStatement {
    let handle = connection.handle
    policy.beginStatement()
    var statement: OpaquePointer?
    var restStatement: OpaquePointer?
    var restCode = SQLITE_OK
    let code = sql.withCString { base -> Int32 in
      var tail: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v2(handle, base, -1, &statement, &tail)
      if code == SQLITE_OK, let tail, tail.pointee != 0 {
        policy.isReadingRest = true
        restCode = sqlite3_prepare_v2(handle, tail, -1, &restStatement, nil)
      }
      return code
    }
    let firstAction = policy.firstAction
    let refusal = policy.refusal
    if let restStatement { sqlite3_finalize(restStatement) }
    guard code == SQLITE_OK else {
      if let refusal { throw .refused(refusal) }
      throw .failed(String(cString: sqlite3_errmsg(handle)))
    }
    if let refusal {
      if let statement { sqlite3_finalize(statement) }
      throw .refused(refusal)
    }
    guard let statement else { throw .refused("the SQL holds no statement; give one SELECT or WITH query") }
    guard restCode == SQLITE_OK && restStatement == nil else {
      sqlite3_finalize(statement)
      throw .refused("only one statement is run at a time; remove what follows the first ';'")
    }
    guard firstAction == SQLITE_SELECT else {
      sqlite3_finalize(statement)
      throw .refused("only a SELECT or WITH query is run; this statement is not one")
    }
    guard sqlite3_stmt_readonly(statement) != 0 else {
      sqlite3_finalize(statement)
      throw .refused("the statement would change the database, which is read-only")
    }
    return SQLiteStatement(handle: statement, sql: sql, connection: connection)
  }

  /// Runs `body` (which steps statements of this connection) within the time limit: a statement
  /// still running when it is over is interrupted, and its step throws `QueryError.timedOut`.
  /// - Throws: `QueryError`; `.timedOut` when the time ran out, `.failed` for another SQLite
  ///   error.
  package func withTimeLimit<T>(_ body: () throws(DatabaseError) -> T) throws(QueryError) -> T {
    policy.refusal = nil
    policy.isRunningQuery = true
    policy.deadline = ContinuousClock.now + timeLimit
    defer {
      policy.deadline = nil
      policy.isRunningQuery = false
    }
    do {
      return try body()
    } catch {
      if error.primaryCode == SQLITE_INTERRUPT { throw .timedOut(timeLimit) }
      // SQLite compiles again what the schema's changes made stale, asking the authorizer anew.
      if error.primaryCode == SQLITE_AUTH, let refusal = policy.refusal { throw .refused(refusal) }
      throw .failed(error.message)
    }
  }
}

/// Why a query was not answered.
package enum QueryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Not one read-only query: what it would have done.
  case refused(String)
  /// Stopped after running for the time limit.
  case timedOut(Duration)
  /// SQLite's error (bad SQL, no such table).
  case failed(String)

  package var description: String {
    switch self {
    case .refused(let reason): "The query was refused: \(reason)."
    case .timedOut(let limit):
      "The query ran for \(Self.seconds(limit)) and was stopped; narrow it (a WHERE on records.type and start_unix, which are indexed, or a smaller range)."
    case .failed(let message): "SQLite could not run the query: \(message)."
    }
  }

  /// `10 seconds`, `0.25 seconds`.
  private static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) + Double(attoseconds / 1_000_000_000_000_000) / 1000
    let text = value == value.rounded() ? String(Int(value)) : String(value)
    return text + (value == 1 ? " second" : " seconds")
  }
}

/// What the authorizer and the progress handler of a `ReadOnlyConnection` decide with.
private final class QueryPolicy {
  /// The schema pragmas a query may read, as table-valued functions.
  static let schemaPragmas: Set<String> = [
    "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo", "foreign_key_list",
  ]
  /// The tables that hold the schema.
  static let schemaTables: Set<String> = [
    "sqlite_master", "sqlite_temp_master", "sqlite_schema", "sqlite_temp_schema",
  ]
  /// Functions that reach outside the database.
  static let deniedFunctions: Set<String> = ["load_extension", "fts3_tokenizer"]

  /// The first thing the statement being compiled does (`SQLITE_SELECT` for a query).
  var firstAction: Int32?
  /// What it does that is not allowed, for the message.
  var refusal: String?
  /// Whether `refusal` is about the schema table, which SQLite names before the statement's own
  /// action (an insert into sqlite_master before a CREATE TABLE): a later reason says it better.
  var refusalIsAboutSchemaTable = false
  /// Whether what is compiled is what follows the first statement (only told apart from it).
  var isReadingRest = false
  /// Whether a query that passed the checks is running: what SQLite asks then is about it.
  var isRunningQuery = false
  var deadline: ContinuousClock.Instant?

  func beginStatement() {
    firstAction = nil
    refusal = nil
    refusalIsAboutSchemaTable = false
    isReadingRest = false
  }

  var isPastDeadline: Bool {
    guard let deadline else { return false }
    return ContinuousClock.now >= deadline
  }

  func authorize(_ action: Int32, _ first: String?, _ second: String?) -> Int32 {
    if isReadingRest { return SQLITE_DENY }
    if firstAction == nil { firstAction = action }
    let reason: String
    switch action {
    case SQLITE_SELECT, SQLITE_READ, SQLITE_RECURSIVE:
      return SQLITE_OK
    case SQLITE_FUNCTION:
      let name = (second ?? "").lowercased()
      guard Self.deniedFunctions.contains(name) else { return SQLITE_OK }
      reason = "it calls \(name)(), which reaches outside the database"
    case SQLITE_PRAGMA:
      let name = (first ?? "").lowercased()
      if Self.schemaPragmas.contains(name) && (firstAction == SQLITE_SELECT || isRunningQuery) {
        return SQLITE_OK
      }
      reason =
        "it runs PRAGMA \(name); only the schema's pragmas (pragma_table_info('records') and the like) are read, inside a SELECT"
    case SQLITE_UPDATE
    where Self.schemaTables.contains(first ?? "") && (firstAction == SQLITE_SELECT || isRunningQuery):
      // What SQLite reports while it sets up a table-valued pragma for a query; nothing is written.
      return SQLITE_OK
    case SQLITE_INSERT: reason = "it would insert into \(first ?? "a table")"
    case SQLITE_UPDATE: reason = "it would update \(first ?? "a table")"
    case SQLITE_DELETE: reason = "it would delete from \(first ?? "a table")"
    case SQLITE_TRANSACTION: reason = "it would begin or end a transaction"
    case SQLITE_SAVEPOINT: reason = "it would set or release a savepoint"
    case SQLITE_ATTACH: reason = "it would attach another database"
    case SQLITE_DETACH: reason = "it would detach a database"
    case SQLITE_ALTER_TABLE: reason = "it would alter a table"
    case SQLITE_ANALYZE: reason = "it would analyze the database"
    case SQLITE_REINDEX: reason = "it would rebuild an index"
    case SQLITE_CREATE_VTABLE, SQLITE_DROP_VTABLE: reason = "it would create or drop a virtual table"
    case SQLITE_CREATE_INDEX, SQLITE_CREATE_TABLE, SQLITE_CREATE_TEMP_INDEX, SQLITE_CREATE_TEMP_TABLE,
      SQLITE_CREATE_TEMP_TRIGGER, SQLITE_CREATE_TEMP_VIEW, SQLITE_CREATE_TRIGGER, SQLITE_CREATE_VIEW:
      reason = "it would create \(first.map { "'\($0)'" } ?? "something")"
    case SQLITE_DROP_INDEX, SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_INDEX, SQLITE_DROP_TEMP_TABLE,
      SQLITE_DROP_TEMP_TRIGGER, SQLITE_DROP_TEMP_VIEW, SQLITE_DROP_TRIGGER, SQLITE_DROP_VIEW:
      reason = "it would drop \(first.map { "'\($0)'" } ?? "something")"
    default:
      reason = "it would do something other than read (SQLite's action \(action))"
    }
    let isAboutSchemaTable =
      [SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE].contains(action)
      && Self.schemaTables.contains(first ?? "")
    if refusal == nil || (refusalIsAboutSchemaTable && !isAboutSchemaTable) {
      refusal = reason
      refusalIsAboutSchemaTable = isAboutSchemaTable
    }
    // SQLite asks about the schema table's row before the statement's own action (CREATE TABLE):
    // let it go on to that one, which is refused with its own reason; the statement is refused
    // whatever follows.
    return isAboutSchemaTable ? SQLITE_OK : SQLITE_DENY
  }
}
