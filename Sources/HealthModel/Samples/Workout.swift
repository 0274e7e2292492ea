/// A number with its HealthKit unit, such as `5.234` `km`.
public struct Quantity: Hashable, Sendable {
  /// The amount, in `unit`.
  public var value: Double
  /// The unit, as HealthKit writes it (`min`, `km`, `kcal`).
  public var unit: String

  /// An amount in a unit.
  public init(value: Double, unit: String) {
    self.value = value
    self.unit = unit
  }
}

/// A workout, in either of Apple's shapes: totals as attributes (before iOS 16) or as
/// `WorkoutStatistics` children (after), with its events, routes and, for multi-part workouts,
/// its activities.
public struct Workout: Hashable, Sendable {
  /// HealthKit's activity type name, such as `HKWorkoutActivityTypeRunning`.
  public var activityType: String
  /// How long the workout lasted.
  public var duration: Quantity?
  /// The old shape's total distance attribute.
  public var totalDistance: Quantity?
  /// The old shape's total energy attribute.
  public var totalEnergyBurned: Quantity?
  /// The app or device that recorded it (`sourceName`).
  public var sourceName: String
  /// The version of the app that recorded it (`sourceVersion`).
  public var sourceVersion: String?
  /// The device that recorded it, as HealthKit describes it (`device`).
  public var device: String?
  /// When it was saved (`creationDate`).
  public var creationDate: Timestamp?
  /// When it starts.
  public var startDate: Timestamp
  /// When it ends.
  public var endDate: Timestamp
  /// The metadata entries, keys and values as export.xml has them.
  public var metadata: [MetadataEntry]
  /// What happened during the workout: pauses, resumes, laps, segments.
  public var events: [WorkoutEvent]
  /// The workout's statistics, by type.
  public var statistics: [WorkoutStatistics]
  /// The workout's routes.
  public var routes: [WorkoutRoute]
  /// The parts of a multi-part workout (`WorkoutActivity`, iOS 16 and later).
  public var activities: [WorkoutActivity]
  /// A unique identifier, when the input gave one (JSON profiles may).
  public var uuid: String?

  /// A workout, each argument the property of the same name.
  public init(
    activityType: String, duration: Quantity? = nil, totalDistance: Quantity? = nil,
    totalEnergyBurned: Quantity? = nil, sourceName: String, sourceVersion: String? = nil,
    device: String? = nil, creationDate: Timestamp? = nil, startDate: Timestamp,
    endDate: Timestamp, metadata: [MetadataEntry] = [], events: [WorkoutEvent] = [],
    statistics: [WorkoutStatistics] = [], routes: [WorkoutRoute] = [],
    activities: [WorkoutActivity] = [], uuid: String? = nil
  ) {
    self.activityType = activityType
    self.duration = duration
    self.totalDistance = totalDistance
    self.totalEnergyBurned = totalEnergyBurned
    self.sourceName = sourceName
    self.sourceVersion = sourceVersion
    self.device = device
    self.creationDate = creationDate
    self.startDate = startDate
    self.endDate = endDate
    self.metadata = metadata
    self.events = events
    self.statistics = statistics
    self.routes = routes
    self.activities = activities
    self.uuid = uuid
  }
}

/// A moment in a workout: a pause, a resume, a lap, a segment.
public struct WorkoutEvent: Hashable, Sendable {
  /// HealthKit's event type name, such as `HKWorkoutEventTypePause`.
  public var type: String
  /// When the event happened.
  public var date: Timestamp
  /// How long the event lasted.
  public var duration: Quantity?
  /// The metadata entries, keys and values as export.xml has them.
  public var metadata: [MetadataEntry]

  /// A workout event, each argument the property of the same name.
  public init(type: String, date: Timestamp, duration: Quantity? = nil, metadata: [MetadataEntry] = []) {
    self.type = type
    self.date = date
    self.duration = duration
    self.metadata = metadata
  }
}

/// A total or average of one quantity over a workout (`WorkoutStatistics`).
public struct WorkoutStatistics: Hashable, Sendable {
  /// The quantity type, such as `HKQuantityTypeIdentifierDistanceWalkingRunning`.
  public var type: String
  /// When it starts.
  public var startDate: Timestamp?
  /// When it ends.
  public var endDate: Timestamp?
  /// The average over the workout.
  public var average: Double?
  /// The lowest value during the workout.
  public var minimum: Double?
  /// The highest value during the workout.
  public var maximum: Double?
  /// The total over the workout.
  public var sum: Double?
  /// The unit of the values.
  public var unit: String?

