/// One sleep-analysis record: time in bed from the iPhone, or a stage from the watch.
package struct SleepRecord: Sendable {
  package var source: SampleSourceName
  package var start: Int64
  package var end: Int64
  /// `HKCategoryValueSleepAnalysisInBed`, `…AsleepCore`, `…AsleepDeep`, `…AsleepREM`, `…Awake`.
  package var value: String
}

extension SampleModel {
  /// The night that ended on the plan's morning: time in bed (iPhone), then each stage (watch).
  package func sleepRecords(_ plan: DayPlan) -> [SleepRecord] {
    let night = plan.night
    var records = [
      SleepRecord(
        source: .phone, start: plan.instant(night.bedtime), end: plan.instant(night.outOfBed),
        value: "HKCategoryValueSleepAnalysisInBed")
    ]
    for segment in night.segments {
      let value: String
      switch segment.stage {
      case .core: value = "HKCategoryValueSleepAnalysisAsleepCore"
      case .deep: value = "HKCategoryValueSleepAnalysisAsleepDeep"
      case .rem: value = "HKCategoryValueSleepAnalysisAsleepREM"
      case .awake: value = "HKCategoryValueSleepAnalysisAwake"
      }
      records.append(
        SleepRecord(
          source: .watch, start: plan.instant(segment.start), end: plan.instant(segment.end), value: value))
    }
    return records
  }
}
