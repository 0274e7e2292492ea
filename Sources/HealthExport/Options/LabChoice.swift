package import HealthModel

/// The labs chosen: every lab, or lab panels and single LOINC codes (their union).
package struct LabChoice: Hashable, Sendable {
  /// Every lab of the registry.
  package var isAll: Bool
  /// Whole panels, in registry order.
  package var panels: [LabPanel]
  /// Single labs by LOINC code, as typed: a code the registry knows (its own or a related one)
  /// chooses its lab; any other chooses the results that carry it.
  package var codes: [String]

  package init(isAll: Bool = false, panels: [LabPanel] = [], codes: [String] = []) {
    self.isAll = isAll
    self.panels = panels
    self.codes = codes
  }

  /// No lab.
  package static let none = LabChoice()
  /// Every lab.
  package static let all = LabChoice(isAll: true)

  /// Whether no lab is chosen.
  package var isEmpty: Bool { !isAll && panels.isEmpty && codes.isEmpty }

  /// The labs chosen, each once: the registry's in registry order, then the codes it does not
  /// know, as typed.
  package func labs(in registry: MetricRegistry) -> [Lab] {
    if isAll { return registry.labs }
    var selected = Set(panels.flatMap { registry.labs(in: $0).map(\.loinc) })
    var outside: [Lab] = []
    for code in codes {
      if let lab = registry.lab(forCode: code) {
        selected.insert(lab.loinc)
      } else if !outside.contains(where: { $0.loinc == code }) {
        outside.append(.outsideRegistry(loinc: code))
      }
    }
    return registry.labs.filter { selected.contains($0.loinc) } + outside
  }

  /// How `--labs` takes it: `all`, `none`, or panels and codes (`lipid,4548-4`).
  package var text: String {
    if isAll { return "all" }
    if isEmpty { return "none" }
    return (panels.map(\.optionName) + codes).joined(separator: ",")
  }

  /// Whether `text` has the shape of a LOINC code: one to seven digits, a hyphen, a check digit.
  package static func isLOINCCode(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    return parts.count == 2 && (1...7).contains(parts[0].count) && parts[1].count == 1
      && parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
  }
}
