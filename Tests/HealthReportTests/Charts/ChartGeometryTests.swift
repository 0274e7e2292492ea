import HealthExport
import Testing

@testable import HealthReport

/// The geometry of charts of small fixed inputs, to the tenth of a unit the page writes: the
/// plot area, the axes' ticks, and each path and bar.
@Suite struct ChartGeometryTests {
  let monday = CalendarDay(year: 2026, month: 1, day: 5)
  let wednesday = CalendarDay(year: 2026, month: 1, day: 7)

  /// Three days, 640 × 260 with the standard margins: the plot is 566 wide from x = 58, 186 high
  /// from y = 30, and a day 188.7 wide.
  private func chart(values: [Double], includingZero: Bool) -> ChartGeometry {
    ChartGeometry(firstDay: monday, lastDay: wednesday, values: values, includingZero: includingZero)
  }

  @Test func placesThePlotInsideItsMargins() {
    let geometry = chart(values: [120, 123], includingZero: false)
    #expect(geometry.plot == ChartRect(x: 58, y: 30, width: 566, height: 186))
    #expect(geometry.dayCount == 3)
    #expect(geometry.dayTicks == [monday, monday.adding(days: 1), wednesday])
    #expect(geometry.valueTicks.values == [120, 121, 122, 123])
  }

  @Test func drawsALineThroughReadings() {
    let geometry = chart(values: [120, 121.5, 123], includingZero: false)
    let day = Double(monday.dayNumber)
    let points = [
      ChartPoint(day: day + 0.25, value: 120), ChartPoint(day: day + 1.5, value: 121.5),
      ChartPoint(day: day + 2.75, value: 123),
    ]
    // x = 58 + (day offset) / 3 × 566; y = 216 − (value − 120) / 3 × 186.
    #expect(geometry.path(through: points) == "M105.2,216.0L341.0,123.0L576.8,30.0")
    #expect(geometry.x(labelOf: monday) == 152.3)
    #expect(geometry.x(labelOf: wednesday) == 529.7)
  }

  @Test func breaksALineAfterAGap() {
    let geometry = chart(values: [120, 123], includingZero: false)
    let day = Double(monday.dayNumber)
    let points = [
      ChartPoint(day: day + 0.5, value: 120), ChartPoint(day: day + 1.5, value: 121),
      ChartPoint(day: day + 2.5, value: 123),
    ]
    #expect(geometry.path(through: points, breakingAfter: 0.9) == "M152.3,216.0M341.0,154.0M529.7,30.0")
    #expect(geometry.path(through: points, breakingAfter: 1.5) == "M152.3,216.0L341.0,154.0L529.7,30.0")
  }

  @Test func drawsBarsFromZeroWithRoomBetweenDays() {
    let geometry = chart(values: [1_000, 2_500, 4_000], includingZero: true)
    #expect(geometry.valueTicks.values == [0, 1_000, 2_000, 3_000, 4_000])
    let day = Double(monday.dayNumber)
    // A tenth of a day (18.9) free on each side, each corner rounded to a tenth; 46.5 units per
    // 1000.
    #expect(geometry.bar(day: day, to: 1_000) == ChartRect(x: 76.9, y: 169.5, width: 150.9, height: 46.5))
    #expect(geometry.bar(day: day + 1, to: 2_500) == ChartRect(x: 265.5, y: 99.8, width: 151, height: 116.2))
    #expect(geometry.bar(day: day + 2, to: 4_000) == ChartRect(x: 454.2, y: 30, width: 150.9, height: 186))
    // Stacked: from the top of the one below.
    #expect(
      geometry.bar(day: day, from: 1_000, to: 2_500)
        == ChartRect(x: 76.9, y: 99.8, width: 150.9, height: 69.7))
  }

  @Test func cutsABarAtTheEdgeOfThePlot() {
    let geometry = chart(values: [0, 300], includingZero: true)
    // A week that began four days before the first day shown: its last three days show.
    let week = geometry.bar(day: Double(monday.dayNumber) - 4, days: 7, to: 300)
    #expect(week == ChartRect(x: 58, y: 30, width: 547.1, height: 186))
  }

  @Test func shadesABandClippedToTheAxis() {
    let geometry = chart(values: [120, 123], includingZero: false)
    #expect(geometry.band(from: 121, to: 122) == ChartRect(x: 58, y: 92, width: 566, height: 62))
    #expect(geometry.band(from: 100, to: 121) == ChartRect(x: 58, y: 154, width: 566, height: 62))
  }

  @Test func writesCoordinatesToATenth() {
    #expect(ChartNumber.text(152.333) == "152.3")
    #expect(ChartNumber.text(0.05) == "0.1")
    #expect(ChartNumber.text(-0.04) == "0.0")
    #expect(ChartNumber.text(216) == "216.0")
    #expect(ChartNumber.text(-3.25) == "-3.3")
  }
}
