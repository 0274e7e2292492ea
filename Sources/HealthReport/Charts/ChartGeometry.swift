package import HealthExport

/// The geometry of one chart, apart from any text of the page: its size and plot area, a day
/// axis (local days, left to right) and a value axis (nice ticks, bottom to top), and where each
/// value is drawn. Coordinates are SVG user units rounded to a tenth.
package struct ChartGeometry: Hashable, Sendable {
  /// The room around the plot area: the value axis' title above, its labels left, the day
  /// labels and the axis title below.
  package struct Margins: Hashable, Sendable {
    package var top: Double
    package var right: Double
    package var bottom: Double
    package var left: Double

    package init(top: Double, right: Double, bottom: Double, left: Double) {
      self.top = top
      self.right = right
      self.bottom = bottom
      self.left = left
    }

    /// The margins of a full-width chart.
    package static let standard = Margins(top: 30, right: 16, bottom: 44, left: 58)
    /// The margins of a small chart (a lab result's).
    package static let small = Margins(top: 24, right: 10, bottom: 40, left: 50)
  }

  /// The whole chart.
  package var width: Double
  package var height: Double
  /// Where the values are drawn.
  package var plot: ChartRect
  /// The first day shown and the number of days: the axis spans [first, first + dayCount).
  package var firstDay: CalendarDay
  package var dayCount: Int
  /// The value axis.
  package var valueTicks: NiceTicks
  /// The labelled days.
  package var dayTicks: [CalendarDay]

  /// A chart of the days `firstDay` through `lastDay` and the values `values`.
  /// - Parameters:
  ///   - firstDay: the first day shown.
  ///   - lastDay: the last day shown.
  ///   - values: the values drawn.
  ///   - includingZero: whether the value axis starts at zero (bars).
  ///   - width: the chart's width, in SVG units.
  ///   - height: the chart's height, in SVG units.
  ///   - margins: the room around the plot for the axes' labels.
  ///   - maximumDayTicks: the most day labels that fit side by side.
  ///   - valueTickCount: about how many labels the value axis has.
  package init(
    firstDay: CalendarDay, lastDay: CalendarDay, values: [Double], includingZero: Bool,
    width: Double = 640, height: Double = 260, margins: Margins = .standard, maximumDayTicks: Int = 7,
    valueTickCount: Int = 5
  ) {
    self.width = width
    self.height = height
    plot = ChartRect(
      x: margins.left, y: margins.top, width: width - margins.left - margins.right,
      height: height - margins.top - margins.bottom)
    self.firstDay = firstDay
    dayCount = Int(max(lastDay.dayNumber - firstDay.dayNumber + 1, 1))
    let finite = values.filter(\.isFinite)
    valueTicks = NiceTicks(
      covering: finite.min() ?? 0, finite.max() ?? 0, count: valueTickCount, includingZero: includingZero)
    dayTicks = DayTicks.days(from: firstDay, through: lastDay, maximum: maximumDayTicks)
  }

  /// About how wide a label of `characters` characters is at the charts' 12-unit type: a digit of
  /// common sans-serif faces is 0.55–0.64 of the type's size; the widest is taken, so that the
  /// labels counted to fit do fit.
  package static func labelWidth(characters: Int) -> Double {
    Double(characters) * 7.7
  }

  /// The horizontal position of `day` (a day number with its fraction), rounded.
  package func x(day: Double) -> Double {
    ChartNumber.rounded(plot.x + (day - Double(firstDay.dayNumber)) / Double(dayCount) * plot.width)
  }

  /// The horizontal position of a day's label: the middle of the day.
  package func x(labelOf day: CalendarDay) -> Double {
    x(day: Double(day.dayNumber) + 0.5)
  }

  /// The vertical position of `value`, rounded.
  package func y(_ value: Double) -> Double {
    let domain = valueTicks.domain
    let share = (value - domain.lowerBound) / (domain.upperBound - domain.lowerBound)
    return ChartNumber.rounded(plot.maxY - share * plot.height)
  }

  /// Where a point is drawn.
  package func position(of point: ChartPoint) -> (x: Double, y: Double) {
    (x(day: point.day), y(point.value))
  }

  /// An SVG path through `points` in order, `M` at the first and `L` to each next; a new `M`
  /// after a gap of more than `gap` days, where one is given.
  package func path(through points: [ChartPoint], breakingAfter gap: Double? = nil) -> String {
    var text = ""
    var previous: ChartPoint?
    for point in points {
      let (x, y) = position(of: point)
      let isBreak = previous.map { last in gap.map { point.day - last.day > $0 } ?? false } ?? true
      text += (isBreak ? "M" : "L") + ChartNumber.text(x) + "," + ChartNumber.text(y)
      previous = point
    }
    return text
  }

  /// The bar over `days` days from `day`, from the value `base` up to `top`: a tenth of each
  /// day's width is left free on both sides where a day is at least 4 units wide, and a bar that
  /// reaches past the axis' days (a week that began before them) is cut at the plot's edge.
  package func bar(day: Double, days: Double = 1, from base: Double = 0, to top: Double) -> ChartRect {
    let dayWidth = plot.width / Double(dayCount)
    let inset = dayWidth >= 4 ? dayWidth * 0.1 : 0
    let start = plot.x + (day - Double(firstDay.dayNumber)) / Double(dayCount) * plot.width
    let left = max(start + inset, plot.x)
    let right = min(start + days * dayWidth - inset, plot.maxX)
    return ChartRect(corners: (left, y(base)), (max(left, right), y(top)))
  }

  /// A horizontal band from the value `low` to `high`, clipped to the plot area.
  package func band(from low: Double, to high: Double) -> ChartRect {
    let domain = valueTicks.domain
    let clippedLow = min(max(low, domain.lowerBound), domain.upperBound)
    let clippedHigh = min(max(high, domain.lowerBound), domain.upperBound)
    return ChartRect(corners: (plot.x, y(clippedLow)), (plot.maxX, y(clippedHigh)))
  }
}
