import HealthModel
import Testing

@testable import HealthExport

/// The heart rate nearest each point, within five seconds, from the stretches workouts asked for.
@Suite struct HeartRateTimelineTests {
  static func rate(_ bpm: Double, at seconds: Double, unit: String = "count/min") -> Sample {
    let start = Timestamp(millisecondsSince1970: seconds * 1000)
    return Sample(
      type: HealthKitIdentifier.heartRate, value: .quantity(bpm, unit: unit), sourceName: "Watch",
      startDate: start,
      endDate: start)
  }

  static func at(_ seconds: Double) -> Timestamp { Timestamp(millisecondsSince1970: seconds * 1000) }

  @Test func nearestWithinFiveSecondsTheEarlierOfTwoAsNear() {
    var timeline = HeartRateTimeline(spans: [Self.at(100)...Self.at(200)])
    // Added out of order: the timeline sorts them.
    for (bpm, time) in [(120.0, 150.0), (110.0, 140.0), (130.0, 160.0)] {
      timeline.add(Self.rate(bpm, at: time))
    }
    timeline.sort()
    #expect(timeline.count == 3)
    #expect(timeline.rate(at: Self.at(140)) == 110)
    #expect(timeline.rate(at: Self.at(144.9)) == 110)
    #expect(timeline.rate(at: Self.at(145)) == 110)  // as near to 140 as to 150: the earlier
    #expect(timeline.rate(at: Self.at(145.001)) == 120)
    #expect(timeline.rate(at: Self.at(165)) == 130)  // five seconds after the last
    #expect(timeline.rate(at: Self.at(165.001)) == nil)
    #expect(timeline.rate(at: Self.at(135)) == 110)
    #expect(timeline.rate(at: Self.at(134.999)) == nil)
  }

  /// Only readings within five seconds of a workout are kept; stretches that touch are one.
  @Test func keepsOnlyTheWorkoutsStretches() {
    var timeline = HeartRateTimeline(spans: [
      Self.at(1_000)...Self.at(1_100), Self.at(100)...Self.at(200), Self.at(1_108)...Self.at(1_200),
    ])
    for time in [94.0, 95, 150, 205, 206, 600, 1_104, 1_201, 1_206] {
      timeline.add(Self.rate(time, at: time))
    }
    timeline.sort()
    #expect(timeline.count == 5)  // 95, 150, 205, 1104, 1201
    #expect(timeline.rate(at: Self.at(94)) == 95)
    #expect(timeline.rate(at: Self.at(600)) == nil)
    #expect(timeline.rate(at: Self.at(1_104)) == 1_104)
    #expect(timeline.rate(at: Self.at(1_210)) == nil)
  }

  /// Beats per second are beats per minute times 60; other types and units are not heart rates.
  @Test func convertsUnitsAndIgnoresOtherSamples() {
    var timeline = HeartRateTimeline(spans: [Self.at(0)...Self.at(100)])
    timeline.add(Self.rate(1.5, at: 10, unit: "count/s"))
    timeline.add(Self.rate(70, at: 20, unit: "ms"))
    var resting = Self.rate(55, at: 30)
    resting.type = HealthKitIdentifier.restingHeartRate
    timeline.add(resting)
    timeline.sort()
    #expect(timeline.count == 1)
    #expect(timeline.rate(at: Self.at(12)) == 90)
    #expect(timeline.rate(at: Self.at(20)) == nil)
  }
}
