/// The views of schema version 2: everyday questions answered over the tables.
extension DatabaseSchema {
  /// The views for everyday questions (docs/database.md gives their SQL): their names and
  /// `SELECT`s.
  package static let views: [(name: String, select: String)] = [
    (
      "readings",
      """
      SELECT records.id, records.type, types.short_name, records.value, records.value_text, records.unit,
        sources.name AS source, sources.device_model AS device, records.start_date, records.end_date,
        substr(records.start_date, 1, 10) AS day, records.start_unix, records.end_unix, records.correlation_id
      FROM records JOIN sources ON sources.id = records.source_id LEFT JOIN types ON types.type = records.type
      """
    ),
    (
      "daily_steps",
      """
      SELECT period_start AS day, value AS steps, count AS samples, sources FROM summaries
      WHERE period = 'day' AND type = 'HKQuantityTypeIdentifierStepCount' AND metric = 'Steps'
      """
    ),
    (
      "nightly_sleep",
      """
      SELECT period_start AS night,
        max(CASE metric WHEN 'Sleep Asleep Total' THEN value END) AS asleep_min,
        max(CASE metric WHEN 'Sleep InBed' THEN value END) AS in_bed_min,
        max(CASE metric WHEN 'Sleep AsleepCore' THEN value END) AS core_min,
        max(CASE metric WHEN 'Sleep AsleepDeep' THEN value END) AS deep_min,
        max(CASE metric WHEN 'Sleep AsleepREM' THEN value END) AS rem_min,
        max(CASE metric WHEN 'Sleep Awake' THEN value END) AS awake_min
      FROM summaries WHERE period = 'day' AND type = 'HKCategoryTypeIdentifierSleepAnalysis'
      GROUP BY period_start
      """
    ),
    (
      "blood_pressure",
      """
      SELECT correlations.id, correlations.start_date, correlations.start_unix, sources.name AS source,
        systolic.value AS systolic, diastolic.value AS diastolic, coalesce(systolic.unit, diastolic.unit) AS unit
      FROM correlations JOIN sources ON sources.id = correlations.source_id
        LEFT JOIN records AS systolic ON systolic.correlation_id = correlations.id
          AND systolic.type = 'HKQuantityTypeIdentifierBloodPressureSystolic'
        LEFT JOIN records AS diastolic ON diastolic.correlation_id = correlations.id
          AND diastolic.type = 'HKQuantityTypeIdentifierBloodPressureDiastolic'
      WHERE correlations.type = 'HKCorrelationTypeIdentifierBloodPressure'
      """
    ),
    (
      "latest_labs",
      """
      SELECT loinc, name, value, unit, effective_date, effective_unix, reference_low, reference_high, source_name
      FROM lab_results AS latest WHERE id = (
        SELECT id FROM lab_results AS other WHERE other.loinc = latest.loinc
        ORDER BY coalesce(other.effective_unix, CAST(strftime('%s', substr(other.effective_date, 1, 19)) AS INTEGER))
          DESC, other.id DESC LIMIT 1)
      """
    ),
  ]

  /// `CREATE VIEW` statements for every view.
  package static var createViews: String {
    views.map { "CREATE VIEW \($0.name) AS \($0.select.split(separator: "\n").joined(separator: " "));" }
      .joined(separator: "\n")
  }
}