  /// A workout's statistics of one type, each argument the property of the same name.
  public init(
    type: String, startDate: Timestamp? = nil, endDate: Timestamp? = nil, average: Double? = nil,
    minimum: Double? = nil, maximum: Double? = nil, sum: Double? = nil, unit: String? = nil
  ) {
    self.type = type
    self.startDate = startDate
    self.endDate = endDate
    self.average = average
    self.minimum = minimum
    self.maximum = maximum
    self.sum = sum
    self.unit = unit
  }
}

/// The GPS track of a workout: GPX files in `workout-routes/` (iOS 13 and later), or inline
/// locations (before).
public struct WorkoutRoute: Hashable, Sendable {
  /// The app or device that recorded it (`sourceName`).
  public var sourceName: String
  /// The version of the app that recorded it (`sourceVersion`).
  public var sourceVersion: String?
  /// The device that recorded it, as HealthKit describes it (`device`).
  public var device: String?
  /// When it was saved (`creationDate`).
  public var creationDate: Timestamp?
  /// When it starts.
  public var startDate: Timestamp?
  /// When it ends.
  public var endDate: Timestamp?
  /// The metadata entries, keys and values as export.xml has them.
  public var metadata: [MetadataEntry]
  /// `FileReference` paths, such as `/workout-routes/route_2025-09-16_6.15pm.gpx`.
  public var filePaths: [String]
  /// How many inline `Location` elements the route held.
  public var inlineLocationCount: Int
  /// The inline `Location`s, when the reader was asked for route points (see `ItemFilter`).
  public var locations: [RoutePoint]

  /// A workout route, each argument the property of the same name.
  public init(
    sourceName: String, sourceVersion: String? = nil, device: String? = nil, creationDate: Timestamp? = nil,
    startDate: Timestamp? = nil, endDate: Timestamp? = nil, metadata: [MetadataEntry] = [],
    filePaths: [String] = [], inlineLocationCount: Int = 0, locations: [RoutePoint] = []
  ) {
    self.sourceName = sourceName
    self.sourceVersion = sourceVersion
    self.device = device
    self.creationDate = creationDate
    self.startDate = startDate
    self.endDate = endDate
    self.metadata = metadata
    self.filePaths = filePaths
    self.inlineLocationCount = inlineLocationCount
    self.locations = locations
  }
}

/// One part of a multi-part workout.
public struct WorkoutActivity: Hashable, Sendable {
  /// The activity's identifier.
  public var uuid: String
  /// When it starts.
  public var startDate: Timestamp?
  /// When it ends.
  public var endDate: Timestamp?
  /// How long the activity lasted.
  public var duration: Quantity?
  /// The metadata entries, keys and values as export.xml has them.
  public var metadata: [MetadataEntry]
  /// What happened during the activity.
  public var events: [WorkoutEvent]
  /// The activity's statistics, by type.
  public var statistics: [WorkoutStatistics]

  /// An activity of a workout, each argument the property of the same name.
  public init(
    uuid: String, startDate: Timestamp? = nil, endDate: Timestamp? = nil, duration: Quantity? = nil,
    metadata: [MetadataEntry] = [], events: [WorkoutEvent] = [], statistics: [WorkoutStatistics] = []
  ) {
    self.uuid = uuid
    self.startDate = startDate
    self.endDate = endDate
    self.duration = duration
    self.metadata = metadata
    self.events = events
    self.statistics = statistics
  }
}

/// A day's activity rings (`ActivitySummary`): its date and values as written.
public struct ActivitySummary: Hashable, Sendable {
  /// The day, `YYYY-MM-DD`.
  public var dateComponents: String
  /// The other attributes (`activeEnergyBurned`, `appleExerciseTimeGoal`, …) in order.
  public var values: [MetadataEntry]

  /// An activity summary, each argument the property of the same name.
  public init(dateComponents: String, values: [MetadataEntry]) {
    self.dateComponents = dateComponents
    self.values = values
  }
}
