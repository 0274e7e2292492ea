/// A laboratory test read from clinical records, matched by its LOINC code.
public struct Lab: Hashable, Sendable {
  /// The name in the CSV's Metric column (`Hemoglobin A1C`).
  public var name: String
  /// The registry's LOINC code (`4548-4`).
  public var loinc: String
  /// Related LOINC codes under which laboratories report the same analyte; a record carrying one
  /// of them is written under this lab, with the code it carries.
  public var alternativeCodes: [String]
  public var panel: LabPanel
  /// Decimal places written.
  public var decimals: Int

  public init(
    name: String, loinc: String, alternativeCodes: [String] = [], panel: LabPanel, decimals: Int
  ) {
    self.name = name
    self.loinc = loinc
    self.alternativeCodes = alternativeCodes
    self.panel = panel
    self.decimals = decimals
  }

  /// Every code that selects this lab, the registry's first.
  public var allCodes: [String] { [loinc] + alternativeCodes }

  /// How a result of this lab is written: as reported, with the lab's decimal places.
  public func writtenValue(of value: Double) -> WrittenValue {
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
