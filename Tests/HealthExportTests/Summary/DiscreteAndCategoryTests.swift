import Foundation
import HealthExport
import HealthModel
import Testing

/// Discrete statistics, sleep stages, mindful minutes, stand hours, other category types and the
/// correlation rule.
@Suite struct DiscreteAndCategoryTests {
  typealias T = SummaryTest

  private func heartRate(_ value: String, source: String, device: String? = nil, at time: String) -> String {
    T.record("HeartRate", value, "count/min", source: source, device: device, from: time)
  }

  private func category(
    _ type: String, _ value: String?, source: String = T.watchName, from start: String, to end: String
  )
    -> String
  {
    var text =
      " <Record type=\"HKCategoryTypeIdentifier\(type)\" sourceName=\"\(source)\" device=\"\(T.watchDevice)\""
    text += " startDate=\"\(start)\" endDate=\"\(end)\""
    if let value { text += " value=\"\(value)\"" }
    return text + "/>\n"
  }

  @Test func discreteTypesGetTheMeanMinimumMaximumAndCountOfEverySource() throws {
    // The 9th: 60, 75, 90 from the watch and 100 from a chest strap at 23:59:59 (a sample counts
    // on the day it starts): mean 325 / 4 = 81.25, which printf rounds to even: 81.2. The watch
    // is listed first (Watch sources rank before others). The 10th: 50 alone.
    let body =
      heartRate("60", source: T.watchName, device: T.watchDevice, at: "2026-01-09 10:00:00 -0500")
      + heartRate("100", source: "Chest Strap", at: "2026-01-09 23:59:59 -0500")
      + heartRate("75", source: T.watchName, device: T.watchDevice, at: "2026-01-09 10:05:00 -0500")
      + heartRate("90", source: T.watchName, device: T.watchDevice, at: "2026-01-09 10:10:00 -0500")
      + heartRate("50", source: T.watchName, device: T.watchDevice, at: "2026-01-10 00:00:00 -0500")
    #expect(
      try T.run(body).rows == [
        "2026-01-09,Heart Rate,81.2,bpm,60,100,4,Jane’s Apple Watch; Chest Strap",
        "2026-01-10,Heart Rate,50.0,bpm,50,50,1,Jane’s Apple Watch",
      ])
  }

  @Test func aDiscreteTypeOutsideTheRegistryHasTwoDecimals() throws {
    let body =
      T.record("RestingEnergyRatio", "1.234", "count", source: "App", from: "2026-01-09 10:00:00 -0500")
      + T.record("RestingEnergyRatio", "1.5", "count", source: "App", from: "2026-01-09 11:00:00 -0500")
    // Mean 1.367 → 1.37; min 1.234 → 1.23; max 1.50.
    #expect(try T.run(body).rows == ["2026-01-09,RestingEnergyRatio,1.37,count,1.23,1.50,2,App"])
  }

  @Test func sleepStagesAreSeriesOfMinutesCountedByTheNight() throws {
    // In bed: the watch over 22:00–23:00 (60 min) and the phone over 22:30–06:30 (480 min). The
    // watch wins 22:30–23:00; the phone counts 23:00–06:30: 450. All of it is the night to the
    // 10th, from noon to noon, whatever side of midnight. Core sleep 23:00–01:00: 120; REM
    // 01:00–01:30: 30; asleep in all 150, from two samples.
    let body =
      category(
        "SleepAnalysis", "HKCategoryValueSleepAnalysisInBed", source: T.phoneName,
        from: "2026-01-09 22:30:00 -0500", to: "2026-01-10 06:30:00 -0500"
      )
      .replacingOccurrences(of: T.watchDevice, with: T.phoneDevice)
      + category(
        "SleepAnalysis", "HKCategoryValueSleepAnalysisInBed", from: "2026-01-09 22:00:00 -0500",
        to: "2026-01-09 23:00:00 -0500")
      + category(
        "SleepAnalysis", "HKCategoryValueSleepAnalysisAsleepCore", from: "2026-01-09 23:00:00 -0500",
        to: "2026-01-10 01:00:00 -0500")
      + category(
        "SleepAnalysis", "HKCategoryValueSleepAnalysisAsleepREM", from: "2026-01-10 01:00:00 -0500",
        to: "2026-01-10 01:30:00 -0500")
    #expect(
      try T.run(body).rows == [
        "2026-01-10,Sleep Asleep Total,150.00,min,,,2,Jane’s Apple Watch",
        "2026-01-10,Sleep AsleepCore,120.00,min,,,1,Jane’s Apple Watch",
        "2026-01-10,Sleep AsleepREM,30.00,min,,,1,Jane’s Apple Watch",
        "2026-01-10,Sleep InBed,510.00,min,,,2,Jane’s Apple Watch; Jane’s iPhone",
      ])
  }

  @Test func sleepValuesGivenAsNumbersAreNamedAndValuesWithoutAPrefixKeepTheirName() throws {
    // HealthKit's raw value 1 is AsleepUnspecified; iOS 8 left out 0, in bed; "Nap" is not one of
    // HealthKit's values.
    let body =
      category("SleepAnalysis", "1", from: "2026-01-09 01:00:00 -0500", to: "2026-01-09 01:45:00 -0500")
      + category("SleepAnalysis", nil, from: "2026-01-09 00:30:00 -0500", to: "2026-01-09 00:45:00 -0500")
      + category("SleepAnalysis", "Nap", from: "2026-01-09 14:00:00 -0500", to: "2026-01-09 14:20:00 -0500")
      + category(
        "SleepAnalysis", "HKCategoryValueSleepAnalysisAsleep", from: "2026-01-09 02:00:00 -0500",
        to: "2026-01-09 02:10:30 -0500")
    // The nap after noon is the next night's.
    #expect(
      try T.run(body).rows == [
        "2026-01-09,Sleep Asleep,10.50,min,,,1,Jane’s Apple Watch",
        "2026-01-09,Sleep Asleep Total,55.50,min,,,2,Jane’s Apple Watch",
        "2026-01-09,Sleep AsleepUnspecified,45.00,min,,,1,Jane’s Apple Watch",
        "2026-01-09,Sleep InBed,15.00,min,,,1,Jane’s Apple Watch",
        "2026-01-10,Sleep Nap,20.00,min,,,1,Jane’s Apple Watch",
      ])
  }

  @Test func mindfulMinutesStandHoursAndOtherCategories() throws {
    // A 10-minute session (mindful sessions carry no value); four stand hours, three stood (one
    // without a value, as iOS 8 wrote a stood hour); two high heart rate events, counted only.
    let body =
      category("MindfulSession", nil, from: "2026-01-09 07:00:00 -0500", to: "2026-01-09 07:10:00 -0500")
      + category(
        "AppleStandHour", "HKCategoryValueAppleStandHourStood", from: "2026-01-09 09:00:00 -0500",
        to: "2026-01-09 10:00:00 -0500")
      + category(
        "AppleStandHour", "HKCategoryValueAppleStandHourIdle", from: "2026-01-09 10:00:00 -0500",
        to: "2026-01-09 11:00:00 -0500")
      + category(
        "AppleStandHour", "HKCategoryValueAppleStandHourStood", from: "2026-01-09 11:00:00 -0500",
        to: "2026-01-09 12:00:00 -0500")
      + category("AppleStandHour", nil, from: "2026-01-09 12:00:00 -0500", to: "2026-01-09 13:00:00 -0500")
      + category(
        "HighHeartRateEvent", "HKCategoryValueNotApplicable", from: "2026-01-09 13:00:00 -0500",
        to: "2026-01-09 13:10:00 -0500")
      + category(
        "HighHeartRateEvent", "HKCategoryValueNotApplicable", from: "2026-01-09 15:00:00 -0500",
        to: "2026-01-09 15:10:00 -0500")
    #expect(
      try T.run(body).rows == [
        "2026-01-09,HighHeartRateEvent,,,,,2,Jane’s Apple Watch",
        "2026-01-09,Mindful Minutes,10.00,min,,,1,Jane’s Apple Watch",
        "2026-01-09,Stand Hours,3,count,,,3,Jane’s Apple Watch",
      ])
  }

  @Test func aCorrelationMemberCountsOnlyWithoutAnIdenticalTopLevelRecord() throws {
    // The first reading is both a correlation and top-level records (as Apple writes them): counted
    // once. The second exists only inside its correlation: counted. Systolic: (120 + 130) / 2.
    let systolic1 = T.record(
      "BloodPressureSystolic", "120", "mmHg", source: "Cuff", from: "2026-01-09 08:00:00 -0500")
    let diastolic1 = T.record(
      "BloodPressureDiastolic", "80", "mmHg", source: "Cuff", from: "2026-01-09 08:00:00 -0500")
    let systolic2 = T.record(
      "BloodPressureSystolic", "130", "mmHg", source: "Cuff", from: "2026-01-09 20:00:00 -0500")
    let diastolic2 = T.record(
      "BloodPressureDiastolic", "90", "mmHg", source: "Cuff", from: "2026-01-09 20:00:00 -0500")
    func correlation(_ members: String, at time: String) -> String {
      " <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Cuff\" startDate=\"\(time)\" endDate=\"\(time)\">\n"
        + members + " </Correlation>\n"
    }
    let body =
      systolic1 + diastolic1 + correlation(systolic1 + diastolic1, at: "2026-01-09 08:00:00 -0500")
      + correlation(systolic2 + diastolic2, at: "2026-01-09 20:00:00 -0500")
    #expect(
      try T.run(body).rows == [
        "2026-01-09,Blood Pressure Diastolic,85.0,mmHg,80,90,2,Cuff",
        "2026-01-09,Blood Pressure Systolic,125.0,mmHg,120,130,2,Cuff",
      ])
  }

  @Test func foodCorrelationMembersRepeatedAtTopLevelCountOnce() throws {
    let protein = T.record(
      "DietaryProtein", "30", "g", source: "Food Log", from: "2026-01-09 12:00:00 -0500")
    let body =
      protein
      + " <Correlation type=\"HKCorrelationTypeIdentifierFood\" sourceName=\"Food Log\" startDate=\"2026-01-09 12:00:00 -0500\" endDate=\"2026-01-09 12:00:00 -0500\">\n"
      + protein + " </Correlation>\n"
    #expect(try T.run(body).rows == ["2026-01-09,DietaryProtein,30.00,g,,,1,Food Log"])
  }
}
