package import Foundation
package import HealthModel

/// An option and its value as given (nil for a flag such as `--all`).
package typealias GivenOption = (option: ExportOption, value: String?)

extension ExportChoices {
  /// The choices that `given` makes, in the order given; a later value of the same option wins.
  /// - Parameters:
  ///   - given: the options and their values.
  ///   - naming: how messages name the options.
  ///   - warn: receives notes about values that are accepted but do nothing (a LOINC code the
  ///     registry does not know).
  /// - Throws: `OptionError` for a value the option does not take, or range options that exclude
  ///   each other.
  package init(
    parsing given: [GivenOption], naming: OptionNaming = .commandLine, warn: (String) -> Void = { _ in }
  ) throws(OptionError) {
    self.init()
    let ranges = given.filter { $0.option.isRange }
    if !ranges.isEmpty { range = try DateRange(parsing: ranges, naming: naming) }
    for (option, value) in given where !option.isRange {
      try set(option, to: value ?? "", naming: naming, warn: warn)
    }
  }

  /// Sets one option other than the range options from its text.
  /// - Throws: `OptionError` for a value the option does not take.
  package mutating func set(
    _ option: ExportOption, to text: String, naming: OptionNaming = .commandLine,
    warn: (String) -> Void = { _ in }
  ) throws(OptionError) {
    let registry = MetricRegistry.standard
    let subject = naming.name(of: option)
    switch option {
    case .metrics:
      baseMetrics = try Self.names(text, option: option, naming: naming).compactMap(
        registry.baseMetric(named:))
    case .vitals:
      vitals = try Self.names(text, option: option, naming: naming).compactMap(registry.vital(named:))
    case .labs:
      labs = try Self.labs(text, naming: naming)
    case .weightUnit:
      weightUnit = try Self.choice(text.lowercased(), option: option, subject: subject)
    case .temperatureUnit:
      temperatureUnit = try Self.choice(text.lowercased(), option: option, subject: subject)
    case .dateFormat:
      dateFormat = try Self.choice(text.lowercased(), option: option, subject: subject)
    case .sort:
      sortOrder = try Self.choice(text.lowercased(), option: option, subject: subject)
    case .timeZone:
      timeZone = try Self.timeZone(text, subject: subject)
    case .rawText:
      keepsRawText = true
    case .lastDays, .lastRecords, .from, .to, .all:
      range = try DateRange(parsing: [(option, text)], naming: naming)
    }
  }

  /// The options that make these choices, in help order: what `export` takes to make them.
  package var givenOptions: [GivenOption] {
    var given: [GivenOption] = []
    if let baseMetrics {
      given.append(
        (.metrics, baseMetrics.isEmpty ? "none" : baseMetrics.map(\.optionName).joined(separator: ",")))
    }
    if let vitals {
      let all = vitals.count == MetricRegistry.standard.vitals.count
      given.append(
        (.vitals, vitals.isEmpty ? "none" : all ? "all" : vitals.map(\.optionName).joined(separator: ",")))
    }
    if let labs { given.append((.labs, labs.text)) }
    if let range { given += range.givenOptions }
    if let weightUnit { given.append((.weightUnit, weightUnit.rawValue)) }
    if let temperatureUnit { given.append((.temperatureUnit, temperatureUnit.rawValue)) }
    if let dateFormat { given.append((.dateFormat, dateFormat.optionName)) }
    if let sortOrder { given.append((.sort, sortOrder.rawValue)) }
    if let timeZone { given.append((.timeZone, Self.text(of: timeZone))) }
    if keepsRawText == true { given.append((.rawText, nil)) }
    return given
  }

  /// The time zone named `text`: an IANA name, or `export`, the zone the export's samples name
  /// (the machine's where they name none).
  /// - Throws: `OptionError` when it names none.
  package static func timeZone(_ text: String, subject: String) throws(OptionError) -> TimeZoneChoice {
    if text == TimeZoneChoice.exportKeyword { return .export(fallback: .current) }
    return .named(try namedTimeZone(text, subject: subject))
  }

  /// The time zone `text` names by its IANA name (`export` is not one).
  /// - Throws: `OptionError` when it names none.
  package static func namedTimeZone(_ text: String, subject: String) throws(OptionError) -> TimeZone {
    guard text != TimeZoneChoice.exportKeyword, let zone = TimeZone(identifier: text) else {
      let hint = Suggestion.nearest(to: text, in: TimeZone.knownTimeZoneIdentifiers).map {
        "did you mean '\($0)'?"
      }
      throw OptionError(
        .invalidValue(
          text, expected: "expected an IANA time zone name such as America/New_York or UTC", hint: hint),
        subject: subject)
    }
    return zone
  }

