import Foundation
import HealthExport

extension CompletionScript {
  /// The zsh script: `_arguments` specifications for each subcommand, lists completed item by
  /// item with `_sequence`, for a folder on `$fpath` (as `_health-exporter`) or `compdef`.
  var zsh: String {
    let f = "_\(functionName)"
    var lines: [String] = [
      "#compdef \(tool)",
      "# zsh completion for \(tool), made by '\(tool) completions zsh' from its options.",
      "",
      "\(f)() {",
      "  local -a commands",
      "  commands=(",
    ]
    for command in commands {
      lines.append("    \("\(command.name):\(Self.zshDescription(command.abstract))".singleQuoted)")
    }
    lines += [
      "  )",
      "  if (( CURRENT == 2 )); then",
      "    _describe -t commands command commands",
      "    return",
      "  fi",
      "  local command=${words[2]}",
      "  shift words",
      "  (( CURRENT-- ))",
      "  case $command in",
      "    help) _describe -t commands command commands ;;",
    ]
    for command in commands {
      var specs: [String] = []
      for option in command.options {
        let names = Self.names(of: option)
        let description = "[\(Self.zshDescription(Self.summary(option.help)))]"
        let value = option.values.map { ":\(Self.zshPlaceholder(option)):\(Self.zshAction($0))" } ?? ""
        if names.count > 1 {
          let exclusion = "(\(names.joined(separator: " ")))"
          let body = "\(description)\(value)"
          specs.append("\(exclusion.singleQuoted){\(names.joined(separator: ","))}\(body.singleQuoted)")
        } else {
          let equals = option.takesValue ? "=" : ""
          specs.append("\(names[0])\(equals)\(description)\(value)".singleQuoted)
        }
      }
      switch command.arguments {
      case .none: break
      case .files: specs.append("'*:input:_files'")
      case .words(let words): specs.append("'1:shell:(\(words.joined(separator: " ")))'")
      case .settings:
        specs.append("'1:action:(show set unset reset path)'")
        specs.append("'2:key:(\(settingKeys.map(\.name).joined(separator: " ")))'")
        specs.append("'3:value:->setting'")
      }
      lines.append("    \(command.name))")
      if command.arguments == .settings { lines.append("      local state") }
      lines.append("      _arguments -s \\")
      lines.append(specs.map { "        \($0)" }.joined(separator: " \\\n"))
      if command.arguments == .settings {
        lines.append("      if [[ $state == setting ]]; then")
        lines.append("        case ${words[3]} in")
        for key in settingKeys {
          lines.append(
            "          \(key.name)) \(Self.zshAction(key.values).replacingOccurrences(of: "'", with: "")) ;;")
        }
        lines.append("        esac")
        lines.append("      fi")
      }
      lines.append("      ;;")
    }
    lines += [
      "  esac",
      "}",
      "",
      "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then",
      "  \(f) \"$@\"",
      "else",
      "  compdef \(f) \(tool)",
      "fi",
      "",
    ]
    return lines.joined(separator: "\n")
  }

  /// A description without the characters `_arguments` gives a meaning: `[`, `]`, `:`.
  private static func zshDescription(_ text: String) -> String {
    text.replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")")
      .replacingOccurrences(of: ":", with: "")
  }

  private static func zshPlaceholder(_ option: OptionDefinition) -> String {
    (option.placeholder ?? "value").replacingOccurrences(of: ":", with: "")
  }

  /// The action that completes a value.
  private static func zshAction(_ values: OptionValues) -> String {
    switch values {
    case .oneOf: "(\(values.names.joined(separator: " ")))"
    case .list: "_sequence compadd - \(values.names.joined(separator: " "))"
    case .path: "_files"
    case .folder: "_files -/"
    case .number, .day, .timeZone, .text: " "
    }
  }
}
