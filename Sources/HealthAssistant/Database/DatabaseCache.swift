import HealthDatabase
package import HealthModel
package import SystemShim

/// Where the server keeps the databases it builds, and what each is named: one file per input,
/// in `$XDG_CACHE_HOME/health-exporter/` (else `~/.cache/health-exporter/`), named by a hash of
/// the input's real path and a hash of what makes its database what it is (the input's size and
/// modification time, the time zone, the schema and tool versions), so that a changed input or
/// setting gets a new database and an unchanged one is reused.
package enum DatabaseCache {
  /// The cache folder the environment names.
  /// - Throws: `AssistantError.noCacheFolder` when neither `XDG_CACHE_HOME` (absolute) nor `HOME`
  ///   is set.
  package static func folder(environment: [String: String]) throws(AssistantError) -> String {
    if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
      return base + "/health-exporter"
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { throw .noCacheFolder }
    return home + "/.cache/health-exporter"
  }

  /// Makes the cache folder (and its parent) when missing; the folder is the owner's only
  /// (0700), whatever it was.
  /// - Throws: `AssistantError.cannotUseCache`.
  package static func prepare(folder: String) throws(AssistantError) {
    let parent = String(folder[..<(folder.lastIndex(of: "/") ?? folder.endIndex)])
    do {
      if !parent.isEmpty, SystemCall.kind(of: parent) == .missing {
        try SystemCall.createFolder(parent, mode: 0o700)
      }
      if SystemCall.kind(of: folder) == .missing {
        try SystemCall.createFolder(folder, mode: 0o700)
      } else {
        try SystemCall.setPermissions(folder, mode: 0o700)
      }
    } catch {
      throw .cannotUseCache(folder: folder, reason: error.description)
    }
  }

  /// The file name of the database of an input: `<path hash>-<state hash>.sqlite`.
  /// - Parameters:
  ///   - realPath: the input's absolute path, links resolved.
  ///   - status: the size and modification time of the file that holds its records.
  ///   - timeZone: the time zone the database is built in.
  ///   - units: the units of its summaries (`lbs F`, `kg C`).
  ///   - toolVersion: the tool's version.
  /// - Returns: the file name.
  package static func fileName(
    realPath: String, status: SystemCall.FileStatus, timeZone: String, units: String, toolVersion: String
  ) -> String {
    let state = [
      String(status.size), "\(status.modifiedSeconds).\(status.modifiedNanoseconds)", timeZone, units,
      String(DatabaseSchema.version), toolVersion,
    ].joined(separator: "\u{0}")
    return "\(pathPrefix(realPath: realPath))\(hash(state)).sqlite"
  }

  /// The start every database of this input has in its name.
  package static func pathPrefix(realPath: String) -> String { hash(realPath) + "-" }

  /// FNV-1a, 64 bits, as 16 hexadecimal digits: stable across runs and platforms.
  package static func hash(_ text: String) -> String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value &*= 0x0000_0100_0000_01B3
    }
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// Why the server cannot start on an input.
package enum AssistantError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Neither `XDG_CACHE_HOME` nor `HOME` says where the cache is.
  case noCacheFolder
  /// The cache folder cannot be made or written.
  case cannotUseCache(folder: String, reason: String)
  /// A database given as the input that is not one of this tool's.
  case notAHealthDatabase(path: String, reason: String)

  package var description: String {
    switch self {
    case .noCacheFolder:
      "cannot find a cache folder: neither XDG_CACHE_HOME nor HOME is set; set one, or use --no-cache"
    case .cannotUseCache(let folder, let reason):
      "cannot use the cache folder \(folder): \(reason); use --no-cache to index into a temporary file"
    case .notAHealthDatabase(let path, let reason):
      "\(path) is an SQLite database, but not one of health-exporter's: \(reason); make one with 'health-exporter database', or give the export itself"
    }
  }
}

extension AssistantError: ClassifiedError {
  /// A database that is not this tool's is a malformed input; a cache that cannot be used, an
  /// output that cannot be made.
  package var failureKind: FailureKind {
    if case .notAHealthDatabase = self { return .malformedInput }
    return .cannotCreate
  }
}