  /// How a zone choice is written as an option's value: its IANA name, or `export`.
  package static func text(of choice: TimeZoneChoice) -> String {
    switch choice {
    case .named(let zone): zone.identifier
    case .export: TimeZoneChoice.exportKeyword
    }
  }

  // MARK: - Private

  private static func choice<Choice: RawRepresentable & CaseIterable>(
    _ text: String, option: ExportOption, subject: String
  ) throws(OptionError) -> Choice where Choice.RawValue == String {
    if let value = Choice(rawValue: text) { return value }
    let names = Choice.allCases.map(\.rawValue)
    throw OptionError(
      .invalidValue(
        text, expected: "expected one of \(names.joined(separator: ", "))",
        hint: Suggestion.nearest(to: text, in: names).map { "did you mean '\($0)'?" }),
      subject: subject)
  }

  /// The names in a comma-separated list of metrics or vitals, checked against the option's
  /// choices, in registry order without duplicates; `none` alone selects nothing, `all` (where
  /// allowed) everything.
  private static func names(
    _ list: String, option: ExportOption, naming: OptionNaming
  ) throws(OptionError) -> [String] {
    guard case .list(let choiceList, let keywords) = option.definition.values else { return [] }
    let choices = choiceList.map(\.name)
    let subject = naming.name(of: option)
    let items = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    if items == ["none"] { return [] }
    if keywords.contains("all") && items == ["all"] { return choices }
    let accepted = choices + keywords
    for item in items where !choices.contains(item) {
      let isKeyword = keywords.contains(item)
      throw OptionError(
        .invalidValue(
          item, expected: "expected \(accepted.joined(separator: ", "))\(isKeyword ? " (alone)" : "")",
          hint: isKeyword ? nil : hint(for: item, option: option, choices: accepted, naming: naming)),
        subject: subject)
    }
    if items.isEmpty { throw OptionError(.missingValue, subject: subject) }
    return choices.filter(items.contains)
  }

  /// What a mistyped metric or vital might have meant: a name of the other list, or the nearest
  /// name of both lists (`heigth` for `--metrics` is `height`, a vital, not `weight`), this
  /// list's where the two are as near.
  private static func hint(
    for item: String, option: ExportOption, choices: [String], naming: OptionNaming
  ) -> String? {
    let registry = MetricRegistry.standard
    let other: (option: ExportOption, kind: String, names: [String])
    switch option {
    case .metrics: other = (.vitals, "a vital", registry.vitals.map(\.optionName))
    case .vitals: other = (.metrics, "a base metric", registry.baseMetrics.map(\.optionName))
    default: return Suggestion.nearest(to: item, in: choices).map { "did you mean '\($0)'?" }
    }
    if other.names.contains(item) {
      return "'\(item)' is \(other.kind) (\(naming.usage(of: other.option, value: item)))"
    }
    if let nearest = Suggestion.nearest(to: item, in: choices + other.names), !choices.contains(nearest) {
      return "did you mean '\(nearest)', \(other.kind) (\(naming.usage(of: other.option, value: nearest)))?"
    }
    return Suggestion.nearest(to: item, in: choices).map { "did you mean '\($0)'?" }
  }

  /// The labs a `--labs` list chooses: panels and LOINC codes (any code: one the registry does
  /// not know chooses the results that carry it); all; none.
  private static func labs(_ list: String, naming: OptionNaming) throws(OptionError) -> LabChoice {
    let subject = naming.name(of: .labs)
    let items = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    if items.map({ $0.lowercased() }) == ["none"] { return .none }
    if items.map({ $0.lowercased() }) == ["all"] { return .all }
    if items.isEmpty { throw OptionError(.missingValue, subject: subject) }
    var choice = LabChoice()
    for item in items {
      if let panel = LabPanel(rawValue: item.lowercased()) {
        if !choice.panels.contains(panel) { choice.panels.append(panel) }
      } else if LabChoice.isLOINCCode(item) {
        if !choice.codes.contains(item) { choice.codes.append(item) }
      } else {
        let panels = LabPanel.allCases.map(\.optionName)
        let keyword = ["all", "none"].contains(item.lowercased())
        throw OptionError(
          .invalidValue(
            item,
            expected:
              "expected a panel (\(panels.joined(separator: ", "))), a LOINC code such as 2093-3, all or none\(keyword ? " (alone)" : "")",
            hint: keyword
              ? nil
              : Suggestion.nearest(to: item, in: panels + ["all", "none"]).map { "did you mean '\($0)'?" }),
          subject: subject)
      }
    }
    choice.panels = LabPanel.allCases.filter(choice.panels.contains)
    return choice
  }
}
