/// One location of a workout's GPS track: a `trkpt` of a route's GPX file (iOS 13 and later) or
/// an inline `Location` element of export.xml (before).
public struct RoutePoint: Hashable, Sendable {
  /// When the location was recorded.
  public var time: Timestamp?
  /// Degrees north (WGS 84).
  public var latitude: Double
  /// Degrees east (WGS 84).
  public var longitude: Double
  /// Meters above sea level.
  public var elevation: Double?
  /// Meters per second.
  public var speed: Double?
  /// Degrees clockwise from north; the device writes -1 where it had none.
  public var course: Double?
  /// The radius of uncertainty of the position, in meters.
  public var horizontalAccuracy: Double?
  /// The uncertainty of the elevation, in meters (-1 where there is none).
  public var verticalAccuracy: Double?

  /// A route point, each argument the property of the same name.
  public init(
    time: Timestamp?, latitude: Double, longitude: Double, elevation: Double? = nil, speed: Double? = nil,
    course: Double? = nil, horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil
  ) {
    self.time = time
    self.latitude = latitude
    self.longitude = longitude
    self.elevation = elevation
    self.speed = speed
    self.course = course
    self.horizontalAccuracy = horizontalAccuracy
    self.verticalAccuracy = verticalAccuracy
  }
}

/// Points of one route file, in file order. A long route comes in several batches, each with the
/// file's path.
public struct RoutePoints: Hashable, Sendable {
  /// The path a `WorkoutRoute`'s `FileReference` names (`/workout-routes/route_….gpx`).
  public var filePath: String
  /// The points, in the order of the file.
  public var points: [RoutePoint]

  /// The points of the route file at `filePath`.
  public init(filePath: String, points: [RoutePoint]) {
    self.filePath = filePath
    self.points = points
  }
}
