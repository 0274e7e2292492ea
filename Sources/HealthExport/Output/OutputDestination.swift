public import Foundation
package import HealthArchive
public import HealthModel
package import SystemShim

/// Where an output goes: a file written whole or not at all, or a stream such as standard output.
public enum OutputDestination {
  /// A file, written atomically with permissions 0600.
  case file(path: String, overwrites: Bool)
  /// A new file in a folder, named by the moment of the job on the clocks of the time zone it
  /// settles on (`settle(timeZone:)`), which may be known only once the input is read (the
  /// export's own): a default name such as `HealthExporter_2026-01-09_103000.csv`. Written
  /// atomically with permissions 0600, replacing nothing.
  case newFile(PendingFileName)
  /// A stream of bytes, such as standard output. Writers that write on a thread of their own (the
  /// CSV, the profile) may call it from that thread: one call at a time, in order, and never
  /// after the writing has returned. Each piece of bytes is a view the sink must not keep.
  case sink((RawSpan) throws -> Void)

  /// The destination the `--output` option names: `-` for standard output, an existing folder
  /// (or a path ending in `/`; the file is named `defaultName` inside it, or `name_2.ext`,
  /// `name_3.ext`, … where that is taken), or a file path; nil means the current folder. A default
  /// name is on the clocks of the zone named, else of the export's own once it is known.
  package static func resolve(
    output: String?, defaultName: DefaultFileName, timeZone: TimeZoneChoice, overwrites: Bool,
    standardOutput: @escaping (RawSpan) throws -> Void
  ) -> OutputDestination {
    let output = output ?? "."
    if output == "-" { return .sink(standardOutput) }
    // A default name is never one the user chose: where it is taken, the next free one is used.
    let folder: String
    if output.hasSuffix("/") {
      folder = output
    } else if SystemCall.kind(of: output) == .directory {
      folder = output == "." ? "" : output + "/"
    } else {
      return .file(path: output, overwrites: overwrites)
    }
    let pending = PendingFileName(folder: folder, name: defaultName)
    if let zone = timeZone.namedZone { pending.settle(timeZone: zone) }
    return .newFile(pending)
  }

  /// The file's path; nil for a stream, and for a new file until its name is settled.
  public var path: String? {
    switch self {
    case .file(let path, _): path
    case .newFile(let pending): pending.settledPath
    case .sink: nil
    }
  }

  /// The folder a file goes to, where temporary files may be made beside it; nil for a stream.
  public var folder: String? {
    placementPath.map(OutputFile.folder(of:))
  }

  /// A path in the file's folder for checks and temporary files: the file's, or before a new
  /// file is named, one of its folder's.
  package var placementPath: String? {
    switch self {
    case .file(let path, _): path
    case .newFile(let pending): pending.settledPath ?? pending.provisionalPath
    case .sink: nil
    }
  }

  /// Names a new file on the clocks of `timeZone`, the job's, once it is known; nothing for any
  /// other destination, or a new file already named.
  package func settle(timeZone: TimeZone) {
    if case .newFile(let pending) = self { pending.settle(timeZone: timeZone) }
  }

  /// Checks, before any work is done, that the output can be placed.
  /// - Parameter form: what a writer by path makes there (a file, or a folder, which may replace
  ///   a folder); nil for a writer of bytes.
  /// - Throws: `OutputError`.
  package func check(form: TemporaryOutput.Form? = nil) throws {
    let overwrites: Bool
    switch self {
    case .file(_, let replaces): overwrites = replaces
    case .newFile: overwrites = false
    case .sink: return
    }
    guard let path = placementPath else { return }
    if let form {
      try TemporaryOutput.checkDestination(path, overwrites: overwrites, form: form)
    } else {
      try OutputFile.checkDestination(path, overwrites: overwrites)
    }
  }

