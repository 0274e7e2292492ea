import CSQLite
import Foundation

/// A compiled statement of a connection, prepared once and run many times: bind the values
/// (by 1-based index), then `run` (no rows) or `step` through the rows. Bound text is copied
/// before the bind returns, so the caller's buffers may change right after it.
///
/// Text is copied into a buffer the statement keeps for each parameter and bound from there
/// without SQLite copying it again (`SQLITE_STATIC`: the bytes stay put until the parameter is
/// bound again or the statement is finalized); a value equal to what the parameter holds already
/// (the same text, NULL, the same integer or the same real's bits) is not bound again, since a
/// reset keeps the bindings. Text past `largeText` bytes is left to SQLite to copy, so that a
/// large value (a FHIR resource) does not keep its size allocated.
package final class SQLiteStatement {
  /// The SQL, for messages.
  package let sql: String
  /// SQLite's handle, for the calls of the module's other files (`ReadOnlyConnection`).
  let handle: OpaquePointer
  private let connection: SQLiteConnection
  /// What each parameter (index 1 at 0) is bound to, as far as the statement knows.
  private let bound: UnsafeMutablePointer<BoundValue>
  private let parameterCount: Int32
  /// Text longer than this (bytes) is copied by SQLite rather than kept here.
  static let largeText = 4096

  /// What a parameter is bound to, as far as the statement knows: its kept text, or NULL, an
  /// integer or a real (`bits`), or something it does not know (`unknown`).
  private struct BoundValue {
    var bytes: UnsafeMutablePointer<UInt8>?
    var capacity = 0
    var count = 0
    var kind = Kind.unknown
    /// The integer, or the real's bits.
    var bits: UInt64 = 0
    /// Whether the parameter is bound to `bytes` now.
    var isBound: Bool { kind == .text }
  }

  private enum Kind: UInt8 {
    case unknown, text, null, integer, real
  }

  init(handle: OpaquePointer, sql: String, connection: SQLiteConnection) {
    self.handle = handle
    self.sql = sql
    self.connection = connection
    parameterCount = max(sqlite3_bind_parameter_count(handle), 0)
    bound = .allocate(capacity: Int(parameterCount))
    bound.initialize(repeating: BoundValue(), count: Int(parameterCount))
  }

  deinit {
    // Finalized first: SQLite may read the bound bytes until then.
    sqlite3_finalize(handle)
    for index in 0..<Int(parameterCount) { bound[index].bytes?.deallocate() }
    bound.deinitialize(count: Int(parameterCount))
    bound.deallocate()
  }

  /// Notes that a parameter is bound to something the statement does not keep.
  @inline(__always)
  private func forgetValue(at index: Int32) {
    if index >= 1 && index <= parameterCount { bound[Int(index - 1)].kind = .unknown }
  }

  /// Whether the parameter at `index` holds `kind` with `bits` already; if not, binds it with
  /// `bind` and notes it held.
  @inline(__always)
  private func bindUnlessHeld(_ kind: Kind, _ bits: UInt64, at index: Int32, _ bind: () -> Int32) -> Int32 {
    guard index >= 1 && index <= parameterCount else { return bind() }
    let slot = bound + Int(index - 1)
    if slot.pointee.kind == kind && slot.pointee.bits == bits { return SQLITE_OK }
    let code = bind()
    slot.pointee.kind = code == SQLITE_OK ? kind : .unknown
    slot.pointee.bits = bits
    return code
  }

  // MARK: - Binding

  /// Binds an integer, or NULL.
  @inline(__always)
  package func bind(_ value: Int64?, at index: Int32) throws(DatabaseError) {
    guard let value else { return try bindNull(at: index) }
    let code = bindUnlessHeld(.integer, UInt64(bitPattern: value), at: index) {
      sqlite3_bind_int64(handle, index, value)
    }
    try connection.check(code, sql: sql)
  }

  /// Binds an integer, or NULL.
  @inline(__always)
  package func bind(_ value: Int?, at index: Int32) throws(DatabaseError) {
    try bind(value.map(Int64.init), at: index)
  }

  /// Binds a real number, or NULL (also for a number that is not finite, which SQLite cannot
  /// store faithfully).
  @inline(__always)
  package func bind(_ value: Double?, at index: Int32) throws(DatabaseError) {
    guard let value, value.isFinite else { return try bindNull(at: index) }
    let code = bindUnlessHeld(.real, value.bitPattern, at: index) {
      sqlite3_bind_double(handle, index, value)
    }
    try connection.check(code, sql: sql)
  }

  /// Binds text, or NULL.
  @inline(__always)
  package func bind(_ value: String?, at index: Int32) throws(DatabaseError) {
    guard var value else { return try bindNull(at: index) }
    try connection.check(value.withUTF8 { bindText($0, at: index) }, sql: sql)
  }

  /// Binds UTF-8 bytes as text.
  @inline(__always)
  package func bind(text bytes: UnsafeBufferPointer<UInt8>, at index: Int32) throws(DatabaseError) {
    try connection.check(bindText(bytes, at: index), sql: sql)
  }

  private func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32) -> Int32 {
    let count = bytes.count
    guard index >= 1 && index <= parameterCount, count <= Self.largeText else {
      forgetValue(at: index)
      guard let base = bytes.baseAddress, count > 0 else {
        // An empty string is text, not NULL (a null pointer would bind NULL).
        return sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
      }
      return base.withMemoryRebound(to: CChar.self, capacity: count) {
        sqlite3_bind_text(handle, index, $0, Int32(count), csqlite_transient())
      }
    }
    let slot = bound + Int(index - 1)
    if slot.pointee.isBound, slot.pointee.count == count {
      if count == 0 { return SQLITE_OK }
      if let held = slot.pointee.bytes, let base = bytes.baseAddress, memcmp(held, base, count) == 0 {
        return SQLITE_OK
      }
    }
    let target: UnsafeMutablePointer<UInt8>
    if let held = slot.pointee.bytes, slot.pointee.capacity >= count {
      target = held
    } else {
      // A buffer of at least one byte: a null pointer would bind NULL, not empty text.
      slot.pointee.bytes?.deallocate()
      let capacity = max(count, 32, slot.pointee.capacity * 2)
      target = .allocate(capacity: capacity)
      slot.pointee.bytes = target
      slot.pointee.capacity = capacity
    }
    if count > 0, let base = bytes.baseAddress { target.update(from: base, count: count) }
    slot.pointee.count = count
    let code = target.withMemoryRebound(to: CChar.self, capacity: max(count, 1)) {
      sqlite3_bind_text(handle, index, $0, Int32(count), nil)
    }
    slot.pointee.kind = code == SQLITE_OK ? .text : .unknown
    return code
  }

  /// Binds NULL.
  @inline(__always)
  package func bindNull(at index: Int32) throws(DatabaseError) {
    let code = bindUnlessHeld(.null, 0, at: index) { sqlite3_bind_null(handle, index) }
    try connection.check(code, sql: sql)
  }

  /// Moves every bound value to `other`, a statement of as many parameters, leaving this one's
  /// parameters NULL. Text bound from this statement's buffers stays there: `other` is run and
  /// dropped before this statement binds again.
  /// - Throws: `DatabaseError` when the two have different numbers of parameters.
  package func moveBindings(to other: SQLiteStatement) throws(DatabaseError) {
    for index in 0..<Int(parameterCount) { bound[index].kind = .unknown }
    try connection.check(csqlite_move_bindings(handle, other.handle), sql: other.sql)
  }

  // MARK: - Running

  /// Runs a statement that returns no rows with the values bound, then resets it for the next
  /// ones (bindings stay until bound again).
  /// - Throws: `DatabaseError`.
  package func run() throws(DatabaseError) {
    let code = sqlite3_step(handle)
    // The step's own failure is the one to report; the reset repeats it.
    let resetCode = sqlite3_reset(handle)
    try connection.check(code, sql: sql)
    try connection.check(resetCode, sql: sql)
  }

  /// Runs the statement to its next row.
  /// - Returns: whether there is a row (false when done; the statement is then reset).
  /// - Throws: `DatabaseError`.
  package func step() throws(DatabaseError) -> Bool {
    let code = sqlite3_step(handle)
    if code == SQLITE_ROW { return true }
    let resetCode = sqlite3_reset(handle)
    try connection.check(code, sql: sql)
    try connection.check(resetCode, sql: sql)
    return false
  }

  // MARK: - Columns

  /// How many columns a row has.
  package var columnCount: Int32 { sqlite3_column_count(handle) }

  /// The name of a column (0-based).
  package func columnName(_ column: Int32) -> String {
    sqlite3_column_name(handle, column).map { String(cString: $0) } ?? ""
  }

  /// The type of a column of the current row (0-based): `SQLITE_INTEGER`, `SQLITE_FLOAT`,
  /// `SQLITE_TEXT`, `SQLITE_BLOB` or `SQLITE_NULL`.
  package func type(at column: Int32) -> Int32 {
    sqlite3_column_type(handle, column)
  }

  /// An integer column of the current row (0 for NULL).
  package func integer(at column: Int32) -> Int64 {
    sqlite3_column_int64(handle, column)
  }

  /// A real column of the current row (0 for NULL).
  package func real(at column: Int32) -> Double {
    sqlite3_column_double(handle, column)
  }

  /// Calls `body` with the UTF-8 bytes of a text column of the current row, valid only inside
  /// it (empty for NULL), so that repeated values need not become strings each time.
  package func withText<R>(at column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    let count = Int(sqlite3_column_bytes(handle, column))
    guard let text = sqlite3_column_text(handle, column) else {
      return try body(UnsafeBufferPointer(start: nil, count: 0))
    }
    return try body(UnsafeBufferPointer(start: text, count: count))
  }

  /// The value of a column of the current row (0-based).
  package func value(at column: Int32) -> SQLiteValue {
    switch sqlite3_column_type(handle, column) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_column_int64(handle, column))
    case SQLITE_FLOAT:
      return .real(sqlite3_column_double(handle, column))
    case SQLITE_NULL:
      return .null
    default:
      guard let text = sqlite3_column_text(handle, column) else { return .null }
      let count = Int(sqlite3_column_bytes(handle, column))
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    }
  }
}

/// A value SQLite returned.
package enum SQLiteValue: Hashable, Sendable, CustomStringConvertible {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)

  /// The value as the sqlite3 shell prints it in list mode.
  package var description: String {
    switch self {
    case .null: ""
    case .integer(let value): String(value)
    case .real(let value): String(value)
    case .text(let value): value
    }
  }
}
