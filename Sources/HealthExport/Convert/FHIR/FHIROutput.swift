import Foundation
import HealthArchive
import HealthModel

/// FHIR R4 as an output of the pipeline: a `Bundle` of type `collection` (a `.json` file, or
/// standard output), or FHIR Bulk Data's NDJSON files, one per resource type, in a folder. The
/// input is read once, its resources written as they are made (`FHIRResources`); the days' steps
/// and, where nothing came before them, the patient are written at the end.
struct FHIROutput: ExportWriter {
  /// A Bundle or a folder of NDJSON files.
  enum Layout: Sendable {
    case bundle
    case bulk
  }

  var layout: Layout
  /// The zone of the dates' offsets and of the days of steps.
  var timeZone: TimeZone
  /// When the output is made: the Bundle's timestamp.
  var now: Timestamp

  /// What was written.
  struct Outcome: Sendable {
    var layout: Layout
    /// Resources written, by type.
    var written: [String: Int]
    /// What was left out, by reason.
    var leftOut: [String: Int]
    /// Records of types with no FHIR form, by type.
    var unmappedTypes: [String: Int]
  }

  var outputForm: TemporaryOutput.Form? { layout == .bulk ? .folder : nil }

  func write(_ items: HealthItems, to destination: OutputDestination) throws -> Outcome {
    switch layout {
    case .bundle:
      return try destination.write { sink in
        let timestamp = now.iso8601UTCText().replacingOccurrences(of: ".000", with: "")
        let emitter = FHIRBundleEmitter(
          id: FHIRIdentifier.uuid(
            "Bundle|\(items.source.contentName.split(separator: "/").last ?? "")|\(timestamp)"),
          timestamp: timestamp,
          sink: sink)
        let resources = try read(items, into: emitter)
        try emitter.finish()
        return resources
      }
    case .bulk:
      return try destination.writeFile(form: .folder) { temporaryPath in
        let emitter = FHIRBulkEmitter(folder: temporaryPath)
        do {
          let resources = try read(items, into: emitter)
          try emitter.finish()
          return resources
        } catch {
          emitter.discard()
          throw error
        }
      }
    }
  }

  private func read(_ items: HealthItems, into emitter: any FHIREmitter) throws -> Outcome {
    var resources = FHIRResources(emitter: emitter, timeZone: timeZone, now: now)
    try items.read { item, location in try resources.add(item, at: location) }
    try resources.finish()
    return Outcome(
      layout: layout, written: resources.written, leftOut: resources.leftOut,
      unmappedTypes: resources.unmappedTypes)
  }
}
