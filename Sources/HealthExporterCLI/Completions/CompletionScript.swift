import Foundation
import HealthExport

/// What the shell completion scripts complete, read from the commands' own definitions: the
/// subcommands, their options, the values each option takes, and their other arguments.
struct CompletionScript {
  /// One subcommand, as completions see it.
  struct Command {
    var name: String
    var abstract: String
    var options: [OptionDefinition]
    var arguments: ArgumentCompletion
  }

  /// The shells there are scripts for.
  enum Shell: String, CaseIterable {
    case bash, zsh, fish
  }

  let tool: String
  let commands: [Command]

  /// The completions of `health-exporter` with `subcommands`.
  static func standard(subcommands: [any Subcommand.Type]) -> CompletionScript {
    CompletionScript(
      tool: ToolName.value,
      commands: subcommands.map { command in
        Command(
          name: command.name, abstract: command.abstract, options: command.options + [.helpFlag],
          arguments: command.argumentCompletion)
      })
  }

  /// The script for `shell`.
  func script(for shell: Shell) -> String {
    switch shell {
    case .bash: bash
    case .zsh: zsh
    case .fish: fish
    }
  }

  /// The tool's name as a shell function name part: `health_exporter`.
  var functionName: String { tool.replacingOccurrences(of: "-", with: "_") }

  /// The settings keys and the values each takes.
  var settingKeys: [(name: String, values: OptionValues)] {
    SettingKey.allCases.map { ($0.name, $0.values) }
  }

  /// `-o --output`: every name of an option, as typed.
  static func names(of option: OptionDefinition) -> [String] {
    (option.shortName.map { ["-\($0)"] } ?? []) + ["--\(option.name)"]
  }

  /// The first sentence of an option's help, for the shells that show descriptions.
  static func summary(_ help: String) -> String {
    var text = help
    if let end = text.range(of: ". ") { text = String(text[..<end.lowerBound]) }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}

extension String {
  /// The text in single quotes for a POSIX shell or zsh: `'it'\''s'`.
  var singleQuoted: String { "'" + replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
