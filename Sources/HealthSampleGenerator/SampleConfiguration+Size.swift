import Foundation

/// Choosing the days or the density that make export.xml a given size.
extension SampleConfiguration {
  /// The configuration whose export.xml is within a few per cent of `bytes`.
  ///
  /// With `keepingDays` false the record is lengthened or shortened (the density stays 1) and,
  /// past `maximumDays`, densified; with `keepingDays` true only the density changes (1 to
  /// `maximumDensity`). The size of a configuration is measured on its days, or on a sample of
  /// them for long records (days of each weekday kind and workout drawn apart), so the result is
  /// the same on every run.
  /// - Throws: `SampleSizeError` when the size cannot be reached that way; the configuration's
  ///   own errors.
  /// - Complexity: about the work of generating a few dozen days, a few times.
  public func fitted(toExportXMLBytes bytes: Int, keepingDays: Bool) throws -> SampleConfiguration {
    try validate()
    let target = Double(bytes)
    var sizer = SampleSizer()
    if keepingDays {
      return try fitDensity(target: target, base: self, sizer: &sizer)
    }
    var configuration = self
    configuration.density = 1
    configuration.days = 1
    let smallest = try sizer.estimate(configuration)
    if smallest > target * 1.1 {
      throw SampleSizeError.tooSmall(requested: bytes, smallest: Int(smallest), days: 1)
    }
    // The most days whose export.xml is no larger than the target: the size grows about linearly
    // with the days, so aim, measure and correct, keeping the bounds found.
    var low = (days: 1, size: smallest)
    var high: Int? = nil
    configuration.days = 7
    var perDay = max(1, (try sizer.estimate(configuration) - smallest) / 6)
    var days = 1 + Int((target - smallest) / perDay)
    for _ in 0..<24 {
      let ceiling = min(high ?? Self.maximumDays + 1, Self.maximumDays + 1)
      if days <= low.days || days >= ceiling { days = (low.days + ceiling) / 2 }
      if days <= low.days { break }
      configuration.days = days
      let size = try sizer.estimate(configuration)
      if size <= target {
        low = (days, size)
      } else {
        high = days
      }
      if let high, high <= low.days + 1 { break }
      if low.days == Self.maximumDays { break }
      perDay = max(1, (size - smallest) / Double(days - 1))
      days = low.days + Int((target - low.size) / perDay)
    }
    configuration.days = low.days
    if low.size >= target * 0.98 { return configuration }
    // A day is a step of several per cent in a short record: fill the rest with density.
    return try fitDensity(target: target, base: configuration, sizer: &sizer)
  }

  private func fitDensity(
    target: Double, base: SampleConfiguration, sizer: inout SampleSizer
  ) throws -> SampleConfiguration {
    var configuration = base
    configuration.density = 1
    let lowest = try sizer.estimate(configuration)
    if lowest > target * 1.1 {
      throw SampleSizeError.tooSmall(requested: Int(target), smallest: Int(lowest), days: configuration.days)
    }
    // The size grows about linearly with the density (the frequent samples) over a fixed part:
    // aim, measure, then narrow the bracket around the target.
    var low = (density: 1.0, size: lowest)
    var high: (density: Double, size: Double)? = nil
    var best = low
    var density = min(Self.maximumDensity, StableMath.quantized(target / lowest, decimals: 3))
    for _ in 0..<12 {
      if abs(best.size - target) <= target * 0.02 { break }
      configuration.density = density
      let size = try sizer.estimate(configuration)
      if abs(size - target) < abs(best.size - target) { best = (density, size) }
      if size < target {
        low = (density, size)
      } else {
        high = (density, size)
      }
      guard let high else {
        if density >= Self.maximumDensity {
          throw SampleSizeError.tooLarge(requested: Int(target), largest: Int(size), days: configuration.days)
        }
        density = min(Self.maximumDensity, StableMath.quantized(density * target / size * 1.05, decimals: 3))
        continue
      }
      let fraction = (target - low.size) / (high.size - low.size)
      density = StableMath.quantized(low.density + fraction * (high.density - low.density), decimals: 3)
      if density <= low.density || density >= high.density { break }
    }
    configuration.density = best.density
    return configuration
  }
}

/// A size that `--size` cannot reach.
public enum SampleSizeError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// Even the fewest days at the ordinary density make a larger export.xml.
  case tooSmall(requested: Int, smallest: Int, days: Int)
  /// The most days, or the densest record of the days asked, make a smaller one.
  case tooLarge(requested: Int, largest: Int, days: Int)

  public var description: String {
    switch self {
    case .tooSmall(let requested, let smallest, let days):
      "an export.xml of \(Self.megabytes(requested)) is too small: \(days) day\(days == 1 ? " makes" : "s make") at least \(Self.megabytes(smallest))"
    case .tooLarge(let requested, let largest, let days):
      "an export.xml of \(Self.megabytes(requested)) is too large: \(days) days make at most \(Self.megabytes(largest))"
    }
  }

  public var errorDescription: String? { description }

  static func megabytes(_ bytes: Int) -> String {
    var out = XMLOutput(dateOffset: 0, capacity: 16)
    out.appendFixed(Double(bytes) / 1_000_000, decimals: 1)
    return String(decoding: out.bytes, as: UTF8.self) + " MB"
  }
}

/// Measures export.xml sizes without writing them: every day of short records, a sample of days
/// of each kind for long ones. Day sizes are remembered for the density they were measured at.
struct SampleSizer {
  /// Days measured for each kind of day (weekday or weekend, and which workout) in long records.
  static let samplesPerKind = 8
  /// Records up to this many days are measured whole.
  static let wholeRecordDays = 60

  private var daySizes: [DayKey: Int] = [:]

  private struct DayKey: Hashable {
    var seed: UInt64
    var timeZone: String
    var density: Double
    var dayNumber: Int64
  }

  /// The estimated size of the configuration's export.xml, in bytes.
  mutating func estimate(_ configuration: SampleConfiguration) throws -> Double {
    let model = try SampleModel(configuration: configuration)
    var writer = ExportXMLWriter(model: model)
    writer.writeHeader()
    writer.writeClinicalRecords()
    writer.writeFooter()
    var total = Double(writer.out.bytes.count)
    writer.out.removeAll()
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
    for key in kinds.keys.sorted() {
      let days = kinds[key]!
      let measured = days.prefix(Self.samplesPerKind)
      let sum = measured.reduce(0.0) { $0 + Double(size(of: $1)) }
      total += sum / Double(measured.count) * Double(days.count)
    }
    return total
  }
}

extension ExportXMLWriter {
  /// The bytes one day adds to export.xml: its records of every type, correlations, workout and
  /// activity summary.
  mutating func dayBytes(_ dayNumber: Int64) -> Int {
    out.removeAll()
    for kind in RecordKind.allCases { writeRecords(kind, dayNumber: dayNumber) }
    writeCorrelations(dayNumber: dayNumber)
    writeWorkout(dayNumber: dayNumber)
    writeActivitySummary(dayNumber: dayNumber)
    let count = out.bytes.count
    out.removeAll()
    return count
  }
}
