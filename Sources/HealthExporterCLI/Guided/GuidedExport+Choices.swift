import Foundation
import HealthExport
import HealthModel

extension GuidedExport {
  /// Metrics, vitals, lab panels and single labs, each list switched item by item.
  mutating func chooseMetrics(_ inspection: ExportInspection) throws {
    let registry = MetricRegistry.standard
    let types = Dictionary(
      inspection.recordTypes.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
    func note(_ measure: Measure) -> String {
      guard let type = types[measure.healthKitType] else { return "none in this export" }
      return
        "\(Self.number(type.count)) \(type.count == 1 ? "reading" : "readings"), \(day(type.firstStart)) … \(day(type.lastStart))"
    }
    let metrics = try prompter.toggle(
      "Base metrics", items: registry.baseMetrics.map { ($0.measure.name, note($0.measure)) },
      selected: registry.baseMetrics.map { metric in choices.baseMetrics?.contains(metric) ?? false })
    choices.baseMetrics = zip(registry.baseMetrics, metrics).filter(\.1).map(\.0)
    let vitals = try prompter.toggle(
      "Vitals", items: registry.vitals.map { ($0.displayName, note($0.components[0])) },
      selected: registry.vitals.map { vital in choices.vitals?.contains(vital) ?? false })
    choices.vitals = zip(registry.vitals, vitals).filter(\.1).map(\.0)
    try chooseLabs(inspection)
    if (try? choices.selection(timeZone: .named(timeZone))) == nil {
      prompter.say("Nothing is selected: choose at least one metric, vital or lab.")
      try chooseMetrics(inspection)
    }
  }

  private mutating func chooseLabs(_ inspection: ExportInspection) throws {
    let registry = MetricRegistry.standard
    let current = choices.labs ?? .none
    let panels = LabPanel.allCases
    let hasRecords = !inspection.clinicalRecords.isEmpty
    let selected = try prompter.toggle(
      "Lab panels", note: hasRecords ? nil : "This export has no clinical records, so no lab results.",
      items: panels.map { panel in
        let labs = registry.labs(in: panel)
        return (
          panel.displayName,
          "\(labs.count) labs: " + labs.prefix(3).map(\.name).joined(separator: ", ")
            + (labs.count > 3 ? ", …" : "")
        )
      },
      selected: panels.map { panel in current.isAll || current.panels.contains(panel) })
    var labs = LabChoice(panels: zip(panels, selected).filter(\.1).map(\.0))
    let singles = current.isAll ? [] : current.codes
    prompter.note("'\(ToolName.value) metrics' lists every lab and its LOINC code.")
    while true {
      let answer = try prompter.ask(
        "Single labs by LOINC code, comma-separated (such as 4548-4), or Enter for "
          + (singles.isEmpty ? "none" : "the same (\(singles.joined(separator: ",")))"))
      var parsed = ExportChoices()
      do {
        try parsed.set(
          .labs, to: answer.isEmpty ? (singles.isEmpty ? "none" : singles.joined(separator: ",")) : answer,
          naming: .setting
        ) {
          prompter.say($0)
        }
        labs.codes = (parsed.labs ?? .none).codes
        break
      } catch {
        prompter.say("\(error)")
      }
    }
    choices.labs = labs.panels.count == panels.count && labs.codes.isEmpty ? .all : labs
  }

  /// The range: one of the four kinds, and its number or days.
  mutating func chooseRange() throws {
    let kinds = DateRange.Kind.allCases
    let current = choices.range ?? .standard
    prompter.heading("Which dates?")
    let index = try prompter.choose(
      "Choose", kinds.map { $0.meaning.prefix(1).uppercased() + $0.meaning.dropFirst() },
      default: kinds.firstIndex(of: current.kind) ?? 0)
    while true {
      var given: [GivenOption] = []
      switch kinds[index] {
      case .lastDays:
        let days = if case .lastDays(let days) = current { days } else { 30 }
        given = [(.lastDays, try prompter.ask("How many days, today included", default: "\(days)"))]
      case .lastRecords:
        let count = if case .lastRecords(let count) = current { count } else { 10 }
        given = [
          (
            .lastRecords,
            try prompter.ask("How many of the most recent rows of each metric", default: "\(count)")
          )
        ]
      case .custom:
        let from = try prompter.ask("First day, yyyy-mm-dd (Enter for no limit)")
        let to = try prompter.ask("Last day, yyyy-mm-dd, included (Enter for no limit)")
        if !from.isEmpty { given.append((.from, from)) }
        if !to.isEmpty { given.append((.to, to)) }
        if given.isEmpty { given = [(.all, nil)] }
      case .all:
        given = [(.all, nil)]
      }
      do {
        choices.range = try DateRange(parsing: given, naming: .setting)
        return
      } catch {
        prompter.say("\(error)")
      }
    }
  }

  /// Checks the range just chosen against the export: where it holds no reading of the metrics
  /// chosen (an export made months ago, read today), says where their readings are and offers the
  /// last 30 days of them instead. Labs are not checked (their dates are known once read).
  mutating func checkRange(_ inspection: ExportInspection) throws {
    guard let selection = try? choices.selection(timeZone: .named(timeZone)), selection.labs.isEmpty else {
      return
    }
    let bounds = selection.range.bounds(now: now, timeZone: timeZone)
    guard bounds.start != nil || bounds.end != nil else { return }
    let types = Dictionary(
      inspection.recordTypes.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
    let measures = selection.baseMetrics.map(\.measure) + selection.vitals.flatMap(\.components)
    let spans = measures.compactMap { measure in types[measure.healthKitType].map { (measure.name, $0) } }
    let holdsSome = spans.contains { _, type in
      (bounds.start.map { type.lastStart >= $0 } ?? true) && (bounds.end.map { type.firstStart < $0 } ?? true)
    }
    guard !holdsSome, let last = spans.map(\.1.lastStart).max() else { return }
    let lastDay = DateRange.day(of: last, in: timeZone)
    let firstDay = lastDay.adding(days: -29)
    let window = [
      bounds.start.map { "from \(day($0))" },
      bounds.end.map { "to \(day(Timestamp(millisecondsSince1970: $0.millisecondsSince1970 - 1)))" },
    ]
    .compactMap { $0 }.joined(separator: " ")
    prompter.say("The export holds none of them \(window):")
    var seen: Set<String> = []
    for (name, type) in spans where seen.insert(name).inserted {
      prompter.say("  \(name): \(day(type.firstStart)) … \(day(type.lastStart))")
    }
    if try prompter.confirm(
      "Use the last 30 days of its data instead, \(firstDay) to \(lastDay)?", default: true)
    {
      choices.range = .custom(from: firstDay, to: lastDay)
    }
  }

  /// Units, date format and order, from the settings, changed if asked.
  mutating func chooseUnitsAndFormat() throws {
    prompter.heading("Units and format")
    let format = choices.dateFormat ?? .standard
    prompter.say(
      "Weight in \(choices.weightUnit?.rawValue ?? "lbs"), temperature in °\((choices.temperatureUnit ?? .fahrenheit) == .celsius ? "C" : "F"), "
        + "dates as \(format.pattern)\(format.isUTC ? " (UTC)" : ""), \((choices.sortOrder ?? .ascending) == .ascending ? "oldest" : "newest") first."
    )
    guard try prompter.confirm("Change them?", default: false) else { return }
    for option in [ExportOption.weightUnit, .temperatureUnit, .dateFormat, .sort] {
      guard case .oneOf(let values) = option.definition.values else { continue }
      let current = choices.givenOptions.first { $0.option == option }?.value ?? ""
      let index = try prompter.choose(
        Self.question(for: option), values.map { "\($0.name): \($0.meaning)" },
        default: values.firstIndex { $0.name == current } ?? 0)
      try choices.set(option, to: values[index].name)
    }
  }

  private static func question(for option: ExportOption) -> String {
    switch option {
    case .weightUnit: "Weight in"
    case .temperatureUnit: "Temperature in"
    case .dateFormat: "Dates as"
    default: "Rows within each block"
    }
  }

  /// Offers to save the choices made, where they differ from the settings.
  mutating func offerToSave() throws {
    var saved = settings
    var changed = choices
    changed.timeZone = settings.choices.timeZone
    guard changed != settings.choices.over(.defaults) else { return }
    saved.choices = changed
    guard try prompter.confirm("Save these choices as your settings for next time?", default: false) else {
      return
    }
    guard let file = context.settingsFile else {
      prompter.say("There is no settings file: neither XDG_CONFIG_HOME nor HOME is set.")
      return
    }
    if case .corrupt(let error) = file.load() {
      prompter.say("Not saved: \(error). Fix it, or run '\(ToolName.value) settings reset'.")
      return
    }
    do {
      try file.save(saved)
      settings = saved
      prompter.say("Saved in \(file.path).")
    } catch {
      prompter.say("Not saved: \(error)")
    }
  }
}
