package import Foundation
package import HealthModel

/// What a selection kept of an input, whatever writes it: its blocks of rows, each sorted as
/// chosen, and the readings a rule left out.
package struct SelectedRows {
  /// The blocks in the order they are written (blocks with no rows included).
  package var blocks: [RowBlock]
  /// Readings left out by a rule rather than a fault (blood glucose under 20 mg/dL), by reason.
  package var dropped: [Diagnostics.Tally]
  /// The zone the rows' dates are reckoned and written in: the one named, or the export's own.
  package var timeZone: TimeZone

  /// Rows in all.
  package var rowCount: Int { blocks.reduce(0) { $0 + $1.rowCount } }
}
