import HealthArchive
package import HealthExport
import HealthModel

/// One row of the `summaries` table: a type's total or statistics over one period, as
/// summaries.md defines them, in the time zone the database is built in.
package struct DatabaseSummaryRow: Hashable, Sendable {
  /// `day`, `week`, `month` (or `hour`, `year`).
  package var period: String
  /// The period's first day, `yyyy-MM-dd` (`yyyy-MM-dd HH:mm` for an hour).
  package var periodStart: String
  /// The HealthKit identifier summarized.
  package var type: String
  /// The summary's metric name (`Steps`, `Heart Rate`, `Sleep AsleepCore`).
  package var metric: String
  /// The total (cumulative types) or the mean (discrete types).
  package var value: Double?
  package var unit: String?
  /// The smallest and largest sample (discrete types only).
  package var minimum: Double?
  package var maximum: Double?
  /// The samples that contributed.
  package var count: Int
  /// The contributing sources, in priority order, joined with `; `.
  package var sources: String

  package init(
    period: String, periodStart: String, type: String, metric: String, value: Double?, unit: String?,
    minimum: Double? = nil, maximum: Double? = nil, count: Int, sources: String
  ) {
    self.period = period
    self.periodStart = periodStart
    self.type = type
    self.metric = metric
    self.value = value
    self.unit = unit
    self.minimum = minimum
    self.maximum = maximum
    self.count = count
    self.sources = sources
  }
}

extension DatabaseSummaryRow {
  /// The row of a summary row: the period's local start (`yyyy-MM-dd`, `yyyy-MM-dd HH:mm` for an
  /// hour), the numbers with the digits the summary CSV writes (as REAL), the sources joined
  /// with `; `.
  package init(_ row: SummaryRow) {
    func written(_ value: WrittenValue?) -> Double? {
      guard let value else { return nil }
      var text: [UInt8] = []
      FixedDecimal.append(value, to: &text)
      return ValueParsing.decimal(String(decoding: text, as: UTF8.self))
    }
    var start: [UInt8] = []
    DateFormat.standard.appendPeriod(row.period, to: &start)
    self.init(
      period: row.period.period.rawValue, periodStart: String(decoding: start, as: UTF8.self), type: row.type,
      metric: row.metric, value: written(row.value), unit: row.unit.isEmpty ? nil : row.unit,
      minimum: written(row.minimum), maximum: written(row.maximum), count: row.count,
      sources: row.sources.joined(separator: "; "))
  }
}

extension DatabaseWriter {
  /// Writes summary rows into `summaries`: the seam the summaries engine fills.
  /// - Throws: `DatabaseError`.
  package func addSummaries(_ rows: some Sequence<DatabaseSummaryRow>) throws(DatabaseError) {
    try thread.perform { () throws(DatabaseError) in
      let summary = try side.preparedStatements().summary
      for row in rows { try insert(row, with: summary) }
    }
  }

  /// Binds `row` to the parameters of `statement` from `first` on, in the `summaries` table's
  /// column order, runs it and counts the row.
  func insert(_ row: DatabaseSummaryRow, with statement: SQLiteStatement, from first: Int32 = 1)
    throws(DatabaseError)
  {
    try Self.bind(row, to: statement, from: first)
    try statement.run()
    counts.summaries += 1
  }

  /// Binds `row` to the parameters of `statement` from `first` on, in the `summaries` table's
  /// column order.
  static func bind(_ row: DatabaseSummaryRow, to statement: some SQLiteParameters, from first: Int32)
    throws(DatabaseError)
  {
    try statement.bind(row.period, at: first)
    try statement.bind(row.periodStart, at: first + 1)
    try statement.bind(row.type, at: first + 2)
    try statement.bind(row.metric, at: first + 3)
    try statement.bind(row.value, at: first + 4)
    try statement.bind(row.unit, at: first + 5)
    try statement.bind(row.minimum, at: first + 6)
    try statement.bind(row.maximum, at: first + 7)
    try statement.bind(row.count, at: first + 8)
    try statement.bind(row.sources, at: first + 9)
  }
}
