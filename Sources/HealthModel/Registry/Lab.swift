/// A laboratory test read from clinical records, matched by its LOINC code.
public struct Lab: Hashable, Sendable {
  /// The name in the CSV's Metric column (`Hemoglobin A1C`).
  public var name: String
  /// The registry's LOINC code (`4548-4`).
  public var loinc: String
  /// Related LOINC codes under which laboratories report the same analyte; a record carrying one
  /// of them is written under this lab, with the code it carries.
  public var alternativeCodes: [String]
  /// The panel that selects the lab with `--labs`.
  public var panel: LabPanel
  /// Decimal places written.
  public var decimals: Int
  /// Whether the registry lists it; a lab chosen by a code the registry does not know is named
  /// by each record (its `code.text`, else the code).
  public var isInRegistry: Bool

  /// A lab, as the registry lists it.
  public init(
    name: String, loinc: String, alternativeCodes: [String] = [], panel: LabPanel, decimals: Int,
    isInRegistry: Bool = true
  ) {
    self.name = name
    self.loinc = loinc
    self.alternativeCodes = alternativeCodes
    self.panel = panel
    self.decimals = decimals
    self.isInRegistry = isInRegistry
  }

  /// The lab of a LOINC code the registry does not know: its rows are named by the record's
  /// `code.text` (else the code) and written with `MetricRegistry.unknownLabDecimals` places.
  public static func outsideRegistry(loinc: String) -> Lab {
    Lab(
      name: loinc, loinc: loinc, panel: .other, decimals: MetricRegistry.unknownLabDecimals,
      isInRegistry: false)
  }

  /// The name of a result's rows: the registry's name, else the record's `code.text`, else the
  /// code.
  public func rowName(of result: LabResult) -> String {
    isInRegistry ? name : result.displayName ?? result.loinc
  }

  /// Every code that selects this lab, the registry's first.
  public var allCodes: [String] { [loinc] + alternativeCodes }

  /// How a result of this lab is written: as reported, with the lab's decimal places.
  package func writtenValue(of value: Double) -> WrittenValue {
    WrittenValue(value, decimals: decimals)
  }
}

/// A group of labs selected together with `--labs`.
public enum LabPanel: String, Hashable, Sendable, CaseIterable {
  case lipid
  case cbc
  case cmp
  case thyroid
  case other

  /// The name on the command line (`lipid`).
  public var optionName: String { rawValue }

  /// The name people know it by.
  public var displayName: String {
    switch self {
    case .lipid: "Lipid panel"
    case .cbc: "CBC"
    case .cmp: "CMP / BMP"
    case .thyroid: "Thyroid"
    case .other: "Other"
    }
  }
}
