import Foundation
import HealthExport

extension CompletionScript {
  /// The zsh script: `_arguments` specifications for each subcommand, option values with their
  /// descriptions from one table, lists completed item by item after commas (each item once, the
  /// keywords only alone), for a folder on `$fpath` (as `_health-exporter`) or `compdef`.
  var zsh: String {
    let f = "_\(functionName)"
    let valueNames = zshValueNames
    var lines: [String] = [
      "#compdef \(tool)",
      "# zsh completion for \(tool), made by '\(tool) completions zsh' from its options.",
      "",
      "# The values named $1: in $choices as value:description, and in $alone those that go alone.",
      "\(f)_choices() {",
      "  case $1 in",
    ]
    for (values, name) in valueNames.sorted(by: { $0.value < $1.value }) {
      let (choices, alone) = Self.zshChoices(values)
      let arrays =
        "choices=(\(choices.map(\.singleQuoted).joined(separator: " ")))"
        + (alone.isEmpty ? "" : "; alone=(\(alone.map(\.singleQuoted).joined(separator: " ")))")
      lines.append("    \(name)) \(arrays) ;;")
    }
    lines += [
      "  esac",
      "}",
      "",
      "# One of the values named $1.",
      "\(f)_one() {",
      "  local -a choices alone",
      "  \(f)_choices $1",
      "  _describe -t values value choices",
      "}",
      "",
      "# A comma-separated list of the values named $1: each once, one of $alone only alone. A comma",
      "# follows a completed item, and goes again if a space is typed.",
      "\(f)_list() {",
      "  local -a choices alone chosen left",
      "  \(f)_choices $1",
      "  local before=$IPREFIX choice",
      "  if compset -P '*,'; then",
      "    chosen=(${(s:,:)IPREFIX[$#before+1,-1]})",
      "    for choice in $choices; do",
      "      (( ${chosen[(Ie)${choice%%:*}]} )) || left+=($choice)",
      "    done",
      "    _describe -t values value left -qS,",
      "  else",
      "    _describe -t values value choices -qS, -- alone",
      "  fi",
      "}",
      "",
      "# An IANA zone name (those the tool knew when it printed this script), part by part; and the",
      "# words given, each followed by its description.",
      "\(f)_time_zones() {",
      "  local -a words zones",
      "  while (( $# >= 2 )); do words+=(\"$1:$2\"); shift 2; done",
      "  zones=(",
    ]
    lines += Self.wrapped(Self.timeZoneNames, indent: "    ")
    lines += [
      "  )",
      "  local ret=1",
      "  (( $#words )) && _describe -t keywords keyword words && ret=0",
      "  _multi_parts / zones && ret=0",
      "  return ret",
      "}",
      "",
      "\(f)() {",
      "  local -a commands",
      "  commands=(",
    ]
    for command in commands {
      // `_describe` ends the name at the first colon; the description's own colons stay.
      lines.append("    \("\(command.name):\(command.abstract)".singleQuoted)")
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
        let description = "[\(Self.zshEscaped(Self.summary(option.help)))]"
        let value = option.values.map {
          ":\(Self.zshEscaped(option.placeholder ?? "value")):\(zshAction($0, names: valueNames, inSpecification: true))"
        }
        if names.count > 1 {
          let exclusion = "(\(names.joined(separator: " ")))"
          let body = "\(description)\(value ?? "")"
          specs.append("\(exclusion.singleQuoted){\(names.joined(separator: ","))}\(body.singleQuoted)")
        } else {
          let equals = option.takesValue ? "=" : ""
          specs.append("\(names[0])\(equals)\(description)\(value ?? "")".singleQuoted)
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
            "          \(key.name)) \(zshAction(key.values, names: valueNames, inSpecification: false)) ;;")
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

  /// The name of each set of values the options and settings keys choose from, in the script's
  /// table: the first option's name that takes it, with its command's before it where another
  /// option of that name takes other values (`format` of `convert`, `generate-format`).
  private var zshValueNames: [OptionValues: String] {
    var names: [OptionValues: String] = [:]
    func add(_ values: OptionValues, option: String, command: String) {
      guard names[values] == nil, !Self.zshChoices(values).choices.isEmpty else { return }
      let taken = Set(names.values)
      names[values] = taken.contains(option) ? "\(command)-\(option)" : option
    }
    for command in commands {
      for option in command.options {
        if let values = option.values { add(values, option: option.name, command: command.name) }
      }
    }
    for key in settingKeys { add(key.values, option: key.name, command: "settings") }
    return names
  }

  /// The choices of a set of values as `value:description`, and the words that go alone.
  private static func zshChoices(_ values: OptionValues) -> (choices: [String], alone: [String]) {
    func described(_ choice: OptionChoice) -> String { "\(choice.name):\(choice.meaning)" }
    func keyword(_ word: String) -> String { "\(word):\(meaning(ofKeyword: word))" }
    switch values {
    case .oneOf(let choices): return (choices.map(described), [])
    case .list(let choices, let keywords): return (choices.map(described), keywords.map(keyword))
    case .timeZone, .number, .day, .path, .folder, .text: return ([], [])
    }
  }

  /// Text inside an `_arguments` specification (a description in brackets, a message), where
  /// `\`, `:`, `[` and `]` have a meaning: each escaped with a backslash, and shown as written.
  private static func zshEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if "\\:[]".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  /// The action that completes a value, in an `_arguments` specification or a `case`. The
  /// script's own functions go in braces in a specification, so that `_arguments` calls them with
  /// their arguments only (it adds `compadd` options to a plain command, which `_files` takes).
  private func zshAction(_ values: OptionValues, names: [OptionValues: String], inSpecification: Bool)
    -> String
  {
    let f = "_\(functionName)"
    let call: String
    switch values {
    case .oneOf: call = "\(f)_one \(names[values] ?? "")"
    case .list: call = "\(f)_list \(names[values] ?? "")"
    case .timeZone(let keywords):
      let words = keywords.flatMap { [$0, Self.meaning(ofKeyword: $0)] }.map(\.doubleQuoted)
      call = (["\(f)_time_zones"] + words).joined(separator: " ")
    case .path: return "_files"
    case .folder: return "_files -/"
    case .number, .day, .text: return " "
    }
    return inSpecification ? "{\(call)}" : call
  }
}
