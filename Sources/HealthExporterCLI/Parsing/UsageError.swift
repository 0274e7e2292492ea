import HealthExport
import HealthModel

/// A command line that cannot be run as given; exits 64 with the usage line and a pointer to
/// `--help`.
struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  enum Reason: Hashable, Sendable {
    case unknownOption(String, suggestion: String?)
    case unknownCommand(String, suggestion: String?)
    case missingValue(option: String)
    case flagWithValue(option: String)
    case unexpectedArgument(String)
    case missingArgument(name: String, help: String)
    case invalidValue(option: String, value: String, expected: String)
    case conflicting(String, String)
    case other(String)
  }

  var reason: Reason
  /// The command whose usage line is shown (`export`), or nil for the tool itself.
  var command: String?

  init(_ reason: Reason, command: String?) {
    self.reason = reason
    self.command = command
  }

  /// An export choice that cannot be used, as a usage error of `command`.
  init(_ error: OptionError, command: String?) {
    self.init(.other(error.description), command: command)
  }

  var description: String {
    switch reason {
    case .unknownOption(let option, let suggestion):
      "unknown option \(Quoted(option))" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .unknownCommand(let name, let suggestion):
      "unknown command \(Quoted(name))" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .missingValue(let option):
      "missing value for '\(option)'"
    case .flagWithValue(let option):
      "'\(option)' takes no value"
    case .unexpectedArgument(let argument):
      "unexpected argument \(Quoted(argument))"
    case .missingArgument(let name, let help):
      "missing <\(name)>: \(help)"
    case .invalidValue(let option, let value, let expected):
      "invalid value \(OptionError.quoted(value, for: option)) for '\(option)': \(expected)"
    case .conflicting(let first, let second):
      "'\(first)' and '\(second)' cannot be used together"
    case .other(let text):
      text
    }
  }
}

extension UsageError: ClassifiedError {
  var failureKind: FailureKind { .usage }
}
