import Foundation
import HealthArchive
import HealthDatabase
import HealthExport
import HealthModel

/// What an answer that finds nothing says: where the data is, so that the assistant can ask for
/// the days it holds (an export made in June, asked about December) instead of reporting "no data".
extension HealthTools {
  /// The output schema's fields for an empty answer: `note`, `data_from` and `data_to`.
  static let nothingFoundFields: [(String, JSONValue)] = [
    (
      "note",
      JSONSchema.string(
        "Only when nothing was found: the days asked for, and the first and last day the data has.")
    ),
    ("data_from", JSONSchema.string("Only when nothing was found: the first day with data, yyyy-MM-dd.")),
    ("data_to", JSONSchema.string("Only when nothing was found: the last day with data, yyyy-MM-dd.")),
  ]

  /// `answer` with, when `isEmpty`, the fields that say where the data of `what` is: it found
  /// nothing in `range`, and the data spans `first` to `last` (Unix seconds, or days as text;
  /// null where there is none), asked of `span` only then.
  func answer(
    _ answer: JSONValue, isEmpty: Bool, what: String, range: (from: CalendarDay?, to: CalendarDay?),
    span: () throws(ToolFailure) -> (first: SQLiteValue, last: SQLiteValue)
  ) throws(ToolFailure) -> JSONValue {
    guard isEmpty, case .object(var members) = answer else { return answer }
    let (first, last) = try span()
    for (key, value) in nothingFound(what, range: range, first: first, last: last) {
      members.append(JSONValue.Member(key: key, value: value))
    }
    return .object(members)
  }

  /// The fields of an answer that found no `what` in `range`, whose data spans `first` to `last`.
  private func nothingFound(
    _ what: String, range: (from: CalendarDay?, to: CalendarDay?), first: SQLiteValue, last: SQLiteValue
  ) -> [(String, JSONValue)] {
    func day(_ value: SQLiteValue) -> String? {
      switch value {
      case .integer(let seconds): CivilDateTime(Timestamp(secondsSince1970: seconds), in: timeZone).dayText
      case .text(let text): String(text.prefix(10))
      default: nil
      }
    }
    guard let from = day(first), let to = day(last) else {
      return [("note", .string("The export holds no \(what) on any day."))]
    }
    let asked = range.from == nil && range.to == nil ? "on any day" : Self.describe(range)
    return [
      (
        "note",
        .string(
          "No \(what) \(asked) (days in \(timeZone.displayName)). The data runs from \(from) to \(to): ask for days between them."
        )
      ),
      ("data_from", .string(from)), ("data_to", .string(to)),
    ]
  }
}
