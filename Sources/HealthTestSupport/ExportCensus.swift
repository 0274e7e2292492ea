import Foundation
import HealthArchive

/// An independent count of what an export holds, for tests that check a reader's or a writer's
/// counts: the elements of export.xml found by a plain scan of its tags (not the tool's reader),
/// the points of the GPX files its routes name, the samples of its ECG files, and its lab
/// observations (Observations with a LOINC coding and a value quantity, read with Foundation's
/// JSON parser).
package struct ExportCensus {
  /// Top-level `Record`s by type.
  package var records: [String: Int] = [:]
  /// `Record`s inside `Correlation`s.
  package var correlationMembers = 0
  /// Records by type once each: the top-level ones, and the members of correlations that have no
  /// top-level copy (Apple's export repeats members at top level; some exports do not).
  package var distinctRecords: [String: Int] = [:]
  private var topLevelKeys: Set<String> = []
  private var memberKeys: [(type: String, key: String)] = []
  /// Top-level elements by name (`Correlation`, `Workout`, `ActivitySummary`, …).
  package var elements: [String: Int] = [:]
  /// The `FileReference` paths of workout routes, in order.
  package var routeFiles: [String] = []
  /// Inline `Location`s of routes.
  package var inlineLocations = 0
  /// `InstantaneousBeatsPerMinute`s of HRV records, top level.
  package var heartbeats = 0
  /// `WorkoutEvent`s, `WorkoutStatistics` and `WorkoutActivity`s anywhere in workouts.
  package var workoutEvents = 0
  package var workoutStatistics = 0
  package var workoutActivities = 0
  /// The `resourceFilePath`s of clinical records.
  package var clinicalFiles: [String] = []
  /// `trkpt`s in the route files, in all.
  package var routePoints = 0
  /// ECG files and their samples, in all.
  package var electrocardiograms = 0
  package var electrocardiogramSamples = 0
  /// Clinical records whose file is an Observation with a LOINC coding and a value quantity.
  package var labObservations = 0
  /// The paths export.xml names (`FileReference`s, then `resourceFilePath`s) whose file the
  /// export does not hold.
  package var missingFiles: [String] = []
  /// The files of `workout-routes/`, `clinical-records/` and `electrocardiograms/` beside
  /// export.xml, as paths relative to its folder, sorted.
  package var files: [String] = []
  /// The files of `workout-routes/` and `clinical-records/` that export.xml does not name.
  package var unnamedFiles: [String] {
    let named = Set((routeFiles + clinicalFiles).map { String($0.drop { $0 == "/" }) })
    return files.filter { !$0.hasPrefix("electrocardiograms/") && !named.contains($0) }
  }

  /// Counts the export at `path`: a zip archive, a folder, or an export.xml (with the files beside
  /// it).
  package init(exportAt path: String) throws {
    let files = try ExportFiles(path: path)
    count(xml: String(decoding: try files.exportXML(), as: UTF8.self))
    distinctRecords = records
    for member in memberKeys where !topLevelKeys.contains(member.key) {
      distinctRecords[member.type, default: 0] += 1
    }
    for path in routeFiles + clinicalFiles where try files.file(path) == nil {
      missingFiles.append(path)
    }
    self.files = try ["clinical-records", "electrocardiograms", "workout-routes"].flatMap { folder in
      try files.names(in: folder).map { folder + "/" + $0 }
    }
    for file in routeFiles {
      guard let bytes = try files.file(file) else { continue }
      routePoints += String(decoding: bytes, as: UTF8.self).components(separatedBy: "<trkpt ").count - 1
    }
    for name in try files.names(in: "electrocardiograms") where name.hasSuffix(".csv") {
      guard let bytes = try files.file("electrocardiograms/" + name) else { continue }
      // The samples follow the `Unit` line; a file with anything else among them gives none.
      let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
      guard let unit = lines.firstIndex(where: { $0.hasPrefix("Unit") }) else { continue }
      let samples = lines[(unit + 1)...].filter { !$0.isEmpty }
      guard samples.allSatisfy({ Double($0.replacingOccurrences(of: ",", with: ".")) != nil }) else {
        continue
      }
      electrocardiograms += 1
      electrocardiogramSamples += samples.count
    }
    for file in clinicalFiles {
      guard let bytes = try files.file(file),
        let json = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
        json["resourceType"] as? String == "Observation",
        let codings = (json["code"] as? [String: Any])?["coding"] as? [[String: Any]],
        codings.contains(where: { $0["system"] as? String == "http://loinc.org" }),
        let quantity = json["valueQuantity"] as? [String: Any], quantity["value"] is NSNumber,
        quantity["comparator"] == nil,
        !["entered-in-error", "cancelled"].contains(json["status"] as? String ?? "")
      else { continue }
      labObservations += 1
    }
  }

  private mutating func count(xml text: String) {
    var stack: [Substring] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "<") {
      rest = rest[rest.index(after: open)...]
      if rest.hasPrefix("!--") {
        guard let end = rest.range(of: "-->") else { break }
        rest = rest[end.upperBound...]
        continue
      }
      if rest.hasPrefix("!DOCTYPE"), let end = rest.range(of: "]>") {
        rest = rest[end.upperBound...]
        continue
      }
      guard let close = rest.firstIndex(of: ">") else { break }
      let tag = rest[..<close]
      rest = rest[rest.index(after: close)...]
      if tag.hasPrefix("!") || tag.hasPrefix("?") { continue }
      if tag.hasPrefix("/") {
        stack.removeLast()
        continue
      }
      let name = tag.prefix { !$0.isWhitespace && $0 != "/" }
      let parent = stack.last
      switch name {
      case "Record" where parent == "HealthData":
        records[attribute("type", in: tag) ?? "", default: 0] += 1
        topLevelKeys.insert(recordKey(tag))
      case "Record" where stack.contains("Correlation"):
        correlationMembers += 1
        memberKeys.append((attribute("type", in: tag) ?? "", recordKey(tag)))
      case "FileReference": routeFiles.append(attribute("path", in: tag) ?? "")
      case "Location": inlineLocations += 1
      case "InstantaneousBeatsPerMinute" where !stack.contains("Correlation"): heartbeats += 1
      case "WorkoutEvent": workoutEvents += 1
      case "WorkoutStatistics": workoutStatistics += 1
      case "WorkoutActivity": workoutActivities += 1
      case "ClinicalRecord": clinicalFiles.append(attribute("resourceFilePath", in: tag) ?? "")
      default: break
      }
      if parent == "HealthData" && name != "Record" { elements[String(name), default: 0] += 1 }
      if !tag.hasSuffix("/") { stack.append(name) }
    }
  }

  /// What tells two records apart: type, source, dates, value and unit.
  private func recordKey(_ tag: Substring) -> String {
    ["type", "sourceName", "startDate", "endDate", "value", "unit"].map { attribute($0, in: tag) ?? "-" }
      .joined(separator: "|")
  }

  private func attribute(_ name: String, in tag: Substring) -> String? {
    guard let start = tag.range(of: " \(name)=\"") else { return nil }
    let value = tag[start.upperBound...].prefix { $0 != "\"" }
    return String(value).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(
      of: "&gt;", with: ">"
    )
    .replacingOccurrences(of: "&amp;", with: "&")
  }
}

