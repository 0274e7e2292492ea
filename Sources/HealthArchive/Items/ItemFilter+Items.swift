import HealthModel

extension ItemFilter {
  /// `item` as a reader of an export with this filter would hand it on: nil when the filter
  /// leaves it out; a correlation without the members whose type it leaves out; a sample without
  /// its heartbeats or its metadata (or both, where it is bare), a workout without its routes' inline locations and a
  /// clinical record without its resource, unless the filter asks for them; anything else as it
  /// is. The export date and the characteristics every reader hands on.
  /// - Parameter item: an item as an app supplied it.
  /// - Returns: the item the filter lets through, or nil.
  public func admitting(_ item: HealthItem) -> HealthItem? {
    switch item {
    case .exportDate, .characteristics:
      return item
    case .sample(var sample):
      guard includes(sampleType: sample.type) else { return nil }
      if !bareUntil.isEmpty, isBare(topLevelSampleOf: sample.type, start: sample.startDate),
        !(sample.metadata.isEmpty && sample.beats.isEmpty)
      {
        sample.metadata = []
        sample.beats = []
        return .sample(sample)
      }
      return admitsWhole(sample) ? item : .sample(admitted(sample))
    case .correlation(var correlation):
      guard includesCorrelations else { return nil }
      if sampleTypes != nil { correlation.objects.removeAll { !includes(sampleType: $0.type) } }
      if !correlation.objects.allSatisfy(admitsWhole) {
        correlation.objects = correlation.objects.map(admitted)
      }
      return .correlation(correlation)
    case .workout(var workout):
      guard includesWorkouts else { return nil }
      if !includesRoutePoints && workout.routes.contains(where: { !$0.locations.isEmpty }) {
        for index in workout.routes.indices { workout.routes[index].locations = [] }
      }
      return .workout(workout)
    case .activitySummary:
      return includesActivitySummaries ? item : nil
    case .clinicalRecord(var record):
      guard includesClinicalRecords else { return nil }
      if !includesClinicalResources && record.resource != nil { record.resource = nil }
      return .clinicalRecord(record)
    case .labResult:
      return includesLabResults ? item : nil
    case .audiogram, .visionPrescription, .stateOfMind:
      return includesAssessments ? item : nil
    case .routePoints:
      return includesRoutePoints ? item : nil
    case .electrocardiogram:
      return includesElectrocardiograms ? item : nil
    }
  }

  /// Whether `sample` is handed on as it is: it has no beats, or the filter asks for them, and no
  /// metadata, or the filter asks for its type's.
  private func admitsWhole(_ sample: Sample) -> Bool {
    (includesHeartbeats || sample.beats.isEmpty)
      && (sample.metadata.isEmpty || includesMetadata(ofSampleType: sample.type))
  }

  /// `sample` without the beats and the metadata the filter does not ask for.
  private func admitted(_ sample: Sample) -> Sample {
    var sample = sample
    if !includesHeartbeats { sample.beats = [] }
    if !includesMetadata(ofSampleType: sample.type) { sample.metadata = [] }
    return sample
  }
}
