import HealthArchive

/// Measures export.xml sizes without writing them: every day of short records, a sample of days
/// of each kind for long ones. Day sizes are remembered for the density they were measured at.
struct SampleSizer {
  /// Whether the export.xml measured names the files beside it (see `SampleItemWriter`).
  let namesFiles: Bool
  /// Days measured for each kind of day (weekday or weekend, and which workout) in long records.
  static let samplesPerKind = 8
  /// Records up to this many days are measured whole.
  static let wholeRecordDays = 60

  private var daySizes: [DayKey: Int] = [:]

  /// A sizer of export.xml that names the files beside it, or (`namesFiles` false) of export.xml
  /// alone.
  init(namesFiles: Bool) {
    self.namesFiles = namesFiles
  }

  private struct DayKey: Hashable {
    var seed: UInt64
    var timeZone: String
    var density: Double
    var dayNumber: Int64
  }

  /// The estimated size of the configuration's export.xml, in bytes.
  mutating func estimate(_ configuration: SampleConfiguration) throws -> Double {
    let model = try SampleModel(configuration: configuration)
    var writer = SampleItemWriter(model: model, namesFiles: namesFiles)
    writer.writeHeader()
    writer.writeClinicalRecords()
    writer.writeFooter()
    var total = Double(writer.xml.out.bytes.count)
    writer.xml.out.removeAll()
    func size(of dayNumber: Int64) -> Int {
      let key = DayKey(
        seed: configuration.seed, timeZone: configuration.timeZoneIdentifier, density: configuration.density,
        dayNumber: dayNumber)
      if let known = daySizes[key] { return known }
      let bytes = writer.dayBytes(dayNumber)
      daySizes[key] = bytes
      return bytes
    }
    if configuration.days <= Self.wholeRecordDays {
      for dayNumber in model.dayNumbers { total += Double(size(of: dayNumber)) }
      return total
    }
    // Group the days by kind; measure the most recent few of each (they are shared by the
    // estimates of records of other lengths with the same end, which are then nearly free).
    var kinds: [String: [Int64]] = [:]
    for dayNumber in model.dayNumbers.reversed() {
      let weekday = model.clock.day(dayNumber).weekday
      let workout = model.workout(on: dayNumber).map { "\($0.activity)" } ?? "none"
      kinds["\(weekday == 0 || weekday == 6)-\(workout)", default: []].append(dayNumber)
    }
    for (_, days) in kinds.sorted(by: { $0.key < $1.key }) {
      let measured = days.prefix(Self.samplesPerKind)
      let sum = measured.reduce(0.0) { $0 + Double(size(of: $1)) }
      total += sum / Double(measured.count) * Double(days.count)
    }
    return total
  }
}

extension SampleItemWriter {
  /// The bytes one day adds to export.xml: its records of every type, correlations, workout and
  /// activity summary.
  mutating func dayBytes(_ dayNumber: Int64) -> Int {
    xml.out.removeAll()
    for kind in RecordKind.allCases { writeRecords(kind, dayNumber: dayNumber) }
    writeCorrelations(dayNumber: dayNumber)
    writeWorkout(dayNumber: dayNumber)
    writeActivitySummary(dayNumber: dayNumber)
    let count = xml.out.bytes.count
    xml.out.removeAll()
    return count
  }
}
