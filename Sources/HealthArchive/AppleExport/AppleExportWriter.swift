package import Foundation
package import HealthModel
import SystemShim

/// Writes the items of any input (an export, a JSON profile, the generator, an app) as an export
/// in Apple's format, into an `AppleExportArchive`: export.xml with an element for every item
/// (`ExportXMLWriter`), and the files beside it that the items carry.
///
/// - Dates keep the UTC offset the input wrote them with where it wrote one; others (a
///   profile's milliseconds) are written on the clocks of `Options.timeZone`, each with that
///   zone's offset at its date.
/// - `HealthData`'s locale is the input's (read once the first item has come), else
///   `Options.defaultLocale`.
/// - Clinical records: a record that comes with its FHIR resource (`ClinicalRecord.resource`)
///   gets its file as the input had it. A lab result that comes without its record's file (a
///   profile keeps lab results, not FHIR files) is written as an R4 Observation in the file of the
///   clinical record it was read from (`LabResult.resourceFilePath`); one that names none, in the
///   first Observation record of its source still without a file; else in a `ClinicalRecord` made
///   for it. So the archive gives the same lab results back, in the same order.
/// - Route points (`routePoints`, after their workout) become the GPX file their path names, in
///   `workout-routes/`; ECG recordings their CSV file in `electrocardiograms/`.
/// - export.xml names only files the output holds: a workout waits for its route points, and its
///   routes keep the `FileReference`s whose file was written (a route without any stays, as the
///   DTD allows); a `ClinicalRecord`, whose `resourceFilePath` the DTD requires, is written once
///   its file is, else left out. So export.xml alone names no file, and a profile's routes, which
///   carry no points, name none.
public final class AppleExportWriter {
  /// How items become Apple's format.
  public struct Options: Sendable {
    /// Where dates without an offset of their own are written.
    package var timeZone: TimeZone
    /// `HealthData`'s locale when the input names none.
    public var defaultLocale: String
    /// The export's time in route files (`metadata`'s `time`) when the input has no `ExportDate`.
    package var now: Timestamp?

    package init(timeZone: TimeZone, defaultLocale: String = "en_US", now: Timestamp? = nil) {
      self.timeZone = timeZone
      self.defaultLocale = defaultLocale
      self.now = now
    }
  }

  /// What was written.
  public struct Outcome: Hashable, Sendable {
    /// What was written: a zip archive, a folder or export.xml alone.
    public var format: AppleExportFormat
    /// The size of export.xml, in bytes.
    public var exportXMLBytes = 0
    /// Top-level records, the copies of correlation members included.
    public var records = 0
    /// How many correlations were written.
    public var correlations = 0
    /// How many workouts were written.
    public var workouts = 0
    /// How many activity summaries were written.
    public var activitySummaries = 0
    /// `ClinicalRecord` elements, those made for lab results included.
    public var clinicalRecords = 0
    /// How many audiograms were written.
    public var audiograms = 0
    /// How many vision prescriptions were written.
    public var visionPrescriptions = 0
    /// How many states of mind were written.
    public var statesOfMind = 0
    /// GPX files written in `workout-routes/`.
    public var routeFiles = 0
    /// CSV files written in `electrocardiograms/`.
    public var electrocardiograms = 0
    /// FHIR files written in `clinical-records/`.
    public var clinicalFiles = 0
    /// Top-level copies of correlation members that the input did not repeat.
    public var memberCopies = 0
    /// `ClinicalRecord`s made for lab results that came without any.
    public var recordsMadeForLabResults = 0
    /// Files written beside export.xml.
    public var files = 0
    /// Files not written (see `AppleExportArchive.filesLeftOut`).
    public var filesLeftOut = 0
    /// `ClinicalRecord`s of the input left out because their file is not written: the input has
    /// no content for it, its path leaves the export, or the output is export.xml alone.
    public var clinicalRecordsLeftOut = 0
    /// Routes' `FileReference`s left out because their file is not written (the route itself is
    /// kept): the input has no points for it, or the output is export.xml alone.
    public var routeReferencesLeftOut = 0

    /// Nothing written yet, in `format`.
    public init(format: AppleExportFormat) {
      self.format = format
    }
  }

  let options: Options
  let archive: AppleExportArchive
  var xml: ExportXMLWriter
  var summary: Outcome
  private var hasHeader = false
  var clinical = ClinicalFiles()
  /// The route file being written: its path and what is written of it.
  var route: (path: String, gpx: GPXWriter)?
  /// The workout whose routes' files are being written: it is written once they are, naming
  /// those the archive holds.
  var pendingWorkout: Workout?
  /// The input's `ExportDate`, once it has come.
  var exportDate: Timestamp?

  /// How many bytes are gathered before they are handed to the archive.
  private static let chunkSize = 1 << 20

  /// - Parameters:
  ///   - archive: where the export goes.
  ///   - options: the dates' time zone and the default locale.
  package init(archive: AppleExportArchive, options: Options) {
    self.archive = archive
    self.options = options
    xml = ExportXMLWriter(dates: .timeZone(options.timeZone))
    summary = Outcome(format: archive.format)
  }

  /// Writes export.xml from the items `read` hands over, and the files they carry, then ends the
  /// archive.
  /// - Parameters:
  ///   - locale: the input's locale, asked once the first item has come (or at the end).
  ///   - read: reads the input, handing each item to the function it is given.
  /// - Returns: what was written.
  /// - Throws: `OutputError` when writing fails; what `read` throws.
  package func write(
    locale: @escaping () -> String?, reading read: (_ add: (HealthItem) throws -> Void) throws -> Void
  ) throws -> Outcome {
    summary.exportXMLBytes = try archive.writeExportXML { sink in
      try read { item in
        if !hasHeader { writeHeader(locale: locale()) }
        try add(item)
        if xml.out.bytes.count >= Self.chunkSize { try flush(sink) }
      }
      if !hasHeader { writeHeader(locale: locale()) }
      try finishRouteFile()
      writePendingWorkout()
      try finishClinicalRecords()
      let copies = xml.members.uncopiedCount
      xml.writeFooter()
      summary.memberCopies = copies
      summary.records += copies
      try flush(sink)
    }
    try archive.finish()
    summary.files = archive.filePaths.count
    summary.filesLeftOut = archive.filesLeftOut
    return summary
  }

  private func writeHeader(locale: String?) {
    hasHeader = true
    xml.writeHeader(locale: locale ?? options.defaultLocale)
  }

  /// Writes one item.
  private func add(_ item: HealthItem) throws {
    if case .routePoints(let points) = item {
      try addRoutePoints(points)
      return
    }
    try finishRouteFile()
    writePendingWorkout()
    switch item {
    case .workout(let workout) where workout.routes.contains(where: { !$0.filePaths.isEmpty }):
      summary.workouts += 1
      pendingWorkout = workout
      return
    case .labResult(let result):
      try addLabResult(result)
      return
    case .clinicalRecord(let record):
      try addClinicalRecord(record)
      return
    case .electrocardiogram(let recording):
      try addElectrocardiogram(recording)
      return
    case .sample: summary.records += 1
    case .correlation: summary.correlations += 1
    case .workout: summary.workouts += 1
    case .activitySummary: summary.activitySummaries += 1
    case .audiogram: summary.audiograms += 1
    case .visionPrescription: summary.visionPrescriptions += 1
    case .stateOfMind: summary.statesOfMind += 1
    case .exportDate(let date): exportDate = date
    case .characteristics, .routePoints: break
    }
    xml.write(item)
  }

  private func flush(_ sink: ByteSink) throws {
    try sink.write(xml.out.bytes)
    xml.out.removeAll()
  }
}
