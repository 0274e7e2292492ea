import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

/// The GPX reader: every track point with its values, streamed in batches, from Apple's route
/// files and from crafted ones.
@Suite struct GPXReaderTests {
  static let appleRoute = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
      <metadata>
        <time>2026-02-12T12:58:26Z</time>
      </metadata>
      <trk>
        <name>Route 2019-06-11 3:00pm</name>
        <trkseg>
          <trkpt lon="-122.396397" lat="37.781672"><ele>4.076904</ele><time>2019-06-11T22:00:42Z</time><extensions><speed>0.180883</speed><course>206.252884</course><hAcc>8.063116</hAcc><vAcc>6.428697</vAcc></extensions></trkpt>
          <trkpt lon="2.3372" lat="48.8462">
            <ele> 35.5 </ele>
            <time>2025-09-16T17:15:43.250+02:00</time>
            <extensions><speed>-1.000000</speed><course>-1.000000</course><hAcc>4.5</hAcc><vAcc>-1.000000</vAcc></extensions>
          </trkpt>
          <trkpt lat="1" lon="2"/>
        </trkseg>
      </trk>
    </gpx>
    """

  static func points(_ text: String, chunkLimit: Int = .max, batchSize: Int = 4096) throws -> (
    points: [RoutePoint], batches: [Int], skipped: [HealthModel.SourceLocation]
  ) {
    let reader = GPXReader(
      stream: MemoryByteStream(Array(text.utf8), name: "route.gpx", chunkLimit: chunkLimit), bufferSize: 64)
    var points: [RoutePoint] = []
    var batches: [Int] = []
    try reader.read(batchSize: batchSize) { batch in
      points += batch
      batches.append(batch.count)
    }
    return (points, batches, reader.skippedPoints)
  }

  @Test func readsEveryValueOfApplesTrackPoints() throws {
    let result = try Self.points(Self.appleRoute)
    #expect(
      result.points == [
        RoutePoint(
          time: Timestamp(secondsSince1970: 1_560_290_442), latitude: 37.781672, longitude: -122.396397,
          elevation: 4.076904, speed: 0.180883, course: 206.252884, horizontalAccuracy: 8.063116,
          verticalAccuracy: 6.428697),
        RoutePoint(
          time: Timestamp(millisecondsSince1970: 1_758_035_743_250), latitude: 48.8462, longitude: 2.3372,
          elevation: 35.5, speed: -1, course: -1, horizontalAccuracy: 4.5, verticalAccuracy: -1),
        RoutePoint(time: nil, latitude: 1, longitude: 2),
      ])
    #expect(result.points[0].time?.writtenUTCOffset == 0)
    #expect(result.points[1].time?.writtenUTCOffset == 7200)
    #expect(result.skipped == [])
  }

  @Test(arguments: [1, 7, 64])
  func givesTheSamePointsWhateverTheChunksAndBatches(chunkLimit: Int) throws {
    let whole = try Self.points(Self.appleRoute)
    let cut = try Self.points(Self.appleRoute, chunkLimit: chunkLimit, batchSize: 2)
    #expect(cut.points == whole.points)
    #expect(cut.batches == [2, 1])
  }

  @Test func skipsAndCountsPointsWithoutAPosition() throws {
    let text = """
      <gpx><trk><trkseg><trkpt lat="x" lon="1"><ele>1</ele></trkpt><trkpt lon="1"/>\
      <trkpt lat="5" lon="6"><ele>not a number</ele><time>yesterday</time></trkpt></trkseg></trk></gpx>
      """
    let result = try Self.points(text)
    #expect(result.points == [RoutePoint(time: nil, latitude: 5, longitude: 6)])
    #expect(
      result.skipped == [
        HealthModel.SourceLocation(file: "route.gpx", line: 1, column: 19),
        HealthModel.SourceLocation(file: "route.gpx", line: 1, column: 62),
      ])
  }

  @Test func decodesReferencesInText() throws {
    let result = try Self.points("<gpx><trkpt lat=\"1\" lon=\"2\"><ele>&#x31;2.5</ele></trkpt></gpx>")
    #expect(result.points.first?.elevation == 12.5)
  }

  @Test func refusesAFileThatIsNotGPX() throws {
    let error = try #require(throws: XMLError.self) { try Self.points("<HealthData locale=\"en_US\"/>") }
    #expect(
      error.description
        == "route.gpx, line 1, column 1: the root element is <HealthData>, not <gpx>; this is not a GPX route file"
    )
  }

  @Test func reportsATruncatedFileWithItsLine() throws {
    let text = String(Self.appleRoute.dropLast(200))
    let error = try #require(throws: XMLError.self) { try Self.points(text) }
    #expect(error.description.hasPrefix("route.gpx, line "))
    #expect(error.description.hasSuffix("it may be truncated"))
  }

  /// A file cut inside its third point: the two points before the cut are handed on before the
  /// fault, in a batch of their own when the batch is not full.
  @Test(arguments: [1, 2, 4096]) func handsOnThePointsBeforeACut(batchSize: Int) throws {
    let cutAt = try #require(Self.appleRoute.range(of: "<trkpt lat=\"1\""))
    let text = String(Self.appleRoute[..<cutAt.lowerBound]) + "<trkpt lat=\"1"
    let reader = GPXReader(stream: MemoryByteStream(Array(text.utf8), name: "route.gpx"), bufferSize: 64)
    var handed: [RoutePoint] = []
    let error = try #require(throws: XMLError.self) {
      try reader.read(batchSize: batchSize) { handed += $0 }
    }
    #expect(error.description.hasSuffix("it may be truncated"))
    let whole = try Self.points(Self.appleRoute)
    #expect(handed == Array(whole.points.prefix(2)))
  }

  struct ConsumerFailure: Error {}

  /// What the consumer throws is thrown as it is, and its batch is not handed on again.
  @Test func handsOnNoBatchTwiceWhenTheConsumerThrows() throws {
    let reader = GPXReader(
      stream: MemoryByteStream(Array(Self.appleRoute.utf8), name: "route.gpx"), bufferSize: 64)
    var calls = 0
    #expect(throws: ConsumerFailure.self) {
      try reader.read(batchSize: 1) { _ in
        calls += 1
        throw ConsumerFailure()
      }
    }
    #expect(calls == 1)
  }

  struct RealRoute: CustomTestStringConvertible, Sendable {
    var file: String
    var first: RoutePoint
    var testDescription: String { file }
  }

  static let realRoutes = [
    RealRoute(
      file: "dogsheep-healthkit-to-sqlite__route_2019-06-11_3.00pm.gpx",
      first: RoutePoint(
        time: Timestamp(secondsSince1970: 1_560_290_442), latitude: 37.781672, longitude: -122.396397,
        elevation: 4.076904, speed: 0.180883, course: 206.252884, horizontalAccuracy: 8.063116,
        verticalAccuracy: 6.428697)),
    RealRoute(
      file: "NicolasReyrolle-apple-health-analyzer__route_2025-09-16_6.15pm.gpx",
      first: RoutePoint(
        time: Timestamp(secondsSince1970: 1_758_035_690), latitude: 0, longitude: 0, elevation: 237.572545,
        speed: 2.409178, course: 143.780767, horizontalAccuracy: 1.448708, verticalAccuracy: 1.438636)),
    RealRoute(
      file: "NicolasReyrolle-apple-health-analyzer__route_2018-06-11_1.02pm.gpx",
      first: RoutePoint(time: nil, latitude: 0, longitude: 0)),
    RealRoute(
      file: "NicolasReyrolle-apple-health-analyzer__route_2024-12-26_2.54pm.gpx",
      first: RoutePoint(time: nil, latitude: 0, longitude: 0)),
  ]

  @Test(.enabled(if: RealExports.isAvailable, "../shared/real-exports is absent"), arguments: realRoutes)
  func readsEveryPointOfTheRealRouteFiles(_ route: RealRoute) throws {
    let path = RealExports.path(route.file)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let expectedCount = text.components(separatedBy: "<trkpt ").count - 1
    let reader = GPXReader(stream: try FileByteStream(path: path))
    var points: [RoutePoint] = []
    try reader.read(batchSize: 500) { points += $0 }
    #expect(points.count == expectedCount)
    #expect(reader.skippedPoints == [])
    #expect(points.allSatisfy { $0.time != nil && $0.elevation != nil && $0.horizontalAccuracy != nil })
    if route.first.time != nil { #expect(points.first == route.first) }
  }
}
