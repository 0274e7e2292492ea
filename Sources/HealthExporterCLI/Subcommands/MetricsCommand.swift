import HealthExport
import HealthModel

/// `health-exporter metrics`: the registries, as a table.
enum MetricsCommand: Subcommand {
  static let name = "metrics"
  static let abstract = "List the metrics, vitals, lab panels and LOINC codes that can be exported."
  static let usageArguments = ""
  static let arguments: [(name: String, help: String)] = []
  static let options: [OptionDefinition] = []

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    if let extra = arguments.positionals.first {
      throw usageError(.unexpectedArgument(extra))
    }
    try context.output.print(table(MetricRegistry.standard))
    return .success
  }

  /// The registries as text: one section per registry, names as `--metrics`, `--vitals` and
  /// `--labs` take them.
  static func table(_ registry: MetricRegistry) -> String {
    var lines: [String] = []
    func row(_ columns: [String], widths: [Int]) {
      var line = "  "
      for (index, column) in columns.enumerated() {
        line += index < widths.count ? column.padding(toLength: widths[index]) : column
      }
      while line.hasSuffix(" ") { line.removeLast() }
      lines.append(line)
    }
    func unitText(_ choice: UnitChoice) -> String {
      switch choice {
      case .fixed(let unit): unit.label
      case .weight: "lbs or kg"
      case .temperature: "°F or °C"
      case .length: "in or cm"
      }
    }
    let widths = [24, 32, 13]

    lines.append(
      "BASE METRICS (--metrics; default: \(registry.baseMetrics.filter(\.isSelectedByDefault).map(\.optionName).joined(separator: ",")))"
    )
    row(["NAME", "CSV METRIC", "UNIT", "DECIMALS"], widths: widths)
    for metric in registry.baseMetrics {
      row(
        [
          metric.optionName, metric.measure.name, unitText(metric.measure.unit), "\(metric.measure.decimals)",
        ],
        widths: widths)
    }
    lines.append("")
    lines.append("VITALS (--vitals; all; default: none)")
    row(["NAME", "CSV METRIC", "UNIT", "DECIMALS"], widths: widths)
    for vital in registry.vitals {
      for (index, component) in vital.components.enumerated() {
        row(
          [
            index == 0 ? vital.optionName : "", component.name, unitText(component.unit),
            "\(component.decimals)",
          ],
          widths: widths)
      }
    }
    lines.append("")
    lines.append("LABS (--labs: panels and/or LOINC codes; all; default: none)")
    row(["PANEL", "CSV METRIC", "LOINC", "DECIMALS", "ALSO MATCHES"], widths: widths + [10])
    for panel in LabPanel.allCases {
      for (index, lab) in registry.labs(in: panel).enumerated() {
        row(
          [
            index == 0 ? "\(panel.optionName) (\(panel.displayName))" : "", lab.name, lab.loinc,
            "\(lab.decimals)",
            lab.alternativeCodes.joined(separator: ", "),
          ],
          widths: widths + [10])
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
