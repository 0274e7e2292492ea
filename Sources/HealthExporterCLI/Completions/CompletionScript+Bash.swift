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
      "  local prefix=\"\" last=\"$cur\"",
      "  if [[ \"$cur\" == *,* ]]; then prefix=\"${cur%,*},\"; last=\"${cur##*,}\"; fi",
      "  COMPREPLY=($(compgen -P \"$prefix\" -W \"$1\" -- \"$last\"))",
      "}",
      "\(f)_files() { compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\")); }",
      "\(f)_folders() { compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\")); }",
      "",
      "\(f)_value() {",
      "  # Completes the value of a value of kind $1 with choices $2.",
      "  case \"$1\" in",
      "    words) \(f)_words \"$2\" ;;",
      "    list) \(f)_list \"$2\" ;;",
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
          let (kind, words) = Self.bashValue(option.values ?? .text)
          lines.append(
            "        \(Self.names(of: option).joined(separator: "|"))) \(f)_value \(kind) \(words.singleQuoted); return ;;"
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
          let (kind, words) = Self.bashValue(key.values)
          lines.append("             \(key.name)) \(f)_value \(kind) \(words.singleQuoted) ;;")
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

  /// The kind of completion for a value, and its words.
  private static func bashValue(_ values: OptionValues) -> (String, String) {
    switch values {
    case .oneOf: ("words", values.names.joined(separator: " "))
    case .list: ("list", values.names.joined(separator: " "))
    case .path: ("files", "")
    case .folder: ("folders", "")
    case .number, .day, .timeZone, .text: ("none", "")
    }
  }
}
