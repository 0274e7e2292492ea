import Foundation
import HealthArchive
package import HealthModel

extension ExportInspection {
  /// The inspection as a readable table; dates are local days in the zone `choice` gives, which
  /// it names, saying where it comes from.
  package func text(timeZone choice: TimeZoneChoice) -> String {
    let timeZone = choice.resolved(by: timeZones)
    var lines: [String] = []
    func row(_ columns: [String], _ widths: [Int]) {
      var line = "  "
      for (index, column) in columns.enumerated() {
        line += index < widths.count ? column.padded(to: widths[index]) : column
      }
      while line.hasSuffix(" ") { line.removeLast() }
      lines.append(line)
    }
    func day(_ date: Timestamp) -> String { CivilDateTime(date, in: timeZone).dayText }
    func section(_ title: String, _ counts: [Count], width: Int = 48) {
      lines.append("")
      lines.append(counts.isEmpty ? "\(title): none" : title)
      for count in counts { row([count.name, "\(count.count)"], [width]) }
    }

    lines.append("Input           \(input) (\(shape.rawValue))")
    lines.append(
      (shape == .profile ? "Profile         " : shape == .database ? "Database        " : "Health XML      ")
        + healthXML)
    if let exportDate {
      // The local civil time, written as if it were UTC.
      let local = CivilDateTime(exportDate, in: timeZone).secondsSince1970
      let text = DateFormat.standard.string(secondsSince1970: local, offset: 0)
      lines.append("Exported        \(text) (\(timeZone.displayName))")
    } else {
      lines.append("Exported        unknown (no ExportDate)")
    }
    lines.append("Locale          \(locale ?? "unknown")")
    lines.append("Export version  \(exportVersion.map(String.init) ?? "none (no DOCTYPE version comment)")")
    lines.append("Time zone       \(timeZone.displayName) (\(zoneOrigin(choice)))")

    lines.append("")
    if recordTypes.isEmpty {
      lines.append("RECORDS: none")
    } else {
      lines.append("RECORDS (\(recordCount) of \(recordTypes.count) types)")
      let width = max(48, (recordTypes.map(\.type.count).max() ?? 0) + 2)
      row(["TYPE", "COUNT", "FIRST", "LAST"], [width, 10, 12])
      for type in recordTypes {
        row([type.type, "\(type.count)", day(type.firstStart), day(type.lastStart)], [width, 10, 12])
      }
    }
    section("SOURCES", sources)
    section("CORRELATIONS", correlations)
    section("WORKOUTS", workouts)
    lines.append("")
    lines.append(
      "ROUTES          \(workoutRoutes) WorkoutRoute elements, \(routeFiles.count) GPX files in workout-routes/"
    )
    lines.append(
      "ECG FILES       \(electrocardiogramFiles.count) in electrocardiograms/\(electrocardiogramFiles.isEmpty ? "" : ": " + electrocardiogramFiles.joined(separator: ", "))"
    )
    lines.append("ACTIVITY DAYS   \(activitySummaries) ActivitySummary elements")
    lines.append("")
    if clinicalRecords.isEmpty {
      lines.append("CLINICAL RECORDS: none")
    } else {
      lines.append("CLINICAL RECORDS")
      row(["RESOURCE TYPE", "FHIR", "COUNT"], [24, 10])
      for record in clinicalRecords {
        row([record.resourceType, record.fhirVersion, "\(record.count)"], [24, 10])
      }
    }
    section("OTHER ELEMENTS", otherElements)
    lines.append("")
    if diagnostics.isEmpty {
      lines.append("DIAGNOSTICS: none")
    } else {
      lines.append("DIAGNOSTICS (\(diagnostics.count))")
      var currentFile: String?
      for diagnostic in diagnostics {
        let kind = diagnostic.kind == .repaired ? "repaired" : "skipped"
        guard let location = diagnostic.location else {
          lines.append("  \(kind): \(diagnostic.reason)")
          continue
        }
        if location.file != currentFile {
          currentFile = location.file
          lines.append("  in \(location.file):")
        }
        var place = SourceLocation(file: "", line: location.line, column: location.column).description
        if place.hasPrefix(", ") { place.removeFirst(2) }
        lines.append("    \(place): \(kind): \(diagnostic.reason)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The inspection as JSON, for scripts; dates in ISO 8601, UTC.
  /// Where the zone of `choice` comes from: named, the export's own (how many samples name it),
  /// or the machine's.
  private func zoneOrigin(_ choice: TimeZoneChoice) -> String {
    let named = timeZones.counts.values.reduce(0, +)
    switch choice {
    case .named:
      guard let most = timeZones.ranked.first else { return "as named; no sample names a zone" }
      return "as named; the export's samples name \(most.name) most"
    case .export:
      guard let (_, count) = timeZones.mostNamed else {
        return named == 0
          ? "the machine's: no sample names a zone"
          : "the machine's: no sample names a zone Foundation knows"
      }
      return "the export's own, named by \(count) of the \(named) samples that name a zone"
    }
  }

  /// The inspection as JSON, days and the zone as `text(timeZone:)` gives them.
  package func json(timeZone choice: TimeZoneChoice) -> [UInt8] {
    func date(_ value: Timestamp) -> JSONValue {
      .string(DateFormat.iso8601.string(secondsSince1970: value.wholeSecondsSince1970, offset: 0))
    }
    func object(_ members: [(String, JSONValue)]) -> JSONValue {
      .object(members.map { JSONValue.Member(key: $0.0, value: $0.1) })
    }
    func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
    func counts(_ counts: [Count], key: String) -> JSONValue {
      .array(counts.map { object([(key, .string($0.name)), ("count", number($0.count))]) })
    }
    let document = object([
      ("input", .string(input)),
      ("shape", .string(shape.rawValue)),
      ("healthXML", .string(healthXML)),
      ("exportDate", exportDate.map(date) ?? .null),
      ("locale", locale.map(JSONValue.string) ?? .null),
      ("exportVersion", exportVersion.map(number) ?? .null),
      ("timeZone", .string(choice.resolved(by: timeZones).displayName)),
      (
        "timeZones",
        object(
          timeZones.counts.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map {
            ($0.key, number($0.value))
          })
      ),
      ("recordCount", number(recordCount)),
      (
        "records",
        .array(
          recordTypes.map {
            object([
              ("type", .string($0.type)), ("count", number($0.count)),
              ("firstStart", date($0.firstStart)), ("lastStart", date($0.lastStart)),
            ])
          })
      ),
      ("sources", counts(sources, key: "name")),
      ("correlations", counts(correlations, key: "type")),
      ("workouts", counts(workouts, key: "activityType")),
      ("workoutRoutes", number(workoutRoutes)),
      ("routeFiles", .array(routeFiles.map(JSONValue.string))),
      ("electrocardiogramFiles", .array(electrocardiogramFiles.map(JSONValue.string))),
      ("activitySummaries", number(activitySummaries)),
      (
        "clinicalRecords",
        .array(
          clinicalRecords.map {
            object([
              ("resourceType", .string($0.resourceType)), ("fhirVersion", .string($0.fhirVersion)),
              ("count", number($0.count)),
            ])
          })
      ),
      ("otherElements", counts(otherElements, key: "name")),
      (
        "diagnostics",
        .array(
          diagnostics.map { diagnostic in
            object([
              ("file", diagnostic.location.map { .string($0.file) } ?? .null),
              ("line", diagnostic.location.map { number($0.line) } ?? .null),
              ("column", diagnostic.location.map { number($0.column) } ?? .null),
              (
                "kind",
                .string(
                  diagnostic.kind == .repaired
                    ? "repaired" : diagnostic.kind == .unusable ? "unusable" : "malformed")
              ),
              ("reason", .string(diagnostic.reason)),
            ])
          })
      ),
    ])
    return JSONWriter.bytes(of: document, formatting: .pretty)
  }
}

extension String {
  fileprivate func padded(to length: Int) -> String {
    count >= length ? self + " " : self + String(repeating: " ", count: length - count)
  }
}
