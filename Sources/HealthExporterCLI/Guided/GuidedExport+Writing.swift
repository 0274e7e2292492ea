import Foundation
import HealthArchive
import HealthExport
import HealthModel

extension GuidedExport {
  /// A counting pass: the CSV the choices make, written to nowhere, for its rows and size.
  /// - Returns: whether there is anything to write; when not, why is told.
  func estimate(_ source: any HealthInputSource) throws -> Bool {
    let selection = try choices.selection(timeZone: .named(timeZone))
    var bytes = 0
    let progress =
      context.output.isStandardErrorTerminal ? ProgressLine(output: context.output, label: "Counting") : nil
    defer { progress?.finish() }
    do {
      let summary = try CSVExport(selection: selection, now: now).run(
        source, to: .sink { bytes += $0.byteCount }, progress: progress)
      progress?.finish()
      prompter.heading(
        "About \(Self.rounded(summary.totalRows)) \(summary.totalRows == 1 ? "row" : "rows"), \(ProgressLine.size(Double(bytes)))."
      )
      return true
    } catch let error as ExportError {
      progress?.finish()
      prompter.heading("\(error)")
      return false
    }
  }

  /// Writes the CSV under its default name, then says how to do the same in one line.
  func write(_ source: any HealthInputSource) throws -> ExitCode {
    let selection = try choices.selection(timeZone: .named(timeZone))
    let folder = settings.outputFolder.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    let destination = OutputDestination.resolve(
      output: folder, defaultName: CSVExport.defaultFileName(now: now), timeZone: .named(timeZone),
      overwrites: false, standardOutput: { _ in })
    guard let path = destination.path else { return .failure }
    guard try prompter.confirm("Write it to \(path)?", default: true) else {
      throw GuidedExportError.declined
    }
    let progress =
      context.output.isStandardErrorTerminal ? ProgressLine(output: context.output, label: "Writing") : nil
    defer { progress?.finish() }
    let summary = try CSVExport(selection: selection, now: now).run(
      source, to: destination, progress: progress)
    progress?.finish()
    prompter.say(summary.line)
    prompter.heading("The same export in one command:")
    prompter.say("  " + commandLine.map(Self.shellWord).joined(separator: " "))
    return .success
  }

  /// `health-exporter export INPUT` and the options that make these choices: each that differs
  /// from the default or that the settings file holds (so that a later change of the settings
  /// does not change what the command does), and the zone used by its name (so that another
  /// `TZ` does not either).
  var commandLine: [String] {
    let defaults = Dictionary(ExportChoices.defaults.givenOptions.map { ($0.option, $0.value) }) { first, _ in
      first
    }
    let saved = Set(settings.choices.givenOptions.map(\.option))
    let savedRange = settings.choices.range != nil
    let isDefaultRange = choices.range == ExportChoices.defaults.range
    var words = [ToolName.value, "export", inputArgument]
    for (option, value) in choices.givenOptions {
      if option.isRange {
        guard !isDefaultRange || savedRange else { continue }
      } else if option == .timeZone {
        continue
      } else {
        guard defaults[option] != value || saved.contains(option) else { continue }
      }
      words.append("--\(option.name)")
      if let value { words.append(value) }
    }
    return words + ["--\(ExportOption.timeZone.name)", timeZone.displayName]
  }

  /// A word as a shell reads it: bare when safe, else in single quotes.
  static func shellWord(_ word: String) -> String {
    let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./,:=@%+".contains($0) }
    return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// `19,000` for 19,234; exact under 100.
  static func rounded(_ count: Int) -> String {
    guard count >= 100 else { return "\(count)" }
    var scale = 1
    while count / scale >= 100 { scale *= 10 }
    return number((count + scale / 2) / scale * scale)
  }
}
