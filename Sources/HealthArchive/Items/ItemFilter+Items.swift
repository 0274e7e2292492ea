import HealthModel

extension ItemFilter {
  /// `item` as a reader of an export with this filter would hand it on: nil when the filter
  /// leaves it out, a correlation without the members whose type it leaves out, anything else as
  /// it is. What the export date and the characteristics are, every reader hands on.
  /// - Parameter item: an item as an app supplied it.
  /// - Returns: the item the filter lets through, or nil.
  public func admitting(_ item: HealthItem) -> HealthItem? {
    switch item {
    case .exportDate, .characteristics:
      return item
    case .sample(let sample):
      return includes(sampleType: sample.type) ? item : nil
    case .correlation(var correlation):
      guard includesCorrelations else { return nil }
      if sampleTypes != nil { correlation.objects.removeAll { !includes(sampleType: $0.type) } }
      return .correlation(correlation)
    case .workout:
      return includesWorkouts ? item : nil
    case .activitySummary:
      return includesActivitySummaries ? item : nil
    case .clinicalRecord:
      return includesClinicalRecords ? item : nil
    case .labResult:
      return includesLabResults ? item : nil
    }
  }
}
