public import Foundation
public import HealthArchive
public import HealthModel

/// One run of `convert`: any input written whole in Apple's export format (a zip archive, a
/// folder, export.xml alone), as a JSON health profile, or as a folder of Parquet tables.
///
///     let summary = try ConvertExport(options: options).run(
///       source: try HealthInput.open(path: "profile.json"),
///       destination: .file(path: "export.zip", overwrites: false), diagnostics: Diagnostics())
public struct ConvertExport: Sendable {
  /// What `convert` writes.
  public enum Format: String, Hashable, Sendable, CaseIterable {
    /// A zip archive holding `apple_health_export/…`, as the Health app's `export.zip`.
    case zip
    /// A folder holding what `apple_health_export/` holds.
    case folder
    /// export.xml alone.
    case xml
    /// The JSON health profile.
    case profile
    /// A folder of GPX files, one per workout with a route, each point with its heart rate, for
    /// training apps (chosen with `--format` only).
    case gpx
    /// FHIR R4: a Bundle for a `.json` file or standard output, FHIR Bulk Data's NDJSON files for a
    /// folder (chosen with `--format` only).
    case fhir
    /// A folder of Parquet tables (`records.parquet`, …), chosen by `--format` alone.
    case parquet

    /// The format an output path names: `.zip`, `.xml`, `.json` (or `.hsg`), a folder for a path
    /// ending in `/` or without an extension (a leading dot starts a hidden name, not an
    /// extension); nil for any other extension.
    public init?(path: String) {
      if path.hasSuffix("/") {
        self = .folder
        return
      }
      let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
      guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex
      else {
        self = .folder
        return
      }
      switch name[name.index(after: dot)...] {
      case "zip": self = .zip
      case "xml": self = .xml
      case "json", "hsg": self = .profile
      default: return nil
      }
    }

    /// The formats and how a path names them, for messages.
    public static let choices =
      ".zip (a zip archive), .xml (export.xml alone), .json (a JSON profile), or a folder (a path ending in / or without an extension)"

    /// How messages name it.
    public var displayName: String {
      switch self {
      case .zip: "zip archive"
      case .folder: "folder"
      case .xml: "XML file"
      case .profile: "JSON profile"
      case .gpx: "GPX folder"
      case .fhir: "FHIR R4"
      case .parquet: "folder of Parquet tables"
      }
    }

    var appleFormat: AppleExportFormat? {
      switch self {
      case .zip: .zip
      case .folder: .folder
      case .xml: .xml
      case .profile, .gpx, .fhir, .parquet: nil
      }
    }

    /// Whether the output is a folder of files, whatever its name.
    public var writesFolder: Bool {
      switch self {
      case .folder, .gpx, .parquet: true
      case .zip, .xml, .profile, .fhir: false
      }
    }
  }

  /// How the output is written.
  public struct Options: Sendable {
    /// The format written.
    public var format: Format
    /// Where dates without a UTC offset of their own (a profile's) are written in Apple's format,
    /// and where a profile's date of birth has its midnight: a zone named, or the export's own.
    public var timeZone: TimeZoneChoice
    /// When the conversion runs: the date of a zip archive's entries (on the clocks of the zone
    /// named, else of the machine's, as any zip tool dates them) and a profile's `creationDate`.
    public var now: Timestamp
    /// A profile's `metaData.profileName`; nil for the original library's default.
    public var profileName: String?
    /// What the Parquet tables' `participant` column holds; nil for no such column.
    public var participant: String?
    /// The weight and temperature units of the Parquet `summaries` table.
    public var summaryUnits: UnitPreferences

    /// How a conversion is written.
    /// - Parameters:
    ///   - format: the format written.
    ///   - timeZone: where dates without an offset of their own are written.
    ///   - now: when the conversion runs.
    ///   - profileName: a profile's name; nil for the default.
    ///   - participant: the Parquet tables' `participant`; nil for no such column.
    ///   - summaryUnits: the units of the Parquet `summaries` table.
    public init(
      format: Format, timeZone: TimeZoneChoice, now: Timestamp, profileName: String? = nil,
      participant: String? = nil, summaryUnits: UnitPreferences = .unitedStates
    ) {
      self.format = format
      self.timeZone = timeZone
      self.now = now
      self.profileName = profileName
      self.participant = participant
      self.summaryUnits = summaryUnits
    }
  }

