/// The `Record` elements: one type on one day at a time.
extension ExportXMLWriter {
  /// Writes the records of `kind` on the day `dayNumber`, in order of time.
  mutating func writeRecords(_ kind: RecordKind, dayNumber: Int64) {
    if kind == .height {
      guard dayNumber == model.firstDayNumber else { return }
      let instant = model.instant(day: dayNumber, second: 32_400)
      beginRecord(prefix(.height, .health), creation: instant, start: instant, end: instant)
      out.append(model.heightFeet, decimals: kind.decimals)
      out.append("\">\n")
      metadata("HKWasUserEntered", "1")
      out.append(" </Record>\n")
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
      beginRecord(prefix(kind, .scale), creation: creation, start: weighIn.instant, end: weighIn.instant)
      out.append(value, decimals: kind.decimals)
      if kind == .bodyMass {
        out.append("\">\n")
        metadata("Withings User Identifier", String(10_000_000 + model.seed % 89_999_999))
        out.append(" </Record>\n")
      } else {
        out.append("\"/>\n")
      }
    case .heartRate:
      let source = prefix(.heartRate, .watch)
      for sample in model.heartRateSamples(plan) {
        let creation = model.creationDate(after: sample.instant, lag: (5...420).pick(sample.instant))
        beginRecord(source, creation: creation, start: sample.instant, end: sample.instant)
        out.append(sample.beatsPerMinute)
        out.append("\">\n  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"")
        out.append(sample.motionContext)
        out.append("\"/>\n </Record>\n")
      }
    case .oxygenSaturation:
      for reading in model.oxygenSaturationReadings(plan) {
        quantityRecord(
          kind, .watch, start: reading.instant, end: reading.instant, value: reading.value, lag: 10...600)
      }
    case .bloodPressureSystolic, .bloodPressureDiastolic:
      for reading in model.bloodPressureReadings(plan) {
        bloodPressureRecord(kind, reading, isMember: false)
      }
    case .respiratoryRate:
      for reading in model.respiratoryRateReadings(plan) {
        quantityRecord(
          kind, .watch, start: reading.instant, end: reading.instant, value: reading.value, lag: 60...1_800)
      }
    case .bodyTemperature:
      for reading in model.temperatureReadings(plan) {
        let creation = model.creationDate(after: reading.instant, lag: (30...240).pick(reading.instant))
        beginRecord(prefix(kind, .health), creation: creation, start: reading.instant, end: reading.instant)
        out.append(reading.value, decimals: kind.decimals)
        out.append("\">\n")
        metadata("HKWasUserEntered", "1")
        out.append(" </Record>\n")
      }
    case .bloodGlucose:
      for reading in model.glucoseReadings(plan) {
        let creation = model.creationDate(after: reading.instant, lag: (60...900).pick(reading.instant))
        beginRecord(
          prefix(kind, .glucoseMeter), creation: creation, start: reading.instant, end: reading.instant)
        out.append(reading.milligramsPerDeciliter, decimals: 0)
        out.append("\">\n  <MetadataEntry key=\"HKBloodGlucoseMealTime\" value=\"")
        out.append(reading.mealTime)
        out.append("\"/>\n </Record>\n")
      }
    case .stepCount, .distanceWalkingRunning:
      for sample in model.stepSamples(plan) {
        let value = kind == .stepCount ? Double(sample.steps) : sample.miles
        quantityRecord(kind, sample.source, start: sample.start, end: sample.end, value: value, lag: 1...200)
      }
    case .distanceCycling:
      for sample in model.cyclingDistanceSamples(plan) {
        quantityRecord(kind, .watch, start: sample.start, end: sample.end, value: sample.value, lag: 1...120)
      }
    case .basalEnergyBurned:
      for sample in model.basalEnergySamples(plan) {
        quantityRecord(kind, .watch, start: sample.start, end: sample.end, value: sample.value, lag: 1...300)
      }
    case .activeEnergyBurned:
      for sample in model.activeEnergySamples(plan) {
        quantityRecord(kind, .watch, start: sample.start, end: sample.end, value: sample.value, lag: 1...120)
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
      beginRecord(prefix(kind, .watch), creation: creation, start: reading.instant, end: reading.instant)
      out.append(reading.value, decimals: kind.decimals)
      out.append("\">\n")
      metadata("HKVO2MaxTestType", "2")
      out.append(" </Record>\n")
    case .heartRateVariability:
      for reading in model.variabilityReadings(plan) {
        writeVariability(reading, plan: plan)
      }
    case .sleepAnalysis:
      for record in model.sleepRecords(plan) {
        let creation = model.creationDate(after: record.end, lag: (60...3_600).pick(record.end))
        out.append(prefix(kind, record.source))
        out.appendDate(creation)
        out.append("\" startDate=\"")
        out.appendDate(record.start)
        out.append("\" endDate=\"")
        out.appendDate(record.end)
        out.append("\" value=\"")
        out.append(Array(record.value.utf8))
        if record.source == .watch {
          out.append("\">\n")
          metadata("HKTimeZone", model.timeZoneIdentifier)
          out.append(" </Record>\n")
        } else {
          out.append("\"/>\n")
        }
      }
    case .appleStandHour:
      let source = prefix(kind, .watch)
      for hour in model.standHours(plan) {
        let start = plan.instant(hour.hour)
        let end = plan.instant(hour.hour + 3_600)
        out.append(source)
        out.appendDate(model.creationDate(after: end, lag: (1...600).pick(end)))
        out.append("\" startDate=\"")
        out.appendDate(start)
        out.append("\" endDate=\"")
        out.appendDate(end)
        out.append(
          hour.stood
            ? "\" value=\"HKCategoryValueAppleStandHourStood\"/>\n"
            : "\" value=\"HKCategoryValueAppleStandHourIdle\"/>\n")
      }
    }
  }

  /// A systolic or diastolic record of `reading`: top-level, or inside its correlation.
  mutating func bloodPressureRecord(_ kind: RecordKind, _ reading: BloodPressureReading, isMember: Bool) {
    let creation = model.creationDate(after: reading.instant, lag: (30...600).pick(reading.instant))
    beginRecord(
      prefix(kind, .bloodPressureMonitor, isMember: isMember), creation: creation, start: reading.instant,
      end: reading.instant)
    out.append(kind == .bloodPressureSystolic ? reading.systolic : reading.diastolic, decimals: 0)
    out.append("\"/>\n")
  }

  /// An HRV record with its list of beats, whose times are local times of day (`2:14:03.45 AM`).
  private mutating func writeVariability(_ reading: VariabilityReading, plan: DayPlan) {
    let creation = model.creationDate(after: reading.end, lag: (10...900).pick(reading.end))
    beginRecord(
      prefix(.heartRateVariability, .watch), creation: creation, start: reading.start, end: reading.end)
    out.append(reading.milliseconds, decimals: 3)
    out.append("\">\n  <HeartRateVariabilityMetadataList>\n")
    for beat in reading.beats {
      out.append("   <InstantaneousBeatsPerMinute bpm=\"")
      out.append(beat.beatsPerMinute)
      out.append("\" time=\"")
      let hundredths = Int((beat.localSecond * 100).rounded())
      let seconds = ((hundredths / 100) % 86_400 + 86_400) % 86_400
      let hour = seconds / 3_600
      out.append(hour % 12 == 0 ? 12 : hour % 12)
      out.append(":")
      out.appendTwoDigits(seconds / 60 % 60)
      out.append(":")
      out.appendTwoDigits(seconds % 60)
      out.append(".")
      out.appendTwoDigits(hundredths % 100)
      out.append(hour < 12 ? " AM\"/>\n" : " PM\"/>\n")
    }
    out.append("  </HeartRateVariabilityMetadataList>\n </Record>\n")
  }
}
