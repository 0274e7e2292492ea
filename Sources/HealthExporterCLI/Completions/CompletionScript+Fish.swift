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
      "    # The items, each once, then -- and the words that go only alone.",
      "    set -l token (commandline -ct)",
      "    set -l prefix (string match -r -- '^.*,' $token)",
      "    set -l chosen (string split , -- \"$prefix\")",
      "    set -l alone 0",
      "    for item in $argv",
      "        if test $item = --",
      "            set alone 1",
      "        else if test $alone = 1",
      "            test -z \"$prefix\"; and echo $item",
      "        else if not contains -- $item $chosen",
      "            echo \"$prefix$item\"",
      "        end",
      "    end",
      "end",
      "",
      "function \(f)_time_zones --description 'The IANA zone names the tool knew when it printed this'",
      "    printf '%s\\n' \\",
    ]
    let zones = Self.wrapped(Self.timeZoneNames, indent: "        ")
    lines += zones.dropLast().map { $0 + " \\" } + zones.suffix(1)
    lines += [
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
        if let values = option.values { line += " " + fishValue(values) }
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
          switch key.values {
          case .number, .day, .text: continue
          case .oneOf, .list, .timeZone, .path, .folder:
            lines.append("complete -c \(tool) \(condition) -n \(when.singleQuoted) \(fishValue(key.values))")
          }
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The `complete` arguments that complete a value: words (`-x -a`), a list or the zones by a
  /// function, or paths (`-r -F`).
  private func fishValue(_ values: OptionValues) -> String {
    let f = "__\(functionName)"
    switch values {
    case .oneOf: return "-x -a \(values.names.joined(separator: " ").singleQuoted)"
    case .list(let choices, let keywords):
      let arguments = (choices.map(\.name) + ["--"] + keywords).joined(separator: " ")
      return "-x -a \("(\(f)_list \(arguments))".singleQuoted)"
    case .timeZone(let keywords):
      return "-x -a \((keywords + ["(\(f)_time_zones)"]).joined(separator: " ").singleQuoted)"
    case .path, .folder: return "-r -F"
    case .number, .day, .text: return "-x"
    }
  }
}
