import HealthExport

/// What `generate` and `convert` write: `--format`, else the output's name (`.zip` a zip archive,
/// `.xml` export.xml alone, `.json` and `.hsg` a profile, a trailing `/` or no extension a
/// folder); `-` is export.xml on standard output. `convert` also writes the formats others read,
/// which only `--format` chooses: FHIR R4 (a `.json` Bundle, or NDJSON files in a folder), GPX
/// files (a folder) and Parquet tables (a folder).
enum FormatOption {
  /// The values of `generate --format`: an export in one of its shapes, or its profile.
  static let choices = [
    OptionChoice("zip", "a zip archive, as the Health app's export.zip"),
    OptionChoice("folder", "an unpacked export folder"),
    OptionChoice("xml", "export.xml alone"),
    OptionChoice("profile", "the JSON health profile"),
  ]

  /// The values of `convert --format`: those of `generate`, and the formats others read.
  static let convertChoices =
    choices + [
      OptionChoice("fhir", "FHIR R4: a Bundle (.json) or NDJSON files, one per resource type (a folder)"),
      OptionChoice("gpx", "a folder of GPX files with heart rate, one per workout with a route"),
      OptionChoice(
        "parquet",
        "a folder of Parquet tables: records, workouts, route points, ECG samples, lab results, summaries"),
    ]

  /// `generate --format`.
  static let definition = definition(
    choices: choices,
    help:
      "What to write: the export as a zip archive, a folder or export.xml alone, or its JSON health profile.")

  /// `convert --format`.
  static let convertDefinition = definition(
    choices: convertChoices,
    help:
      "What to write: the export as a zip archive, a folder or export.xml alone, its JSON health profile, FHIR R4 (a Bundle for a .json file, NDJSON files for a folder), GPX files for training apps (a folder), or a folder of Parquet tables."
  )

  private static func definition(choices: [OptionChoice], help: String) -> OptionDefinition {
    .value(
      "format", placeholder: choices.map(\.name).joined(separator: "|"), .oneOf(choices), help: help,
      default:
        "from the output's extension: .zip a zip archive, .xml export.xml alone, .json a profile, none a folder"
    )
  }

  /// The format of `command`'s output, one of `choices`' (another format `ConvertExport` knows
  /// is left for the command to refuse with its own words).
  /// - Throws: `UsageError` for an unknown format, an extension that names none, or a zip archive
  ///   or folder asked for standard output.
  static func format(
    _ arguments: ParsedArguments, output: String, command: String, choices: [OptionChoice] = choices
  ) throws(UsageError) -> ConvertExport.Format {
    let format: ConvertExport.Format
    if let text = arguments.values["format"] {
      guard let chosen = ConvertExport.Format(rawValue: text.lowercased()) else {
        let names = choices.map(\.name)
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
    if format == .gpx, let ext = fileExtension(of: output) {
      throw UsageError(
        .invalidValue(
          option: "-o, --output <path>", value: output,
          expected: "--format gpx writes a folder: give a folder name without an extension, not '.\(ext)'"),
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
