import HealthArchive
import HealthModel

/// The GPS tracks of outdoor workouts, as GPX files.
extension SampleModel {
  /// Where the person lives, for the routes: a park in the time zone's main city, or a point on
  /// the zone's meridian for zones not listed.
  var home: (latitude: Double, longitude: Double) {
    switch timeZoneIdentifier {
    case "America/New_York": (40.781_2, -73.966_5)
    case "America/Chicago": (41.882_6, -87.622_6)
    case "America/Denver": (39.749_6, -104.962_3)
    case "America/Los_Angeles": (34.136_6, -118.294_2)
    case "Europe/London": (51.507_3, -0.165_7)
    case "Europe/Paris": (48.846_2, 2.337_2)
    case "Europe/Berlin": (52.514_5, 13.350_1)
    case "Asia/Tokyo": (35.671_7, 139.694_9)
    case "Australia/Sydney": (-33.891_5, 151.276_7)
    default: (40, Double(exportOffset) / 3_600 * 15)
    }
  }

  /// Every route of the record, oldest first.
  package func routeFiles() -> [RouteFile] {
    dayNumbers.compactMap { dayNumber in
      guard let workout = workout(on: dayNumber), workout.hasRoute else { return nil }
      return RouteFile(plan: day(dayNumber), workout: workout, model: self)
    }
  }

  /// The GPX file of the route of the workout on `dayNumber`: a point a second while moving, on a
  /// loop from home as long as the workout's distance.
  package func gpx(forRouteOn dayNumber: Int64) -> [UInt8]? {
    let plan = day(dayNumber)
    guard let workout = plan.workout, workout.hasRoute else { return nil }
    let route = RouteFile(plan: plan, workout: workout, model: self)
    var random = RandomStream(seed: seed, purpose: .route, dayNumber: dayNumber)
    var gpx = GPXWriter(
      exportTime: exportInstant, trackName: route.trackName, keepsEveryDigit: false,
      capacity: Int(workout.end - workout.start) * 260 + 1_024)

    let origin = home
    let metersPerDegreeLatitude = 111_320.0
    let metersPerDegreeLongitude =
      metersPerDegreeLatitude * StableMath.cos(origin.latitude * StableMath.pi / 180)
    let radius = workout.distanceMeters / StableMath.twoPi
    let turn = random.uniform(0, StableMath.twoPi)
    // A point a second of the route's span (the plan's seconds, mapped to instants, may be a
    // little shorter or longer on the days clocks change), none while paused.
    let span = Int(route.end - route.start)
    let pause = workout.pause.map {
      (
        start: Int(plan.instant(workout.start + $0.offset) - route.start),
        end: Int(plan.instant(workout.start + $0.offset + $0.length) - route.start)
      )
    }
    let moving = span - (pause.map { $0.end - $0.start } ?? 0)
    let speed = workout.distanceMeters / Double(max(moving, 1))
    var covered = 0.0
    var elevation = random.uniform(5, 60)
    for offset in 0...span {
      if let pause, offset > pause.start && offset < pause.end { continue }
      let pointSpeed = max(0.3, speed * (1 + random.gaussian(0, 0.04)))
      if offset > 0 { covered += pointSpeed }
      let angle =
        turn + StableMath.twoPi * min(covered, workout.distanceMeters) / max(workout.distanceMeters, 1)
      let x = radius * (StableMath.cos(angle) - StableMath.cos(turn))
      let y = radius * (StableMath.sin(angle) - StableMath.sin(turn))
      elevation += random.gaussian(0, 0.05) + 0.02 * StableMath.sin(angle * 3)
      // Moving anticlockwise round the loop: the compass bearing is minus the angle.
      let course = (-angle * 180 / StableMath.pi).truncatingRemainder(dividingBy: 360)
      gpx.append(
        RoutePoint(
          time: Timestamp(secondsSince1970: route.start + Int64(offset)),
          latitude: origin.latitude + y / metersPerDegreeLatitude,
          longitude: origin.longitude + x / metersPerDegreeLongitude, elevation: elevation, speed: pointSpeed,
          course: course < 0 ? course + 360 : course, horizontalAccuracy: random.uniform(1.0, 4.5),
          verticalAccuracy: random.uniform(0.8, 3.5)))
    }
    gpx.finish()
    return gpx.out.bytes
  }
}
