import Foundation
import HealthArchive
import HealthModel
import SystemShim

/// Where an output goes: a file written whole or not at all, or a stream such as standard output.
public enum OutputDestination {
  /// A file, written atomically with permissions 0600.
  case file(path: String, overwrites: Bool)
  /// A stream of bytes, such as standard output.
  case sink((UnsafeRawBufferPointer) throws -> Void)

  /// The destination the `--output` option names: `-` for standard output, an existing folder
  /// (or a path ending in `/`; the file is named `defaultFileName` inside it, or
  /// `name_2.ext`, `name_3.ext`, … where that is taken), or a file path; nil means the current
  /// folder.
  public static func resolve(
    output: String?, defaultFileName: String, overwrites: Bool,
    standardOutput: @escaping (UnsafeRawBufferPointer) throws -> Void
  ) -> OutputDestination {
    let output = output ?? "."
    if output == "-" { return .sink(standardOutput) }
    // A default name is never one the user chose: where it is taken, the next free one is used.
    if output.hasSuffix("/") {
      return .file(path: OutputFile.unusedPath(for: output + defaultFileName), overwrites: false)
    }
    if SystemCall.kind(of: output) == .directory {
      let path = output == "." ? defaultFileName : output + "/" + defaultFileName
      return .file(path: OutputFile.unusedPath(for: path), overwrites: false)
    }
    return .file(path: output, overwrites: overwrites)
  }

  /// `PREFIX_yyyy-MM-dd_HHmmss.EXTENSION` in the local time of `now`.
  public static func timestampedFileName(
    prefix: String, extension fileExtension: String, now: Timestamp, timeZone: TimeZone
  ) -> String {
    let civil = CivilDateTime(now, in: timeZone)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return
      "\(prefix)_\(civil.dayText)_\(two(civil.hour))\(two(civil.minute))\(two(civil.second)).\(fileExtension)"
  }

  /// The file's path; nil for a stream.
  public var path: String? {
    if case .file(let path, _) = self { return path }
    return nil
  }

  /// The folder a file goes to, where temporary files may be made beside it.
  var folder: String? {
    path.map(OutputFile.folder(of:))
  }

  /// Checks, before any work is done, that the file can be placed.
  /// - Throws: `OutputError`.
  func check() throws {
    if case .file(let path, let overwrites) = self {
      try OutputFile.checkDestination(path, overwrites: overwrites)
    }
  }

  /// Hands `body` a sink for the output's bytes; a file is committed when `body` returns and
  /// discarded when it throws.
  func write(_ body: (@escaping (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
    switch self {
    case .sink(let sink):
      try body(sink)
    case .file(let path, let overwrites):
      let file = try OutputFile(path: path, overwrites: overwrites)
      do {
        try body { try file.write($0) }
        try file.commit()
      } catch {
        file.discard()
        throw error
      }
    }
  }
}
