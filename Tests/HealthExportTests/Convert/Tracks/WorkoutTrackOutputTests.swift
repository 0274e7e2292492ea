import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthExport

/// `convert --format gpx`: a file per workout with a route, named on the zone's clocks, its routes
/// as segments, each point with the heart rate recorded nearest to it.
@Suite struct WorkoutTrackOutputTests {
  static let zone = TimeZone(identifier: "America/New_York")!

  /// Apple's route file of `points` (seconds since 1970, latitude, longitude).
  static func routeFile(_ points: [(Int64, Double, Double)]) -> String {
    var writer = GPXWriter(exportTime: 1_768_910_400, trackName: "Route")
    for (time, latitude, longitude) in points {
      writer.append(
        RoutePoint(
          time: Timestamp(secondsSince1970: time), latitude: latitude, longitude: longitude, elevation: 12.5,
          speed: 2.5))
    }
    writer.finish()
    return String(decoding: writer.out.bytes, as: UTF8.self)
  }

  /// A run in two routes (three points, heart rates beside them), a second run started in the same
  /// minute (its point six seconds from the nearest rate), a ride whose route file is missing, a
  /// walk of 2016 with inline locations, and a yoga session without a route.
  static func export(in folder: TestDirectory) throws -> String {
    let start: Int64 = 1_768_431_600  // 2026-01-14 18:00:00 -0500
    let body =
      ExportXML.record("HeartRate", value: "110", unit: "count/min", start: "2026-01-14 18:00:00 -0500")
      + ExportXML.record("HeartRate", value: "120", unit: "count/min", start: "2026-01-14 18:00:10 -0500")
      + ExportXML.record("HeartRate", value: "129.5", unit: "count/min", start: "2026-01-14 18:00:20 -0500")
      + ExportXML.record("HeartRate", value: "140", unit: "count/min", start: "2026-01-14 18:00:56 -0500")
      + ExportXML.record("HeartRate", value: "90", unit: "count/min", start: "2016-11-14 07:25:47 -0700")
        + """
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="10" durationUnit="min" sourceName="Watch" startDate="2026-01-14 18:00:00 -0500" endDate="2026-01-14 18:10:00 -0500">
          <WorkoutRoute sourceName="Watch" startDate="2026-01-14 18:00:00 -0500" endDate="2026-01-14 18:00:20 -0500">
           <FileReference path="/workout-routes/route_2026-01-14_6.00pm.gpx"/>
           <FileReference path="/workout-routes/route_2026-01-14_6.01pm.gpx"/>
          </WorkoutRoute>
         </Workout>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="5" durationUnit="min" sourceName="Watch" startDate="2026-01-14 18:00:45 -0500" endDate="2026-01-14 18:05:45 -0500">
          <WorkoutRoute sourceName="Watch"><FileReference path="/workout-routes/route_2026-01-14_6.05pm.gpx"/></WorkoutRoute>
         </Workout>
         <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="30" durationUnit="min" sourceName="Watch" startDate="2026-01-14 18:30:00 -0500" endDate="2026-01-14 19:00:00 -0500">
          <WorkoutRoute sourceName="Watch"><FileReference path="/workout-routes/route_2026-01-14_7.00pm.gpx"/></WorkoutRoute>
         </Workout>
         <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="5" durationUnit="min" sourceName="Simon’s iPhone" startDate="2016-11-14 07:25:41 -0700" endDate="2016-11-14 07:30:52 -0700">
          <WorkoutRoute sourceName="Simon’s iPhone" startDate="2016-11-14 07:25:44 -0700" endDate="2016-11-14 07:30:51 -0700">
           <Location date="2016-11-14 07:25:44 -0700" latitude="37.7777" longitude="-122.426" altitude="21.2694" horizontalAccuracy="2.40948" verticalAccuracy="1.67859" course="-1" speed="2.48034"/>
           <Location date="2016-11-14 07:25:45 -0700" latitude="37.77772" longitude="-122.42601" altitude="21.2677" horizontalAccuracy="2.40059" verticalAccuracy="1.67236" course="-1" speed="2.48034"/>
          </WorkoutRoute>
         </Workout>
         <Workout workoutActivityType="HKWorkoutActivityTypeYoga" duration="20" durationUnit="min" sourceName="Watch" startDate="2026-01-15 07:00:00 -0500" endDate="2026-01-15 07:20:00 -0500"/>
        """
    var fixture = ExportFixture()
    fixture.add("apple_health_export/export.xml", ExportXML.document(body))
    fixture.add(
      "apple_health_export/workout-routes/route_2026-01-14_6.00pm.gpx",
      routeFile([(start, 40.7812, -73.9665), (start + 5, 40.78125, -73.96655)]))
    fixture.add(
      "apple_health_export/workout-routes/route_2026-01-14_6.01pm.gpx",
      routeFile([(start + 20, 40.7813, -73.9666)]))
    fixture.add(
      "apple_health_export/workout-routes/route_2026-01-14_6.05pm.gpx",
      routeFile([(start + 50, 40.79, -73.97)]))
    let path = folder.file("export.zip")
    try fixture.writeZip(at: path)
    return path
  }

  static func convert(_ input: String, to output: String, diagnostics: Diagnostics = Diagnostics()) throws
    -> ConvertExport.Outcome
  {
    let options = ConvertExport.Options(
      format: .gpx, timeZone: .named(zone), now: Timestamp(secondsSince1970: 1_768_910_400))
    return try ConvertExport(options: options).run(
      source: try HealthInput.open(path: input, timeZone: zone),
      destination: .file(path: output, overwrites: false), diagnostics: diagnostics)
  }

