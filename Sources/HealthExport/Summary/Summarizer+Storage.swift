import HealthModel

/// What the summarizer keeps while it reads: types, per-period statistics, and the intervals of
/// cumulative series.
extension Summarizer {
  /// One HealthKit type met in the input, and how it is summarized.
  struct TypeSlot {
    var type: String
    var kind: SummaryKind
    var metric: String
    /// The registry measure's unit, which values are converted to as the CSV converts them.
    var csvUnit: CSVUnit?
    /// The registry measure, for its precision and its cut-off.
    var measure: Measure?
    /// Samples by unit number, for types summarized in their most common unit.
    var unitCounts: [Int: Int] = [:]
    /// Where a sample in each unit was first met, for diagnostics.
    var firstLocationByUnit: [Int: SourceLocation] = [:]
  }

  /// How the samples of a slot are added: what `add` reads of a slot at every sample, in plain
  /// values (no strings), so that the slot is never copied; and the numbers of its unit and its
  /// series once met.
  struct SlotRoute {
    enum Path {
      case cumulativeQuantity, discreteQuantity
      /// Sleep and mindful minutes.
      case duration
      /// Stand hours and other category types.
      case counted
    }

    var path: Path
    /// The registry measure's unit, which values are converted to.
    var csvUnit: CSVUnit?
    /// The registry measure's cut-off: smaller values are dropped.
    var minimumKept: Double?
    /// Whether its top-level samples are remembered for the correlation rule: the members of
    /// HealthKit's correlation types (blood pressure, nutrition) and any type met inside a
    /// correlation.
    var keepsTopLevelKeys: Bool
    /// The number of `csvUnit`'s name among the units, once met; -1 before.
    var csvUnitNumber = -1
    /// The number of the slot's series (a cumulative quantity type has one), once made; -1
    /// before.
    var series = -1

    init(kind: SummaryKind, csvUnit: CSVUnit?, minimumKept: Double?, keepsTopLevelKeys: Bool) {
      switch kind {
      case .quantity(.cumulative, _): path = .cumulativeQuantity
      case .quantity: path = .discreteQuantity
      case .sleepStages, .mindfulMinutes: path = .duration
      case .standHours, .count: path = .counted
      }
      self.csvUnit = csvUnit
      self.minimumKept = minimumKept
      self.keepsTopLevelKeys = keepsTopLevelKeys
    }
  }

  /// Statistics of a discrete type in one unit and one period (the period is its key's).
  struct DiscreteStats {
    var sum = 0.0
    var minimum = Double.infinity
    var maximum = -Double.infinity
    var count = 0
    var sources = SourceNameSet()

    /// Adds one value.
    mutating func add(_ value: Double, source: Int) {
      sum += value
      minimum = min(minimum, value)
      maximum = max(maximum, value)
      count += 1
      sources.insert(source)
    }

    /// Adds the statistics of another unit, converted to this one's.
    mutating func add(_ other: DiscreteStats, converted conversion: UnitConversion) {
      sum += conversion.apply(other.sum)
      minimum = min(minimum, conversion.apply(other.minimum))
      maximum = max(maximum, conversion.apply(other.maximum))
      count += other.count
      sources.formUnion(other.sources)
    }
  }

  /// A counted category type (stand hours, any other) in one period.
  struct CountStats: Equatable {
    /// The samples that count (stand hours: those stood).
    var count = 0
    var sources = SourceNameSet()
  }

  /// One cumulative series: a quantity type, one sleep value, mindful minutes.
  struct SeriesKey: Hashable {
    var slot: Int
    var metric: String
  }

  /// The lists of `intervals` a cumulative sample goes to: one, or two (`second` -1 where not),
  /// each a new one (the next number) when its flag says so.
  struct IntervalLists {
    var first: Int
    var firstIsNew: Bool
    var second = -1
    var secondIsNew = false
  }

  struct IntervalKey: Hashable {
    var series: Int
    var source: Int
    var unit: Int
  }

  /// A discrete or counted sample waiting for the zone that decides its period, in 32 bytes.
  struct WaitingSample: BitwiseCopyable {
    var value: Double
    /// Its start, in milliseconds since 1970.
    var start: Double
    var slot: Int32
    /// The unit's number for a discrete value; -1 for a counted sample that counts, -2 for one
    /// that does not.
    var unit: Int32
    var source: Int32

    /// The sample, if it waits: a discrete or counted one.
    init?(_ prepared: PreparedSample) {
      switch prepared {
      case .discrete(let value, let start, let slot, let unit, let source):
        self.value = value
        self.start = start
        self.slot = Int32(slot)
        self.unit = Int32(unit)
        self.source = Int32(source)
      case .counted(let start, let slot, let source, let counts):
        value = 0
        self.start = start
        self.slot = Int32(slot)
        unit = counts ? -1 : -2
        self.source = Int32(source)
      case .interval:
        return nil
      }
    }

    /// The sample as it is added.
    var prepared: PreparedSample {
      unit >= 0
        ? .discrete(value, start: start, slot: Int(slot), unit: Int(unit), source: Int(source))
        : .counted(start: start, slot: Int(slot), source: Int(source), counts: unit == -1)
    }
  }
}
