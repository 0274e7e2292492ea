/// Choosing the days or the density that make export.xml a given size.
extension SampleConfiguration {
  /// The configuration whose export.xml is within a few per cent of `bytes`.
  ///
  /// With `keepingDays` false the record is lengthened or shortened (the density stays 1) and,
  /// past `maximumDays`, densified; with `keepingDays` true only the density changes (1 to
  /// `maximumDensity`). The size of a configuration is measured on its days, or on a sample of
  /// them for long records (days of each weekday kind and workout drawn apart), so the result is
  /// the same on every run.
  /// - Parameters:
  ///   - bytes: the size export.xml should have.
  ///   - keepingDays: whether only the density may change.
  ///   - namingFiles: whether export.xml names the files beside it; false for export.xml written
  ///     alone, which names none (no `ClinicalRecord`s, routes without their `FileReference`).
  /// - Returns: the configuration.
  /// - Throws: `SampleSizeError` when the size cannot be reached that way; the configuration's
  ///   own errors.
  /// - Complexity: about the work of generating a few dozen days, a few times.
  public func fitted(
    toExportXMLBytes bytes: Int, keepingDays: Bool, namingFiles: Bool = true
  ) throws -> SampleConfiguration {
    try validate()
    let target = Double(bytes)
    var sizer = SampleSizer(namesFiles: namingFiles)
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
    if smallest >= target * 0.98 { return configuration }
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
