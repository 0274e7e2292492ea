import HealthArchive
import HealthModel

/// The `Record` elements: one type on one day at a time.
extension SampleItemWriter {
  /// Writes the records of `kind` on the day `dayNumber`, in order of time.
  mutating func writeRecords(_ kind: RecordKind, dayNumber: Int64) {
    if kind == .height {
      guard dayNumber == model.firstDayNumber else { return }
      let instant = model.instant(day: dayNumber, second: 32_400)
      xml.write(

        sample(
          .height, .health, creation: instant, start: instant, end: instant, value: model.heightFeet,
          metadata: [MetadataEntry(key: "HKWasUserEntered", value: "1")]))
      return
    }
    let plan = model.day(dayNumber)
    switch kind {
    case .height:
      return
    case .bodyMassIndex, .bodyMass, .bodyFatPercentage:
      guard let weighIn = model.weighIn(plan) else { return }
      let value =
        kind == .bodyMass
        ? weighIn.pounds : kind == .bodyMassIndex ? weighIn.bodyMassIndex : weighIn.bodyFatFraction
      let creation = model.creationDate(after: weighIn.instant, lag: (20...300).pick(weighIn.instant))
      let metadata =
        kind == .bodyMass
        ? [
          MetadataEntry(key: "Withings User Identifier", value: String(10_000_000 + model.seed % 89_999_999))
        ]
        : []
      xml.write(

        sample(
          kind, .scale, creation: creation, start: weighIn.instant, end: weighIn.instant, value: value,
          metadata: metadata))
    case .heartRate:
      for reading in model.heartRateSamples(plan) {
        let creation = model.creationDate(after: reading.instant, lag: (5...420).pick(reading.instant))
        xml.write(

          sample(
            .heartRate, .watch, creation: creation, start: reading.instant, end: reading.instant,
            value: Double(reading.beatsPerMinute),
            metadata: [
              MetadataEntry(
                key: "HKMetadataKeyHeartRateMotionContext", value: String(reading.motionContext))
            ]))
      }
    case .oxygenSaturation:
      for reading in model.oxygenSaturationReadings(plan) {
        quantityRecord(
          kind, .watch, start: reading.instant, end: reading.instant, value: reading.value, lag: 10...600)
      }
    case .bloodPressureSystolic, .bloodPressureDiastolic:
      for reading in model.bloodPressureReadings(plan) {
        xml.write(bloodPressureRecord(kind, reading))
      }
    case .respiratoryRate:
      for reading in model.respiratoryRateReadings(plan) {
        quantityRecord(
          kind, .watch, start: reading.instant, end: reading.instant, value: reading.value, lag: 60...1_800)
      }
    case .bodyTemperature:
      for reading in model.temperatureReadings(plan) {
        let creation = model.creationDate(after: reading.instant, lag: (30...240).pick(reading.instant))
        xml.write(

          sample(
            kind, .health, creation: creation, start: reading.instant, end: reading.instant,
            value: reading.value, metadata: [MetadataEntry(key: "HKWasUserEntered", value: "1")]))
      }
    case .bloodGlucose:
      for reading in model.glucoseReadings(plan) {
        let creation = model.creationDate(after: reading.instant, lag: (60...900).pick(reading.instant))
        xml.write(

          sample(
            kind, .glucoseMeter, creation: creation, start: reading.instant, end: reading.instant,
            value: StableMath.quantized(reading.milligramsPerDeciliter, decimals: 0),
            metadata: [MetadataEntry(key: "HKBloodGlucoseMealTime", value: String(reading.mealTime))]))
      }
    case .stepCount, .distanceWalkingRunning:
      for reading in model.stepSamples(plan) {
        let value = kind == .stepCount ? Double(reading.steps) : reading.miles
        quantityRecord(
          kind, reading.source, start: reading.start, end: reading.end, value: value, lag: 1...200)
      }
    case .distanceCycling:
      for reading in model.cyclingDistanceSamples(plan) {
        quantityRecord(
          kind, .watch, start: reading.start, end: reading.end, value: reading.value, lag: 1...120)
      }
    case .basalEnergyBurned:
      for reading in model.basalEnergySamples(plan) {
        quantityRecord(
          kind, .watch, start: reading.start, end: reading.end, value: reading.value, lag: 1...300)
      }
    case .activeEnergyBurned:
      for reading in model.activeEnergySamples(plan) {
        quantityRecord(
          kind, .watch, start: reading.start, end: reading.end, value: reading.value, lag: 1...120)
      }
    case .restingHeartRate, .walkingHeartRateAverage:
      let isResting = kind == .restingHeartRate
      let value =
        isResting
        ? model.restingHeartRate(onDay: dayNumber) : model.walkingHeartRateAverage(onDay: dayNumber)
      let start = plan.instant(
        isResting ? max(0, plan.night.wake - 3_600) : plan.bouts.first?.start ?? 43_200)
      let end = plan.instant(isResting ? min(86_340, plan.bedtime) : plan.bouts.last?.end ?? 43_260)
      quantityRecord(kind, .watch, start: start, end: end, value: value, lag: 60...600)
    case .vo2Max:
      guard let reading = model.vo2MaxReading(plan) else { return }
      let creation = model.creationDate(after: reading.instant, lag: (5...60).pick(reading.instant))
      xml.write(

        sample(
          kind, .watch, creation: creation, start: reading.instant, end: reading.instant,
          value: reading.value,
          metadata: [MetadataEntry(key: "HKVO2MaxTestType", value: "2")]))
    case .heartRateVariability:
      for reading in model.variabilityReadings(plan) {
        xml.write(variabilityRecord(reading))
      }
    case .sleepAnalysis:
      for record in model.sleepRecords(plan) {
        let creation = model.creationDate(after: record.end, lag: (60...3_600).pick(record.end))
        let metadata =
          record.source == .watch ? [MetadataEntry(key: "HKTimeZone", value: model.timeZoneIdentifier)] : []
        xml.write(

          sample(
            kind, record.source, creation: creation, start: record.start, end: record.end,
            value: .category(record.value), metadata: metadata))
      }
    case .appleStandHour:
      for hour in model.standHours(plan) {
        let start = plan.instant(hour.hour)
        let end = plan.instant(hour.hour + 3_600)
        xml.write(

          sample(
            kind, .watch, creation: model.creationDate(after: end, lag: (1...600).pick(end)), start: start,
            end: end,
            value: .category(
              hour.stood ? "HKCategoryValueAppleStandHourStood" : "HKCategoryValueAppleStandHourIdle")))
      }
    }
  }

