import SystemShim

/// An output made by path rather than written as bytes: a SQLite database, a zip archive, a folder
/// of files. It is made under a temporary name beside its destination (created empty and
/// owner-only before the writer starts); `commit` makes everything in it owner-only (files 0600,
/// folders 0700), flushes it to disk and moves it into place in one step, exactly as `OutputFile`
/// places bytes. If anything fails, or the output is never committed, the temporary file or
/// folder is removed and the destination is untouched.
///
///     let output = try TemporaryOutput(path: "health.sqlite", overwrites: false)
///     try database.write(toFileAt: output.temporaryPath)   // opens, fills and closes it
///     try output.commit()
///
/// The writer must have closed what it made before `commit`, and must leave nothing else beside
/// the temporary path (a database keeps its journal in memory or removes it when it closes).
package final class TemporaryOutput {
  /// What the writer makes at the temporary path.
  package enum Form: Hashable, Sendable {
    /// A regular file (it exists, empty, when the writer starts).
    case file
    /// A folder of files (it exists, empty, when the writer starts).
    case folder
  }

  /// Where the output ends up.
  package private(set) var path: String
  /// Where the writer makes it, in the destination's folder: `.NAME.PID.N.tmp`.
  package let temporaryPath: String
  /// A file or a folder.
  package let form: Form
  private var overwrites: Bool
  private var isPending = true

  /// Checks the destination and creates the temporary file or folder.
  /// - Parameters:
  ///   - path: the destination.
  ///   - overwrites: whether an existing output at `path` may be replaced (a folder only by a
  ///     folder).
  ///   - form: whether the writer makes a file or a folder.
  /// - Throws: `OutputError.alreadyExists` (checked early so no work is wasted),
  ///   `.folderNotFound` or `.cannotCreate` (a folder, a device or a pipe in the way of a file).
  package init(path: String, overwrites: Bool, form: Form = .file) throws(OutputError) {
    self.path = path
    self.overwrites = overwrites
    self.form = form
    try Self.checkDestination(path, overwrites: overwrites, form: form)
    switch form {
    case .file:
      let temporary = try OutputPlacement.createTemporaryFile(beside: path)
      SystemCall.close(temporary.descriptor)
      temporaryPath = temporary.path
    case .folder:
      temporaryPath = try OutputPlacement.createTemporaryFolder(beside: path)
    }
  }

  deinit {
    discard()
  }

  /// Checks, before any work is done, that an output of `form` can be placed at `path`.
  /// - Throws: `OutputError.alreadyExists`, `.folderNotFound` or `.cannotCreate`.
  package static func checkDestination(_ path: String, overwrites: Bool, form: Form) throws(OutputError) {
    try OutputPlacement.check(path, overwrites: overwrites, form: form.placement)
  }

  /// Makes the output owner-only, flushes it to disk and moves it into place.
  /// - Throws: `OutputError`; the temporary output is removed and the destination left as it was.
  package func commit() throws(OutputError) {
    guard isPending else { return }
    isPending = false
    do {
      try OutputPlacement.seal(temporaryPath, form: form.placement, for: path)
      try OutputPlacement.place(temporaryPath, at: path, overwrites: overwrites, form: form.placement)
    } catch {
      OutputPlacement.remove(temporaryPath)
      throw error
    }
  }

  /// Makes the output owner-only, flushes it to disk and moves it into place at `destination`, a
  /// path in the same folder as the one it was made for (a name decided once it was made),
  /// replacing nothing there.
  /// - Throws: `OutputError`; the temporary output is removed and nothing is placed.
  package func commit(at destination: String) throws(OutputError) {
    guard isPending else { return }
    if destination != path {
      path = destination
      overwrites = false
    }
    try commit()
  }

  /// Gives up: removes the temporary file or folder and everything in it.
  package func discard() {
    guard isPending else { return }
    isPending = false
    OutputPlacement.remove(temporaryPath)
  }
}

extension TemporaryOutput.Form {
  var placement: OutputPlacement.Form {
    switch self {
    case .file: .file
    case .folder: .folder
    }
  }
}
