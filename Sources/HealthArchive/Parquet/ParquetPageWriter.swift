import SystemShim

/// The file side of a `ParquetWriter`: encodes the column chunks of each row group into pages,
/// compresses them, writes them with their headers, and keeps what the footer says of them. The
/// writer hands it the row groups on a thread of its own, while the rows go on.
final class ParquetPageWriter {
  /// One row group as it was gathered: its chunks, in the schema's order, and its rows.
  struct RowGroup: Sendable {
    var chunks: [ParquetColumnChunk]
    var rowCount: Int
  }

  private let sink: ByteSink
  private let deflater: Deflater?
  private var compressed: [UInt8] = []
  /// Bytes written so far: the offset of the next.
  private var offset: Int64 = 0
  /// What the footer says of the row groups written.
  private(set) var footer: ParquetFooter

  static let magic: [UInt8] = Array("PAR1".utf8)

  /// A writer of pages to `sink`, compressed with GZIP at `gzipLevel` (none for nil).
  /// - Throws: `OutputError` when zlib cannot start.
  init(sink: ByteSink, schema: ParquetSchema, gzipLevel: Int32?, createdBy: String) throws {
    self.sink = sink
    footer = ParquetFooter(schema: schema, codec: gzipLevel == nil ? 0 : 2, createdBy: createdBy)
    deflater = gzipLevel.flatMap { Deflater(level: $0, chunkSize: 64 << 10, wrapper: .gzip) }
    guard gzipLevel == nil || deflater != nil else {
      throw OutputError.writeFailed(path: "a Parquet file", reason: "zlib could not start")
    }
  }

  /// Writes the leading `PAR1`.
  /// - Throws: what the sink throws.
  func writeMagic() throws {
    try write(Self.magic)
  }

  /// Writes a row group's column chunks: for each, its dictionary page if it has one, then its
  /// data page.
  /// - Throws: what the sink throws.
  func write(_ group: RowGroup) throws {
    var metadata = ParquetFooter.RowGroup(chunks: [], rowCount: Int64(group.rowCount), fileOffset: offset)
    for var chunk in group.chunks {
      let pages = chunk.takePages()
      let start = offset
      var dictionaryOffset: Int64?
      var uncompressed = 0
      if let dictionary = pages.dictionary {
        dictionaryOffset = offset
        uncompressed += try write(dictionary, isDictionary: true)
      }
      let dataOffset = offset
      uncompressed += try write(pages.data, isDictionary: false)
      metadata.chunks.append(
        ParquetFooter.Chunk(
          encodings: pages.encodings, valueCount: Int64(pages.data.valueCount),
          uncompressedSize: Int64(uncompressed), compressedSize: offset - start, dataPageOffset: dataOffset,
          dictionaryPageOffset: dictionaryOffset, statistics: pages.statistics))
    }
    footer.rowGroups.append(metadata)
  }

  /// Writes the footer, its length in 4 bytes, and the closing `PAR1`.
  /// - Throws: what the sink throws.
  func writeFooter() throws {
    let encoded = footer.encoded()
    var tail = encoded
    tail.appendLittleEndian(UInt32(encoded.count))
    tail.append(contentsOf: Self.magic)
    try write(tail)
  }

  /// Writes a page: its header (`PageHeader`, with the CRC-32 of the bytes that follow), then
  /// its body, compressed.
  /// - Returns: the page's size with its header, before compression.
  private func write(_ page: ParquetColumnChunk.Page, isDictionary: Bool) throws -> Int {
    let body: [UInt8]
    if let deflater {
      compressed.removeAll(keepingCapacity: true)
      page.body.withRawSpan { span in
        deflater.deflate(span) { compressed.append($0) }
      }
      deflater.finish { compressed.append($0) }
      deflater.reset()
      body = compressed
    } else {
      body = page.body
    }
    var crc = CRC32()
    crc.update(body)
    var header = ThriftCompactWriter()
    header.i32(isDictionary ? 2 : 0, field: 1)
    header.i32(Int32(page.body.count), field: 2)
    header.i32(Int32(body.count), field: 3)
    header.i32(Int32(bitPattern: crc.value), field: 4)
    if isDictionary {
      header.structure(field: 7) { dictionary in
        dictionary.i32(Int32(page.valueCount), field: 1)
        dictionary.i32(page.encoding, field: 2)
      }
    } else {
      header.structure(field: 5) { data in
        data.i32(Int32(page.valueCount), field: 1)
        data.i32(page.encoding, field: 2)
        data.i32(ParquetColumnChunk.rle, field: 3)
        data.i32(ParquetColumnChunk.rle, field: 4)
      }
    }
    let headerBytes = header.finish()
    try write(headerBytes)
    try write(body)
    return headerBytes.count + page.body.count
  }

  private func write(_ bytes: [UInt8]) throws {
    try sink.write(bytes)
    offset += Int64(bytes.count)
  }
}
