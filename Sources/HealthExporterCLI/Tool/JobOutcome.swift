import Foundation
import HealthArchive
import HealthDatabase
import HealthExport
import HealthReport

/// What a command says once its job is done: warnings, then its closing line.
protocol JobOutcome {
  /// The closing line, on standard error unless `--quiet`.
  var line: String { get }
  /// The warnings before it.
  var warnings: [String] { get }
}

extension JobOutcome {
  var warnings: [String] { [] }
}

extension CSVExport.Outcome: JobOutcome {}
extension ProfileExport.Outcome: JobOutcome {}
extension ConvertExport.Outcome: JobOutcome {}
extension DatabaseExport.Outcome: JobOutcome {}
extension DatabaseUpdate.Outcome: JobOutcome {}

extension SummaryExport.Outcome: JobOutcome {
  var warnings: [String] {
    unknownPrioritySources.map(JobOutcomeWarning.unknownPrioritySource)
      + absentTypes.map { "--types names '\($0)', of which the input holds no record" }
  }
}

extension ReportExport.Outcome: JobOutcome {
  var warnings: [String] { unknownPrioritySources.map(JobOutcomeWarning.unknownPrioritySource) }
}

extension DeidentifiedExport.Outcome: JobOutcome where Job.Outcome: JobOutcome {
  /// The job's line, then what was removed (before the line's closing period, where it has one).
  var line: String {
    let line = job.line
    guard line.hasSuffix(".") else { return line + "; " + removed.description }
    return line.dropLast() + "; " + removed.description + "."
  }
  var warnings: [String] { job.warnings }
}

/// The warnings several jobs share.
enum JobOutcomeWarning {
  /// A name given to `--source-priority` that no record the job summarized carries.
  static func unknownPrioritySource(_ name: String) -> String {
    "--source-priority names '\(name)', which no summarized record carries"
  }
}
