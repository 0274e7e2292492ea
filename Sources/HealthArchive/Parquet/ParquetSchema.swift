/// One column of a flat Parquet schema: its name, what it holds and whether it may be null.
package struct ParquetColumn: Hashable, Sendable {
  /// What a column holds, and so its physical and logical types.
  package enum Kind: Hashable, Sendable {
    /// `BOOLEAN`.
    case boolean
    /// `INT32`.
    case int32
    /// `INT64`.
    case int64
    /// `DOUBLE`.
    case double
    /// UTF-8 text: `BYTE_ARRAY` annotated `STRING` (legacy `UTF8`), dictionary-encoded.
    case string
    /// An instant: `INT64` microseconds since 1970 in UTC, annotated `TIMESTAMP(isAdjustedToUTC =
    /// true, MICROS)` (legacy `TIMESTAMP_MICROS`).
    case timestamp
    /// A calendar day: `INT32` days since 1970-01-01, annotated `DATE` (legacy `DATE`).
    case date
  }

  /// The column's name.
  package var name: String
  /// What it holds.
  package var kind: Kind
  /// Whether it may be null (`OPTIONAL`, with definition levels), else `REQUIRED`.
  package var isOptional: Bool

  /// A column named `name` holding `kind`, nullable when `isOptional`.
  package init(_ name: String, _ kind: Kind, isOptional: Bool = false) {
    self.name = name
    self.kind = kind
    self.isOptional = isOptional
  }

  /// The physical type (`Type` of parquet.thrift).
  var physicalType: Int32 {
    switch kind {
    case .boolean: 0
    case .int32, .date: 1
    case .int64, .timestamp: 2
    case .double: 5
    case .string: 6
    }
  }

  /// The legacy annotation (`ConvertedType`): `UTF8` 0, `DATE` 6, `TIMESTAMP_MICROS` 10.
  var convertedType: Int32? {
    switch kind {
    case .string: 0
    case .date: 6
    case .timestamp: 10
    case .boolean, .int32, .int64, .double: nil
    }
  }

  /// Writes the column's `SchemaElement`.
  func writeElement(to thrift: inout ThriftCompactWriter) {
    thrift.i32(physicalType, field: 1)
    thrift.i32(isOptional ? 1 : 0, field: 3)
    thrift.string(name, field: 4)
    if let convertedType { thrift.i32(convertedType, field: 6) }
    switch kind {
    case .string:
      // LogicalType.STRING: an empty StringType.
      thrift.structure(field: 10) { $0.structure(field: 1) { _ in } }
    case .date:
      // LogicalType.DATE: an empty DateType.
      thrift.structure(field: 10) { $0.structure(field: 6) { _ in } }
    case .timestamp:
      // LogicalType.TIMESTAMP: TimestampType(isAdjustedToUTC: true, unit: TimeUnit.MICROS).
      thrift.structure(field: 10) { logical in
        logical.structure(field: 8) { timestamp in
          timestamp.boolean(true, field: 1)
          timestamp.structure(field: 2) { $0.structure(field: 2) { _ in } }
        }
      }
    case .boolean, .int32, .int64, .double:
      break
    }
  }
}

/// The columns of a Parquet file, in order: a flat schema under one root (no nesting, no repeated
/// fields).
package struct ParquetSchema: Hashable, Sendable {
  /// The columns, in order.
  package var columns: [ParquetColumn]

  /// A schema of `columns`, in order; their names must differ.
  package init(_ columns: [ParquetColumn]) {
    precondition(Set(columns.map(\.name)).count == columns.count, "each column has a name of its own")
    self.columns = columns
  }

  /// Writes the footer's `schema` list: the root (named `schema`, with the number of columns),
  /// then each column.
  func write(to thrift: inout ThriftCompactWriter, field id: Int16) {
    thrift.list(ofStructs: columns.count + 1, field: id) { index, element in
      if index == 0 {
        element.string("schema", field: 4)
        element.i32(Int32(columns.count), field: 5)
      } else {
        columns[index - 1].writeElement(to: &element)
      }
    }
  }
}