  /// Hands `body` a sink for the output's bytes, for a writer of bytes (the CSV, a profile). A
  /// file gets them in a temporary file beside it, synced and renamed into place (0600) when
  /// `body` returns, and removed when it throws; a stream gets them as they come. A new file is
  /// named as it is made: its zone must be settled before.
  /// - Parameters:
  ///   - dropInterval: for a large file written once, past how many bytes its pages are written
  ///     to the disk and dropped from the page cache (`OutputFile`); nil keeps them cached.
  ///   - body: writes the bytes to the sink it is given.
  /// - Returns: what `body` returns.
  /// - Throws: `OutputError` when the file cannot be made or placed; what `body` throws.
  package func write<Result>(
    dropInterval: Int? = nil, _ body: (ByteSink) throws -> Result
  ) throws -> Result {
    switch self {
    case .sink(let sink):
      return try body(ByteSink(sink))
    case .newFile(let pending):
      return try OutputDestination.file(path: pending.placedPath, overwrites: false).write(
        dropInterval: dropInterval, body)
    case .file(let path, let overwrites):
      let file = try OutputFile(path: path, overwrites: overwrites, dropInterval: dropInterval)
      do {
        let result = try body(ByteSink { try file.write($0) })
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
  /// untouched. A new file is named when it is moved into place: a writer that reads the input
  /// inside `body` settles its zone there.
  /// - Parameters:
  ///   - form: a file, or a folder of files.
  ///   - body: makes the output at the temporary path.
  /// - Returns: what `body` returns.
  /// - Throws: `OutputError.cannotCreate` for a stream (such an output needs a file) or a device
  ///   in the way, and as `TemporaryOutput` does; what `body` throws.
  package func writeFile<Result>(
    form: TemporaryOutput.Form = .file, _ body: (_ temporaryPath: String) throws -> Result
  ) throws -> Result {
    let overwrites: Bool
    switch self {
    case .file(_, let replaces): overwrites = replaces
    case .newFile: overwrites = false
    case .sink:
      throw OutputError.cannotCreate(
        path: "standard output", reason: "this output is made as a file; name one with --output")
    }
    guard let path = placementPath else { preconditionFailure("a file has a path") }
    let output = try TemporaryOutput(path: path, overwrites: overwrites, form: form)
    do {
      let result = try body(output.temporaryPath)
      if case .newFile(let pending) = self {
        try output.commit(at: pending.placedPath)
      } else {
        try output.commit()
      }
      return result
    } catch {
      output.discard()
      throw error
    }
  }
}

/// The name an output gets in a folder when none is given: `PREFIX_yyyy-MM-dd_HHmmss.EXTENSION`,
/// the moment of the job on the clocks of its time zone; or a fixed name (`PREFIX.EXTENSION`).
public struct DefaultFileName: Hashable, Sendable {
  /// What the name begins with, such as `HealthExporter`.
  public var prefix: String
  /// What it ends with, without the dot: `csv`.
  public var fileExtension: String
  /// The moment of the job; nil for a fixed name.
  public var now: Timestamp?

  /// A default name, each argument the property of the same name.
  public init(prefix: String, fileExtension: String, now: Timestamp?) {
    self.prefix = prefix
    self.fileExtension = fileExtension
    self.now = now
  }

  /// The name on the clocks of `timeZone`.
  public func text(in timeZone: TimeZone) -> String {
    guard let now else { return "\(prefix).\(fileExtension)" }
    let civil = CivilDateTime(now, in: timeZone)
    return "\(prefix)_\(civil.dayText)_\(civil.clockDigits).\(fileExtension)"
  }
}

/// The name of a new file in a folder, settled on the clocks of the job's time zone once it is
/// known: shared by the copies of its destination, so that the writer that learns the zone names
/// the file every copy places.
public final class PendingFileName {
  /// The folder's path with its trailing `/`, or empty for the current folder.
  let folder: String
  /// The name, once its zone is known.
  let name: DefaultFileName
  /// The path, once settled: the name in the folder, or the next free one.
  private(set) var settledPath: String?

  init(folder: String, name: DefaultFileName) {
    self.folder = folder
    self.name = name
  }

  /// A path in the folder, for checks and temporary files before the name is settled: the name
  /// on UTC's clocks.
  var provisionalPath: String { folder + name.text(in: DateRange.utc) }

  /// Names the file on the clocks of `timeZone`; the first call decides.
  func settle(timeZone: TimeZone) {
    guard settledPath == nil else { return }
    settledPath = OutputFile.unusedPath(for: folder + name.text(in: timeZone))
  }

  /// The path the file is placed at: the settled one, or the name on UTC's clocks where no zone
  /// was settled.
  var placedPath: String {
    if settledPath == nil { settle(timeZone: DateRange.utc) }
    return settledPath ?? provisionalPath
  }
}
