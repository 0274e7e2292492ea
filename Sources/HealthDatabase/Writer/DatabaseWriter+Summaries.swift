import CSQLite
import Foundation
import HealthArchive
import HealthExport
import HealthModel

/// The `summaries` table: the rows of the summarizers that took the records as they were
/// written (`RecordSummaries`), and those of the types they leave out, made from the records once
/// they are all written: each such type on its own, one local calendar year at a time, through
/// the summaries' own `Summarizer` (one per period), so that memory holds one type's year of
/// samples at the most, whatever the export's size.
///
/// The records are each reading once (the copies of correlation members dropped), fed in the
/// order the input gave them, with every source's place in `sources.priority` given as the
/// summaries' source priority: the rows are those the summary command writes for the input.
extension DatabaseWriter {
  /// The table the summaries' rows wait in, on disk beside the output, to be sorted into
  /// `summaries` in SQLite's bounded memory: made with the tables, so that its insert is prepared
  /// with the others and can be written on tapes.
  static let summaryStagingTable = """
    CREATE TEMP TABLE summary_rows (
      period_order INTEGER NOT NULL, period TEXT NOT NULL, period_start TEXT NOT NULL, type TEXT NOT NULL,
      metric TEXT NOT NULL, value REAL, unit TEXT, minimum REAL, maximum REAL, count INTEGER NOT NULL,
      sources TEXT NOT NULL)
    """

  /// How much later than its samples the day a night is named by starts: the summaries' shift of
  /// twelve hours, in seconds.
  static let nightSeconds = Int64(Summarizer.nightShift / 1000)

  /// The names of the sources of `type`'s records, in the order the summaries rank them for it:
  /// those with an Apple Watch among their devices, then an iPhone, then the rest, each group by
  /// name in byte order.
  static func sourcePriority(ofType type: String, query: SQLiteStatement) throws(DatabaseError) -> [String] {
    var order = SourcePriority()
    try query.bind(type, at: 1)
    while try query.step() {
      guard case .text(let name) = query.value(at: 0) else { continue }
      let device: String? = if case .text(let device) = query.value(at: 1) { device } else { nil }
      order.note(device: device, source: order.number(of: name), ranking: 0)
    }
    let ranks = order.ranks(priority: [], ranking: 0)
    return order.names.indices.sorted { ranks[$0] < ranks[$1] }.map { order.names[$0] }
  }

  /// Writes the rows of the summaries made as the records were written onto the tapes, for
  /// `temp.summary_rows`, on the writing thread while SQLite's thread completes the tables.
  /// - Returns: how many rows, or nil when they cannot be used (their spilled samples could not
  ///   be read back) and every type is read back instead.
  /// - Throws: SQLite's failure.
  func stageRecordSummaries(timeZone: TimeZone) throws(DatabaseError) -> Int? {
    guard let recordSummaries, recordSummaries.isUsable, !configuration.summaryPeriods.isEmpty else {
      return nil
    }
    let staging = statements.summaryStaging
    var staged = 0
    do {
      try recordSummaries.finish(timeZone: timeZone) { order, row in
        try staging.bind(order, at: 1)
        try Self.bind(row, to: staging, from: 2)
        try staging.run()
        staged += 1
      }
    } catch let error as DatabaseError {
      throw error
    } catch {
      return nil
    }
    return staged
  }

