extension SQLiteValue {
  /// The value as a number, where it is one.
  package var number: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .real(let value): value
    default: nil
    }
  }

  /// The value's text, where it is text.
  package var text: String? {
    if case .text(let value) = self { return value }
    return nil
  }

  /// Whether it is a number.
  package var isNumber: Bool { number != nil }
}
