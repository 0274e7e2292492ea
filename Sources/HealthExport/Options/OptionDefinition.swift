/// One option a command takes: its names, the values it accepts, and what its help says. Parsing,
/// `--help`, usage errors, completions and the guided export's prompts all read the same
/// definition.
package struct OptionDefinition: Hashable, Sendable {
  /// On or off, or with a value.
  package enum Kind: Hashable, Sendable {
    /// On or off: `--force`.
    case flag
    /// Takes a value: `--last-days <n>`; `values` says which.
    case value(placeholder: String, values: OptionValues)
  }

  /// The long name without dashes (`last-days`).
  package var name: String
  /// The one-letter name (`o` for `-o`), if any.
  package var shortName: Character?
  package var kind: Kind
  /// One or two sentences for `--help`.
  package var help: String
  /// What applies when the option is not given, for `--help`.
  package var defaultDescription: String?

  package init(
    _ name: String, short shortName: Character? = nil, _ kind: Kind, help: String,
    default defaultDescription: String? = nil
  ) {
    self.name = name
    self.shortName = shortName
    self.kind = kind
    self.help = help
    self.defaultDescription = defaultDescription
  }

  /// A flag.
  package static func flag(_ name: String, short: Character? = nil, help: String) -> OptionDefinition {
    OptionDefinition(name, short: short, .flag, help: help)
  }

  /// An option with a value.
  package static func value(
    _ name: String, short: Character? = nil, placeholder: String, _ values: OptionValues, help: String,
    default defaultDescription: String? = nil
  ) -> OptionDefinition {
    OptionDefinition(
      name, short: short, .value(placeholder: placeholder, values: values), help: help,
      default: defaultDescription)
  }

  /// Whether the option takes a value.
  package var takesValue: Bool {
    if case .value = kind { return true }
    return false
  }

  /// The values the option accepts; nil for a flag.
  package var values: OptionValues? {
    if case .value(_, let values) = kind { return values }
    return nil
  }

  /// `<n>` in `--last-days <n>`; nil for a flag.
  package var placeholder: String? {
    if case .value(let placeholder, _) = kind { return placeholder }
    return nil
  }

  /// `--last-days <n>`, as messages name the option.
  package var display: String {
    placeholder.map { "--\(name) <\($0)>" } ?? "--\(name)"
  }

  /// `-o, --output <path>`, as the help lists it.
  package var helpLabel: String {
    let names = shortName.map { "-\($0), --\(name)" } ?? "--\(name)"
    return placeholder.map { "\(names) <\($0)>" } ?? names
  }
}
