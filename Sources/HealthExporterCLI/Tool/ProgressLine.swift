import Foundation
import HealthArchive
import SystemShim

/// The progress of a long command on standard error: one line with the percent, the bytes done of
/// the total, the speed and the time left, redrawn at most ten times a second and cleared at the
/// end. Drawn only on a terminal, and not with `-q`.
///
/// `@unchecked Sendable`: it is told of progress only on the thread that reads, one call at a
/// time, and keeps its state to itself.
final class ProgressLine: ProgressObserver, @unchecked Sendable {
  /// The least time between two drawings.
  static let interval = Duration.milliseconds(100)

  private let output: any ToolOutput
  private let label: String
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var lastDrawn: ContinuousClock.Instant
  private var isShown = false

  /// - Parameters:
  ///   - output: where the line is drawn.
  ///   - label: what is being done (`Reading export.zip`).
  init(output: any ToolOutput, label: String) {
    self.output = output
    self.label = Terminal.printable(label)
    start = clock.now
    lastDrawn = start
  }

  /// A line for a command, or nil when it must not be drawn (not a terminal, or `-q`).
  static func make(
    for arguments: ParsedArguments, context: ToolContext, label: String
  ) -> ProgressLine? {
    guard !arguments.has("quiet"), context.output.isStandardErrorTerminal else { return nil }
    return ProgressLine(output: context.output, label: label)
  }

  func update(_ progress: ReadProgress) {
    let now = clock.now
    guard now - lastDrawn >= Self.interval else { return }
    lastDrawn = now
    var line = "\r" + Self.text(label: label, progress: progress, elapsed: now - start)
    if let columns = output.terminalColumns, line.count > columns {
      line = String(line.prefix(columns))
    }
    output.writeStandardError(line + "\u{1B}[K")
    isShown = true
  }

  /// Clears the line, if it was drawn.
  func finish() {
    if isShown { output.writeStandardError("\r\u{1B}[K") }
    isShown = false
  }

  /// `Reading export.zip: 42% · 1.2 GB of 2.9 GB · 310 MB/s · 6 s left`, or without a total
  /// `Reading sample: 1.2 GB · 310 MB/s`.
  static func text(label: String, progress: ReadProgress, elapsed: Duration) -> String {
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let rate = seconds > 0 ? Double(progress.done) / seconds : 0
    var parts: [String] = []
    if let fraction = progress.fractionDone, let total = progress.total {
      parts.append("\(Int(fraction * 100))%")
      parts.append("\(size(Double(progress.done))) of \(size(Double(total)))")
      parts.append("\(size(rate))/s")
      if rate > 0 {
        parts.append("\(duration(Double(total - progress.done) / rate)) left")
      }
    } else {
      parts.append(size(Double(progress.done)))
      parts.append("\(size(rate))/s")
    }
    return "\(label): " + parts.joined(separator: " · ")
  }

  /// `812 KB`, `1.2 MB`, `3.4 GB` (powers of ten).
  static func size(_ bytes: Double) -> String {
    for (unit, factor) in [("GB", 1e9), ("MB", 1e6)] where bytes >= factor {
      return "\(oneDecimal(bytes / factor)) \(unit)"
    }
    return "\(Int((bytes / 1e3).rounded())) KB"
  }

  /// `8 s`, `2 min 5 s`, `1 h 3 min`.
  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.up))
    if whole < 60 { return "\(whole) s" }
    if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
    return "\(whole / 3600) h \(whole % 3600 / 60) min"
  }

  private static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}

extension HealthInputSource {
  /// `Reading export.zip`, as the progress line says.
  var progressLabel: String {
    shape == .generated ? "Making the sample" : "Reading \((name as NSString).lastPathComponent)"
  }
}
