import HealthArchive
package import HealthExport
import HealthModel

extension DatabaseWriter {
  /// Writes summary rows into `summaries`: the seam the summaries engine fills.
  /// - Throws: `DatabaseError`.
  package func addSummaries(_ rows: some Sequence<SummaryRow>) throws(DatabaseError) {
    try thread.perform { () throws(DatabaseError) in
      let summary = try side.preparedStatements().summary
      for row in rows { try insert(row, with: summary) }
    }
  }

  /// Binds `row` to the parameters of `statement` from `first` on, in the `summaries` table's
  /// column order, runs it and counts the row.
  func insert(_ row: SummaryRow, with statement: SQLiteStatement, from first: Int32 = 1)
    throws(DatabaseError)
  {
    try Self.bind(row, to: statement, from: first)
    try statement.run()
    counts.summaries += 1
  }

  /// Binds `row` to the parameters of `statement` from `first` on, in the `summaries` table's
  /// column order: the period's name and local start (`yyyy-MM-dd`, `yyyy-MM-dd HH:mm` for an
  /// hour), the numbers as the summary CSV writes their digits (as REAL, `FixedDecimal.number`),
  /// NULL for a missing value or unit, the sources joined with `; `.
  static func bind(_ row: SummaryRow, to statement: some SQLiteParameters, from first: Int32)
    throws(DatabaseError)
  {
    var start: [UInt8] = []
    DateFormat.standard.appendPeriod(row.period, to: &start)
    try statement.bind(row.period.period.rawValue, at: first)
    try statement.bind(String(decoding: start, as: UTF8.self), at: first + 1)
    try statement.bind(row.type, at: first + 2)
    try statement.bind(row.metric, at: first + 3)
    try statement.bind(row.value.map(FixedDecimal.number), at: first + 4)
    try statement.bind(row.unit.isEmpty ? nil : row.unit, at: first + 5)
    try statement.bind(row.minimum.map(FixedDecimal.number), at: first + 6)
    try statement.bind(row.maximum.map(FixedDecimal.number), at: first + 7)
    try statement.bind(row.count, at: first + 8)
    try statement.bind(row.sources.joined(separator: "; "), at: first + 9)
  }
}
