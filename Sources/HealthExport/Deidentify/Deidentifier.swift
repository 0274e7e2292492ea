import HealthArchive
import HealthModel

/// Takes what identifies the person out of each item, as `Deidentification` says, keeping its
/// state (the sources' numbers, what was removed) from one pass over the input to the next, so
/// that a writer that reads twice sees the same names.
final class Deidentifier {
  let deidentification: Deidentification
  let shift: DayShift
  /// What the pass under way removed.
  var removed = Deidentification.Removed()
  /// What was removed, the most any pass removed of each kind: a writer that reads the input
  /// again (its zone first, or workouts, then heart rates, then points) is told each thing once.
  private(set) var reported = Deidentification.Removed()
  /// `Source N` by source name, numbered in the order the names first come.
  private var sourceNames: [String: String] = [:]
  /// Device descriptions cut, by description without its address.
  private var devices: [Substring: String?] = [:]
  /// The record's own ids of the provider's resource ids, by `Type/id`.
  var resourceIDs: [String: String] = [:]
  /// The hosts of the provider's servers met in the records' `sourceURL`.
  var hosts: [String] = []

  init(_ deidentification: Deidentification) {
    self.deidentification = deidentification
    shift = DayShift(days: deidentification.shiftDays)
    removed.shiftDays = deidentification.shiftDays
    reported.shiftDays = deidentification.shiftDays
  }

  /// Starts a pass over the input.
  func beginPass() {
    removed = Deidentification.Removed()
    removed.shiftDays = deidentification.shiftDays
  }

  /// Ends a pass: what it removed counts where it is the most of its kind.
  func endPass() {
    removed.sourceNames = sourceNames.count
    reported.formMaximum(removed)
  }

  /// `item` de-identified; nil when it is left out whole (a route's points, a person's
  /// clinical resource).
  func deidentified(_ item: HealthItem) -> HealthItem? {
    switch item {
    case .exportDate(let date): return .exportDate(shift(date))
    case .characteristics(let entries): return .characteristics(characteristics(entries))
    case .sample(let sample): return .sample(self.sample(sample))
    case .correlation(var correlation):
      deidentify(&correlation)
      correlation.objects = correlation.objects.map(sample)
      correlation.uuid = uuid(correlation.uuid)
      return .correlation(correlation)
    case .workout(let workout): return .workout(self.workout(workout))
    case .activitySummary(var summary):
      summary.dateComponents = shift.shiftingDates(in: summary.dateComponents).text
      return .activitySummary(summary)
    case .clinicalRecord(let record): return clinicalRecord(record).map(HealthItem.clinicalRecord)
    case .labResult(var result):
      result.sourceName = source(result.sourceName)
      result.date = shift(result.date)
      result.dateText = result.dateText.map { shift.shiftingDates(in: $0).text }
      return .labResult(result)
    case .audiogram(var audiogram):
      deidentify(&audiogram)
      return .audiogram(audiogram)
    case .visionPrescription(var prescription):
      prescription.dateIssued = shift(prescription.dateIssued)
      prescription.expirationDate = shift(prescription.expirationDate)
      prescription.metadata = metadata(prescription.metadata)
      removed.attachments += prescription.attachments.count
      prescription.attachments = []
      removed.metadataEntries += prescription.otherAttributes.count
      prescription.otherAttributes = []
      return .visionPrescription(prescription)
    case .stateOfMind(var state):
      deidentify(&state)
      return .stateOfMind(state)
    case .routePoints(var points):
      guard deidentification.keepsRoutes else {
        removed.routePoints += points.points.count
        return nil
      }
      points.filePath = shift.shiftingDates(in: points.filePath).text
      points.points = points.points.map(point)
      return .routePoints(points)
    case .electrocardiogram(let recording): return .electrocardiogram(electrocardiogram(recording))
    }
  }

  /// The `Source N` of a source name.
  func source(_ name: String) -> String {
    if let number = sourceNames[name] { return number }
    let number = "Source \(sourceNames.count + 1)"
    sourceNames[name] = number
    return number
  }

  private func sample(_ sample: Sample) -> Sample {
    var sample = sample
    deidentify(&sample)
    sample.uuid = uuid(sample.uuid)
    return sample
  }

  private func workout(_ workout: Workout) -> Workout {
    var workout = workout
    deidentify(&workout)
    workout.events = workout.events.map(event)
    workout.statistics = workout.statistics.map(statistics)
    workout.uuid = uuid(workout.uuid)
    workout.activities = workout.activities.enumerated().map { index, activity in
      var activity = activity
      removed.identifiers += 1
      // From the workout's moved start and the activity's place: the same in every pass.
      activity.uuid = StableUUID.make(
        name: "workoutActivity", index: index,
        content: Array(String(workout.startDate.millisecondsSince1970).utf8))
      activity.startDate = shift(activity.startDate)
      activity.endDate = shift(activity.endDate)
      activity.metadata = metadata(activity.metadata)
      activity.events = activity.events.map(event)
      activity.statistics = activity.statistics.map(statistics)
      return activity
    }
    guard deidentification.keepsRoutes else {
      removed.routes += workout.routes.count
      removed.routePoints += workout.routes.reduce(0) { $0 + $1.locations.count }
      workout.routes = []
      return workout
    }
    workout.routes = workout.routes.map { route in
      var route = route
      route.sourceName = source(route.sourceName)
      route.device = device(route.device)
      route.creationDate = shift(route.creationDate)
      route.startDate = shift(route.startDate)
      route.endDate = shift(route.endDate)
      route.metadata = metadata(route.metadata)
      route.filePaths = route.filePaths.map { shift.shiftingDates(in: $0).text }
      route.locations = route.locations.map(point)
      return route
    }
    return workout
  }

