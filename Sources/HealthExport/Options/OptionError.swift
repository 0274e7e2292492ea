import Foundation
package import HealthModel

/// An export choice that cannot be used as given, from a flag, the settings file or a prompt;
/// on the command line it is a usage error (exit 64).
package struct OptionError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// What is wrong.
  package enum Reason: Hashable, Sendable {
    /// The value is not one the option accepts; `hint` says what might have been meant.
    case invalidValue(String, expected: String, hint: String?)
    /// The option needs a value and got none (an empty list).
    case missingValue
    /// Two options that exclude each other (`--all` and `--last-days`); `other` names the second.
    case conflicting(other: String)
    /// A custom range that ends before it starts; the subject shows both ends
    /// (`--from 2026-02-01 --to 2026-01-31`).
    case endBeforeStart(from: CalendarDay, to: CalendarDay)
    /// Metrics, vitals and labs all select nothing.
    case nothingSelected
  }

  package var reason: Reason
  /// The option as the user gave it: `--metrics <list>` on the command line, `metrics` in the
  /// settings file.
  package var subject: String

  package init(_ reason: Reason, subject: String) {
    self.reason = reason
    self.subject = subject
  }

  package var description: String {
    switch reason {
    case .invalidValue(let value, let expected, let hint):
      "invalid value \(Self.quoted(value, for: subject)) for '\(subject)': \(expected)"
        + (hint.map { "; \($0)" } ?? "")
    case .missingValue:
      "missing value for '\(subject)'"
    case .conflicting(let other):
      "'\(subject)' and '\(other)' cannot be used together"
    case .endBeforeStart:
      "End date must be on or after start date (\(subject))"
    case .nothingSelected:
      "nothing to export: \(subject) select nothing"
    }
  }

  package var errorDescription: String? { description }

  /// A value given for the option `subject` as a message quotes it: a path (`--output <path>`, the
  /// `output` setting) whole, so that the user sees which one, anything else by its start.
  package static func quoted(_ value: String, for subject: String) -> Quoted {
    let isPath = subject.hasSuffix("<path>") || subject == "output"
    return Quoted(value, limit: isPath ? Quoted.maximumPathCharacters : Quoted.maximumCharacters)
  }
}

/// How an option is named in messages: as a flag, or as a key of the settings file.
package enum OptionNaming: Hashable, Sendable {
  /// `--metrics <list>`.
  case commandLine
  /// `metrics`, a key of the settings file.
  case setting

  /// The name of `option` in this naming.
  package func name(of option: ExportOption) -> String {
    switch self {
    case .commandLine: option.definition.display
    case .setting: option.isRange ? "range" : option.name
    }
  }

  /// The bare name of `option`: `--metrics` or `metrics`.
  package func bareName(of option: ExportOption) -> String {
    switch self {
    case .commandLine: "--\(option.name)"
    case .setting: option.name
    }
  }

  /// How to choose `value` for `option` in this naming: `--vitals height` or `vitals height`.
  package func usage(of option: ExportOption, value: String) -> String {
    switch self {
    case .commandLine: "--\(option.name) \(value)"
    case .setting: "\(option.name) \(value)"
    }
  }
}

extension OptionError: ClassifiedError {
  package var failureKind: FailureKind { .usage }
}
