import SystemShim

extension OutputDestination {
  /// The output beside which a stage may make temporary files for what it cannot keep in memory:
  /// a file's path; nil for a stream, a device or a named pipe (whose folder is not the user's to
  /// write in).
  var spillBeside: String? {
    guard let path = placementPath, SystemCall.kind(of: path) != .other else { return nil }
    return path
  }
}
