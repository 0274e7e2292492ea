import Foundation
import HealthArchive
import HealthModel

extension DatabaseDiff.Difference {
  /// The text `diff` prints: per record type the readings added and removed with the span of
  /// their starts, then workouts, correlations and clinical records (by their receipt).
  public var text: String {
    if isEmpty {
      return "No changes between \(oldName) and \(newName): the same \(unchanged) readings.\n"
    }
    var dates = DateText(timeZone: timeZone)
    func describe(_ change: DatabaseDiff.Change) -> String {
      func side(_ count: Int, _ span: ClosedRange<Int64>?, _ verb: String) -> String {
        guard count > 0, let span else { return "none \(verb)" }
        let first = dates.text(Timestamp(secondsSince1970: span.lowerBound))
        let last = dates.text(Timestamp(secondsSince1970: span.upperBound))
        return "\(count) \(verb) (" + (first == last ? first : "\(first) to \(last)") + ")"
      }
      if change.added == 0 && change.removed == 0 { return "none added or removed" }
      return side(change.added, change.addedSpan, "added") + ", "
        + side(change.removed, change.removedSpan, "removed")
    }
    var lines = ["Changes from \(oldName) to \(newName) (dates in \(timeZone.identifier)):"]
    lines.append(records.isEmpty ? "Records: none added or removed" : "Records:")
    for (type, change) in records.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
      lines.append("  \(type): " + describe(change))
    }
    lines.append("Workouts: " + describe(workouts))
    lines.append("Correlations: " + describe(correlations))
    lines.append("Clinical records: " + describe(clinicalRecords))
    lines.append("\(unchanged) readings alike.")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The JSON `diff --json` prints (docs/database.md): `added` and `removed` by record type,
  /// `spans` of each type's added and removed readings as `[FIRST, LAST]` dates, and the counts
  /// of workouts, correlations and clinical records; on one line.
  public var json: String {
    var dates = DateText(timeZone: timeZone)
    var out: [UInt8] = []
    func append(_ text: String) { out.append(contentsOf: text.utf8) }
    let types = records.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
    func counts(_ key: KeyPath<DatabaseDiff.Change, Int>) {
      append("{")
      var first = true
      for (type, change) in types where change[keyPath: key] > 0 {
        if !first { append(",") }
        first = false
        JSONStringEscaping.appendQuoted(type, to: &out)
        append(":\(change[keyPath: key])")
      }
      append("}")
    }
    func span(_ range: ClosedRange<Int64>) -> String {
      "[\"\(dates.text(Timestamp(secondsSince1970: range.lowerBound)))\",\"\(dates.text(Timestamp(secondsSince1970: range.upperBound)))\"]"
    }
    append("{\"added\":")
    counts(\.added)
    append(",\"removed\":")
    counts(\.removed)
    append(",\"spans\":{")
    for (index, (type, change)) in types.enumerated() {
      if index > 0 { append(",") }
      JSONStringEscaping.appendQuoted(type, to: &out)
      var sides: [String] = []
      if let added = change.addedSpan { sides.append("\"added\":" + span(added)) }
      if let removed = change.removedSpan { sides.append("\"removed\":" + span(removed)) }
      append(":{" + sides.joined(separator: ",") + "}")
    }
    append("}")
    for (name, change) in [
      ("workouts", workouts), ("correlations", correlations), ("clinical_records", clinicalRecords),
    ] {
      append(",\"\(name)\":{\"added\":\(change.added),\"removed\":\(change.removed)}")
    }
    append("}\n")
    return String(decoding: out, as: UTF8.self)
  }
}
