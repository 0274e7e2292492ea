import HealthExport
import HealthModel

/// `--deidentify`, `--keep-routes` and `--shift-days`, which every command that writes the
/// record takes: the record is de-identified before its writer sees it (`DeidentifiedExport`).
enum DeidentifyOption {
  /// The three options.
  static let definitions: [OptionDefinition] = [
    .flag(
      "deidentify",
      help:
        "Take out what identifies you before writing: source names become Source 1, Source 2 and so on; devices keep only maker, model and hardware; identifiers and serial numbers go; the date of birth becomes its year; clinical records lose the records of people and organizations and every name, address, identifier and note; routes are left out (docs/deidentification.md)."
    ),
    .flag(
      "keep-routes",
      help: "With --deidentify, keep the workouts' routes (where you go can tell where you live)."),
    .value(
      "shift-days", placeholder: "n", .number,
      help: "With --deidentify, move every date by N days (negative: earlier), times of day kept."),
  ]

  /// How far `--deidentify --shift-days N` moves every date (nothing without them). The moment a
  /// command runs moves with the dates, and so do the days `--from` and `--to` name: the range
  /// chooses the readings it would choose without `--deidentify`, and nothing an output stamps
  /// (its creation time, its default name) tells the true dates.
  /// - Throws: as `deidentification(_:command:)`.
  static func shift(_ arguments: ParsedArguments, command: String) throws(UsageError) -> DayShift {
    DayShift(days: try deidentification(arguments, command: command)?.shiftDays ?? 0)
  }

  /// The longest shift: a century.
  static let maximumShift = 36_525

  /// The de-identification the options ask for; nil without `--deidentify`.
  /// - Throws: `UsageError` for `--keep-routes` or `--shift-days` without `--deidentify`, and a
  ///   shift that is not a whole number of days within a century.
  static func deidentification(_ arguments: ParsedArguments, command: String) throws(UsageError)
    -> Deidentification?
  {
    guard arguments.has("deidentify") else {
      for option in ["keep-routes", "shift-days"] where arguments.has(option) {
        throw UsageError(.other("--\(option) goes with --deidentify"), command: command)
      }
      return nil
    }
    var deidentification = Deidentification(keepsRoutes: arguments.has("keep-routes"))
    if let text = arguments.values["shift-days"] {
      guard let days = Int(text), abs(days) <= maximumShift else {
        throw UsageError(
          .invalidValue(
            option: "--shift-days <n>", value: text,
            expected: "a whole number of days from -\(maximumShift) to \(maximumShift), such as -90"),
          command: command)
      }
      deidentification.shiftDays = days
    }
    return deidentification
  }
}
