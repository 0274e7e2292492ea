import HealthExport

/// `health-exporter completions bash|zsh|fish`: a shell completion script.
enum CompletionsCommand: Subcommand {
  static let name = "completions"
  static let abstract = "Print a shell completion script for bash, zsh or fish."
  static let usageArguments = "<shell>"
  static let arguments: [(name: String, help: String)] = [
    ("shell", "bash, zsh or fish.")
  ]
  static let options: [OptionDefinition] = []
  static let argumentCompletion = ArgumentCompletion.words(CompletionScript.Shell.allCases.map(\.rawValue))

  static let discussion: String? = """
    The script completes the commands, their options and the values options take (metric \
    names, lab panels and type names, item by item after commas; units, date formats, time zones, \
    paths). bash: 'source <(health-exporter completions \
    bash)' in ~/.bashrc. zsh: 'health-exporter completions zsh > ~/.zfunc/_health-exporter' with \
    ~/.zfunc on $fpath. fish: 'health-exporter completions fish > \
    ~/.config/fish/completions/health-exporter.fish'. scripts/install puts all three in place.
    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    let names = CompletionScript.Shell.allCases.map(\.rawValue)
    guard let text = arguments.positionals.first else {
      throw usageError(.missingArgument(name: "shell", help: names.joined(separator: ", ")))
    }
    if arguments.positionals.count > 1 { throw usageError(.unexpectedArgument(arguments.positionals[1])) }
    guard let shell = CompletionScript.Shell(rawValue: text.lowercased()) else {
      throw usageError(
        .invalidValue(
          option: "<shell>", value: text,
          expected: "expected one of \(names.joined(separator: ", "))"
            + (Suggestion.nearest(to: text, in: names).map { "; did you mean '\($0)'?" } ?? "")))
    }
    try context.output.print(CompletionScript.standard(subcommands: SubcommandList.all).script(for: shell))
    return .success
  }
}