  @Test func writesAFilePerWorkoutWithARoute() throws {
    let folder = try TestDirectory()
    let input = try Self.export(in: folder)
    let outcome = try Self.convert(input, to: folder.file("routes"))
    let tracks = try #require(outcome.tracks)
    #expect(
      tracks.fileNames == [
        "route_2026-01-14_1800_Running.gpx", "route_2026-01-14_1800_Running_2.gpx",
        "route_2016-11-14_0925_Walking.gpx",
      ])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("routes")).sorted()
        == tracks.fileNames.sorted())
    #expect(
      outcome.line
        == "Wrote \(folder.file("routes")) (GPX folder): 3 workout tracks of 6 points, 5 with a heart rate; files named in America/New_York; 1 workout left out, no point of its route in the input; skipped 1 record: 1 × a workout route whose file is missing (first at \(input):apple_health_export/export.xml, line 25, column 2)."
    )
    #expect(
      try folder.read("routes/route_2026-01-14_1800_Running.gpx") == """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="HealthExporter" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd http://www.garmin.com/xmlschemas/TrackPointExtension/v1 http://www8.garmin.com/xmlschemas/TrackPointExtensionv1.xsd">
          <metadata>
            <name>Running 2026-01-14 18:00</name>
            <time>2026-01-14T23:00:00Z</time>
          </metadata>
          <trk>
            <name>Running 2026-01-14 18:00</name>
            <type>Running</type>
            <trkseg>
              <trkpt lon="-73.966500" lat="40.781200"><ele>12.500000</ele><time>2026-01-14T23:00:00Z</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>110</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
              <trkpt lon="-73.966550" lat="40.781250"><ele>12.500000</ele><time>2026-01-14T23:00:05Z</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>110</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
            </trkseg>
            <trkseg>
              <trkpt lon="-73.966600" lat="40.781300"><ele>12.500000</ele><time>2026-01-14T23:00:20Z</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>130</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
            </trkseg>
          </trk>
        </gpx>

        """)
    // Six seconds from the nearest rate: no heart rate.
    #expect(
      try folder.read("routes/route_2026-01-14_1800_Running_2.gpx").contains(
        "<trkpt lon=\"-73.970000\" lat=\"40.790000\"><ele>12.500000</ele><time>2026-01-14T23:00:50Z</time></trkpt>"
      ))
    // Inline locations (before iOS 13), their rate three and two seconds away.
    let walk = try folder.read("routes/route_2016-11-14_0925_Walking.gpx")
    #expect(walk.components(separatedBy: "<gpxtpx:hr>90</gpxtpx:hr>").count == 3)
    #expect(
      walk.contains(
        "<trkpt lon=\"-122.426000\" lat=\"37.777700\"><ele>21.269400</ele><time>2016-11-14T14:25:44Z</time>"))
  }

  @Test func anInputWithoutRoutesWritesNothing() throws {
    let folder = try TestDirectory()
    let input = try folder.write(
      ExportXML.document(
        ExportXML.record("HeartRate", value: "60", unit: "count/min", start: "2026-01-14 18:00:00 -0500")),
      to: "export.xml")
    #expect(throws: ExportError.noWorkoutRoutes(input: input, withoutPoints: 0)) {
      try Self.convert(input, to: folder.file("routes"))
    }
    #expect(try folder.contents() == ["export.xml"])
    #expect(
      "\(ExportError.noWorkoutRoutes(input: "export.zip", withoutPoints: 0))"
        == "No workout in export.zip has a route: GPX is written for workouts recorded with one. Nothing was written."
    )
  }

  /// Routes whose files are all missing: nothing to write, and nothing is left behind.
  @Test func routesWithoutPointsWriteNothing() throws {
    let folder = try TestDirectory()
    let body = """
       <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="30" durationUnit="min" sourceName="Watch" startDate="2026-01-14 18:30:00 -0500" endDate="2026-01-14 19:00:00 -0500">
        <WorkoutRoute sourceName="Watch"><FileReference path="/workout-routes/route_2026-01-14_7.00pm.gpx"/></WorkoutRoute>
       </Workout>
      """
    var fixture = ExportFixture()
    fixture.add("apple_health_export/export.xml", ExportXML.document(body))
    try fixture.writeZip(at: folder.file("export.zip"))
    #expect(throws: ExportError.noWorkoutRoutes(input: folder.file("export.zip"), withoutPoints: 1)) {
      try Self.convert(folder.file("export.zip"), to: folder.file("routes"))
    }
    #expect(try folder.contents() == ["export.zip"])
    #expect(
      "\(ExportError.noWorkoutRoutes(input: "export.zip", withoutPoints: 2))"
        == "No workout in export.zip has a route with points: the routes of 2 workouts name files the input lacks. Nothing was written."
    )
  }

  @Test func strictModeStopsAtAMissingRouteFile() throws {
    let folder = try TestDirectory()
    let input = try Self.export(in: folder)
    #expect(throws: StrictModeError.self) {
      try Self.convert(input, to: folder.file("routes"), diagnostics: Diagnostics(isStrict: true))
    }
    #expect(try folder.contents() == ["export.zip"])
  }

  @Test func namesAnActivityByLettersAndDigits() {
    #expect(
      TrackFileNames.activity(of: "HKWorkoutActivityTypeTraditionalStrengthTraining")
        == "TraditionalStrengthTraining")
    #expect(TrackFileNames.activity(of: "HKWorkoutActivityType") == "Workout")
    #expect(TrackFileNames.activity(of: "Pilates / Barre 2") == "PilatesBarre2")
    var names = TrackFileNames()
    #expect(names.claim("route_a.gpx") == "route_a.gpx")
    #expect(names.claim("route_A.gpx") == "route_A_2.gpx")
    #expect(names.claim("route_a.gpx") == "route_a_3.gpx")
  }
}
