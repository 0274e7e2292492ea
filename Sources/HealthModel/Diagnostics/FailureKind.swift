/// What kind of failure an error is, which a command line's exit status says (`sysexits.h`): each
/// error type of the library says it of itself (`ClassifiedError`), so that nothing has to know
/// every error type.
package enum FailureKind: Sendable {
  /// The command line, an option or a setting is wrong (64).
  case usage
  /// The input is malformed (65).
  case malformedInput
  /// The input does not exist or cannot be read (66).
  case missingInput
  /// An output cannot be created (73).
  case cannotCreate
  /// Reading or writing failed part-way (74).
  case inputOutput
  /// Any other failure, such as an export that selects no rows (1).
  case other
}

/// An error that says what kind of failure it is.
package protocol ClassifiedError: Error {
  var failureKind: FailureKind { get }
}

extension StrictModeError: ClassifiedError {
  /// A record strict mode would not skip: the input is malformed.
  package var failureKind: FailureKind { .malformedInput }
}
