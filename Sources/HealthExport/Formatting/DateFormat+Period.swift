import HealthModel

extension DateFormat {
  /// Appends the start of a summary period: in UTC to the second for `iso8601`
  /// (`2026-01-09T05:00:00Z`); otherwise the local date in this format's shape (`2026-01-09`,
  /// `01/09/2026`), with the local time to the minute for an hour (`2026-01-09 14:00`).
  package func appendPeriod(_ span: SummaryPeriodSpan, to output: inout [UInt8]) {
    if isUTC {
      append(secondsSince1970: span.start.wholeSecondsSince1970, offset: 0, to: &output)
      return
    }
    append(secondsSince1970: span.localStart.secondsSince1970, offset: 0, to: &output)
    // Every local format ends with " HH:mm:ss": an hour keeps the minutes, a longer period the
    // date alone.
    output.removeLast(span.period == .hour ? 3 : 9)
  }
}
