import Foundation

/// Writes a large, deterministic export.xml in the shape of a real one (records grouped by type,
/// Apple's attribute order, device strings, metadata, correlations, workouts, activity summaries),
/// for measuring the reader until the sample generator replaces it.
struct LargeExportWriter {
  /// The size to reach, in bytes (the file ends at the first record boundary past it).
  var targetBytes: Int

  func write(to path: String) throws {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
    }
    defer { try? handle.close() }
    var buffer = ""
    buffer.reserveCapacity(1 << 21)
    var written = 0
    func flush(force: Bool = false) throws {
      guard force || buffer.utf8.count >= 1 << 20 else { return }
      written += buffer.utf8.count
      try handle.write(contentsOf: Data(buffer.utf8))
      buffer.removeAll(keepingCapacity: true)
    }
    buffer += """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE HealthData [
      <!-- HealthKit Export Version: 14 -->
      <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>
      <!ATTLIST HealthData
        locale CDATA #REQUIRED
      >
      ]>
      <HealthData locale="en_US">
       <ExportDate value="2026-01-20 07:00:00 -0500"/>
       <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-04-02" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>

      """
    var random = SplitMix(seed: 2026)
    let watch =
      "&lt;&lt;HKDevice: 0x283f1c0a0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.2&gt;"
    let phone =
      "&lt;&lt;HKDevice: 0x283f1c140&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,5, software:17.2&gt;"
    // Per block of record types, a share of the file, as in real exports (heart rate and energy
    // dominate).
    let start: Int64 = 1_577_836_800  // 2020-01-01
    let totalBytes = max(targetBytes, 1 << 16)
    let plan: [(type: String, unit: String, share: Double, step: Int64)] = [
      ("HKQuantityTypeIdentifierHeartRate", "count/min", 0.30, 300),
      ("HKQuantityTypeIdentifierActiveEnergyBurned", "kcal", 0.20, 120),
      ("HKQuantityTypeIdentifierStepCount", "count", 0.15, 600),
      ("HKQuantityTypeIdentifierDistanceWalkingRunning", "km", 0.12, 600),
      ("HKQuantityTypeIdentifierBasalEnergyBurned", "kcal", 0.10, 900),
      ("HKCategoryTypeIdentifierSleepAnalysis", "", 0.04, 3600),
      ("HKQuantityTypeIdentifierBodyMass", "lb", 0.01, 86_400),
      ("HKQuantityTypeIdentifierBloodGlucose", "mg/dL", 0.02, 14_400),
      ("HKQuantityTypeIdentifierOxygenSaturation", "%", 0.02, 7_200),
      ("HKQuantityTypeIdentifierRestingHeartRate", "count/min", 0.01, 86_400),
    ]
    for block in plan {
      let blockEnd = written + buffer.utf8.count + Int(Double(totalBytes) * block.share * 0.97)
      var time = start
      while written + buffer.utf8.count < blockEnd {
        let date = Self.date(time)
        let end = Self.date(time + 60)
        let fromWatch = random.next() % 3 != 0
        let source = fromWatch ? "Jane’s Apple Watch" : "Jane’s iPhone"
        let device = fromWatch ? watch : phone
        let value: String
        switch block.unit {
        case "count/min": value = String(50 + random.next() % 90)
        case "count": value = String(random.next() % 1500)
        case "lb": value = String(format: "%.1f", 150 + Double(random.next() % 300) / 10)
        case "mg/dL": value = String(70 + random.next() % 110)
        case "%": value = String(format: "%.2f", 0.92 + Double(random.next() % 8) / 100)
        case "": value = "HKCategoryValueSleepAnalysisAsleepCore"
        default: value = String(format: "%.3f", Double(random.next() % 100_000) / 1000)
        }
        let unitAttribute = block.unit.isEmpty ? "" : " unit=\"\(block.unit)\""
        buffer +=
          " <Record type=\"\(block.type)\" sourceName=\"\(source)\" sourceVersion=\"10.2\" device=\"\(device)\"\(unitAttribute) creationDate=\"\(end)\" startDate=\"\(date)\" endDate=\"\(end)\" value=\"\(value)\""
        switch block.type {
        case "HKQuantityTypeIdentifierHeartRate":
          buffer +=
            ">\n  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"\(random.next() % 3)\"/>\n </Record>\n"
        case "HKQuantityTypeIdentifierBloodGlucose":
          buffer +=
            ">\n  <MetadataEntry key=\"HKBloodGlucoseMealTime\" value=\"\(1 + random.next() % 2)\"/>\n </Record>\n"
        default:
          buffer += "/>\n"
        }
        time += block.step
        try flush()
      }
    }
    // Blood pressure, as Apple writes it: the correlation and top-level copies.
    var time = start
    for _ in 0..<Int(totalBytes / 400_000 + 1) {
      let date = Self.date(time)
      let systolic = 105 + random.next() % 40
      let diastolic = 65 + random.next() % 25
      let members = """
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" creationDate="\(date)" startDate="\(date)" endDate="\(date)" value="\(systolic)"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" creationDate="\(date)" startDate="\(date)" endDate="\(date)" value="\(diastolic)"/>

        """
      buffer +=
        " <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Omron\" creationDate=\"\(date)\" startDate=\"\(date)\" endDate=\"\(date)\">\n\(members) </Correlation>\n"
      buffer += members.replacingOccurrences(of: "  <Record", with: " <Record")
      time += 86_400
      try flush()
    }
    while written + buffer.utf8.count < totalBytes {
      let date = Self.date(time)
      buffer += """
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="31.5" durationUnit="min" sourceName="Jane’s Apple Watch" device="\(watch)" creationDate="\(date)" startDate="\(date)" endDate="\(date)">
          <MetadataEntry key="HKIndoorWorkout" value="0"/>
          <WorkoutEvent type="HKWorkoutEventTypeSegment" date="\(date)" duration="10" durationUnit="min"/>
          <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="\(date)" endDate="\(date)" sum="5.1" unit="km"/>
          <WorkoutRoute sourceName="Jane’s Apple Watch" startDate="\(date)" endDate="\(date)"><FileReference path="/workout-routes/route.gpx"/></WorkoutRoute>
         </Workout>
         <ActivitySummary dateComponents="2021-01-01" activeEnergyBurned="590.252" activeEnergyBurnedGoal="630" activeEnergyBurnedUnit="kcal" appleExerciseTime="68" appleExerciseTimeGoal="30" appleStandHours="12" appleStandHoursGoal="12"/>

        """
      time += 86_400
      try flush()
    }
    buffer += "</HealthData>\n"
    try flush(force: true)
  }

  /// `2020-01-01 00:00:00 -0500` for seconds since 1970.
  static func date(_ seconds: Int64) -> String {
    let local = seconds - 5 * 3600
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let secondOfDay = local - days * 86_400
    // Civil date from days (the same algorithm as the model's, kept here so the benchmark's data
    // does not depend on the code it measures).
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return
      "\(year)-\(two(month))-\(two(day)) \(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60)) -0500"
  }
}

/// A small, fast, deterministic random number generator (SplitMix64).
struct SplitMix {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
