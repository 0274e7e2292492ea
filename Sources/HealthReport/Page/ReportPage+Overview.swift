import HealthExport

extension ReportPage {
  /// What the export holds: the span of its records, the range's records by source (with
  /// their devices) and by kind.
  mutating func overview() {
    let overview = data.overview
    openSection("overview", title: "What the record holds")
    raw("<dl class=\"facts\">")
    if let first = overview.firstRecord, let last = overview.lastRecord {
      fact("Records in the export", "\(format.date(first)) to \(format.date(last))")
    }
    if let exported = overview.exportDate { fact("Exported", format.date(exported)) }
    fact("Records in this report", "\(overview.recordsInRange)")
    if overview.correlations > 0 { fact("Correlations", "\(overview.correlations)") }
    if overview.workouts > 0 { fact("Workouts", "\(overview.workouts)") }
    if overview.labResults > 0 { fact("Lab results", "\(overview.labResults)") }
    if overview.clinicalRecords > 0 { fact("Clinical records (all dates)", "\(overview.clinicalRecords)") }
    raw("</dl>")
    if !overview.sources.isEmpty {
      element("h3", "Devices and apps")
      var table = DataTable(summary: "", headers: ["Source", "Devices", "Records"], numericColumns: [2])
      table.rows = overview.sources.map { [$0.name, $0.devices.joined(separator: "; "), "\($0.records)"] }
      plainTable(table, id: "sources")
    }
    if !overview.kinds.isEmpty {
      element("h3", "Records by kind")
      var table = DataTable(summary: "", headers: ["Kind", "HealthKit type", "Records"], numericColumns: [2])
      table.rows = overview.kinds.map { [$0.name, $0.type, "\($0.records)"] }
      plainTable(table, id: "kinds")
    }
    closeSection()
  }

  private mutating func fact(_ term: String, _ value: String) {
    element("dt", term)
    element("dd", value)
  }

  /// A table shown as it is, not behind a summary.
  private mutating func plainTable(_ table: DataTable, id: String) {
    raw(table.table(chart: id, plain: true))
  }
}