  /// What the run wrote.
  public struct Outcome: Sendable {
    /// The format written.
    public var format: Format
    /// The file or folder written; nil for a sink of bytes.
    public var outputPath: String?
    /// What was written in Apple's format; nil for a profile.
    public var export: AppleExportWriter.Outcome?
    /// What was written as a profile; nil for Apple's format.
    public var profile: ProfileExport.Outcome?
    /// What was written as GPX; nil for the other formats.
    public var tracks: TrackOutcome?
    /// What was written as FHIR; nil for the other formats.
    public var fhir: FHIROutcome?
    /// The Parquet tables written; nil for the other formats.
    public var tables: ParquetTables?
    /// Records of the input left out as unreadable, by reason.
    public var skipped: [Diagnostics.Tally]

    /// One line for standard error.
    public var line: String {
      if let profile { return profile.line }
      if let tracks {
        return tracks.line(path: outputPath) + OutcomeLine.leftOut(dropped: [], skipped: skipped) + "."
      }
      if let fhir {
        return fhir.line(path: outputPath) + OutcomeLine.leftOut(dropped: [], skipped: skipped) + "."
      }
      if let tables {
        var text = "Wrote \(outputPath ?? "the folder") (\(format.displayName)): \(tables.description)"
        text += OutcomeLine.leftOut(dropped: [], skipped: skipped)
        if !tables.summariesLeftOut.isEmpty {
          text += "; " + OutcomeLine.describe(tables.summariesLeftOut, verb: "summarized without")
        }
        return text + "."
      }
      guard let export else { return "" }
      func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
      }
      var text = "Wrote \(outputPath ?? "export.xml to standard output") (\(format.displayName)): "
      text +=
        "export.xml of \(TextOutput.megabytes(export.exportXMLBytes)) with \(count(export.records, "record")), "
      text += "\(count(export.correlations, "correlation")), \(count(export.workouts, "workout")), "
      text += "\(count(export.activitySummaries, "activity summary", "activity summaries")), "
      text += count(export.clinicalRecords, "clinical record")
      for (number, noun, plural) in [
        (export.audiograms, "audiogram", nil), (export.visionPrescriptions, "vision prescription", nil),
        (export.statesOfMind, "state of mind", "states of mind"),
      ] where number > 0 {
        text += ", " + count(number, noun, plural)
      }
      if export.format != .xml {
        text += "; \(count(export.files, "other file"))"
        let kinds = [
          (export.clinicalFiles, "clinical", "clinical"), (export.routeFiles, "workout route", nil),
          (export.electrocardiograms, "ECG", nil),
        ].filter { $0.0 > 0 }
        if !kinds.isEmpty {
          text += " (" + kinds.map { count($0.0, $0.1, $0.2) }.joined(separator: ", ") + ")"
        }
      }
      var notes: [String] = []
      if export.memberCopies > 0 {
        notes.append(
          "\(count(export.memberCopies, "top-level copy", "top-level copies")) of correlation members added")
      }
      if export.recordsMadeForLabResults > 0 {
        notes.append("\(count(export.recordsMadeForLabResults, "clinical record")) made for lab results")
      }
      if export.format == .xml {
        if let note = AppleExportFormat.exportXMLAloneNote(
          clinicalRecords: export.clinicalRecordsLeftOut, routeReferences: export.routeReferencesLeftOut,
          files: export.filesLeftOut, kept: "what the input has")
        {
          notes.append(note)
        }
      } else {
        if let references = AppleExportFormat.referencesLeftOut(
          clinicalRecords: export.clinicalRecordsLeftOut, routeReferences: export.routeReferencesLeftOut)
        {
          notes.append(references + " left out: their files are not in the input")
        }
        if export.filesLeftOut > 0 {
          notes.append("\(count(export.filesLeftOut, "file")) left out (a path outside the export, or taken)")
        }
      }
      for note in notes { text += "; " + note }
      return text + OutcomeLine.leftOut(dropped: [], skipped: skipped) + "."
    }
  }

  /// How the output is written.
  public var options: Options

  /// A conversion.
  /// - Parameter options: how the output is written.
  public init(options: Options) {
    self.options = options
  }

  /// Runs the conversion: reads `source` once and writes every item it holds.
  /// - Parameters:
  ///   - source: the input.
  ///   - destination: where the output goes; a zip archive or a folder (of Parquet tables too)
  ///     needs a file path, export.xml and a profile may go to a stream.
  ///   - diagnostics: collects skipped records; strict diagnostics stop the run.
  /// - Returns: what was written.
  /// - Throws: `OutputError` before reading when the output cannot be placed, and when writing
  ///   fails (nothing is left behind); the input's errors; `StrictModeError`; `ProfileError`.
  public func run(
    source: some HealthInputSource, destination: OutputDestination, diagnostics: Diagnostics
  ) throws -> Outcome {
    if options.format == .gpx {
      let written = try ExportPipeline(destination: destination, diagnostics: diagnostics).run(
        source, filter: WorkoutTrackOutput.filter, into: WorkoutTrackOutput(timeZone: options.timeZone))
      return Outcome(
        format: .gpx, outputPath: destination.path, tracks: TrackOutcome(written),
        skipped: diagnostics.summary)
    }
    if options.format == .fhir {
      // Offsets are written as the records are: the zone is known before they are read.
      let zone = try source.timeZoneBeforeWriting(options.timeZone)
      destination.settle(timeZone: zone)
      let layout: FHIROutput.Layout =
        destination.path.map { $0.lowercased().hasSuffix(".json") } ?? true ? .bundle : .bulk
      let written = try ExportPipeline(destination: destination, diagnostics: diagnostics).run(
        source, filter: FHIRResources.filter,
        into: FHIROutput(layout: layout, timeZone: zone, now: options.now))
      return Outcome(
        format: .fhir, outputPath: destination.path, fhir: FHIROutcome(written, timeZone: zone),
        skipped: diagnostics.summary)
    }
    if options.format == .parquet {
      return try runParquet(source: source, destination: destination, diagnostics: diagnostics)
    }
    guard let format = options.format.appleFormat else {
      let profile = try ProfileExport(
        options: ProfileWriter.Options(
          profileName: options.profileName, creationDate: options.now, timeZone: options.timeZone)
      ).run(source: source, destination: destination, diagnostics: diagnostics)
      return Outcome(
        format: options.format, outputPath: destination.path, profile: profile, skipped: profile.skipped)
    }
    // export.xml's dates keep their own offsets; instants alone (a profile's) are put on the
    // clocks of the export's zone, which is read first where it is not named.
    let zone =
      source.datesCarryOffsets
      ? options.timeZone.provisional : try source.timeZoneBeforeWriting(options.timeZone)
    destination.settle(timeZone: zone)
    let writer = AppleExportOutput(
      format: format, options: AppleExportWriter.Options(timeZone: zone, now: options.now),
      modificationTime: ZipWriter.DOSDateTime(
        civil: CivilDateTime(options.now, in: options.timeZone.provisional)))
    let written = try ExportPipeline(destination: destination, diagnostics: diagnostics).run(
      source, filter: .wholeRecord, into: writer)
    return Outcome(
      format: options.format, outputPath: destination.path, export: written, skipped: diagnostics.summary)
  }

  /// Writes the Parquet tables: the zone is known before the first row (each row names it), so
  /// the export's own is read first, in a pass that delivers nothing, as for the database.
  private func runParquet(
    source: some HealthInputSource, destination: OutputDestination, diagnostics: Diagnostics
  ) throws -> Outcome {
    guard destination.path != nil else {
      throw OutputError.cannotCreate(
        path: "standard output", reason: "Parquet tables are a folder of files; name one with --output")
    }
    try destination.check(form: .folder)
    let zone = try source.timeZoneBeforeWriting(options.timeZone)
    destination.settle(timeZone: zone)
    let writer = ParquetOutput(
      timeZone: zone, participant: options.participant, summaryUnits: options.summaryUnits, now: options.now)
    let tables = try ExportPipeline(destination: destination, diagnostics: diagnostics).run(
      source, filter: ParquetOutput.itemFilter, into: writer)
    return Outcome(
      format: options.format, outputPath: destination.path, tables: tables, skipped: diagnostics.summary)
  }
}

