package import HealthModel

/// One block of selected rows, in the order an export writes them: a series of one measure, or
/// every selected lab together.
package enum RowBlock {
  /// A base metric or vital component, its unit resolved.
  case measure(Measure, unit: CSVUnit, rows: MeasureRows)
  /// Every selected lab, one block.
  case labs([LabRow])

  /// The name the summary gives the block.
  package var name: String {
    switch self {
    case .measure(let measure, _, _): measure.name
    case .labs: "Labs"
    }
  }

  package var rowCount: Int {
    switch self {
    case .measure(_, _, let rows): rows.count
    case .labs(let rows): rows.count
    }
  }
}