  /// A record's source numbered, its device cut, its dates moved, its metadata without what
  /// identifies.
  private func deidentify(_ record: inout some SourcedRecord) {
    record.sourceName = source(record.sourceName)
    record.device = device(record.device)
    record.creationDate = shift(record.creationDate)
    record.startDate = shift(record.startDate)
    record.endDate = shift(record.endDate)
    if !record.metadata.isEmpty { record.metadata = metadata(record.metadata) }
  }

  private func event(_ event: WorkoutEvent) -> WorkoutEvent {
    var event = event
    event.date = shift(event.date)
    event.metadata = metadata(event.metadata)
    return event
  }

  private func statistics(_ statistics: WorkoutStatistics) -> WorkoutStatistics {
    var statistics = statistics
    statistics.startDate = shift(statistics.startDate)
    statistics.endDate = shift(statistics.endDate)
    return statistics
  }

  private func point(_ point: RoutePoint) -> RoutePoint {
    var point = point
    point.time = shift(point.time)
    return point
  }

  /// `Me`'s attributes with the date of birth cut to its year.
  private func characteristics(_ entries: [MetadataEntry]) -> [MetadataEntry] {
    entries.map { entry in
      guard entry.key == "HKCharacteristicTypeIdentifierDateOfBirth", !entry.value.isEmpty else {
        return entry
      }
      removed.birthDate = true
      return MetadataEntry(key: entry.key, value: Self.year(in: entry.value) ?? "")
    }
  }

  private func electrocardiogram(_ recording: Electrocardiogram) -> Electrocardiogram {
    var recording = recording
    if recording.name != nil || recording.dateOfBirth != nil || !recording.otherHeaders.isEmpty {
      removed.electrocardiograms += 1
    }
    recording.name = nil
    recording.dateOfBirth = recording.dateOfBirth.flatMap(Self.year)
    removed.metadataEntries += recording.otherHeaders.count
    recording.otherHeaders = []
    recording.fileName = shift.shiftingDates(in: recording.fileName).text
    recording.recordedDate = shift(recording.recordedDate)
    return recording
  }

  /// A device description with only its manufacturer, model and hardware:
  /// `<<HKDevice>, manufacturer:Apple Inc., model:Watch, hardware:Watch7,2>`; nil where it has
  /// none of them.
  private func device(_ description: String?) -> String? {
    guard let description else { return nil }
    removed.devices += 1
    let key = HealthKitDevice.withoutAddress(description)
    if let cut = devices[key] { return cut }
    let fields = [
      ("manufacturer", HealthKitDevice.field("manufacturer", in: description)),
      ("model", HealthKitDevice.model(in: description)),
      ("hardware", HealthKitDevice.hardware(in: description)),
    ]
    let kept = fields.compactMap { name, value in value.map { "\(name):\($0)" } }
    let cut = kept.isEmpty ? nil : "<<HKDevice>, " + kept.joined(separator: ", ") + ">"
    if devices.count == 4096 { devices.removeAll(keepingCapacity: true) }
    devices[key] = cut
    return cut
  }

  /// `entries` without the identifying ones (`IdentifyingMetadata`), every date in their values
  /// moved.
  func metadata(_ entries: [MetadataEntry]) -> [MetadataEntry] {
    var kept: [MetadataEntry] = []
    kept.reserveCapacity(entries.count)
    for entry in entries {
      if IdentifyingMetadata.isIdentifying(entry.key) {
        removed.metadataEntries += 1
        continue
      }
      guard !shift.isNone else {
        kept.append(entry)
        continue
      }
      let moved = shift.shiftingDates(in: entry.value)
      if !moved.found && IdentifyingMetadata.holdsDate(entry.key) {
        // A date that cannot be moved would tell the true one.
        removed.metadataEntries += 1
        continue
      }
      kept.append(moved.found ? MetadataEntry(key: entry.key, value: moved.text) : entry)
    }
    return kept
  }

  private func uuid(_ uuid: String?) -> String? {
    if uuid != nil { removed.identifiers += 1 }
    return nil
  }

  /// The four digits of a year in a written date of birth (`1988-07-04`, `Jul 4, 1988`,
  /// `4. Juli 1988`); nil where there are none.
  static func year(in text: String) -> String? {
    let bytes = Array(text.utf8)
    var index = 0
    while index + 4 <= bytes.count {
      let run = bytes[index..<index + 4]
      let bounded =
        (index == 0 || bytes[index - 1] &- UInt8(ascii: "0") > 9)
        && (index + 4 == bytes.count || bytes[index + 4] &- UInt8(ascii: "0") > 9)
      if bounded, run.allSatisfy({ $0 &- UInt8(ascii: "0") <= 9 }) {
        return String(decoding: run, as: UTF8.self)
      }
      index += 1
    }
    return nil
  }
}