/// The files of an export, whatever its shape, by path relative to the health XML's folder.
private struct ExportFiles {
  var archive: ZipArchive?
  /// The folder of the health XML: inside the archive (with its `/`), or on disk.
  var base: String
  var xmlName: String

  init(path: String) throws {
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    if path.hasSuffix(".zip") {
      let archive = try ZipArchive(path: path)
      let entry = archive.entries.first {
        $0.normalizedName.hasSuffix(".xml") && !$0.normalizedName.contains("cda")
          && !$0.normalizedName.contains("__MACOSX")
      }
      self.archive = archive
      xmlName = entry?.normalizedName ?? "export.xml"
      base = (xmlName as NSString).deletingLastPathComponent
      if !base.isEmpty { base += "/" }
    } else if isFolder.boolValue {
      let nested = path + "/apple_health_export"
      base = FileManager.default.fileExists(atPath: nested + "/export.xml") ? nested : path
      xmlName = base + "/export.xml"
      base += "/"
    } else {
      base = (path as NSString).deletingLastPathComponent + "/"
      xmlName = path
    }
  }

  func exportXML() throws -> [UInt8] {
    if let archive, let entry = archive.entry(named: xmlName) {
      return try archive.contents(of: entry, limit: 1 << 30)
    }
    return Array(try Data(contentsOf: URL(fileURLWithPath: xmlName)))
  }

  func file(_ relativePath: String) throws -> [UInt8]? {
    let name = base + relativePath.drop { $0 == "/" }
    if let archive {
      guard let entry = archive.entry(named: name) else { return nil }
      return try archive.contents(of: entry, limit: 1 << 30)
    }
    guard FileManager.default.fileExists(atPath: name) else { return nil }
    return Array(try Data(contentsOf: URL(fileURLWithPath: name)))
  }

  func names(in folder: String) throws -> [String] {
    if let archive {
      let prefix = base + folder + "/"
      return archive.entries.map(\.normalizedName).filter { $0.hasPrefix(prefix) }.map {
        String($0.dropFirst(prefix.count))
      }
      .filter { !$0.isEmpty && !$0.contains("/") }.sorted()
    }
    return ((try? FileManager.default.contentsOfDirectory(atPath: base + folder)) ?? []).sorted()
  }
}
