/// The statistics of a column chunk: its nulls, and its smallest and largest value in the order of
/// its type (`min_value`, `max_value`, each PLAIN without a length; the footer's `column_orders`
/// says the order is the type's).
struct ParquetStatistics: Hashable {
  /// How many values are null.
  var nullCount: Int64
  /// The smallest value, PLAIN; nil when unknown (text written PLAIN, no value, only NaNs).
  var minimum: [UInt8]?
  /// The largest value, PLAIN; nil when unknown.
  var maximum: [UInt8]?

  /// Sets the bounds of a numeric or boolean column from those its values had (NaNs left out).
  /// A double's zero bound is written as the format asks: -0.0 as a minimum, +0.0 as a maximum,
  /// since the two compare equal.
  mutating func setBounds(
    of kind: ParquetColumn.Kind, integers: (minimum: Int64, maximum: Int64)?,
    doubles: (minimum: Double, maximum: Double)?
  ) {
    switch kind {
    case .int32, .date:
      guard let integers else { return }
      minimum = Self.plain(Int32(truncatingIfNeeded: integers.minimum))
      maximum = Self.plain(Int32(truncatingIfNeeded: integers.maximum))
    case .int64, .timestamp:
      guard let integers else { return }
      minimum = Self.plain(integers.minimum)
      maximum = Self.plain(integers.maximum)
    case .boolean:
      guard let integers else { return }
      minimum = [UInt8(truncatingIfNeeded: integers.minimum)]
      maximum = [UInt8(truncatingIfNeeded: integers.maximum)]
    case .double:
      guard let doubles else { return }
      minimum = Self.plain((doubles.minimum == 0 ? -0.0 : doubles.minimum).bitPattern)
      maximum = Self.plain((doubles.maximum == 0 ? 0.0 : doubles.maximum).bitPattern)
    case .string:
      return
    }
  }

  /// Writes the `Statistics` struct.
  func write(to thrift: inout ThriftCompactWriter) {
    thrift.i64(nullCount, field: 3)
    if let maximum { thrift.binary(maximum, field: 5) }
    if let minimum { thrift.binary(minimum, field: 6) }
  }

  private static func plain<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.appendLittleEndian(value)
    return bytes
  }
}
