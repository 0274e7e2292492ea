import Foundation
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthArchive

/// Route files written as the Health app writes them, read back point for point.
@Suite struct GPXWriterTests {
  static func file(_ points: [RoutePoint], keepsEveryDigit: Bool = true) -> String {
    var writer = GPXWriter(
      exportTime: 1_770_901_106, trackName: "Route 2026-01-14 6:40pm", keepsEveryDigit: keepsEveryDigit)
    for point in points { writer.append(point) }
    writer.finish()
    return String(decoding: writer.out.bytes, as: UTF8.self)
  }

  @Test func writesApplesLayout() {
    let text = Self.file([
      RoutePoint(
        time: Timestamp(secondsSince1970: 1_768_434_000), latitude: 40.781672, longitude: -73.9665,
        elevation: 4.5,
        speed: 2.409178, course: 143.780767, horizontalAccuracy: 1.448708, verticalAccuracy: -1),
      RoutePoint(time: nil, latitude: 40.78168, longitude: -73.96651),
    ])
    #expect(
      text == """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
          <metadata>
            <time>2026-02-12T12:58:26Z</time>
          </metadata>
          <trk>
            <name>Route 2026-01-14 6:40pm</name>
            <trkseg>
              <trkpt lon="-73.966500" lat="40.781672"><ele>4.500000</ele><time>2026-01-14T23:40:00Z</time><extensions><speed>2.409178</speed><course>143.780767</course><hAcc>1.448708</hAcc><vAcc>-1.000000</vAcc></extensions></trkpt>
              <trkpt lon="-73.966510" lat="40.781680"></trkpt>
            </trkseg>
          </trk>
        </gpx>
        """)
  }

  /// Six decimals where they keep the value, every digit where they would not; a time's fraction.
  @Test func readsBackPointForPoint() throws {
    let points = [
      RoutePoint(
        time: Timestamp(microsecondsSince1970: 1_768_434_000_250_000), latitude: 40.781672123456789,
        longitude: -73.9665, elevation: 1e-7, speed: 0, course: 359.9999999,
        horizontalAccuracy: 12_345.678901,
        verticalAccuracy: 0.5),
      RoutePoint(time: Timestamp(secondsSince1970: 1_768_434_001), latitude: -33.8915, longitude: 151.2767),
    ]
    let text = Self.file(points)
    #expect(text.contains("<trkpt lon=\"-73.966500\" lat=\"40.78167212345679\"><ele>0.0000001</ele>"))
    #expect(text.contains("<time>2026-01-14T23:40:00.25Z</time>"))
    #expect(text.contains("<course>359.9999999</course><hAcc>12345.678901</hAcc>"))
    #expect(try GPXReaderTests.points(text).points == points)
  }

  @Test func roundsToSixDecimalsWhenAskedTo() {
    let text = Self.file(
      [RoutePoint(time: nil, latitude: 40.781672123456789, longitude: -73.9665)], keepsEveryDigit: false)
    #expect(text.contains("<trkpt lon=\"-73.966500\" lat=\"40.781672\"></trkpt>"))
  }

  @Test(arguments: [
    ("/workout-routes/route_2019-06-11_3.00pm.gpx", "Route 2019-06-11 3:00pm"),
    ("workout-routes/route_2025-09-16_12.05am.gpx", "Route 2025-09-16 12:05am"),
    ("/workout-routes/morning run.gpx", "morning run"),
    ("/workout-routes/route_2019-06-11.gpx", "route_2019-06-11"),
  ])
  func namesTheTrackAfterTheFile(path: String, name: String) {
    #expect(GPXWriter.trackName(forFileAt: path) == name)
  }

  /// Apple's own route files, read and written again, are the same bytes: the export's time and
  /// the track's name come from the file, every point from the reader.
  @Test(
    .enabled(if: RealExports.isAvailable, "../shared/real-exports is absent"),
    arguments: [
      "dogsheep-healthkit-to-sqlite__route_2019-06-11_3.00pm.gpx",
      "NicolasReyrolle-apple-health-analyzer__route_2024-12-26_2.54pm.gpx",
    ])
  func rewritesApplesRouteFilesByteForByte(_ file: String) throws {
    let original = try String(contentsOfFile: RealExports.path(file), encoding: .utf8)
    let time = try #require(original.firstMatch(of: /<time>([^<]+)<\/time>/)?.1)
    let exportTime = try #require(ISO8601DateTime(parsing: String(time))?.timestamp)
    let reader = GPXReader(stream: try FileByteStream(path: RealExports.path(file)))
    let name = String(file.split(separator: "__").last!)
    var writer = GPXWriter(
      exportTime: exportTime.wholeSecondsSince1970, trackName: GPXWriter.trackName(forFileAt: name))
    try reader.read { points in for point in points { writer.append(point) } }
    writer.finish()
    let rewritten = String(decoding: writer.out.bytes, as: UTF8.self)
    #expect(rewritten == original, "\(Golden.difference(expected: original, actual: rewritten))")
  }
}
