public import Foundation
package import HealthModel

/// JSON that cannot be read or written: not well formed, too large, or a value JSON cannot hold.
///
/// Each error names the input (or output), the byte offset from its start, and the key path of the
/// value where it happened, such as `HKQuantityTypeIdentifierStepCount[1523].value`.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// What is wrong.
  public enum Reason: Hashable, Sendable {
    /// A byte (or word) that cannot stand where it stands, with what was expected there.
    case unexpectedCharacter(String, expected: String)
    /// The input ends where more was expected.
    case unexpectedEndOfInput(expected: String)
    /// The input holds nothing but whitespace.
    case emptyInput
    /// Something other than whitespace after the top-level value.
    case trailingContent(String)
    /// A string that starts at the offset and never ends.
    case unterminatedString
    /// A backslash escape JSON does not define, such as `\x` or `\u12G4`.
    case invalidEscape(String)
    /// A `\uXXXX` escape of half a surrogate pair without the other half.
    case loneSurrogate(String)
    /// A raw control character (below U+0020) inside a string, which JSON requires escaped.
    case controlCharacterInString(UInt8)
    /// Bytes inside a string that are not UTF-8.
    case invalidUTF8
    /// A number JSON does not allow: a leading zero, `+`, a bare `.`, `NaN`, `Infinity`.
    case invalidNumber(String)
    /// A number too large for a `Double`.
    case numberOutOfRange(String)
    /// Objects and arrays nested deeper than the limit.
    case nestingTooDeep(limit: Int)
    /// A single string or number larger than the limit, in bytes.
    case valueTooLarge(limit: Int)
    /// A number longer than the limit, in characters.
    case numberTooLong(limit: Int)
    /// A `\u0000` in a string, where the reader refuses it (health files hold none).
    case nulInString
    /// One element read whole larger than the limit, in bytes.
    case elementTooLarge(limit: Int)
    /// A value of another kind than the reader asked for.
    case typeMismatch(expected: String, found: String)
    /// A `Double` that JSON cannot hold (`nan`, `inf`, `-inf`), given to a writer.
    case nonFiniteNumber(String)
  }

  /// What is wrong.
  public var reason: Reason
  /// The input or output, as it was named to the reader or writer.
  public var name: String
  /// The byte offset from the start of the input (or output) where it happened.
  public var offset: Int
  /// The key path of the value where it happened (`metaData.type`, `samples[3].value`); empty at
  /// the top level.
  public var path: String

  /// Creates an error.
  /// - Parameters:
  ///   - reason: what is wrong.
  ///   - name: the input or output.
  ///   - offset: the byte offset from its start.
  ///   - path: the key path of the value, empty at the top level.
  public init(_ reason: Reason, name: String, offset: Int, path: String) {
    self.reason = reason
    self.name = name
    self.offset = offset
    self.path = path
  }

  /// `profile.json, byte 1234, at samples[3].value: unexpected '}', expected a value`.
  public var description: String {
    let place = path.isEmpty ? "" : ", at \(path)"
    return "\(name), byte \(offset)\(place): \(reasonText)"
  }

  /// The message, for `LocalizedError`.
  public var errorDescription: String? { description }

  /// What is wrong, without the file and place.
  public var reasonText: String {
    switch reason {
    case .unexpectedCharacter(let found, let expected):
      "unexpected \(found), expected \(expected)"
    case .unexpectedEndOfInput(let expected):
      "the input ends where \(expected) was expected; the file may be truncated"
    case .emptyInput:
      "the input is empty; expected a JSON value"
    case .trailingContent(let found):
      "unexpected \(found) after the end of the JSON value; a file holds one value"
    case .unterminatedString:
      "a string starts here and never ends; the file may be truncated"
    case .invalidEscape(let escape):
      "invalid escape '\(escape)' in a string; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
    case .loneSurrogate(let escape):
      "'\(escape)' is half of a UTF-16 surrogate pair without its other half"
    case .controlCharacterInString(let byte):
      "raw control character \(Self.scalarName(byte)) in a string; JSON requires it escaped"
    case .invalidUTF8:
      "bytes in a string that are not UTF-8; the file is damaged or in another encoding"
    case .invalidNumber(let text):
      "invalid number '\(text)'; JSON numbers have no leading zeros, '+', bare '.', NaN or Infinity"
    case .numberOutOfRange(let text):
      "the number '\(text)' is too large for a 64-bit floating-point value"
    case .nestingTooDeep(let limit):
      ResourceLimit.jsonDepth.message(limit: limit)
    case .valueTooLarge(let limit):
      ResourceLimit.jsonValueSize.message(limit: limit)
    case .numberTooLong(let limit):
      ResourceLimit.numberLength.message(limit: limit)
    case .nulInString:
      "a NUL character (\\u0000) in a string; a health record holds none, so the file is damaged"
    case .elementTooLarge(let limit):
      ResourceLimit.profileElementSize.message(limit: limit)
    case .typeMismatch(let expected, let found):
      "expected \(expected), found \(found)"
    case .nonFiniteNumber(let value):
      "cannot write the number \(value); JSON has no NaN or infinity"
    }
  }

  /// `U+000A`.
  private static func scalarName(_ byte: UInt8) -> String {
    let hex = String(byte, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
  }
}

extension JSONError: ClassifiedError {
  package var failureKind: FailureKind { .malformedInput }
}
