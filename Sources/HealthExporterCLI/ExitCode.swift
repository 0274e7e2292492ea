import HealthArchive
import HealthAssistant
import HealthExport
import HealthModel
import HealthSampleGenerator
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

  /// The exit code for an error thrown by the library.
  init(for error: any Error) {
    switch error {
    case is UsageError, is OptionError:
      self = .usage
    case let error as SettingsCommandError:
      if case .corrupt = error { self = .cannotCreate } else { self = .failure }
    case let error as InputError:
      switch error {
      case .readFailed: self = .ioError
      case .notFound, .unreadable: self = .noInput
      case .notAnExport, .ambiguous, .tooLarge, .changedBetweenPasses: self = .dataError
      }
    case is XMLError, is StrictModeError, is ZipError, is JSONError:
      self = .dataError
    case let error as ProfileError:
      if case .cannotSpill = error { self = .cannotCreate } else { self = .dataError }
    case let error as OutputError:
      self = error.isWriteFailure ? .ioError : .cannotCreate
    case is SampleConfigurationError, is SampleSizeError:
      self = .usage
    case is SystemError:
      self = .ioError
    case let error as AssistantError:
      if case .notAHealthDatabase = error { self = .dataError } else { self = .cannotCreate }
    default:
      self = .failure
    }
  }
}
