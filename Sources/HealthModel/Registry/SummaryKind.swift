/// How the summaries treat the samples of one HealthKit type: as data beside the registry, so
/// that the summary CSV, the database and the report agree.
public enum SummaryKind: Hashable, Sendable {
  /// A quantity type, summed or averaged. `measure` is the registry's entry for the type, whose
  /// name, unit and precision the summary takes; nil where the registry has none, and the type
  /// is summarized in the unit most of its samples carry.
  case quantity(AggregationStyle, measure: Measure?)
  /// Sleep analysis: each value its own cumulative series of minutes (`Sleep AsleepCore`).
  case sleepStages
  /// Mindful sessions: cumulative minutes.
  case mindfulMinutes
  /// Stand hours: how many hours were stood.
  case standHours
  /// Any other category type: how many samples there are.
  case count

  /// Whether samples are summed over time with the source-priority sweep.
  public var isCumulative: Bool {
    switch self {
    case .quantity(let style, _): style == .cumulative
    case .sleepStages, .mindfulMinutes: true
    case .standHours, .count: false
    }
  }

  /// The unit the summary is written in when the kind fixes it (the registry's, minutes, hours
  /// counted); nil where it is the type's most common unit, or there is none (counts).
  public func fixedUnit(with preferences: UnitPreferences) -> String? {
    switch self {
    case .quantity(_, let measure): measure?.unit.resolved(with: preferences).label
    case .sleepStages, .mindfulMinutes: Self.minutesUnit
    case .standHours: Self.countUnit
    case .count: nil
    }
  }

  /// The unit of sleep and mindful minutes.
  public static let minutesUnit = "min"
  /// The unit of counted things (stand hours; HealthKit's own `count`).
  public static let countUnit = "count"
  /// The metric name of mindful sessions.
  public static let mindfulMinutesName = "Mindful Minutes"
  /// The metric name of stand hours.
  public static let standHoursName = "Stand Hours"
  /// The metric name of the night's sleep: every asleep value counted once.
  public static let asleepTotalName = "Sleep Asleep Total"

  /// Whether a sleep value is a stage of sleep (`HKCategoryValueSleepAnalysisAsleep`, its
  /// `Unspecified`, `Core`, `Deep` and `REM`), not in bed or awake.
  public static func isAsleep(value: String) -> Bool {
    switch value {
    case "HKCategoryValueSleepAnalysisAsleep", "HKCategoryValueSleepAnalysisAsleepUnspecified",
      "HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep",
      "HKCategoryValueSleepAnalysisAsleepREM":
      true
    default: false
    }
  }

  /// The metric name of one sleep value's series: `Sleep ` and the value without its
  /// `HKCategoryValueSleepAnalysis` prefix (`Sleep AsleepCore`), or with the value as written
  /// where it has no such prefix.
  public static func sleepMetricName(forValue value: String) -> String {
    let prefix = HealthKitIdentifier.sleepAnalysisValuePrefix
    if value.hasPrefix(prefix), value.utf8.count > prefix.utf8.count {
      return "Sleep " + value.dropFirst(prefix.count)
    }
    return "Sleep " + value
  }
}

extension MetricRegistry {
  /// How the summaries treat `type`; nil for what they leave out (anything that is not a
  /// quantity or category type).
  public func summaryKind(ofType type: String) -> SummaryKind? {
    if let style = AggregationStyle(ofType: type) {
      return .quantity(style, measure: measure(forType: type))
    }
    guard type.hasPrefix(HealthKitIdentifier.categoryTypePrefix) else { return nil }
    switch type {
    case HealthKitIdentifier.sleepAnalysis: return .sleepStages
    case HealthKitIdentifier.mindfulSession: return .mindfulMinutes
    case HealthKitIdentifier.appleStandHour: return .standHours
    default: return .count
    }
  }

  /// The name of `type`'s summary rows (sleep rows are named by their value instead): the
  /// registry's CSV name where it has one (`Steps`, `Heart Rate`), `Mindful Minutes`,
  /// `Stand Hours`, else the identifier without its prefix (`DistanceCycling`).
  public func summaryMetricName(ofType type: String) -> String {
    if let measure = measure(forType: type) { return measure.name }
    switch type {
    case HealthKitIdentifier.mindfulSession: return SummaryKind.mindfulMinutesName
    case HealthKitIdentifier.appleStandHour: return SummaryKind.standHoursName
    default: return HealthKitIdentifier.shortName(of: type)
    }
  }

  /// The registry's measure for a HealthKit type (a base metric or a vital component), if any.
  public func measure(forType type: String) -> Measure? {
    allMeasures.first { $0.healthKitType == type }
  }

  /// The quantity and category types the summaries know by name, by short name: the registry's,
  /// the cumulative ones of `AggregationStyle`, sleep analysis, mindful sessions and stand hours.
  /// `summary --types` takes any other type too; these are the ones its completions offer.
  package var knownSummaryTypes: [String] {
    let quantities =
      allMeasures.map(\.healthKitType)
      + AggregationStyle.cumulativeTypeNames.map { HealthKitIdentifier.quantityTypePrefix + $0 }
    let categories = [
      HealthKitIdentifier.sleepAnalysis, HealthKitIdentifier.mindfulSession,
      HealthKitIdentifier.appleStandHour,
    ]
    return Set(quantities + categories).sorted {
      HealthKitIdentifier.shortName(of: $0) < HealthKitIdentifier.shortName(of: $1)
    }
  }
}
