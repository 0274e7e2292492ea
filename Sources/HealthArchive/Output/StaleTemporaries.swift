import SystemShim

/// Temporaries a run of the tool left behind when it was killed (SIGKILL, a power cut) before it
/// could remove them: what `OutputPlacement` names `.NAME.PID.N.tmp` (and `.NAME.PID.N.tmp.old`,
/// an output moved aside), still owner-only as it was made, whose process is no longer running.
/// The next run that writes into the same folder removes them.
///
/// A name of that shape that this user does not own, that is not owner-only, or whose process is
/// alive is left alone.
enum StaleTemporaries {
  /// Removes the stale temporaries in `folder`.
  /// - Returns: the names removed, sorted.
  @discardableResult
  static func remove(in folder: String) -> [String] {
    var removed: [String] = []
    for name in SystemCall.names(inFolder: folder) {
      guard let processID = processID(inTemporaryName: name), processID != SystemCall.processID,
        !SystemCall.isProcessAlive(processID)
      else { continue }
      let path = folder == "/" ? "/" + name : folder + "/" + name
      guard let status = SystemCall.linkStatus(of: path), status.owner == SystemCall.userID,
        (status.kind == .regularFile && status.permissions == 0o600)
          || (status.kind == .directory && status.permissions == 0o700)
      else { continue }
      if SystemCall.removeTree(path) { removed.append(name) }
    }
    return removed.sorted()
  }

  /// The process id in a name of the shape `.NAME.PID.N.tmp` or `.NAME.PID.N.tmp.old`; nil for any
  /// other name.
  static func processID(inTemporaryName name: String) -> Int32? {
    guard name.hasPrefix(".") else { return nil }
    var parts = name.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
    if parts.last == "old" { parts.removeLast() }
    guard parts.count >= 4, parts.last == "tmp" else { return nil }
    let attempt = parts[parts.count - 2]
    let processID = parts[parts.count - 3]
    guard !parts[0..<(parts.count - 3)].joined(separator: ".").isEmpty,
      !attempt.isEmpty, attempt.allSatisfy(\.isASCIIDigit), !processID.isEmpty,
      processID.count <= 10, processID.allSatisfy(\.isASCIIDigit)
    else { return nil }
    return Int32(processID)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
