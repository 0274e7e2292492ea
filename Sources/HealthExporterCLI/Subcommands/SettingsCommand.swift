import Foundation
import HealthArchive
import HealthExport
import HealthModel

/// `health-exporter settings`: the choices saved for the next runs.
enum SettingsCommand: Subcommand {
  static let name = "settings"
  static let abstract =
    "Show, set or reset the saved settings: units, formats, what to export, the output folder."
  static let usageArguments = "[show | set <key> <value> | unset <key> | reset | path]"

  static let arguments: [(name: String, help: String)] = [
    ("key", "One of \(SettingKey.allCases.map(\.name).joined(separator: ", ")).")
  ]

  static let options: [OptionDefinition] = [
    .flag("json", help: "With show: print the settings that apply as JSON.")
  ]

  static let discussion: String? = """
    Settings are kept in $XDG_CONFIG_HOME/health-exporter/settings.json, else \
    ~/.config/health-exporter/settings.json, readable by you alone. Options given on the command \
    line override them; they override the defaults (lbs, f, default, asc, weight,steps, none, \
    none, last-days 30). Values are written as the options take them: 'settings set weight-unit \
    kg', 'settings set metrics weight,glucose', 'settings set range last-days 7' (or \
    last-records N, from YYYY-MM-DD to YYYY-MM-DD, all), 'settings set output ~/Documents'.
    """

  static let argumentCompletion = ArgumentCompletion.settings

  /// The actions, as typed after `settings`.
  static let actions = ["show", "set", "unset", "reset", "path"]

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    let words = arguments.positionals
    let action = words.first ?? "show"
    guard actions.contains(action) else {
      throw usageError(
        .invalidValue(
          option: "<action>", value: action,
          expected: "expected one of \(actions.joined(separator: ", "))"
            + (Suggestion.nearest(to: action, in: actions).map { "; did you mean '\($0)'?" } ?? "")))
    }
    guard let file = context.settingsFile else {
      throw SettingsCommandError.noHome
    }
    let rest = Array(words.dropFirst())
    switch action {
    case "path":
      try expectNoMore(rest)
      try context.output.show(file.path + "\n")
    case "show":
      try expectNoMore(rest)
      try show(file: file, json: arguments.has("json"), context: context)
    case "reset":
      try expectNoMore(rest)
      file.remove()
      context.output.message("Removed \(file.path); the defaults apply.\n")
    case "set":
      guard let keyName = rest.first else {
        throw usageError(
          .missingArgument(
            name: "key", help: "one of \(SettingKey.allCases.map(\.name).joined(separator: ", "))"))
      }
      let key = try settingKey(keyName)
      guard rest.count > 1 else {
        throw usageError(.missingArgument(name: "value", help: key.meaning))
      }
      var settings = try editable(file)
      do {
        try key.set(rest.dropFirst().joined(separator: " "), in: &settings, warn: context.warn)
      } catch {
        throw UsageError(error, command: name)
      }
      try file.save(settings)
      context.output.message(
        "Saved \(key.name) \(key.text(in: settings) ?? "") in \(file.path).\n")
    default:  // unset
      guard let keyName = rest.first else {
        throw usageError(
          .missingArgument(
            name: "key", help: "one of \(SettingKey.allCases.map(\.name).joined(separator: ", "))"))
      }
      try expectNoMore(Array(rest.dropFirst()))
      let key = try settingKey(keyName)
      var settings = try editable(file)
      key.unset(in: &settings)
      try file.save(settings)
      context.output.message("Removed \(key.name) from \(file.path); the default applies.\n")
    }
    return .success
  }

  // MARK: - Private

  private static func expectNoMore(_ words: [String]) throws(UsageError) {
    if let extra = words.first { throw usageError(.unexpectedArgument(extra)) }
  }

  private static func settingKey(_ name: String) throws(UsageError) -> SettingKey {
    do {
      return try SettingKey.named(name)
    } catch {
      throw UsageError(error, command: Self.name)
    }
  }

  /// The saved settings, to be changed and saved; a file that cannot be read is not replaced.
  private static func editable(_ file: SettingsFile) throws -> Settings {
    switch file.load() {
    case .missing: return Settings()
    case .valid(let settings): return settings
    case .corrupt(let error): throw SettingsCommandError.corrupt(error)
    }
  }

  private static func show(file: SettingsFile, json: Bool, context: ToolContext) throws {
    let contents = file.load(warn: context.warn)
    if case .corrupt(let error) = contents {
      context.warn("\(error); it is ignored ('\(ToolName.value) settings reset' replaces it)")
    }
    let saved = contents.settings
    var effective = saved
    effective.choices = saved.choices.over(.defaults)
    let zoneFromTZ = ExportOptions.environmentTimeZone(context.environment)
    if effective.choices.timeZone == nil {
      effective.choices.timeZone = ExportOptions.unsavedTimeZone(context.environment)
    }
    if json {
      let members = SettingKey.allCases.map { key in
        JSONValue.Member(key: key.name, value: key.jsonValue(in: effective) ?? .null)
      }
      try context.output.writeStandardOutput(JSONWriter.bytes(of: .object(members), formatting: .pretty))
      return
    }
    var lines = ["Settings file: \(file.path)" + (contents == .missing ? " (none saved yet)" : ""), ""]
    for key in SettingKey.allCases {
      let value = key.text(in: effective) ?? "the current folder"
      let origin =
        key.text(in: saved) != nil
        ? "saved" : key == .timeZone && zoneFromTZ != nil ? "from TZ" : "default"
      lines.append("  " + key.name.padding(toLength: 18) + value.padding(toLength: 30) + origin)
    }
    try context.output.show(lines.joined(separator: "\n") + "\n")
  }
}

/// What `settings` cannot do.
enum SettingsCommandError: Error, CustomStringConvertible {
  /// Neither `XDG_CONFIG_HOME` nor `HOME` is set.
  case noHome
  /// The file cannot be read; it is left as it is.
  case corrupt(SettingsError)

  var description: String {
    switch self {
    case .noHome: "there is no settings file: neither XDG_CONFIG_HOME nor HOME is set"
    case .corrupt(let error):
      "\(error). It is left as it is: fix it, or run '\(ToolName.value) settings reset' to start again from the defaults"
    }
  }
}

extension SettingsCommandError: ClassifiedError {
  /// A settings file that cannot be used is never overwritten (73); anything else fails (1).
  var failureKind: FailureKind {
    if case .corrupt = self { return .cannotCreate }
    return .other
  }
}
