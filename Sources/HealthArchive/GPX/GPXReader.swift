package import HealthModel
import SystemShim

/// Reads the track points of a GPX route file as it streams, on the export reader's XML
/// tokenizer: memory is bounded by one tag and one batch of points, whatever the file's size.
///
/// Apple's route files hold one `trk` of one `trkseg` of `trkpt lat lon` elements, each with
/// `ele`, `time` and, in `extensions`, `speed`, `course`, `hAcc` and `vAcc`; every `trkpt` of the
/// file is read, in order, whatever the tracks and segments around it. A point whose `lat` or
/// `lon` is missing or not a number is skipped and counted; other values that are not numbers
/// are left empty.
///
/// Malformed XML, or a root that is not `gpx`, is an `XMLError` with the file, line and column.
package final class GPXReader {
  private let tokenizer: XMLTokenizer
  /// Where the points skipped for a missing or unreadable position are; complete once `read`
  /// returns.
  package private(set) var skippedPoints: [SourceLocation] = []

  /// - Parameters:
  ///   - stream: the GPX bytes.
  ///   - bufferSize: bytes read at a time.
  package init(stream: any ByteStream, bufferSize: Int = 64 << 10) {
    tokenizer = XMLTokenizer(stream: stream, bufferSize: bufferSize)
  }

  /// Reads the whole file, handing the points to `consume` in batches of up to `batchSize`. When
  /// the file goes wrong part way (cut short, not well-formed), the points read before the fault
  /// are handed on first, whatever the batch size, and then the fault is thrown.
  /// - Throws: `XMLError`; the stream's errors; whatever `consume` throws.
  package func read(batchSize: Int = 4096, _ consume: ([RoutePoint]) throws -> Void) throws {
    guard try tokenizer.next() != .endOfInput else { return }
    guard tokenizer.nameIs("gpx") else {
      throw tokenizer.error(.notGPX(root: tokenizer.name), at: tokenizer.tagStart)
    }
    var batch: [RoutePoint] = []
    batch.reserveCapacity(min(batchSize, 1024))
    var consumerFailed = false
    func handOn() throws {
      do { try consume(batch) } catch {
        consumerFailed = true
        throw error
      }
      batch.removeAll(keepingCapacity: true)
    }
    do {
      while true {
        switch try tokenizer.next() {
        case .startTag(let isEmpty):
          guard tokenizer.nameIs("trkpt") else { continue }
          if let point = try readPoint(isEmpty: isEmpty) {
            batch.append(point)
            if batch.count >= batchSize { try handOn() }
          }
        case .endTag:
          continue
        case .endOfInput:
          if !batch.isEmpty { try handOn() }
          return
        }
      }
    } catch {
      if !consumerFailed && !batch.isEmpty { try handOn() }
      throw error
    }
  }

  /// The `trkpt` whose start tag is current, through its end tag; nil without a position.
  private func readPoint(isEmpty: Bool) throws -> RoutePoint? {
    var latitude: Double?
    var longitude: Double?
    for attribute in tokenizer.attributes {
      if tokenizer.bytesEqual(attribute.nameStart, attribute.nameEnd, "lat") {
        latitude = try tokenizer.withValueBytes(of: attribute, ValueParsing.decimal)
      } else if tokenizer.bytesEqual(attribute.nameStart, attribute.nameEnd, "lon") {
        longitude = try tokenizer.withValueBytes(of: attribute, ValueParsing.decimal)
      }
    }
    if latitude == nil || longitude == nil { skippedPoints.append(tokenizer.tagLocation) }
    var point = RoutePoint(time: nil, latitude: latitude ?? 0, longitude: longitude ?? 0)
    if !isEmpty {
      let depth = tokenizer.depth
      while true {
        let token = try tokenizer.next()
        if token == .endOfInput { break }
        if token == .endTag {
          if tokenizer.depth < depth { break }
          continue
        }
        guard case .startTag(let childIsEmpty) = token, !childIsEmpty else { continue }
        if tokenizer.nameIs("ele") {
          point.elevation = try tokenizer.withText(ValueParsing.decimal)
        } else if tokenizer.nameIs("time") {
          point.time = try tokenizer.withText(Self.instant)
        } else if tokenizer.nameIs("speed") {
          point.speed = try tokenizer.withText(ValueParsing.decimal)
        } else if tokenizer.nameIs("course") {
          point.course = try tokenizer.withText(ValueParsing.decimal)
        } else if tokenizer.nameIs("hAcc") {
          point.horizontalAccuracy = try tokenizer.withText(ValueParsing.decimal)
        } else if tokenizer.nameIs("vAcc") {
          point.verticalAccuracy = try tokenizer.withText(ValueParsing.decimal)
        }
      }
    }
    guard latitude != nil, longitude != nil else { return nil }
    return point
  }

  /// A GPX time: `2019-06-11T22:00:42Z` read with digit loops, any other ISO 8601 form through
  /// `ISO8601DateTime`; nil without a time of day and offset.
  static func instant(_ bytes: Span<UInt8>) -> Timestamp? {
    if let instant = ValueParsing.utcDateTime(bytes) { return instant }
    let parsed = ISO8601DateTime(parsing: String(utf8: bytes))
    guard let parsed, parsed.hasTime, var instant = parsed.timestamp else { return nil }
    instant.writtenUTCOffset = parsed.utcOffset.map(Int32.init)
    return instant
  }
}
