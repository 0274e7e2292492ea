import SystemShim

/// A JSON number: its exact text as written, and the nearest `Double`.
///
/// The text is kept so that a number is written back exactly as it was read (`1446486924969.1`
/// stays `1446486924969.1`, `200` stays `200`), whatever its `Double` prints as.
package struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
  /// The number as written in JSON, such as `-12.5e3`.
  package let text: String
  /// The nearest `Double` to the text, correctly rounded; always finite.
  package let doubleValue: Double

  /// A number whose text is known to be valid JSON and whose value is its correctly rounded
  /// `Double` (the reader's, and tests').
  package init(uncheckedText text: String, doubleValue: Double) {
    self.text = text
    self.doubleValue = doubleValue
  }

  /// The number written as JSON text; nil when `text` is not a JSON number (`01`, `+1`, `.5`,
  /// `1.`, `NaN`) or is too large for a `Double`.
  package init?(_ text: String) {
    let bytes = Array(text.utf8)
    let value = bytes.withSpan { bytes -> Double? in
      guard !bytes.isEmpty,
        case .number(let number) = JSONNumberGrammar.scan(bytes, from: 0, isFinal: true),
        number.end == bytes.count
      else { return nil }
      return number.fastValue ?? JSONNumberGrammar.doubleValue(of: bytes)
    }
    guard let value else { return nil }
    self.text = text
    self.doubleValue = value
  }

  /// The number of a finite `Double`, written as `JSONWriter` writes it: integral values of
  /// magnitude below 2^53 as integers (`200`, `-0`), others in the shortest text that reads back
  /// as the same `Double` (`0.1`, `1e-07`); nil for NaN and infinities.
  package init?(_ value: Double) {
    guard value.isFinite else { return nil }
    self.text = JSONNumberGrammar.text(of: value)
    self.doubleValue = value
  }

  /// The number of an integer.
  package init(_ value: Int) {
    self.text = String(value)
    self.doubleValue = Double(value)
  }

  /// The number of a 64-bit integer (SQLite's).
  package init(_ value: Int64) {
    self.text = String(value)
    self.doubleValue = Double(value)
  }

  /// The value as an `Int` when the number is integral and within range; nil otherwise.
  package var intValue: Int? {
    guard doubleValue.rounded(.towardZero) == doubleValue,
      doubleValue >= -9.223372036854775808e18, doubleValue < 9.223372036854775808e18
    else { return nil }
    if let exact = Int(text) { return exact }
    return Int(doubleValue)
  }

  package var description: String { text }
}
