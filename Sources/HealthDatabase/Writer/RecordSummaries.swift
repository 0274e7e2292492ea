import Foundation
import HealthArchive
import HealthExport
import HealthModel

/// The summaries of the records, made as the records are written instead of read back from
/// `records` at the end: one `Summarizer` per period over all dates, each given every record the
/// database keeps, in the order it is written (the order of `records.id`), as it reads back from
/// the table (its value and dates as stored, see `stored(_:)`), so that the rows are those made
/// from the table.
///
/// Two kinds of types are left to be read back once the records are written: those whose
/// top-level records may be copies of correlation members that the database drops (blood pressure
/// and nutrition, the members of HealthKit's correlation types), and identifiers that are not
/// ASCII (SQLite tells apart, by their bytes, identifiers that Swift's strings hold equal). The
/// summarizers' samples past their budgets spill to a temporary file beside the database, removed
/// with the summarizers; if anything goes wrong on the way (the spill file cannot be written, a
/// dropped copy turns out to be of a type summarized here), `isUsable` is false and every type is
/// read back instead, as before: the rows are the same either way.
final class RecordSummaries {
  /// One per period, in the order of the periods.
  private(set) var summarizers: [Summarizer]
  /// The summarizers after the first, which each sample is given through the first
  /// (`Summarizer.add(_:at:alongside:)`), the work the periods share done once.
  private var followers: [Summarizer]
  /// False once the summaries made here cannot be used (see the type's description).
  private(set) var isUsable = true
  /// The types summarized here, by their bytes.
  private(set) var summarizedTypes: Set<[UInt8]> = []
  private var lastType = ""
  private var lastTypeIsSummarized = false
  private static let location = SourceLocation(file: "records", line: 0)

  /// Samples of cumulative types each summarizer keeps in memory before spilling: 768 KiB.
  static let intervalBudget = 32_768
  /// Discrete types' records each summarizer keeps in memory before spilling.
  static let discreteBudget = 8_192

  /// - Parameters:
  ///   - periods: the periods of the `summaries` table.
  ///   - configuration: the time zone, units, registry and moment of the database.
  ///   - spillBeside: the file beside which samples past the budgets are spilled.
  ///   - intervalBudget: the samples of cumulative types each summarizer keeps in memory.
  ///   - discreteBudget: the discrete types' records each summarizer keeps in memory.
  ///   - diagnostics: what the summaries leave out (a record longer than 31 days), reported once
  ///     (by the first period's summarizer).
  init(
    periods: [SummaryPeriod], configuration: DatabaseWriter.Configuration, spillBeside: String,
    intervalBudget: Int = RecordSummaries.intervalBudget,
    discreteBudget: Int = RecordSummaries.discreteBudget,
    diagnostics: Diagnostics = Diagnostics()
  ) {
    summarizers = periods.enumerated().map { index, period in
      Summarizer(
        selection: SummarySelection(
          period: period, range: .all, units: configuration.summaryUnits, timeZone: configuration.timeZone,
          registry: configuration.registry),
        now: configuration.created, diagnostics: index == 0 ? diagnostics : Diagnostics(),
        spillBeside: spillBeside,
        intervalBudget: intervalBudget, discreteBudget: discreteBudget)
    }
    followers = Array(summarizers.dropFirst())
  }

  /// Whether records of `type` are summarized here rather than read back.
  static func summarizesAsWritten(_ type: String) -> Bool {
    let isCorrelationMember =
      type == HealthKitIdentifier.bloodPressureSystolic || type == HealthKitIdentifier.bloodPressureDiastolic
      || type.hasPrefix(HealthKitIdentifier.quantityTypePrefix + AggregationStyle.dietaryPrefix)
    return !isCorrelationMember && type.utf8.allSatisfy { $0 < 0x80 }
  }

  /// Whether records of `type` were summarized here.
  func summarized(_ type: String) -> Bool {
    summarizedTypes.contains(Array(type.utf8))
  }

  /// Adds a record as written: `value` is its value as stored when that differs from the
  /// sample's (nil when it is the same); `location` is where the input holds it.
  func add(_ sample: Sample, storedValue value: SampleValue?, at location: SourceLocation? = nil) {
    guard isUsable else { return }
    if !(sample.type == lastType && RecordSpans.sameBytes(sample.type, lastType)) {
      lastType = sample.type
      lastTypeIsSummarized = Self.summarizesAsWritten(sample.type)
      if lastTypeIsSummarized { summarizedTypes.insert(Array(sample.type.utf8)) }
    }
    guard lastTypeIsSummarized else { return }
    let start = Self.wholeSeconds(sample.startDate)
    let end = Self.wholeSeconds(sample.endDate)
    do {
      // The first summarizer works out what the periods share, once; the others take it.
      guard let lead = summarizers.first else { return }
      let others = followers
      if value != nil || start != nil || end != nil {
        let stored = Sample(
          type: sample.type, value: value ?? sample.value, sourceName: sample.sourceName,
          device: sample.device,
          startDate: start ?? sample.startDate, endDate: end ?? sample.endDate)
        try lead.add(stored, at: location ?? Self.location, alongside: others)
      } else {
        try lead.add(sample, at: location ?? Self.location, alongside: others)
      }
    } catch {
      // The spill file could not be written: the summaries are read back instead.
      abandon()
    }
  }

  /// Gives up the summaries made here: every type is read back instead.
  func abandon() {
    isUsable = false
    summarizers = []
    followers = []
  }

  /// Hands each summarizer's rows to `body` with the summarizer's number, the zone set first,
  /// each summarizer released once its rows are handed on. Each type ranks its sources by its own
  /// records' devices, as the summary does.
  /// - Throws: what `body` throws; `OutputError` when spilled samples cannot be read back.
  func finish(timeZone: TimeZone, _ body: (Int, SummaryRow) throws -> Void) throws {
    if let lead = summarizers.first {
      try lead.settle(timeZone: timeZone, alongside: followers)
      for follower in followers { follower.takeSampleTables(of: lead) }
    }
    followers = []
    for order in summarizers.indices {
      let summarizer = summarizers[order]
      let rows = try summarizer.finishRows()
      try rows.forEachRow { try body(order, $0) }
    }
    summarizers = []
  }

  /// A record's value as it reads back from `records`: a number that is not finite is stored as
  /// NULL, -0 as 0, and a category value that is a number is stored as that number and reads
  /// back in its shortest form (`1.0` as `1`); nil where it reads back as it is.
  static func stored(_ value: SampleValue, number: Double?) -> SampleValue? {
    switch value {
    case .quantity(let quantity, let unit):
      guard quantity.isFinite else { return SampleValue.none }
      return quantity == 0 && quantity.sign == .minus ? .quantity(0, unit: unit) : nil
    case .category(let text):
      guard let number else { return nil }
      guard number.isFinite else { return SampleValue.none }
      let isWhole = number == number.rounded() && abs(number) < 1e15
      let written = isWhole ? String(Int64(number)) : String(number)
      return written == text && RecordSpans.sameBytes(written, text) ? nil : .category(written)
    case .none:
      return nil
    }
  }

  /// The instant in whole seconds (a fraction dropped toward the past), as `…_unix` stores it;
  /// nil when it is whole already.
  static func wholeSeconds(_ date: Timestamp) -> Timestamp? {
    let seconds = date.wholeSecondsSince1970
    return Double(seconds) * 1000 == date.millisecondsSince1970 ? nil : Timestamp(secondsSince1970: seconds)
  }
}
