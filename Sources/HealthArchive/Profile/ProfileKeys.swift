/// The top-level keys of a JSON profile that are not HealthKit sample types.
enum ProfileKeys {
  static let metaData = "metaData"
  static let userData = "userData"
  /// Workouts, under HealthKit's workout type identifier.
  static let workouts = "HKWorkoutTypeIdentifier"
  /// This tool's own keys, which readers of the original format ignore.
  static let activitySummaries = "activitySummaries"
  static let clinicalRecords = "clinicalRecords"
  static let labResults = "labResults"
  /// The only `metaData.type` read.
  static let singleDocumentType = "JsonSingleDocExportTarget"

  /// Whether a top-level key holds something other than samples or correlations.
  static func isSpecial(_ key: String) -> Bool {
    key == workouts || key == activitySummaries || key == clinicalRecords || key == labResults
      || key == metaData || key == userData
  }
}
