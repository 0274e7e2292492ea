import HealthModel
import SystemShim

/// The exit codes of the command line, after `sysexits.h`.
package enum ExitCode: Int32, Sendable {
  case success = 0
  /// Any other failure, such as an export that selects no rows.
  case failure = 1
  /// The command line is wrong.
  case usage = 64
  /// The input is malformed.
  case dataError = 65
  /// The input does not exist or cannot be read.
  case noInput = 66
  /// The output cannot be created.
  case cannotCreate = 73
  /// Reading or writing failed part-way.
  case ioError = 74

  /// The exit code for an error thrown by the library: what kind of failure it says it is
  /// (`ClassifiedError`); a system call's failure part-way is an I/O error; anything else, a
  /// failure.
  init(for error: any Error) {
    switch error {
    case let error as any ClassifiedError:
      switch error.failureKind {
      case .usage: self = .usage
      case .malformedInput: self = .dataError
      case .missingInput: self = .noInput
      case .cannotCreate: self = .cannotCreate
      case .inputOutput: self = .ioError
      case .other: self = .failure
      }
    case is SystemError:
      self = .ioError
    default:
      self = .failure
    }
  }
}
