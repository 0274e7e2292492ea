public import Foundation
public import HealthModel

/// An export.xml that cannot be read: not well-formed where it matters, or not a Health export.
public struct XMLError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// What is wrong.
  public enum Reason: Hashable, Sendable {
    /// A byte that cannot stand where it stands, with what was expected there.
    case unexpectedCharacter(String, expected: String)
    /// `<` inside an attribute value.
    case lessThanInAttributeValue(attribute: String)
    /// An attribute without `=` after its name.
    case missingEquals(attribute: String)
    /// An attribute value without quotes.
    case unquotedValue(attribute: String)
    /// An end tag that does not close the element that is open.
    case mismatchedEndTag(expected: String, found: String)
    /// An end tag with no element open.
    case unexpectedEndTag(String)
    /// An entity reference other than the five XML predefines, or a broken one.
    case unknownEntity(String)
    /// A numeric character reference to no valid character.
    case invalidCharacterReference(String)
    /// Text that is not whitespace outside the root element.
    case textOutsideRoot
    /// The input ends inside a tag, comment or declaration.
    case endOfFileInsideMarkup(String)
    /// The input ends with elements still open.
    case endOfFileInsideElement(String, openedAtLine: Int)
    /// The input holds no element at all.
    case noRootElement
    /// The root element is not `HealthData`.
    case notHealthData(root: String)
    /// The root element of a route file is not `gpx`.
    case notGPX(root: String)
    /// One tag is larger than the reader accepts.
    case markupTooLarge(limit: Int)
    /// Elements nested deeper than the reader accepts.
    case nestingTooDeep(limit: Int)
    /// A NUL byte inside an attribute value, which XML never allows.
    case nulInAttributeValue(attribute: String)
  }

  /// What is wrong.
  public var reason: Reason
  /// Where it is wrong.
  public var location: SourceLocation

  /// The error `reason` at `location`.
  public init(_ reason: Reason, at location: SourceLocation) {
    self.reason = reason
    self.location = location
  }

  /// The message, as it is shown.
  public var description: String {
    "\(location): \(reasonText)"
  }

  /// The message, for `LocalizedError`.
  public var errorDescription: String? { description }

  var reasonText: String {
    switch reason {
    case .unexpectedCharacter(let found, let expected):
      "unexpected \(found), expected \(expected)"
    case .lessThanInAttributeValue(let attribute):
      "unexpected '<' in the value of attribute '\(attribute)'"
    case .missingEquals(let attribute):
      "attribute '\(attribute)' has no '=' and value"
    case .unquotedValue(let attribute):
      "the value of attribute '\(attribute)' is not in quotes"
    case .mismatchedEndTag(let expected, let found):
      "end tag </\(found)> does not close <\(expected)>"
    case .unexpectedEndTag(let name):
      "end tag </\(name)> closes no open element"
    case .unknownEntity(let entity):
      "unknown entity '\(entity)' (only &lt; &gt; &amp; &quot; &apos; and character references are read)"
    case .invalidCharacterReference(let reference):
      "character reference '\(reference)' names no valid character"
    case .textOutsideRoot:
      "text outside the root element"
    case .endOfFileInsideMarkup(let what):
      "the file ends inside \(what); it may be truncated"
    case .endOfFileInsideElement(let name, let line):
      "the file ends before <\(name)> (opened at line \(line)) is closed; it may be truncated"
    case .noRootElement:
      "no XML element found; this is not an Apple Health export.xml"
    case .notHealthData(let root):
      "the root element is <\(root)>, not <HealthData>; this is not an Apple Health export.xml"
    case .notGPX(let root):
      "the root element is <\(root)>, not <gpx>; this is not a GPX route file"
    case .markupTooLarge(let limit):
      ResourceLimit.tagSize.message(limit: limit)
    case .nestingTooDeep(let limit):
      ResourceLimit.elementDepth.message(limit: limit)
    case .nulInAttributeValue(let attribute):
      "a NUL byte in the value of attribute '\(attribute)'; the file is damaged"
    }
  }
}

extension XMLError: ClassifiedError {
  package var failureKind: FailureKind { .malformedInput }
}
