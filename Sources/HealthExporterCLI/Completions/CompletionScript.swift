import Foundation
import HealthExport
import HealthModel

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

  /// The IANA zone names the scripts complete for `--time-zone`: Foundation's, and `UTC`, which
  /// the option's message names; each one the option accepts, as the tool knows them when it
  /// prints the script. Sorted; names of letters, digits and `/ _ + - .` only, as IANA names are,
  /// so that they need no quoting in any shell.
  static let timeZoneNames: [String] = Set(TimeZone.knownTimeZoneIdentifiers + ["UTC"]).filter { name in
    let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "/_+-."))
    return !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && allowed.contains($0) }
      && TimeZone(identifier: name) != nil
  }.sorted()

  /// What a keyword of a list or a time zone means, for the shells that show descriptions.
  static func meaning(ofKeyword keyword: String) -> String {
    switch keyword {
    case "all": "every one, alone"
    case "none": "none, alone"
    case TimeZoneChoice.exportKeyword: "the zone the export's own samples name"
    default: keyword
    }
  }

  /// `words` separated by spaces, in lines of at most about `width` characters that start with
  /// `indent`.
  static func wrapped(_ words: [String], indent: String, width: Int = 100) -> [String] {
    var lines: [String] = []
    var line = indent
    for word in words {
      if line.count > indent.count, line.count + 1 + word.count > width {
        lines.append(line)
        line = indent
      }
      line += (line.count > indent.count ? " " : "") + word
    }
    if line.count > indent.count { lines.append(line) }
    return lines
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

  /// The text in double quotes for a POSIX shell or zsh, `\`, `"`, `$` and `` ` `` escaped.
  var doubleQuoted: String {
    var quoted = "\""
    for character in self {
      if "\\\"$`".contains(character) { quoted.append("\\") }
      quoted.append(character)
    }
    return quoted + "\""
  }
}
