import HealthExport

/// What `generate` and `convert` write: `--format`, else the output's name (`.zip` a zip archive,
/// `.xml` export.xml alone, `.json` and `.hsg` a profile, a trailing `/` or no extension a
/// folder); `-` is export.xml on standard output. `convert` also writes the formats others use,
/// chosen by `--format` alone (`gpx`, a folder).
enum FormatOption {
  /// The values of `generate`'s `--format`.
  static let choices = [
    OptionChoice("zip", "a zip archive, as the Health app's export.zip"),
    OptionChoice("folder", "an unpacked export folder"),
    OptionChoice("xml", "export.xml alone"),
    OptionChoice("profile", "the JSON health profile"),
  ]

  /// The values of `convert`'s `--format`.
  static let convertChoices =
    choices + [
      OptionChoice("gpx", "a folder of GPX files with heart rate, one per workout with a route"),
      OptionChoice("fhir", "FHIR R4: a Bundle (.json) or NDJSON files, one per resource type (a folder)"),
    ]

  /// `generate`'s `--format`.
  static let definition = OptionDefinition.value(
    "format", placeholder: "zip|folder|xml|profile", .oneOf(choices),
    help:
      "What to write: the export as a zip archive, a folder or export.xml alone, or its JSON health profile.",
    default:
      "from the output's extension: .zip a zip archive, .xml export.xml alone, .json a profile, none a folder"
  )

  /// `convert`'s `--format`.
  static let convertDefinition = OptionDefinition.value(
    "format", placeholder: "zip|folder|xml|profile|gpx|fhir", .oneOf(convertChoices),
    help:
      "What to write: the export as a zip archive, a folder or export.xml alone, its JSON health profile, GPX files for training apps (a folder), or FHIR R4 (a Bundle for a .json file, NDJSON files for a folder).",
    default:
      "from the output's extension: .zip a zip archive, .xml export.xml alone, .json a profile, none a folder"
  )

  /// The format of `command`'s output.
  /// - Throws: `UsageError` for an unknown format, an extension that names none, or a zip archive
  ///   or folder asked for standard output.
  static func format(
    _ arguments: ParsedArguments, output: String, command: String, choices: [OptionChoice] = choices
  ) throws(UsageError) -> ConvertExport.Format {
    let format: ConvertExport.Format
    if let text = arguments.values["format"] {
      let names = choices.map(\.name)
      guard names.contains(text.lowercased()), let chosen = ConvertExport.Format(rawValue: text.lowercased())
      else {
        throw UsageError(
          .invalidValue(
            option: "--format <\(names.joined(separator: "|"))>", value: text,
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
    if output == "-" && format != .xml && format != .profile && format != .fhir {
      let streamable = choices.contains { $0.name == "fhir" } ? "xml, profile or fhir" : "xml or profile"
      throw UsageError(
        .other("only --format \(streamable) can be written to standard output (-o -)"), command: command)
    }
    if format == .fhir, output != "-", let ext = fileExtension(of: output), ext != "json" {
      throw UsageError(
        .invalidValue(
          option: "-o, --output <path>", value: output,
          expected:
            "--format fhir writes a Bundle to a .json file or NDJSON files into a folder: end it in .json, or give a folder name without an extension, not '.\(ext)'"
        ), command: command)
    }
    if format.writesFolder, format != .folder, let ext = fileExtension(of: output) {
      throw UsageError(
        .invalidValue(
          option: "-o, --output <path>", value: output,
          expected:
            "--format \(format.rawValue) writes a folder: give a folder name without an extension, not '.\(ext)'"
        ),
        command: command)
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
