import Foundation
import HealthModel
import Testing

@testable import HealthExport

/// The option grammar: parsing, layering, and the text it gives back.
@Suite struct ExportChoicesTests {
  let newYork = TimeZone(identifier: "America/New_York")!
  let registry = MetricRegistry.standard

  @Test func parsesEveryOption() throws {
    let choices = try ExportChoices(parsing: [
      (.metrics, "glucose,weight"), (.vitals, "all"), (.labs, "lipid,4548-4"), (.lastRecords, "5"),
      (.weightUnit, "KG"), (.temperatureUnit, "c"), (.dateFormat, "mdy"), (.sort, "desc"),
      (.timeZone, "Europe/Paris"),
    ])
    #expect(choices.baseMetrics?.map(\.optionName) == ["weight", "glucose"])
    #expect(choices.vitals?.count == registry.vitals.count)
    #expect(choices.labs == LabChoice(panels: [.lipid], codes: ["4548-4"]))
    #expect(choices.range == .lastRecords(5))
    #expect(choices.weightUnit == .kilograms)
    #expect(choices.temperatureUnit == .celsius)
    #expect(choices.dateFormat == .mdy)
    #expect(choices.sortOrder == .descending)
    #expect(choices.timeZone?.namedZone?.identifier == "Europe/Paris")
  }

  @Test func givesBackTheOptionsThatMakeIt() throws {
    let given: [GivenOption] = [
      (.metrics, "weight,glucose"), (.vitals, "blood-pressure"), (.labs, "cbc,2093-3"), (.from, "2026-01-01"),
      (.to, "2026-02-01"), (.weightUnit, "kg"), (.temperatureUnit, "c"), (.dateFormat, "iso8601"),
      (.sort, "desc"),
    ]
    let choices = try ExportChoices(parsing: given)
    #expect(
      choices.givenOptions.map { "\($0.option.name)=\($0.value ?? "")" }
        == given.map { "\($0.option.name)=\($0.value ?? "")" })
    #expect(try ExportChoices(parsing: choices.givenOptions) == choices)
  }

  /// Flags over settings over the defaults of the CSV contract.
  @Test func layersFlagsOverSettingsOverDefaults() throws {
    let settings = try ExportChoices(parsing: [(.weightUnit, "kg"), (.sort, "desc"), (.all, nil)])
    let flags = try ExportChoices(parsing: [(.sort, "asc"), (.lastDays, "7")])
    let selection = try flags.over(settings).selection(timeZone: .named(newYork))
    #expect(selection.units == UnitPreferences(weight: .kilograms, temperature: .fahrenheit))
    #expect(selection.sortOrder == .ascending)
    #expect(selection.range == .lastDays(7))
    #expect(selection.baseMetrics.map(\.optionName) == ["weight", "steps"])
    #expect(selection.dateFormat == .standard)
    #expect(selection.timeZone == .named(newYork))

    let defaults = try ExportChoices().selection(timeZone: .named(newYork))
    #expect(defaults.range == .lastDays(30))
    #expect(defaults.units == .unitedStates)
  }

  struct Failure: CustomTestStringConvertible, Sendable {
    var given: [String]
    var message: String
    var testDescription: String { given.joined(separator: " ") }
  }

  @Test(arguments: [
    Failure(given: ["all", "last-days=3"], message: "'--all' and '--last-days' cannot be used together"),
    Failure(
      given: ["to=2026-01-01", "from=2026-01-05"],
      message: "End date must be on or after start date (--from 2026-01-05 --to 2026-01-01)"),
    Failure(
      given: ["last-days=-2"],
      message:
        "invalid value '-2' for '--last-days <n>': expected a whole number of days from 1 to 110000 (--all for no limit)"
    ),
    Failure(
      given: ["sort=descending"],
      message:
        "invalid value 'descending' for '--sort <asc|desc>': expected one of asc, desc; did you mean 'desc'?"),
    Failure(
      given: ["date-format=iso"],
      message:
        "invalid value 'iso' for '--date-format <name>': expected one of default, iso8601, ymd-slash, mdy, dmy; did you mean 'iso8601'?"
    ),
    Failure(
      given: ["metrics=stpes"],
      message:
        "invalid value 'stpes' for '--metrics <list>': expected weight, steps, glucose, none; did you mean 'steps'?"
    ),
    Failure(given: ["vitals=,"], message: "missing value for '--vitals <list>'"),
    Failure(
      given: ["time-zone=Europe/Pariss"],
      message:
        "invalid value 'Europe/Pariss' for '--time-zone <tz>': expected an IANA time zone name such as America/New_York or UTC; did you mean 'Europe/Paris'?"
    ),
  ])
  func refuses(_ failure: Failure) {
    let given: [GivenOption] = failure.given.map { item in
      let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
      return (ExportOption(name: parts[0])!, parts.count > 1 ? parts[1] : nil)
    }
    #expect(throws: OptionError.self) { try ExportChoices(parsing: given) }
    do {
      _ = try ExportChoices(parsing: given)
    } catch {
      #expect(error.description == failure.message)
    }
  }

  @Test func refusesNothingSelected() throws {
    let choices = try ExportChoices(parsing: [(.metrics, "none")])
    #expect(throws: OptionError(.nothingSelected, subject: "--metrics, --vitals and --labs")) {
      try choices.selection(timeZone: .named(newYork))
    }
  }

  @Test func takesALabCodeOutsideTheRegistry() throws {
    var warnings: [String] = []
    let choices = try ExportChoices(parsing: [(.labs, "1234-5,2093-3,1234-5")]) { warnings.append($0) }
    #expect(choices.labs == LabChoice(codes: ["1234-5", "2093-3"]))
    #expect(warnings == [])
    let labs = try #require(choices.labs).labs(in: .standard)
    #expect(labs.map(\.loinc) == ["2093-3", "1234-5"])
    #expect(labs.map(\.isInRegistry) == [true, false])
    #expect(labs[1] == Lab(name: "1234-5", loinc: "1234-5", panel: .other, decimals: 2, isInRegistry: false))
  }

  @Test(arguments: [
    ("last-days 30", DateRange.lastDays(30)), ("last-records 4", .lastRecords(4)), ("all", .all),
    (
      "from 2026-01-01 to 2026-03-31",
      .custom(from: CalendarDay(year: 2026, month: 1, day: 1), to: CalendarDay(year: 2026, month: 3, day: 31))
    ),
    ("to 2026-03-31", .custom(from: nil, to: CalendarDay(year: 2026, month: 3, day: 31))),
  ])
  func readsAndWritesTheSettingFormOfARange(_ example: (String, DateRange)) throws {
    #expect(try DateRange(settingText: example.0) == example.1)
    #expect(example.1.settingText == example.0)
  }

  @Test func refusesABadRangeSetting() {
    #expect(throws: OptionError.self) { try DateRange(settingText: "last-weeks 3") }
    do {
      _ = try DateRange(settingText: "all last-days 3")
    } catch {
      #expect(error.description == "'all' and 'last-days' cannot be used together")
    }
  }
}

