import Foundation
import HealthArchive
import HealthModel
import SystemShim

/// The settings file, `$XDG_CONFIG_HOME/health-exporter/settings.json` (else
/// `~/.config/health-exporter/settings.json`): a JSON object of the keys `settings set` takes,
/// written whole (a temporary file renamed into place), readable by its owner only.
package struct SettingsFile: Sendable {
  /// Where the file is.
  package var path: String

  package init(path: String) {
    self.path = path
  }

  /// The file the environment points to; nil when it names no home (neither `XDG_CONFIG_HOME`
  /// nor `HOME` is set), and so no settings apply.
  /// - Parameter environment: `XDG_CONFIG_HOME` (an absolute path) and `HOME` are read.
  package init?(environment: [String: String]) {
    let configHome: String
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      configHome = xdg
    } else if let home = environment["HOME"], !home.isEmpty {
      configHome = home + "/.config"
    } else {
      return nil
    }
    self.init(path: configHome + "/health-exporter/settings.json")
  }

  /// What reading the file found.
  package enum Contents: Hashable, Sendable {
    /// There is no file: nothing is saved.
    case missing
    case valid(Settings)
    /// The file cannot be used; it is ignored (and never overwritten but by `settings reset`).
    case corrupt(SettingsError)

    /// The settings that apply: none unless the file is valid.
    package var settings: Settings {
      if case .valid(let settings) = self { return settings }
      return Settings()
    }
  }

  /// Reads the file.
  /// - Parameter warn: receives notes about values that do nothing (an unknown LOINC code).
  /// - Returns: the settings, or why there are none.
  package func load(warn: (String) -> Void = { _ in }) -> Contents {
    switch SystemCall.kind(of: path) {
    case .missing: return .missing
    case .regularFile: break
    // Never opened: a named pipe would block the open itself until something writes to it, and a
    // device could hold anything or never end.
    case .directory: return .corrupt(.unreadable(path: path, reason: "it is a folder, not a regular file"))
    case .other: return .corrupt(.unreadable(path: path, reason: "it is not a regular file"))
    }
    let bytes: [UInt8]
    do {
      let file = try InputFile(path: path)
      // Checked again once open: something else may have been put in its place meanwhile.
      guard file.isSeekable else {
        return .corrupt(.unreadable(path: path, reason: "it is not a regular file"))
      }
      bytes = try readAll(file.openStream(), limit: ResourceLimit.settingsFileSize.value)
    } catch InputError.tooLarge {
      return .corrupt(.unreadable(path: path, reason: ResourceLimit.settingsFileSize.message))
    } catch let error as InputError {
      if case .unreadable(_, let reason) = error { return .corrupt(.unreadable(path: path, reason: reason)) }
      return .corrupt(.unreadable(path: path, reason: "\(error)"))
    } catch {
      return .corrupt(.unreadable(path: path, reason: "\(error)"))
    }
    let document: JSONValue
    do {
      document = try JSONValue(parsing: bytes, name: path, allowsNUL: false)
    } catch {
      return .corrupt(.notJSON(path: path, reason: "\(error)"))
    }
    guard let members = document.members else { return .corrupt(.notAnObject(path: path)) }
    var settings = Settings()
    var seen: Set<SettingKey> = []
    for member in members {
      guard let key = SettingKey(rawValue: member.key) else {
        let hint = Suggestion.nearest(to: member.key, in: SettingKey.allCases.map(\.name))
        return .corrupt(.unknownKey(path: path, key: member.key, suggestion: hint))
      }
      guard seen.insert(key).inserted else { return .corrupt(.duplicateKey(path: path, key: key.name)) }
      let text: String
      switch member.value {
      case .string(let string): text = string
      case .array(let elements) where key.isList:
        let names = elements.compactMap(\.stringValue)
        guard names.count == elements.count else {
          return .corrupt(.wrongType(path: path, key: key.name, expected: "an array of names"))
        }
        text = names.isEmpty ? "none" : names.joined(separator: ",")
      default:
        return .corrupt(
          .wrongType(path: path, key: key.name, expected: key.isList ? "an array of names" : "a string"))
      }
      do {
        try key.set(text, in: &settings, warn: warn)
      } catch {
        return .corrupt(.invalidValue(path: path, error: error))
      }
    }
    return .valid(settings)
  }

  /// Writes `settings` whole, creating the folder (0700) if needed; the file is 0600.
  /// - Throws: `OutputError` when the file cannot be written.
  package func save(_ settings: Settings) throws {
    let folder = OutputFile.folder(of: path)
    if SystemCall.kind(of: folder) == .missing {
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw OutputError.cannotCreate(path: folder, reason: (error as NSError).localizedDescription)
      }
    }
    let members = SettingKey.allCases.compactMap { key in
      key.jsonValue(in: settings).map { JSONValue.Member(key: key.name, value: $0) }
    }
    let bytes = JSONWriter.bytes(of: .object(members), formatting: .pretty)
    let file = try OutputFile(path: path, overwrites: true)
    do {
      try file.write(bytes)
      try file.commit()
    } catch {
      file.discard()
      throw error
    }
  }

  /// Removes the file; a missing file is not an error.
  package func remove() {
    SystemCall.removeFile(path)
  }
}

/// A settings file that cannot be used.
package enum SettingsError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  case unreadable(path: String, reason: String)
  case notJSON(path: String, reason: String)
  case notAnObject(path: String)
  case unknownKey(path: String, key: String, suggestion: String?)
  /// A key given twice: which one counts is anybody's guess.
  case duplicateKey(path: String, key: String)
  case wrongType(path: String, key: String, expected: String)
  case invalidValue(path: String, error: OptionError)

  /// The file.
  package var path: String {
    switch self {
    case .unreadable(let path, _), .notJSON(let path, _), .notAnObject(let path), .unknownKey(let path, _, _),
      .duplicateKey(let path, _), .wrongType(let path, _, _), .invalidValue(let path, _):
      path
    }
  }

  package var description: String {
    switch self {
    case .unreadable(let path, let reason): "cannot read the settings file \(path): \(reason)"
    case .notJSON(_, let reason): "the settings file is not valid JSON: \(reason)"
    case .notAnObject(let path): "the settings file \(path) is not a JSON object"
    case .unknownKey(let path, let key, let suggestion):
      "the settings file \(path) has an unknown key \(Quoted(key))"
        + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    case .duplicateKey(let path, let key):
      "the settings file \(path) gives '\(key)' twice; keep one"
    case .wrongType(let path, let key, let expected):
      "the settings file \(path) holds something other than \(expected) for '\(key)'"
    case .invalidValue(let path, let error): "the settings file \(path): \(error)"
    }
  }

  package var errorDescription: String? { description }
}
