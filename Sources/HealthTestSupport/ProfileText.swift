/// The text of a JSON profile as tests compare it.
package enum ProfileText {
  /// `profile` as it comes back from the archive `convert` writes of it: its routes without
  /// their GPX paths (a profile has no points to write their files from), and of its clinical
  /// records only the Observations (whose lab results give their files; the others are left out).
  /// The profile has each element of an array on a line of its own, as this tool writes it.
  package static func writtenBack(_ profile: String) -> String {
    let routes = profile.replacing(/"files":\[[^\]]*\]/, with: "\"files\":[]")
    var lines: [Substring] = []
    var records: [Substring] = []
    var isInRecords = false
    for line in routes.split(separator: "\n", omittingEmptySubsequences: false) {
      if isInRecords {
        if line.hasPrefix("]") {
          isInRecords = false
          // Each record but the last ends with a comma.
          lines += records.enumerated().map { index, record in
            let bare = record.hasSuffix(",") ? record.dropLast() : record
            return index == records.count - 1 ? bare : bare + ","
          }
          lines.append(line)
        } else if line.hasPrefix("{\"type\":\"Observation\"") {
          records.append(line)
        }
        continue
      }
      lines.append(line)
      if line == "\"clinicalRecords\":[" { isInRecords = true }
    }
    return lines.joined(separator: "\n")
  }
}
