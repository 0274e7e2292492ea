package import Foundation
package import HealthArchive
package import HealthModel

extension HealthInputSource {
  /// Whether its dates carry the UTC offset they were written with (export.xml's do), so that a
  /// writer can copy them before it knows the job's zone; a profile's and an app's items' are
  /// instants only, which a writer of Apple's format or of the database puts on the zone's clocks.
  package var datesCarryOffsets: Bool {
    switch shape {
    case .zipArchive, .folder, .xmlFile, .generated, .database: true
    case .profile, .items: false
    }
  }

  /// The zone `choice` gives for this input before its items are written: the one named, or for
  /// the export's own zone, the one its samples name, read in a first pass over it that delivers
  /// nothing (an app's items are gone through twice, and the second pass must give as many). For
  /// writers that put dates on the zone's clocks as they read (`datesCarryOffsets` false).
  /// - Throws: the input's errors.
  package func timeZoneBeforeWriting(_ choice: TimeZoneChoice) throws -> TimeZone {
    guard case .export = choice else { return choice.provisional }
    var nothing = ItemFilter.nothing
    nothing.readsInParallel = true
    try readItems(filter: nothing, diagnostics: Diagnostics()) { _, _ in }
    var input: any HealthInputSource = self
    while let forwarding = input as? any ForwardingSource { input = forwarding.base }
    (input as? any RepeatedItemReading)?.expectSamePassAgain()
    return timeZone(choice)
  }

  /// The zone `choice` gives once the items are read: the one named, or the one its samples name
  /// most (`ExportHeader.timeZones`), else the fallback.
  package func timeZone(_ choice: TimeZoneChoice) -> TimeZone {
    choice.resolved(by: header.timeZones)
  }
}
