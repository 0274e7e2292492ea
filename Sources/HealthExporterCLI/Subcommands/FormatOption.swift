import HealthExport

/// What `generate` and `convert` write: `--format`, else the output's name (`.zip` a zip archive,
/// `.xml` export.xml alone, `.json` and `.hsg` a profile, a trailing `/` or no extension a
/// folder); `-` is export.xml on standard output.
enum FormatOption {
  /// The values of `--format`.
  static let choices = [
    OptionChoice("zip", "a zip archive, as the Health app's export.zip"),
    OptionChoice("folder", "an unpacked export folder"),
    OptionChoice("xml", "export.xml alone"),
    OptionChoice("profile", "the JSON health profile"),
  ]

  /// `--format`.
  static let definition = OptionDefinition.value(
    "format", placeholder: "zip|folder|xml|profile", .oneOf(choices),
    help:
      "What to write: the export as a zip archive, a folder or export.xml alone, or its JSON health profile.",
    default:
      "from the output's extension: .zip a zip archive, .xml export.xml alone, .json a profile, none a folder"
  )

  /// The format of `command`'s output.
  /// - Throws: `UsageError` for an unknown format, an extension that names none, or a zip archive
  ///   or folder asked for standard output.
  static func format(_ arguments: ParsedArguments, output: String, command: String) throws(UsageError)
    -> ConvertExport.Format
  {
    let format: ConvertExport.Format
    if let text = arguments.values["format"] {
      guard let chosen = ConvertExport.Format(rawValue: text.lowercased()) else {
        let names = choices.map(\.name)
        throw UsageError(
          .invalidValue(
            option: "--format <zip|folder|xml|profile>", value: text,
            expected: "expected one of \(names.joined(separator: ", "))"
              + (Suggestion.nearest(to: text, in: names).map { "; did you mean '\($0)'?" } ?? "")),
          command: command)
      }
      format = chosen
    } else if output == "-" {
      format = .xml
    } else if let named = ConvertExport.Format(path: output) {
      format = named
    } else {
      throw UsageError(
        .invalidValue(
          option: "-o, --output <path>", value: output,
          expected:
            "'.\(fileExtension(of: output) ?? "")' names no format \(command) writes: end it in .zip (a zip archive), .xml (export.xml alone) or .json (a JSON profile), give a folder name without an extension, or choose with --format"
        ), command: command)
    }
    if output == "-" && format != .xml && format != .profile {
      throw UsageError(
        .other("only --format xml or profile can be written to standard output (-o -)"), command: command)
    }
    return format
  }

  /// The extension of a path's last component, lowercased (`zip`); nil when it has none (a
  /// leading dot starts a hidden name, not an extension).
  static func fileExtension(of path: String) -> String? {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let ext = name[name.index(after: dot)...]
    return ext.isEmpty ? nil : ext.lowercased()
  }
}
