/// What a Parquet file's footer says (`FileMetaData` of parquet.thrift): the schema, where each
/// row group's column chunks are and what they hold, and the order their statistics follow.
struct ParquetFooter {
  /// Where one column chunk is and what it holds (`ColumnMetaData`).
  struct Chunk {
    var encodings: [Int32]
    /// Values, nulls included.
    var valueCount: Int64
    /// Its pages' bytes with their headers, before and after compression.
    var uncompressedSize: Int64
    var compressedSize: Int64
    var dataPageOffset: Int64
    var dictionaryPageOffset: Int64?
    var statistics: ParquetStatistics
  }

  /// One row group (`RowGroup`).
  struct RowGroup {
    /// Its chunks, in the schema's order.
    var chunks: [Chunk]
    var rowCount: Int64
    /// Where its first page is.
    var fileOffset: Int64
  }

  var schema: ParquetSchema
  var rowGroups: [RowGroup] = []
  /// The codec of every chunk (`CompressionCodec`: 0 none, 2 GZIP).
  var codec: Int32
  /// The writer's name (`created_by`).
  var createdBy: String

  /// The footer's Thrift bytes.
  func encoded() -> [UInt8] {
    var thrift = ThriftCompactWriter()
    thrift.i32(1, field: 1)
    schema.write(to: &thrift, field: 2)
    thrift.i64(rowGroups.reduce(0) { $0 + $1.rowCount }, field: 3)
    thrift.list(ofStructs: rowGroups.count, field: 4) { index, group in
      write(rowGroups[index], to: &group)
    }
    thrift.string(createdBy, field: 6)
    // ColumnOrder.TYPE_ORDER for every column: the statistics follow each type's own order.
    thrift.list(ofStructs: schema.columns.count, field: 7) { _, order in
      order.structure(field: 1) { _ in }
    }
    return thrift.finish()
  }

  private func write(_ group: RowGroup, to thrift: inout ThriftCompactWriter) {
    thrift.list(ofStructs: group.chunks.count, field: 1) { index, chunk in
      // `file_offset` is deprecated and 0 where no metadata is written outside the footer.
      chunk.i64(0, field: 2)
      chunk.structure(field: 3) { write(group.chunks[index], of: schema.columns[index], to: &$0) }
    }
    thrift.i64(group.chunks.reduce(0) { $0 + $1.uncompressedSize }, field: 2)
    thrift.i64(group.rowCount, field: 3)
    thrift.i64(group.fileOffset, field: 5)
    thrift.i64(group.chunks.reduce(0) { $0 + $1.compressedSize }, field: 6)
  }

  private func write(_ chunk: Chunk, of column: ParquetColumn, to thrift: inout ThriftCompactWriter) {
    thrift.i32(column.physicalType, field: 1)
    thrift.list(chunk.encodings, field: 2)
    thrift.list([column.name], field: 3)
    thrift.i32(codec, field: 4)
    thrift.i64(chunk.valueCount, field: 5)
    thrift.i64(chunk.uncompressedSize, field: 6)
    thrift.i64(chunk.compressedSize, field: 7)
    thrift.i64(chunk.dataPageOffset, field: 9)
    if let offset = chunk.dictionaryPageOffset { thrift.i64(offset, field: 11) }
    thrift.structure(field: 12) { chunk.statistics.write(to: &$0) }
  }
}
