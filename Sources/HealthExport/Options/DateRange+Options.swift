extension DateRange {
  /// The four kinds of range, as the guided export offers them.
  package enum Kind: String, Hashable, Sendable, CaseIterable {
    case lastDays = "last-days"
    case lastRecords = "last-records"
    case custom = "from"
    case all
  }

  /// The kind of this range.
  package var kind: Kind {
    switch self {
    case .lastDays: .lastDays
    case .lastRecords: .lastRecords
    case .custom: .custom
    case .all: .all
    }
  }

  /// The range that range options give: `--last-days N`, `--last-records N`, `--from`/`--to`
  /// (either or both), or `--all`.
  /// - Parameters:
  ///   - given: range options only, in the order given; a later value of the same option wins.
  ///   - naming: how messages name the options.
  /// - Throws: `OptionError` for two kinds of range together, a value that is not a whole number
  ///   of 1 or more or not a day, or an end before the start.
  package init(parsing given: [GivenOption], naming: OptionNaming = .commandLine) throws(OptionError) {
    // --from and --to together are one range.
    func kind(_ option: ExportOption) -> ExportOption { option == .to ? .from : option }
    guard let first = given.first else {
      self = .standard
      return
    }
    if let other = given.first(where: { kind($0.option) != kind(first.option) }) {
      throw OptionError(
        .conflicting(other: naming.bareName(of: other.option)), subject: naming.bareName(of: first.option))
    }
    func last(_ option: ExportOption) -> String? { given.last { $0.option == option }?.value }
    switch first.option {
    case .lastDays:
      self = .lastDays(
        try Self.positiveInteger(
          last(.lastDays) ?? "", option: .lastDays, naming: naming, noun: "days", maximum: Self.maximumDays))
    case .lastRecords:
      self = .lastRecords(
        try Self.positiveInteger(
          last(.lastRecords) ?? "", option: .lastRecords, naming: naming, noun: "records"))
    case .all:
      self = .all
    default:
      let from = try last(.from).map { text throws(OptionError) in
        try Self.day(text, option: .from, naming: naming)
      }
      let to = try last(.to).map { text throws(OptionError) in try Self.day(text, option: .to, naming: naming)
      }
      if let from, let to, to < from {
        let subject =
          naming == .commandLine ? "--from \(from) --to \(to)" : "range from \(from) to \(to)"
        throw OptionError(.endBeforeStart(from: from, to: to), subject: subject)
      }
      self = .custom(from: from, to: to)
    }
  }

  /// The options that give this range.
  package var givenOptions: [GivenOption] {
    switch self {
    case .lastDays(let days): [(.lastDays, "\(days)")]
    case .lastRecords(let count): [(.lastRecords, "\(count)")]
    case .all: [(.all, nil)]
    case .custom(let from, let to):
      (from.map { [(ExportOption.from, "\($0)")] } ?? []) + (to.map { [(ExportOption.to, "\($0)")] } ?? [])
    }
  }

  /// The range as the settings file writes it and `settings set range` takes it: the range
  /// options without their dashes, `last-days 30`, `last-records 10`, `from 2026-01-01 to
  /// 2026-03-31` (either end may be left out), `all`.
  package var settingText: String {
    givenOptions.map { [$0.option.name, $0.value].compactMap { $0 }.joined(separator: " ") }.joined(
      separator: " ")
  }

  /// Parses the settings file's form of a range (see `settingText`).
  /// - Throws: `OptionError` naming `range`.
  package init(settingText text: String) throws(OptionError) {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "=" }).map(String.init)
    var given: [GivenOption] = []
    var index = 0
    let expected =
      "expected last-days N, last-records N, from YYYY-MM-DD to YYYY-MM-DD (either end alone), or all"
    while index < words.count {
      guard let option = ExportOption(name: words[index].lowercased()), option.isRange else {
        let hint = Suggestion.nearest(to: words[index], in: Kind.allCases.map(\.rawValue) + ["to"])
        throw OptionError(
          .invalidValue(text, expected: expected, hint: hint.map { "did you mean '\($0)'?" }),
          subject: "range")
      }
      index += 1
      if option == .all {
        given.append((option, nil))
        continue
      }
      guard index < words.count else {
        throw OptionError(.invalidValue(text, expected: expected, hint: nil), subject: "range")
      }
      given.append((option, words[index]))
      index += 1
    }
    guard !given.isEmpty else { throw OptionError(.missingValue, subject: "range") }
    try self.init(parsing: given, naming: .setting)
  }

  // MARK: - Private

  /// The most days `last-days` takes: back past 1900 from any day the tool accepts, so that the
  /// range's arithmetic never leaves the calendar.
  static let maximumDays = 110_000

  private static func positiveInteger(
    _ text: String, option: ExportOption, naming: OptionNaming, noun: String, maximum: Int? = nil
  ) throws(OptionError) -> Int {
    guard let value = Int(text), value >= 1, value <= maximum ?? .max else {
      let expected =
        maximum.map {
          "expected a whole number of \(noun) from 1 to \($0) (\(naming.bareName(of: .all)) for no limit)"
        } ?? "expected a whole number of \(noun), 1 or more"
      throw OptionError(.invalidValue(text, expected: expected, hint: nil), subject: naming.name(of: option))
    }
    return value
  }

  private static func day(_ text: String, option: ExportOption, naming: OptionNaming) throws(OptionError)
    -> CalendarDay
  {
    guard let day = CalendarDay(parsing: text) else {
      throw OptionError(
        .invalidValue(text, expected: "expected a date such as 2026-01-09", hint: nil),
        subject: naming.name(of: option))
    }
    return day
  }
}