@Suite struct SuggestionTests {
  @Test(arguments: [
    ("wieght", "weight"), ("gluc", "glucose"), ("stepz", "steps"), ("KG", "kg"), ("lb", "lbs"),
  ])
  func suggestsTheNearest(_ example: (String, String)) {
    #expect(Suggestion.nearest(to: example.0, in: ["weight", "steps", "glucose", "kg", "lbs"]) == example.1)
  }

  @Test func suggestsNothingFarOrTied() {
    #expect(Suggestion.nearest(to: "pulse", in: ["weight", "steps", "glucose"]) == nil)
    #expect(Suggestion.nearest(to: "ab", in: ["ac", "ad"]) == nil)
    // Three names start a typo away from `sleepz`.
    #expect(Suggestion.nearest(to: "Sleepz", in: HealthKitTypes.names) == nil)
  }

  /// A long name typed short with a typo is found by its start: a third of the typed length in
  /// edits (at least one), from four characters on.
  @Test func suggestsANameWhoseStartIsATypoAway() {
    #expect(Suggestion.nearest(to: "Stepz", in: HealthKitTypes.names) == "StepCount")
    #expect(Suggestion.nearest(to: "heartratevar", in: HealthKitTypes.names) == "HeartRateVariabilitySDNN")
    #expect(Suggestion.nearest(to: "oxygne", in: HealthKitTypes.names) == "OxygenSaturation")
    #expect(Suggestion.nearest(to: "stz", in: ["StepCount"]) == nil)
  }

  /// The search is bounded by the names known: a text far longer than any of them gets nothing,
  /// however it starts (it would otherwise cost an edit distance per name, quadratic in its
  /// length), while one a few characters past a name still gets it.
  @Test func suggestsNothingForATextFarLongerThanAnyName() {
    let names = ["weight", "steps", "glucose"]
    #expect(Suggestion.nearest(to: "steps" + String(repeating: "x", count: 300_000), in: names) == nil)
    #expect(Suggestion.nearest(to: "glucose" + String(repeating: "x", count: 32), in: names) == "glucose")
    #expect(Suggestion.nearest(to: "glucose" + String(repeating: "x", count: 33), in: names) == nil)
    #expect(Suggestion.nearest(to: "descending", in: ["asc", "desc"]) == "desc")
  }

  @Test func countsEdits() {
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    #expect(Suggestion.editDistance("ab", "ba") == 1)
    #expect(Suggestion.editDistance("", "abc") == 3)
  }
}
