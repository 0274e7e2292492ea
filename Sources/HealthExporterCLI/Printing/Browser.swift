import SystemShim

/// The Chromium-family browser a report is printed to PDF with (`report --pdf`): the path of its
/// executable.
struct Browser: Hashable, Sendable {
  /// The executable, as found: `/usr/bin/chromium`.
  var path: String

  /// The environment variable that names the browser, which then is the only one tried.
  static let environmentKey = "HEALTH_EXPORTER_BROWSER"

  /// The names looked for on `PATH`, the first found taken.
  static let commandNames = [
    "chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "microsoft-edge",
    "microsoft-edge-stable",
  ]

  /// Where the applications keep their executables, tried after `PATH`: on macOS only.
  #if os(macOS)
    static let applicationPaths = [
      "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
      "/Applications/Chromium.app/Contents/MacOS/Chromium",
      "/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
    ]
  #else
    static let applicationPaths: [String] = []
  #endif

  /// Finds the browser: the one `HEALTH_EXPORTER_BROWSER` names (a path, or a name looked up on
  /// `PATH`) when it is set; else the first of `commandNames` on `PATH` (each name in every
  /// folder before the next name); else the first of `applicationPaths` there is.
  /// - Parameters:
  ///   - environment: the tool's environment, whose `PATH` is searched.
  ///   - applicationPaths: the applications' executables tried last.
  /// - Returns: the browser.
  /// - Throws: `PrintError.browserNotExecutable` when `HEALTH_EXPORTER_BROWSER` names no program;
  ///   `PrintError.browserNotFound`, with where it looked, when there is none.
  static func find(environment: [String: String], applicationPaths: [String] = applicationPaths)
    throws(PrintError) -> Browser
  {
    let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    if let named = environment[environmentKey], !named.isEmpty {
      let found =
        named.contains("/") ? (SystemCall.isExecutableFile(named) ? named : nil) : first(named, in: folders)
      guard let found else { throw .browserNotExecutable(path: named) }
      return Browser(path: found)
    }
    for name in commandNames {
      if let found = first(name, in: folders) { return Browser(path: found) }
    }
    if let found = applicationPaths.first(where: SystemCall.isExecutableFile) { return Browser(path: found) }
    throw .browserNotFound(
      searched: [environmentKey, commandNames.joined(separator: ", ") + " on PATH"] + applicationPaths)
  }

  /// The first program called `name` in `folders`, in order.
  private static func first(_ name: String, in folders: [String]) -> String? {
    folders.lazy.map { $0.hasSuffix("/") ? $0 + name : $0 + "/" + name }.first(
      where: SystemCall.isExecutableFile)
  }
}
