import Foundation
import HealthExport

extension CompletionScript {
  /// The fish script: `complete` lines per subcommand and option, lists completed item by item
  /// after commas, for `~/.config/fish/completions/health-exporter.fish`.
  var fish: String {
    let f = "__\(functionName)"
    var lines: [String] = [
      "# fish completion for \(tool), made by '\(tool) completions fish' from its options.",
      "",
      "function \(f)_list --description 'Completes the last item of a comma-separated list'",
      "    set -l token (commandline -ct)",
      "    set -l prefix (string match -r -- '^.*,' $token)",
      "    for item in $argv",
      "        echo $prefix$item",
      "    end",
      "end",
      "",
      "function \(f)_argument_count --description 'How many arguments follow the subcommand'",
      "    set -l words (commandline -opc)",
      "    set -l count 0",
      "    for word in $words[3..-1]",
      "        string match -q -- '-*' $word; or set count (math $count + 1)",
      "    end",
      "    echo $count",
      "end",
      "",
      "complete -c \(tool) -f",
      "complete -c \(tool) -n __fish_use_subcommand -a help -d 'Show help for a command'",
      "complete -c \(tool) -n __fish_use_subcommand -l help -s h -d 'Show help information'",
      "complete -c \(tool) -n __fish_use_subcommand -l version -d 'Show the version'",
      "complete -c \(tool) -n '__fish_seen_subcommand_from help' -a \(commands.map(\.name).joined(separator: " ").singleQuoted)",
    ]
    for command in commands {
      lines.append(
        "complete -c \(tool) -n __fish_use_subcommand -a \(command.name) -d \(Self.summary(command.abstract).singleQuoted)"
      )
      let condition = "-n \("__fish_seen_subcommand_from \(command.name)".singleQuoted)"
      for option in command.options {
        var line = "complete -c \(tool) \(condition) -l \(option.name)"
        if let short = option.shortName { line += " -s \(short)" }
        if let values = option.values {
          switch values {
          case .oneOf: line += " -x -a \(values.names.joined(separator: " ").singleQuoted)"
          case .list: line += " -x -a \("(\(f)_list \(values.names.joined(separator: " ")))".singleQuoted)"
          case .path, .folder: line += " -r -F"
          case .number, .day, .timeZone, .text: line += " -x"
          }
        }
        lines.append(line + " -d \(Self.summary(option.help).singleQuoted)")
      }
      switch command.arguments {
      case .none: break
      case .files: lines.append("complete -c \(tool) \(condition) -F")
      case .words(let words):
        lines.append("complete -c \(tool) \(condition) -a \(words.joined(separator: " ").singleQuoted)")
      case .settings:
        let count = "(\(f)_argument_count)"
        lines.append(
          "complete -c \(tool) \(condition) -n \("test \(count) -eq 0".singleQuoted) -a 'show set unset reset path'"
        )
        lines.append(
          "complete -c \(tool) \(condition) -n \("test \(count) -eq 1; and __fish_seen_subcommand_from set unset".singleQuoted) -a \(settingKeys.map(\.name).joined(separator: " ").singleQuoted)"
        )
        for key in settingKeys {
          let when =
            "test \(count) -eq 2; and __fish_seen_subcommand_from set; and __fish_seen_subcommand_from \(key.name)"
          let values: String
          switch key.values {
          case .oneOf: values = "-a \(key.values.names.joined(separator: " ").singleQuoted)"
          case .list: values = "-a \("(\(f)_list \(key.values.names.joined(separator: " ")))".singleQuoted)"
          case .folder, .path: values = "-F"
          case .number, .day, .timeZone, .text: continue
          }
          lines.append("complete -c \(tool) \(condition) -n \(when.singleQuoted) \(values)")
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
