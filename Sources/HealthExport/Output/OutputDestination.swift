package import Foundation
package import HealthArchive
package import HealthModel
import SystemShim

/// Where an output goes: a file written whole or not at all, or a stream such as standard output.
public enum OutputDestination {
  /// A file, written atomically with permissions 0600.
  case file(path: String, overwrites: Bool)
  /// A stream of bytes, such as standard output. Writers that write on a thread of their own (the
  /// CSV, the profile) may call it from that thread: one call at a time, in order, and never
  /// after the writing has returned.
  case sink((UnsafeRawBufferPointer) throws -> Void)

  /// The destination the `--output` option names: `-` for standard output, an existing folder
  /// (or a path ending in `/`; the file is named `defaultFileName` inside it, or
  /// `name_2.ext`, `name_3.ext`, … where that is taken), or a file path; nil means the current
  /// folder.
  package static func resolve(
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
  package static func timestampedFileName(
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

  /// The folder a file goes to, where temporary files may be made beside it; nil for a stream.
  public var folder: String? {
    path.map(OutputFile.folder(of:))
  }

  /// Checks, before any work is done, that the output can be placed.
  /// - Parameter form: what a writer by path makes there (a file, or a folder, which may replace
  ///   a folder); nil for a writer of bytes.
  /// - Throws: `OutputError`.
  package func check(form: TemporaryOutput.Form? = nil) throws {
    guard case .file(let path, let overwrites) = self else { return }
    if let form {
      try TemporaryOutput.checkDestination(path, overwrites: overwrites, form: form)
    } else {
      try OutputFile.checkDestination(path, overwrites: overwrites)
    }
  }

  /// Hands `body` a sink for the output's bytes, for a writer of bytes (the CSV, a profile). A
  /// file gets them in a temporary file beside it, synced and renamed into place (0600) when
  /// `body` returns, and removed when it throws; a stream gets them as they come.
  /// - Parameters:
  ///   - dropInterval: for a large file written once, past how many bytes its pages are written
  ///     to the disk and dropped from the page cache (`OutputFile`); nil keeps them cached.
  ///   - body: writes the bytes to the sink it is given.
  /// - Returns: what `body` returns.
  /// - Throws: `OutputError` when the file cannot be made or placed; what `body` throws.
  package func write<Result>(
    dropInterval: Int? = nil, _ body: (@escaping (UnsafeRawBufferPointer) throws -> Void) throws -> Result
  ) throws -> Result {
    switch self {
    case .sink(let sink):
      return try body(sink)
    case .file(let path, let overwrites):
      let file = try OutputFile(path: path, overwrites: overwrites, dropInterval: dropInterval)
      do {
        let result = try body { try file.write($0) }
        try file.commit()
        return result
      } catch {
        file.discard()
        throw error
      }
    }
  }

  /// Hands `body` the path of a temporary file (or folder) beside the destination, for a writer
  /// that makes its output by path (SQLite, a zip archive, a folder of files). It exists, empty
  /// and owner-only, when `body` starts; when `body` returns (having closed what it made) it is
  /// made owner-only again, synced and moved into place, without replacing anything unless
  /// overwriting was asked for; when `body` throws it is removed and the destination is
  /// untouched.
  /// - Parameters:
  ///   - form: a file, or a folder of files.
  ///   - body: makes the output at the temporary path.
  /// - Returns: what `body` returns.
  /// - Throws: `OutputError.cannotCreate` for a stream (such an output needs a file) or a device
  ///   in the way, and as `TemporaryOutput` does; what `body` throws.
  package func writeFile<Result>(
    form: TemporaryOutput.Form = .file, _ body: (_ temporaryPath: String) throws -> Result
  ) throws -> Result {
    guard case .file(let path, let overwrites) = self else {
      throw OutputError.cannotCreate(
        path: "standard output", reason: "this output is made as a file; name one with --output")
    }
    let output = try TemporaryOutput(path: path, overwrites: overwrites, form: form)
    do {
      let result = try body(output.temporaryPath)
      try output.commit()
      return result
    } catch {
      output.discard()
      throw error
    }
  }
}