extension ConvertExport {
  /// What GPX for training apps holds.
  public struct TrackOutcome: Sendable {
    /// The files written, relative to the folder, in the order of their workouts.
    public var fileNames: [String]
    /// The points written.
    public var points: Int
    /// The points with a heart rate recorded within five seconds.
    public var pointsWithHeartRate: Int
    /// Workouts with a route none of whose points the input holds.
    public var workoutsWithoutPoints: Int
    /// The zone the files are named in.
    public var timeZone: TimeZone

    init(_ outcome: WorkoutTrackOutput.Outcome) {
      fileNames = outcome.fileNames
      points = outcome.points
      pointsWithHeartRate = outcome.pointsWithHeartRate
      workoutsWithoutPoints = outcome.workoutsWithoutPoints
      timeZone = outcome.timeZone
    }

    /// The summary line without its skipped records and its full stop.
    func line(path: String?) -> String {
      let files = fileNames.count
      var text =
        "Wrote \(path ?? "GPX") (GPX folder): \(files) workout \(files == 1 ? "track" : "tracks") of \(points) "
        + "\(points == 1 ? "point" : "points"), \(pointsWithHeartRate) with a heart rate; files named in "
        + timeZone.identifier
      if workoutsWithoutPoints > 0 {
        text +=
          "; \(workoutsWithoutPoints) \(workoutsWithoutPoints == 1 ? "workout" : "workouts") left out, "
          + "no point of \(workoutsWithoutPoints == 1 ? "its" : "their") route in the input"
      }
      return text
    }
  }
}

