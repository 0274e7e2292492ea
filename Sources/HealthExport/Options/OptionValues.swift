/// What an option's value may be, so that completions, prompts and error messages list the same
/// choices the parser accepts.
package enum OptionValues: Hashable, Sendable {
  /// Exactly one of these names.
  case oneOf([OptionChoice])
  /// A comma-separated list of these names, or one of `keywords` alone (`all`, `none`). A command
  /// may accept names beyond the choices (`summary --types` takes any HealthKit type); the choices
  /// are then the ones it knows, which completions offer.
  case list([OptionChoice], keywords: [String])
  /// A whole number.
  case number
  /// A calendar day, `yyyy-mm-dd`.
  case day
  /// An IANA time zone name, or one of `keywords` (`export`: the zone the export's own samples
  /// name).
  case timeZone(keywords: [String])
  /// A path of a file or folder.
  case path
  /// A folder.
  case folder
  /// Anything else (a name, a size).
  case text

  /// The names a completion offers: the choices and keywords (a time zone's keywords, not the
  /// zones); empty where any text goes.
  package var names: [String] {
    switch self {
    case .oneOf(let choices): choices.map(\.name)
    case .list(let choices, let keywords): choices.map(\.name) + keywords
    case .timeZone(let keywords): keywords
    case .number, .day, .path, .folder, .text: []
    }
  }

  /// Whether the value is a comma-separated list.
  package var isList: Bool {
    if case .list = self { return true }
    return false
  }
}

/// One value an option accepts, with a few words on what it means (for completions and prompts).
package struct OptionChoice: Hashable, Sendable {
  /// The name typed (`kg`).
  package var name: String
  /// What it means (`kilograms`).
  package var meaning: String

  package init(_ name: String, _ meaning: String) {
    self.name = name
    self.meaning = meaning
  }
}
