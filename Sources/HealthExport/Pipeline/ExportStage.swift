package import Foundation
package import HealthArchive
package import HealthModel

/// What keeps, of the items an input yields, what one writer needs: the CSV's selected rows (the
/// row collector), the summaries' intervals.
///
/// `ExportPipeline` asks for its filter, hands it the items the filter lets through in input
/// order, then asks for what it kept, in the time zone of the job (the one named, or the one the
/// input's samples name, known only once they are read), and gives that to the writer.
package protocol ExportStage {
  /// What it keeps, ready for its writer.
  associatedtype Output

  /// The items it needs; readers pass over the rest without decoding them.
  var itemFilter: ItemFilter { get }

  /// Takes one item of the input.
  /// - Throws: `StrictModeError` in strict mode for an item it cannot use.
  mutating func add(_ item: HealthItem, at location: SourceLocation) throws

  /// Ends the input.
  /// - Parameter timeZone: where local dates are reckoned, now that the input is read.
  /// - Returns: what was kept.
  /// - Throws: as `add(_:at:)`.
  mutating func finish(timeZone: TimeZone) throws -> Output
}
