import Foundation
import HealthExport

extension CompletionScript {
  /// The bash script: a function that completes subcommands, options, option values (lists
  /// item by item after commas) and paths, registered with `complete -F`.
  var bash: String {
    let f = "_\(functionName)"
    var lines: [String] = [
      "# bash completion for \(tool), made by '\(tool) completions bash' from its options.",
      "# Source it, or install it as \(tool) in a bash-completion folder.",
      "",
      "\(f)_words() { COMPREPLY=($(compgen -W \"$1\" -- \"$cur\")); }",
      "\(f)_list() {",
      "  # A comma-separated list of the items $1, each once; the words $2 only alone. No space after",
      "  # a completed item, so that the list can go on.",
      "  compopt -o nospace 2>/dev/null",
      "  local prefix=\"\" last=\"$cur\" words=\"$1 $2\" item",
      "  if [[ \"$cur\" == *,* ]]; then",
      "    prefix=\"${cur%,*},\"; last=\"${cur##*,}\"; words=\"\"",
      "    for item in $1; do [[ \",$prefix\" == *\",$item,\"* ]] || words+=\" $item\"; done",
      "  fi",
      "  COMPREPLY=($(compgen -P \"$prefix\" -W \"$words\" -- \"$last\"))",
      "}",
      "\(f)_time_zones() {",
      "  # The words $1 and the IANA zone names the tool knew when it printed this script.",
      "  COMPREPLY=($(compgen -W \"$1",
    ]
    lines += Self.wrapped(Self.timeZoneNames, indent: "    ")
    lines += [
      "  \" -- \"$cur\"))",
      "}",
      "\(f)_files() { compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\")); }",
      "\(f)_folders() { compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\")); }",
      "",
      "\(f)_value() {",
      "  # Completes a value of kind $1 with the words $2 (and, for a list, the words $3 alone).",
      "  case \"$1\" in",
      "    words) \(f)_words \"$2\" ;;",
      "    list) \(f)_list \"$2\" \"$3\" ;;",
      "    zones) \(f)_time_zones \"$2\" ;;",
      "    files) \(f)_files ;;",
      "    folders) \(f)_folders ;;",
      "    *) COMPREPLY=() ;;",
      "  esac",
      "}",
      "",
      "\(f)() {",
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" option=\"\"",
      "  (( COMP_CWORD > 0 )) && prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
      "  # --name=value: bash splits it at '='.",
      "  if [[ \"$cur\" == \"=\" ]]; then option=\"$prev\"; cur=\"\"",
      "  elif [[ \"$prev\" == \"=\" ]] && (( COMP_CWORD > 1 )); then option=\"${COMP_WORDS[COMP_CWORD-2]}\"",
      "  else option=\"$prev\"; fi",
      "  local command=\"\" i",
      "  local -a arguments=()",
      "  for ((i = 1; i < COMP_CWORD; i++)); do",
      "    local word=\"${COMP_WORDS[i]}\"",
      "    if [[ -z \"$command\" ]]; then",
      "      [[ \"$word\" != -* ]] && command=\"$word\"",
      "    elif [[ \"$word\" != -* && \"$word\" != \"=\" ]]; then",
      "      arguments+=(\"$word\")",
      "    fi",
      "  done",
      "  if [[ -z \"$command\" ]]; then",
      "    \(f)_words \(( commands.map(\.name) + ["help", "--help", "--version"]).joined(separator: " ").singleQuoted)",
      "    return",
      "  fi",
      "  case \"$command\" in",
      "    help) \(f)_words \(commands.map(\.name).joined(separator: " ").singleQuoted); return ;;",
    ]
    for command in commands {
      lines.append("    \(command.name))")
      let valued = command.options.filter(\.takesValue)
      if !valued.isEmpty {
        lines.append("      case \"$option\" in")
        for option in valued {
          lines.append(
            "        \(Self.names(of: option).joined(separator: "|"))) \(f)_value \(Self.bashValue(option.values ?? .text)); return ;;"
          )
        }
        lines.append("      esac")
      }
      let optionWords = command.options.flatMap(Self.names(of:)).joined(separator: " ")
      lines.append("      if [[ \"$cur\" == -* ]]; then \(f)_words \(optionWords.singleQuoted); return; fi")
      switch command.arguments {
      case .none:
        lines.append("      COMPREPLY=()")
      case .files:
        lines.append("      \(f)_files")
      case .words(let words):
        lines.append(
          "      (( ${#arguments[@]} == 0 )) && \(f)_words \(words.joined(separator: " ").singleQuoted)")
      case .settings:
        lines.append("      case \"${#arguments[@]}\" in")
        lines.append("        0) \(f)_words 'show set unset reset path' ;;")
        lines.append(
          "        1) [[ \"${arguments[0]}\" == set || \"${arguments[0]}\" == unset ]] && \(f)_words \(settingKeys.map(\.name).joined(separator: " ").singleQuoted) ;;"
        )
        lines.append("        2) [[ \"${arguments[0]}\" == set ]] || return")
        lines.append("           case \"${arguments[1]}\" in")
        for key in settingKeys {
          lines.append("             \(key.name)) \(f)_value \(Self.bashValue(key.values)) ;;")
        }
        lines.append("           esac ;;")
        lines.append("      esac")
      }
      lines.append("      ;;")
    }
    lines += [
      "  esac",
      "}",
      "",
      "complete -F \(f) \(tool)",
      "",
    ]
    return lines.joined(separator: "\n")
  }

  /// The arguments of `_value` for a value: its kind, then its words and the words that go
  /// alone where it has any (`list 'weight steps glucose' 'none'`).
  private static func bashValue(_ values: OptionValues) -> String {
    let kind: String
    var words: [[String]] = []
    switch values {
    case .oneOf: (kind, words) = ("words", [values.names])
    case .list(let choices, let keywords): (kind, words) = ("list", [choices.map(\.name), keywords])
    case .timeZone(let keywords): (kind, words) = ("zones", [keywords])
    case .path: kind = "files"
    case .folder: kind = "folders"
    case .number, .day, .text: kind = "none"
    }
    while words.last?.isEmpty == true { words.removeLast() }
    return ([kind] + words.map { $0.joined(separator: " ").singleQuoted }).joined(separator: " ")
  }
}
