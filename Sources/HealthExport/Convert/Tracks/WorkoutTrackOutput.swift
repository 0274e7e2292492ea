import Foundation
import HealthArchive
import HealthModel

/// GPX for training apps as an output of the pipeline: a folder of one GPX 1.1 file per workout
/// recorded with a route, each route of the workout a segment of its track, every point with the
/// heart rate recorded nearest to it (within `HeartRateTimeline.reach`) as Garmin's
/// `TrackPointExtension` carries it.
///
/// The input is read three times, each time for little: the workouts, to learn when the ones with
/// a route went on; the heart rates of those stretches; then the workouts again with their route
/// points, each track written as its points arrive. Memory holds one track and the heart rates of
/// the workouts, whatever the order the input gives them in.
struct WorkoutTrackOutput: ExportWriter {
  /// Where a file's name reads the workout's start: a zone named, or the export's own.
  var timeZone: TimeZoneChoice

  /// What was written.
  struct Outcome: Sendable {
    /// The files written, in the order of the workouts, relative to the folder.
    var fileNames: [String] = []
    /// The points written.
    var points = 0
    /// The points given a heart rate.
    var pointsWithHeartRate = 0
    /// Workouts with a route none of whose points the input holds (a route file missing).
    var workoutsWithoutPoints = 0
    /// The zone the files are named in.
    var timeZone: TimeZone = .gmt
  }

  var outputForm: TemporaryOutput.Form? { .folder }

  /// The items the last pass reads: workouts and the points of their routes.
  static let filter = ItemFilter(
    sampleTypes: [], includesCorrelations: false, includesWorkouts: true, includesRoutePoints: true,
    metadataTypes: [])

  func write(_ items: HealthItems, to destination: OutputDestination) throws -> Outcome {
    let isStrict = items.diagnostics.isStrict
    var spans: [ClosedRange<Timestamp>] = []
    var workouts = ItemFilter.nothing
    workouts.includesWorkouts = true
    try HealthItems(source: items.source, filter: workouts, diagnostics: Diagnostics(isStrict: isStrict)).read
    {
      item, _ in
      if case .workout(let workout) = item, !workout.routes.isEmpty { spans.append(Self.span(of: workout)) }
    }
    guard !spans.isEmpty else {
      throw ExportError.noWorkoutRoutes(input: items.source.name, withoutPoints: 0)
    }
    let zone = items.timeZone(timeZone)

    // The heart rates go to the diagnostics of the run: they are read in this pass alone.
    var heartRates = HeartRateTimeline(spans: spans)
    var rates = ItemFilter(sampleTypes: [HealthKitIdentifier.heartRate], includesCorrelations: false)
    rates.metadataTypes = []
    try HealthItems(source: items.source, filter: rates, diagnostics: items.diagnostics).read { item, _ in
      if case .sample(let sample) = item { heartRates.add(sample) }
    }
    heartRates.sort()

    destination.settle(timeZone: zone)
    let displayPath = destination.path ?? "GPX folder"
    return try destination.writeFile(form: .folder) { temporaryPath in
      let folder = AppleExportArchive(folderAt: temporaryPath, displayPath: displayPath)
      var outcome = Outcome(timeZone: zone)
      var names = TrackFileNames()
      var track: Track?
      func finish() throws {
        guard let done = track else { return }
        track = nil
        guard done.points > 0 else {
          outcome.workoutsWithoutPoints += 1
          return
        }
        var writer = done.writer
        writer.finish()
        let name = names.claim(done.fileName)
        try folder.addFile(at: name, bytes: writer.out.bytes)
        outcome.fileNames.append(name)
        outcome.points += done.points
        outcome.pointsWithHeartRate += done.pointsWithHeartRate
      }
      try items.read { item, _ in
        switch item {
        case .workout(let workout):
          try finish()
          guard !workout.routes.isEmpty else { return }
          var started = Track(workout, zone: zone)
          for route in workout.routes where !route.locations.isEmpty {
            started.append(route.locations, from: nil, heartRates: heartRates)
          }
          track = started
        case .routePoints(let batch):
          track?.append(batch.points, from: batch.filePath, heartRates: heartRates)
        default:
          break
        }
      }
      try finish()
      guard !outcome.fileNames.isEmpty else {
        throw ExportError.noWorkoutRoutes(
          input: items.source.name, withoutPoints: outcome.workoutsWithoutPoints)
      }
      try folder.finish()
      return outcome
    }
  }

  /// When `workout` went on, stretched to its routes' own dates where they reach further.
  static func span(of workout: Workout) -> ClosedRange<Timestamp> {
    var start = workout.startDate
    var end = max(workout.startDate, workout.endDate)
    for route in workout.routes {
      if let routeStart = route.startDate { start = min(start, routeStart) }
      if let routeEnd = route.endDate { end = max(end, routeEnd) }
      for point in route.locations {
        guard let time = point.time else { continue }
        start = min(start, time)
        end = max(end, time)
      }
    }
    return start...end
  }

  /// One workout's track being written.
  struct Track {
    var writer: GPXWriter
    var fileName: String
    var points = 0
    var pointsWithHeartRate = 0
    /// The route file whose points came last; inline locations have none.
    private var segmentFile: String??

    init(_ workout: Workout, zone: TimeZone) {
      let start = CivilDateTime(workout.startDate, in: zone)
      let activity = TrackFileNames.activity(of: workout.activityType)
      let day = TextOutput.dayText(start.year, start.month, start.day)
      let time = String(format: "%02d:%02d", start.hour, start.minute)
      writer = GPXWriter(workoutNamed: "\(activity) \(day) \(time)", type: activity, start: workout.startDate)
      fileName = "route_\(day)_\(time.replacingOccurrences(of: ":", with: ""))_\(activity).gpx"
    }

    /// Appends points of a route: a new segment for each route file, and for each route's inline
    /// locations (`file` nil).
    mutating func append(_ batch: [RoutePoint], from file: String?, heartRates: HeartRateTimeline) {
      if file == nil || segmentFile != .some(file) {
        writer.beginSegment()
        segmentFile = .some(file)
      }
      for point in batch {
        let rate = point.time.flatMap(heartRates.rate(at:))
        writer.append(point, heartRate: rate)
        points += 1
        if rate != nil { pointsWithHeartRate += 1 }
      }
    }
  }
}

/// The names of a folder's track files: `route_2026-01-09_0730_Running.gpx`, and `_2`, `_3`
/// before the extension for a second and third workout of one activity started in one minute.
struct TrackFileNames {
  private var taken: Set<String> = []

  /// `name`, or the first of `name_2`, `name_3`, … not yet given.
  mutating func claim(_ name: String) -> String {
    let stem = name.hasSuffix(".gpx") ? String(name.dropLast(4)) : name
    var candidate = name
    var number = 1
    while taken.contains(candidate.lowercased()) {
      number += 1
      candidate = "\(stem)_\(number).gpx"
    }
    taken.insert(candidate.lowercased())
    return candidate
  }

  /// An activity's name for a file and a track: HealthKit's without its prefix
  /// (`HKWorkoutActivityTypeRunning` is `Running`), letters and digits only; `Workout` where
  /// none is left.
  static func activity(of type: String) -> String {
    let prefix = "HKWorkoutActivityType"
    let name = type.hasPrefix(prefix) ? type.dropFirst(prefix.count) : Substring(type)
    let kept = String(
      String.UnicodeScalarView(
        name.unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }))
    return kept.isEmpty ? "Workout" : kept
  }
}
