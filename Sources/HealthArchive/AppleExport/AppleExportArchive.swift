import Foundation
package import SystemShim

/// An export being written in Apple's layout: export.xml and the files beside it (clinical
/// records, workout routes, ECGs) into a zip archive (under `apple_health_export/`, entries
/// dated alike, with data descriptors as the Health app writes them) or a folder, or export.xml
/// alone into a stream of bytes.
///
/// The archive is made where it is asked to be, a temporary path that the caller places once
/// `finish` returns (see `TemporaryOutput`). A file added while export.xml is being written to a
/// zip archive waits in a `SpillFile` beside the archive (owner-only), since an archive's entries
/// are written one after the other; the files are added right after export.xml, read back from
/// their stretches of it, and it is removed. Memory stays bounded by a block.
///
///     let archive = try AppleExportArchive(zipAt: temporaryPath, displayPath: "export.zip")
///     try archive.writeExportXML { write in … }
///     try archive.addFile(at: "workout-routes/route_2026-01-01_6.34pm.gpx", bytes: gpx)
///     try archive.finish()
package final class AppleExportArchive {
  /// Zip archive, folder or export.xml alone.
  package let format: AppleExportFormat
  /// The destination, for messages.
  private let displayPath: String
  /// Where the bytes go.
  private enum Target {
    case zip(ZipWriter)
    /// The folder export.xml and its files are made in.
    case folder(root: String)
    case xmlFile(path: String)
    case xmlSink(ByteSink)
  }
  private let target: Target
  private var isWritingXML = false
  /// The files that came while export.xml was written into a zip archive wait here, one after
  /// the other, until it is done.
  private var waiting: SpillFile?
  private var spilled: [(relative: String, stretch: Range<Int64>)] = []
  private var written: Set<String> = []
  private var folders: Set<String> = []

  /// The files written beside export.xml, as paths relative to its folder, in order.
  package private(set) var filePaths: [String] = []
  /// Files not written: their path names no file inside the export, another file has it, or the
  /// output is export.xml alone.
  package private(set) var filesLeftOut = 0

  /// A zip archive created at `path`.
  /// - Throws: `OutputError.cannotCreate` naming `displayPath`.
  package init(zipAt path: String, modificationTime: ZipWriter.DOSDateTime, displayPath: String)
    throws(OutputError)
  {
    format = .zip
    self.displayPath = displayPath
    do {
      target = .zip(
        try ZipWriter(
          path: path,
          options: ZipWriter.Options(usesDataDescriptors: true, modificationTime: modificationTime)))
    } catch {
      throw .cannotCreate(path: displayPath, reason: Self.reason(error))
    }
  }

  /// A folder's content made in the existing, empty folder at `path`.
  package init(folderAt path: String, displayPath: String) {
    format = .folder
    self.displayPath = displayPath
    target = .folder(root: path)
  }

  /// export.xml alone, written to the file at `path`; files are left out.
  package init(xmlAt path: String, displayPath: String) {
    format = .xml
    self.displayPath = displayPath
    target = .xmlFile(path: path)
  }

  /// export.xml alone, written to `sink`; files are left out.
  package init(xmlTo sink: ByteSink, displayPath: String) {
    format = .xml
    self.displayPath = displayPath
    target = .xmlSink(sink)
  }

  /// Writes export.xml: `body` hands its bytes to the function it is given, in order, and may add
  /// files meanwhile.
  /// - Returns: the size of export.xml.
  /// - Throws: `OutputError.writeFailed` naming the destination; what `body` throws.
  @discardableResult
  package func writeExportXML(
    _ body: (_ sink: ByteSink) throws -> Void
  )
    throws -> Int
  {
    var count = 0
    isWritingXML = true
    defer { isWritingXML = false }
    switch target {
    case .zip(let zip):
      try failing {
        try zip.addEntry(named: "\(AppleExportFormat.folderName)/export.xml") { sink in
          try body(
            ByteSink { bytes in
              count += bytes.byteCount
              try sink.write(bytes)
            })
        }
      }
      try addWaitingFiles(to: zip)
    case .folder(let root):
      try writeFile(at: root + "/export.xml") { sink in
        try body(
          ByteSink { bytes in
            count += bytes.byteCount
            try sink.write(bytes)
          })
      }
    case .xmlFile(let path):
      try writeFile(at: path) { sink in
        try body(
          ByteSink { bytes in
            count += bytes.byteCount
            try sink.write(bytes)
          })
      }
    case .xmlSink(let sink):
      try body(
        ByteSink { bytes in
          count += bytes.byteCount
          try sink.write(bytes)
        })
    }
    return count
  }

  /// Adds the file at `path` (relative to export.xml's folder, such as
  /// `/clinical-records/Observation-….json`; a leading `/` is allowed) with `bytes`.
  /// - Returns: whether it was written (see `filesLeftOut`).
  /// - Throws: `OutputError.writeFailed` naming the destination.
  @discardableResult
  package func addFile(at path: String, bytes: [UInt8]) throws -> Bool {
    try addFile(at: path) { sink in try sink.write(bytes) }
  }

  /// Adds the file at `path` whose content `body` writes through the function it is given.
  /// - Returns: whether it was written (see `filesLeftOut`); when it is not, `body` is not called.
  /// - Throws: `OutputError.writeFailed` naming the destination; what `body` throws.
  @discardableResult
  package func addFile(
    at path: String, _ body: (_ sink: ByteSink) throws -> Void
  ) throws -> Bool {
    guard format != .xml, let relative = Self.relativePath(path), !written.contains(relative) else {
      filesLeftOut += 1
      return false
    }
    written.insert(relative)
    switch target {
    case .zip(let zip) where isWritingXML:
      let file = try waitingFile(beside: zip)
      let start = file.size
      let displayPath = displayPath
      try body(
        ByteSink { bytes in
          do throws(OutputError) {
            _ = try file.append(bytes)
          } catch {
            throw OutputError.writeFailed(path: displayPath, reason: error.reason)
          }
        })
      spilled.append((relative, start..<file.size))
    case .zip(let zip):
      try failing { try zip.addEntry(named: "\(AppleExportFormat.folderName)/\(relative)") { try body($0) } }
    case .folder(let root):
      try makeFolders(for: relative, in: root)
      try writeFile(at: root + "/" + relative, body)
    case .xmlFile, .xmlSink:
      return false
    }
    filePaths.append(relative)
    return true
  }

  /// Whether the archive holds a file at `path` (relative to export.xml's folder; a leading `/` is
  /// allowed): one added, or waiting to be added after export.xml. Never for export.xml alone.
  package func holdsFile(at path: String) -> Bool {
    guard let relative = Self.relativePath(path) else { return false }
    return written.contains(relative)
  }

  /// Ends the archive.
  /// - Throws: `OutputError.writeFailed` naming the destination.
  package func finish() throws {
    if case .zip(let zip) = target { try failing { try zip.finish() } }
  }

  // MARK: - Helpers

  /// `path` without its leading `/`, when it stays inside the export; nil otherwise.
  static func relativePath(_ path: String) -> String? {
    FolderContainer.safeComponents(of: path)?.joined(separator: "/")
  }

  /// The file files wait in, made on first use as every temporary is (a `SpillFile`): named
  /// after the archive's own temporary (`.export.zip.PID.0.tmp.PID.1.tmp`), owner-only, removed if
  /// a signal ends the run, and by the next run if it is killed.
  private func waitingFile(beside zip: ZipWriter) throws -> SpillFile {
    if let waiting { return waiting }
    let archive = OutputPlacement.fileName(of: zip.path)
    let beside = OutputPlacement.folder(of: zip.path) + "/" + archive.drop { $0 == "." }
    do {
      let file = try SpillFile(beside: beside)
      waiting = file
      return file
    } catch {
      if case .cannotCreate(_, let reason) = error {
        throw OutputError.cannotCreate(path: displayPath, reason: reason)
      }
      throw error
    }
  }

  /// Adds the files that came while export.xml was written, in order, and removes the file
  /// they waited in.
  private func addWaitingFiles(to zip: ZipWriter) throws {
    defer { waiting = nil }
    guard let waiting else { return }
    for (relative, stretch) in spilled {
      do {
        try failing {
          try zip.addEntry(
            named: "\(AppleExportFormat.folderName)/\(relative)",
            contentsOf: SpilledByteStream(waiting, stretches: [stretch], name: waiting.path))
        }
      } catch let error as OutputError {
        // The file it waited in is the tool's own: the message names the destination.
        throw OutputError.writeFailed(path: displayPath, reason: "\(relative): \(error.reason)")
      }
    }
    spilled = []
  }

  private func makeFolders(for relative: String, in root: String) throws {
    var folder = root
    for component in relative.split(separator: "/").dropLast() {
      folder += "/" + component
      guard !folders.contains(folder) else { continue }
      if SystemCall.kind(of: folder) != .directory {
        do {
          try SystemCall.createFolder(folder, mode: 0o700)
        } catch {
          throw OutputError.writeFailed(path: displayPath, reason: error.reason)
        }
      }
      folders.insert(folder)
    }
  }

  /// Writes the file at `path` (created owner-only, emptied if it is there) with what `body`
  /// writes.
  private func writeFile(
    at path: String, _ body: (_ sink: ByteSink) throws -> Void
  ) throws {
    let descriptor: Int32
    do {
      descriptor = try SystemCall.createOrTruncate(path, mode: 0o600)
    } catch {
      throw OutputError.cannotCreate(path: displayPath, reason: error.reason)
    }
    var isOpen = true
    defer { if isOpen { SystemCall.close(descriptor) } }
    let displayPath = displayPath
    try body(
      ByteSink { bytes in
        do throws(SystemError) {
          try SystemCall.writeAll(descriptor, bytes, path: path)
        } catch {
          throw OutputError.writeFailed(path: displayPath, reason: error.reason)
        }
      })
    isOpen = false
    do {
      try SystemCall.closeChecked(descriptor, path: path)
    } catch {
      throw OutputError.writeFailed(path: displayPath, reason: error.reason)
    }
  }

  /// Runs `body`, reporting a zip writer's failure as the destination's.
  private func failing(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch let error as ZipError {
      throw OutputError.writeFailed(path: displayPath, reason: Self.reason(error))
    }
  }

  private static func reason(_ error: ZipError) -> String {
    if case .writeFailed(_, let reason) = error { return reason }
    return error.description
  }
}