extension ConvertExport {
  /// What FHIR R4 holds.
  public struct FHIROutcome: Sendable {
    /// Whether it is a Bundle (else NDJSON files in a folder).
    public var isBundle: Bool
    /// Resources written, by type.
    public var resources: [String: Int]
    /// What was left out, by reason.
    public var leftOut: [String: Int]
    /// Records of types with no FHIR form, by type.
    public var unmappedTypes: [String: Int]
    /// The zone of the dates' offsets and of the days of steps.
    public var timeZone: TimeZone

    init(_ outcome: FHIROutput.Outcome, timeZone: TimeZone) {
      isBundle = outcome.layout == .bundle
      resources = outcome.written
      leftOut = outcome.leftOut
      unmappedTypes = outcome.unmappedTypes
      self.timeZone = timeZone
    }

    /// The summary line without its skipped records and its full stop.
    func line(path: String?) -> String {
      let total = resources.values.reduce(0, +)
      var text =
        (path.map { "Wrote \($0) (FHIR R4 \(isBundle ? "Bundle" : "NDJSON, a file per resource type")): " }
          ?? "Wrote a FHIR R4 Bundle to standard output: ")
        + "\(total) \(total == 1 ? "resource" : "resources") ("
        + resources.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        .map { "\($0.value) \($0.key)" }.joined(separator: ", ") + "), dates in \(timeZone.identifier)"
      let unmapped = unmappedTypes.values.reduce(0, +)
      var notes: [String] = []
      if unmapped > 0 {
        notes.append(
          "\(unmapped) \(unmapped == 1 ? "record" : "records") of \(unmappedTypes.count) "
            + "\(unmappedTypes.count == 1 ? "type" : "types") with no FHIR form")
      }
      notes += leftOut.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        .map { "\($0.value) × \($0.key)" }
      if !notes.isEmpty { text += "; left out: " + notes.joined(separator: ", ") }
      return text
    }
  }
}
