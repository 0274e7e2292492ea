package import Foundation
package import HealthModel

/// The pieces of the line every job's outcome ends its run with: the zone, and what was left out.
package enum OutcomeLine {
  /// ` (time zone Europe/Berlin)`: the zone a line's days and local dates are in; after what
  /// `note` says of the output where there is a note: ` (PDF, printed by …; time zone Europe/Berlin)`.
  package static func zoneNote(_ timeZone: TimeZone, after note: String? = nil) -> String {
    " (" + (note.map { $0 + "; " } ?? "") + "time zone \(timeZone.displayName))"
  }

  /// What a run left out, as its line ends: `; left out 1 Blood Glucose under 20 mg/dL;
  /// skipped 2 records: …; read after repair 1 record: …`, or nothing.
  package static func leftOut(dropped: [Diagnostics.Tally], skipped: [Diagnostics.Tally]) -> String {
    var text = ""
    if !dropped.isEmpty {
      text += "; left out " + dropped.map { "\($0.count) \($0.reason)" }.joined(separator: ", ")
    }
    let skippedTallies = skipped.filter { $0.kind != .repaired }
    let repairedTallies = skipped.filter { $0.kind == .repaired }
    if !skippedTallies.isEmpty {
      text += "; " + describe(skippedTallies, verb: "skipped")
    }
    if !repairedTallies.isEmpty {
      text += "; " + describe(repairedTallies, verb: "read after repair")
    }
    return text
  }

  /// `skipped 3 records: 2 × reason (first at …), 1 × reason (…)`.
  package static func describe(_ tallies: [Diagnostics.Tally], verb: String) -> String {
    let total = tallies.reduce(0) { $0 + $1.count }
    var text = "\(verb) \(total) \(total == 1 ? "record" : "records"): "
    text += tallies.map { tally in
      var part = "\(tally.count) × \(tally.reason)"
      if let location = tally.firstLocation { part += " (first at \(location))" }
      return part
    }.joined(separator: ", ")
    return text
  }
}