  /// A systolic or diastolic record of `reading`, as it appears at top level and inside its
  /// correlation.
  func bloodPressureRecord(_ kind: RecordKind, _ reading: BloodPressureReading) -> Sample {
    let creation = model.creationDate(after: reading.instant, lag: (30...600).pick(reading.instant))
    return sample(
      kind, .bloodPressureMonitor, creation: creation, start: reading.instant, end: reading.instant,
      value: StableMath.quantized(
        kind == .bloodPressureSystolic ? reading.systolic : reading.diastolic, decimals: 0))
  }

  /// An HRV record with its beats, whose times are local times of day (`2:14:03.45 AM`).
  private func variabilityRecord(_ reading: VariabilityReading) -> Sample {
    let creation = model.creationDate(after: reading.end, lag: (10...900).pick(reading.end))
    let beats = reading.beats.map { beat in
      InstantaneousBeat(
        beatsPerMinute: Double(beat.beatsPerMinute), time: Self.timeOfDay(beat.localSecond))
    }
    return sample(
      .heartRateVariability, .watch, creation: creation, start: reading.start, end: reading.end,
      value: .quantity(StableMath.quantized(reading.milliseconds, decimals: 3), unit: "ms"), beats: beats
    )
  }

  /// `2:14:03.45 AM`: a local second of the day with hundredths, as a US-English device writes it.
  static func timeOfDay(_ localSecond: Double) -> String {
    let hundredths = Int((localSecond * 100).rounded())
    let seconds = ((hundredths / 100) % 86_400 + 86_400) % 86_400
    let hour = seconds / 3_600
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return
      "\(hour % 12 == 0 ? 12 : hour % 12):\(two(seconds / 60 % 60)):\(two(seconds % 60)).\(two(hundredths % 100))"
      + (hour < 12 ? " AM" : " PM")
  }
}
