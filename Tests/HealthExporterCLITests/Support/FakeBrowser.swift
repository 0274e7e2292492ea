import Foundation
import HealthTestSupport
import SystemShim

/// A stand-in for Chromium: a shell script in a folder of its own that writes its arguments to
/// `arguments.txt`, one a line, copies the page its `file://` argument names to `page.html`, lists
/// the folder the page is in to `folder.txt`, then does what its `Behaviour` says.
struct FakeBrowser {
  /// What the script does once it has recorded its arguments.
  enum Behaviour {
    /// Writes `FakeBrowser.pdf` to the `--print-to-pdf` path and exits 0.
    case printsPDF
    /// Writes two lines on standard error and exits 1.
    case failsWithMessage
    /// Exits 0 having written nothing.
    case writesNothing
    /// Writes a file that is not a PDF and exits 0.
    case writesNotAPDF
    /// Sleeps for 30 seconds in a child of its own.
    case hangs
    /// Runs these shell commands.
    case commands(String)

    var script: String {
      switch self {
      case .printsPDF: "printf '%%PDF-1.4\\n%%fake\\n' > \"$pdf\""
      case .failsWithMessage:
        "echo 'first line' >&2\necho '' >&2\necho 'Fatal: cannot open the page' >&2\nexit 1"
      case .writesNothing: "exit 0"
      case .writesNotAPDF: "echo '<html>' > \"$pdf\""
      case .hangs: "/bin/sleep 30"
      case .commands(let commands): commands
      }
    }
  }

  /// What `printsPDF` writes.
  static let pdf = Array("%PDF-1.4\n%fake\n".utf8)

  /// The folder of the script and of what it records.
  let folder: TestDirectory
  /// The script's path.
  let path: String

  /// Writes the script, as `name`, executable.
  init(named name: String = "browser", _ behaviour: Behaviour) throws {
    folder = try TestDirectory()
    path = folder.file(name)
    let script = """
      #!/bin/sh
      pdf=""
      page=""
      for argument in "$@"; do
        printf '%s\\n' "$argument" >> '\(folder.file("arguments.txt"))'
        case "$argument" in
          --print-to-pdf=*) pdf="${argument#--print-to-pdf=}" ;;
          file://*) page="${argument#file://}" ;;
        esac
      done
      /bin/cat "$page" > '\(folder.file("page.html"))'
      /bin/ls -A "${page%/*}" > '\(folder.file("folder.txt"))'
      \(behaviour.script)

      """
    // Written through a descriptor closed on exec, so that no program another test starts
    // meanwhile holds it open for writing (which would make running it fail).
    let descriptor = try SystemCall.createExclusive(path, mode: 0o700)
    try Array(script.utf8).withRawSpan { try SystemCall.writeAll(descriptor, $0, path: path) }
    try SystemCall.closeChecked(descriptor, path: path)
  }

  /// The arguments it was run with; empty when it never ran.
  func recordedArguments() throws -> [String] {
    guard SystemCall.kind(of: folder.file("arguments.txt")) != .missing else { return [] }
    return try folder.read("arguments.txt").split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast().map(String.init)
  }

  /// The temporary folder it was given: the folder of its `--user-data-dir`.
  func temporaryFolder() throws -> String? {
    try recordedArguments().first { $0.hasPrefix("--user-data-dir=") }.map {
      String($0.dropFirst("--user-data-dir=".count).dropLast("/profile".count))
    }
  }

  /// The arguments `PagePrinter` gives a browser whose temporary folder is `folder`.
  static func expectedArguments(temporaryFolder folder: String) -> [String] {
    [
      "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--disable-extensions", "--disable-default-apps", "--disable-breakpad", "--disable-dev-shm-usage",
      "--password-store=basic", "--use-mock-keychain", "--host-resolver-rules=MAP * ~NOTFOUND",
      "--proxy-server=127.0.0.1:9",
    ] + (SystemCall.userID == 0 ? ["--no-sandbox"] : []) + [
      "--no-pdf-header-footer", "--user-data-dir=\(folder)/profile", "--print-to-pdf=\(folder)/report.pdf",
      "file://\(folder)/report.html",
    ]
  }

  /// Whether `path` is a temporary folder `PagePrinter` names in `base`:
  /// `BASE/health-exporter-pdf.XXXXXX`.
  static func isTemporaryFolder(_ path: String, in base: String) -> Bool {
    let prefix = base + "/health-exporter-pdf."
    guard path.hasPrefix(prefix) else { return false }
    let suffix = path.dropFirst(prefix.count)
    return suffix.count == 6 && suffix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
  }
}
