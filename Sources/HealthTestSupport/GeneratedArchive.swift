import Foundation
package import HealthArchive
import HealthModel
import HealthSampleGenerator

/// A generated export written as a zip archive, and the items its reader hands on: the input of
/// tests that compare what a job makes of an archive with what it makes of the same items.
package struct GeneratedArchive: Sendable {
  /// The archive's path.
  package let path: String
  /// The health XML inside it.
  package let xml: [UInt8]
  /// Every item the archive gives with the filter asked for, in order.
  package let items: [HealthItem]

  /// The health XML of `days` of a generated export, in memory.
  package static func xml(days: Int) throws -> [UInt8] {
    try StreamBytes.all(of: SampleExport(configuration: SampleConfiguration(days: days)).exportXML())
  }

  /// Writes `days` of a generated export to `path` and reads it back with `filter`.
  package init(days: Int, at path: String, filter: ItemFilter = .everything) throws {
    let export = try SampleExport(configuration: SampleConfiguration(days: days))
    try SampleExportWriter.write(export, to: path, format: .zip, overwrites: false)
    self.path = path
    xml = try StreamBytes.all(of: export.exportXML())
    var items: [HealthItem] = []
    try HealthInput.open(path: path).readItems(filter: filter, diagnostics: Diagnostics()) { item, _ in
      items.append(item)
    }
    self.items = items
  }
}
