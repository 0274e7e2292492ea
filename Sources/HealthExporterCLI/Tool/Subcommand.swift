import HealthExport

/// What a subcommand runs with: the environment, where to write, and the saved settings.
final class ToolContext {
  let environment: [String: String]
  let output: any ToolOutput
  private var loadedSettings: SettingsFile.Contents?

  init(environment: [String: String], output: any ToolOutput) {
    self.environment = environment
    self.output = output
  }

  /// The settings file the environment points to; nil without a home.
  var settingsFile: SettingsFile? { SettingsFile(environment: environment) }

  /// The saved settings, read once; a file that cannot be used is reported on standard error and
  /// ignored.
  var settings: Settings {
    if let loadedSettings { return loadedSettings.settings }
    let contents =
      settingsFile?.load { warning in output.message("warning: \(warning)\n") } ?? .missing
    if case .corrupt(let error) = contents {
      output.message(
        "warning: \(error); it is ignored ('\(ToolName.value) settings reset' replaces it)\n")
    }
    loadedSettings = contents
    return contents.settings
  }

  /// Writes a warning on standard error.
  func warn(_ text: String) {
    output.message("warning: \(text)\n")
  }
}

/// One subcommand of `health-exporter`, described as data so that parsing, `--help` and usage
/// errors all come from one place.
protocol Subcommand {
  /// The name typed after `health-exporter`.
  static var name: String { get }
  /// One line for the tool's command list and the OVERVIEW.
  static var abstract: String { get }
  /// The arguments after the options, as the usage line shows them (`[<input>]`).
  static var usageArguments: String { get }
  /// The positional arguments, with help.
  static var arguments: [(name: String, help: String)] { get }
  /// The options, in help order.
  static var options: [OptionDefinition] { get }
  /// Further paragraphs at the end of `--help`.
  static var discussion: String? { get }
  /// What shell completions offer for the arguments that are not options.
  static var argumentCompletion: ArgumentCompletion { get }

  /// Runs the command.
  /// - Returns: the exit code.
  /// - Throws: `UsageError` and the library's errors, which the tool turns into messages and exit
  ///   codes.
  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode
}

/// What a shell completes for a command's arguments.
enum ArgumentCompletion: Hashable, Sendable {
  /// Nothing.
  case none
  /// File and folder paths (the input).
  case files
  /// One of these words.
  case words([String])
  /// An action, then a settings key, then its value (`settings set weight-unit kg`).
  case settings
}

extension Subcommand {
  static var discussion: String? { nil }

  static var argumentCompletion: ArgumentCompletion { usageArguments.contains("<input>") ? .files : .none }

  /// `health-exporter export [<input>] [<options>]`.
  static var usage: String {
    let arguments = usageArguments.isEmpty ? "" : " \(usageArguments)"
    let options = options.isEmpty ? "" : " [<options>]"
    return "\(ToolName.value) \(name)\(arguments)\(options)"
  }

  /// The `--help` page.
  static var helpText: String {
    var help = HelpText()
    help.section("OVERVIEW", abstract)
    help.section("USAGE", usage)
    if !arguments.isEmpty {
      help.heading("ARGUMENTS")
      for argument in arguments { help.entry("<\(argument.name)>", argument.help) }
    }
    help.heading("OPTIONS")
    for option in options + [OptionDefinition.helpFlag] {
      var text = option.help
      if let defaultDescription = option.defaultDescription { text += " (default: \(defaultDescription))" }
      help.entry(option.helpLabel, text)
    }
    if let discussion {
      help.line("")
      for paragraph in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
        help.line(
          paragraph.isEmpty
            ? "" : HelpText.wrap(String(paragraph), width: HelpText.width).joined(separator: "\n"))
      }
    }
    return help.text
  }

  /// A usage error of this command.
  static func usageError(_ reason: UsageError.Reason) -> UsageError {
    UsageError(reason, command: name)
  }
}
