/// A value a message quotes back (a mistyped name, a bad argument, an unknown key), between single
/// quotes and cut to its first `maximumCharacters` characters: `'stepz'`, or, for a longer one,
/// `'aaaa…' (300,000 characters)`. A message stays a line however long the value a user or an
/// input gave.
///
///     "No type is named \(Quoted(metric))"
public struct Quoted: CustomStringConvertible, Sendable {
  /// The most characters of a value a message shows.
  public static let maximumCharacters = 40
  /// The most characters of a path a message shows: a path is shown whole (the user needs to see
  /// which one), up to the longest path a system takes (`PATH_MAX`).
  public static let maximumPathCharacters = 4096

  /// The value as given.
  public let text: Substring
  /// The most characters shown.
  public let limit: Int

  /// - Parameters:
  ///   - text: the value.
  ///   - limit: the most characters shown (`maximumPathCharacters` for a path).
  public init(_ text: some StringProtocol, limit: Int = Quoted.maximumCharacters) {
    self.text = Substring(text)
    self.limit = limit
  }

  /// `'value'`, or its start, `…` and its length.
  public var description: String {
    let shown = text.prefix(limit)
    guard shown.endIndex < text.endIndex else { return "'\(text)'" }
    return "'\(shown)…' (\(Self.grouped(text.count)) characters)"
  }

  /// `300,000`: a count with its thousands separated by commas, as messages write counts.
  public static func grouped(_ count: Int) -> String {
    var digits = String(count)
    var index = digits.endIndex
    while digits.distance(from: digits.startIndex, to: index) > 3 {
      index = digits.index(index, offsetBy: -3)
      digits.insert(",", at: index)
    }
    return digits
  }
}
