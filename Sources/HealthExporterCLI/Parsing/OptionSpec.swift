/// One option a command accepts, with what its help text says; parsing and help come from the same
/// table.
struct OptionSpec: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    /// On or off: `--force`.
    case flag
    /// Takes a value: `--last-days <n>`.
    case value(name: String)
  }

  /// The long name without dashes (`last-days`).
  var long: String
  /// The one-letter name (`o` for `-o`), if any.
  var short: Character?
  var kind: Kind
  /// One or two sentences for `--help`.
  var help: String
  /// What applies when the option is not given, for `--help`.
  var defaultDescription: String?

  init(
    _ long: String, short: Character? = nil, _ kind: Kind, help: String,
    default defaultDescription: String? = nil
  ) {
    self.long = long
    self.short = short
    self.kind = kind
    self.help = help
    self.defaultDescription = defaultDescription
  }

  /// `--last-days <n>`, as messages name the option.
  var display: String {
    switch kind {
    case .flag: "--\(long)"
    case .value(let name): "--\(long) <\(name)>"
    }
  }

  /// `-o, --output <path>`, as the help lists it.
  var helpLabel: String {
    let names = short.map { "-\($0), --\(long)" } ?? "--\(long)"
    switch kind {
    case .flag: return names
    case .value(let name): return "\(names) <\(name)>"
    }
  }

  /// `--help`, which every command takes.
  static let help = OptionSpec("help", short: "h", .flag, help: "Show help information.")
}