  /// Summarizes every quantity and category type per `periods` into `summaries`: the rows
  /// `staged` from the summaries made as the records were written (nil when those cannot be
  /// used: the rows staged, if any, are then dropped), and those of the types read back.
  /// - Throws: `DatabaseError`.
  func writeSummaries(
    staged: Int?, periods: [SummaryPeriod], units: UnitPreferences
  ) throws(DatabaseError) {
    guard !periods.isEmpty else { return }
    if let staged {
      counts.summaries = staged
    } else {
      // Spilled samples could not be read back, or a dropped copy was of a type summarized as
      // written: every type is read back from `records`.
      recordSummaries?.abandon()
      try connection.execute("DELETE FROM temp.summary_rows")
      counts.summaries = 0
    }
    // The sources are read with the records that name them: an export may hold about as many
    // as records (`SourceTable`).
    let typeSources = try connection.prepare(
      "SELECT name, device FROM sources WHERE id IN (SELECT source_id FROM records WHERE type = ?) ORDER BY id"
    )
    let query = try connection.prepare(
      """
      SELECT r.value, r.unit, r.value_text, r.start_unix, r.end_unix, s.name
      FROM records AS r LEFT JOIN sources AS s ON s.id = r.source_id
      WHERE r.type = ? AND r.start_unix >= ? AND r.start_unix < ? AND r.end_unix >= ? ORDER BY r.id
      """)
    // The rows are made type by type and year by year, and written in period, start, metric and
    // type order: they wait in `temp.summary_rows`, which SQLite sorts in its bounded memory, so
    // they are never all held.
    let columns = "period, period_start, type, metric, value, unit, minimum, maximum, count, sources"
    let staging = try side.preparedStatements().summaryStaging
    let readBack = recordSpans.summarized().filter { entry in
      recordSummaries.map { !$0.isUsable || !$0.summarized(entry.type) } ?? true
    }
    var texts = StringInterner()
    for (type, span) in readBack {
      let (first, last, longest) = (span.firstStart, span.lastEnd, span.longest)
      let zone = timeZone ?? configuration.timeZone.provisional
      // The type's sources in the order its own records rank them (summaries.md): the year's
      // records alone would rank them otherwise.
      let priority = try Self.sourcePriority(ofType: type, query: typeSources)
      // A night is named by the morning it ends on: a sleep sample counts up to twelve hours later.
      let firstYear = CivilDateTime(Timestamp(secondsSince1970: first), in: zone).year
      let lastYear = CivilDateTime(Timestamp(secondsSince1970: last + Self.nightSeconds), in: zone).year
      for year in firstYear...lastYear {
        let windows = periods.map { Self.window(of: $0, year: year, firstYear: firstYear) }
        let summarizers = zip(periods, windows).map { period, window in
          Summarizer(
            selection: SummarySelection(
              period: period, range: .custom(from: window.from, to: window.to), sourcePriority: priority,
              units: units, timeZone: .named(zone), types: [type], registry: configuration.registry),
            now: configuration.created, diagnostics: Diagnostics())
        }
        let bounds = windows.map {
          DateRange.custom(from: $0.from, to: $0.to).bounds(now: configuration.created, timeZone: zone)
        }
        // A custom range of days has both ends.
        guard let start = bounds.compactMap(\.start).min()?.wholeSecondsSince1970,
          let end = bounds.compactMap(\.end).max()?.wholeSecondsSince1970
        else { continue }
        try query.bind(type, at: 1)
        try query.bind(start - longest - Self.nightSeconds, at: 2)
        try query.bind(end, at: 3)
        try query.bind(start - Self.nightSeconds, at: 4)
        let location = SourceLocation(file: "records", line: 0)
        while try query.step() {
          let sample = Self.sample(of: type, from: query, texts: &texts)
          for summarizer in summarizers {
            do {
              try summarizer.add(.sample(sample), at: location)
            } catch {
              // The summaries' diagnostics are not strict: nothing is thrown.
            }
          }
        }
        for (order, summarizer) in summarizers.enumerated() {
          guard let result = try? summarizer.finish() else { continue }
          for row in result.rows {
            try staging.bind(order, at: 1)
            try insert(row, with: staging, from: 2)
          }
        }
      }
    }
    // Text in byte order (BINARY), as the summary orders metrics; equal keys in the order made.
    try connection.execute(
      """
      INSERT INTO summaries (\(columns)) SELECT \(columns) FROM temp.summary_rows
      ORDER BY period_order, period_start, metric, type, rowid;
      DROP TABLE temp.summary_rows
      """)
  }

  /// The days of `year` whose periods one summarizer makes: the calendar year for days and
  /// months; for weeks, those that start on a Monday of the year (the first year also takes the
  /// week that holds its 1 January), so that every week belongs to one year alone.
  static func window(of period: SummaryPeriod, year: Int, firstYear: Int) -> (
    from: CalendarDay, to: CalendarDay
  ) {
    guard period == .week else {
      return (CalendarDay(year: year, month: 1, day: 1), CalendarDay(year: year, month: 12, day: 31))
    }
    func firstMonday(of year: Int) -> Int64 {
      let january = CivilDateTime.days(fromCivil: year, 1, 1)
      let weekday = ((january + 3) % 7 + 7) % 7  // 0 on Mondays: 1970-01-01 was a Thursday
      return weekday == 0 ? january : january + 7 - weekday
    }
    var from = firstMonday(of: year)
    if year == firstYear && from > CivilDateTime.days(fromCivil: year, 1, 1) { from -= 7 }
    let to = firstMonday(of: year + 1) - 1
    func day(_ number: Int64) -> CalendarDay {
      let civil = CivilDateTime.civil(fromDays: number)
      return CalendarDay(year: civil.year, month: civil.month, day: civil.day)
    }
    return (day(from), day(to))
  }

  /// The record of the current row as the summaries take it: a quantity where it has a unit, a
  /// category value where it has text or a number (written back as the export wrote it), else
  /// none. Units and category values, which repeat, become strings once.
  private static func sample(
    of type: String, from row: SQLiteStatement, texts: inout StringInterner
  ) -> Sample {
    func text(_ column: Int32) -> String {
      row.withText(at: column) { bytes in texts.string(for: bytes) { String(decoding: bytes, as: UTF8.self) }
      }
    }
    let hasNumber = row.type(at: 0) != SQLITE_NULL
    var value = SampleValue.none
    if hasNumber && row.type(at: 1) != SQLITE_NULL {
      value = .quantity(row.real(at: 0), unit: text(1))
    } else if row.type(at: 2) != SQLITE_NULL {
      value = .category(text(2))
    } else if hasNumber {
      let number = row.real(at: 0)
      let isWhole = number == number.rounded() && abs(number) < 1e15
      value = .category(isWhole ? String(Int64(number)) : String(number))
    }
    return Sample(
      type: type, value: value, sourceName: row.type(at: 5) == SQLITE_TEXT ? text(5) : "",
      startDate: Timestamp(secondsSince1970: row.integer(at: 3)),
      endDate: Timestamp(secondsSince1970: row.integer(at: 4)))
  }
}
