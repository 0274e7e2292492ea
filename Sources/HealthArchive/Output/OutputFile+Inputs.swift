import SystemShim

extension OutputFile {
  /// Checks that writing `path` replaces none of the inputs: not the same file by another name,
  /// a hard link or a symbolic link, nor a file inside an input folder. A path where nothing
  /// exists yet replaces nothing.
  /// - Parameters:
  ///   - path: the output.
  ///   - inputs: the paths read (files or folders), as the user named them.
  /// - Throws: `OutputError.isAnInput`.
  package static func checkNotAnInput(_ path: String, inputs: [String]) throws(OutputError) {
    guard let output = SystemCall.identity(of: path) else { return }
    let resolvedOutput = SystemCall.resolvedPath(path)
    for input in inputs {
      switch SystemCall.kind(of: input) {
      case .directory:
        guard let folder = SystemCall.resolvedPath(input), let resolvedOutput else { continue }
        if resolvedOutput == folder || resolvedOutput.hasPrefix(folder == "/" ? "/" : folder + "/") {
          throw .isAnInput(path: path, input: input)
        }
      case .regularFile, .other:
        if SystemCall.identity(of: input) == output { throw .isAnInput(path: path, input: input) }
      case .missing:
        continue
      }
    }
  }

  /// `path`, or where something already lies there, the first of `name_2.ext`, `name_3.ext`, …
  /// that is free: for default file names, which the user did not choose and so must not
  /// replace.
  package static func unusedPath(for path: String) -> String {
    guard SystemCall.kind(of: path) != .missing else { return path }
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    let dot = path[slash...].lastIndex(of: ".").flatMap { $0 == slash ? nil : $0 } ?? path.endIndex
    let stem = path[..<dot]
    let suffix = path[dot...]
    var number = 2
    while true {
      let candidate = "\(stem)_\(number)\(suffix)"
      if SystemCall.kind(of: candidate) == .missing { return candidate }
      number += 1
    }
  }
}
