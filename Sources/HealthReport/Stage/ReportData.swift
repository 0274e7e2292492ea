package import Foundation
package import HealthExport
package import HealthModel

/// What a report stage kept of an input, ready to be drawn: compact series, not items.
package struct ReportData {
  /// The choices the report was made with.
  package var selection: ReportSelection
  /// The moment it was made.
  package var now: Timestamp
  /// The zone its days are reckoned in: the one named, or the export's own.
  package var timeZone: TimeZone
  /// The first and last day of the range, where it has them (`all` and open ends have none).
  package var firstDay: CalendarDay?
  package var lastDay: CalendarDay?
  package var overview: ReportOverview
  /// Readings as the record CSV keeps them: weight, blood glucose, blood pressure, body fat,
  /// BMI, and lab results of every LOINC code.
  package var readings: SelectedRows
  /// Days as the summary adds them up: steps, distance, flights, heart rates.
  package var days: [SummaryRow]
  /// Nights as the summary adds up days, each from noon to noon: the sleep stages. A row's
  /// period is the night; its local start day is the morning it ends on.
  package var nights: [SummaryRow]
  package var workouts: WorkoutWeeks
  /// Source names given first in the priority that no summarized sample carries.
  package var unknownPrioritySources: [String]
  /// The series the report draws that the input holds, each with the span of the readings the
  /// range left out (all of them where the report shows nothing): what an empty report says.
  package var readingSpans: [NoDataReport.Span] = []
  /// The range before the report's, as many days long, where the range has a length: what "At a
  /// glance" compares with.
  package var previous: Previous?

  /// The readings, days and nights of the days just before the report's range.
  package struct Previous {
    /// The readings of the range and the one before together; those before `start` are the
    /// previous range's.
    package var readings: SelectedRows
    /// The report's first instant.
    package var start: Timestamp
    /// The days and nights before the report's first day.
    package var days: [SummaryRow]
    package var nights: [SummaryRow]

    /// The rows of the reading series of `type` before the report's range.
    package func readings(ofType type: String) -> [MeasureRow] {
      for block in readings.blocks {
        if case .measure(let measure, _, let rows) = block, measure.healthKitType == type {
          return (rows.inMemory ?? []).filter { $0.date < start }
        }
      }
      return []
    }
  }

  /// The local day number a summary period starts on.
  package static func dayNumber(of period: SummaryPeriodSpan) -> Int64 {
    CalendarDay(year: period.localStart.year, month: period.localStart.month, day: period.localStart.day)
      .dayNumber
  }

  /// The rows of the reading series of `type`, with the measure and the unit they are in.
  package func readings(ofType type: String) -> (measure: Measure, unit: CSVUnit, rows: [MeasureRow])? {
    for block in readings.blocks {
      if case .measure(let measure, let unit, let rows) = block, measure.healthKitType == type {
        // The report's collector has nowhere to spill: every row is in memory.
        return (measure, unit, rows.inMemory ?? [])
      }
    }
    return nil
  }

  /// Every lab row, oldest first.
  package var labRows: [LabRow] {
    for block in readings.blocks {
      if case .labs(let rows) = block { return rows }
    }
    return []
  }

  /// The day rows of `type`, oldest first.
  package func days(ofType type: String) -> [SummaryRow] {
    days.filter { $0.type == type }
  }

  /// Whether the report has anything to show.
  package var isEmpty: Bool {
    readings.rowCount == 0 && days.isEmpty && nights.isEmpty && workouts.entries.isEmpty
  }
}
