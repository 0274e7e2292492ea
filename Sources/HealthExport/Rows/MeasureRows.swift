import HealthArchive
import HealthModel

/// The rows of one measure block in the order they are written, read one at a time: kept packed
/// in memory and, for a large export, partly in sorted runs in a temporary file beside the
/// output, merged as they are read.
package struct MeasureRows {
  /// How many rows there are.
  package let count: Int
  /// Rows in memory and in runs in `spill`, each in the block's order.
  private let rows: SortedList<PackedMeasureRow>
  private let spill: SpillFile?
  /// The source names that packed rows point into.
  private let sources: [String]
  private let isDescending: Bool

  /// Rows already in the order they are written.
  package init(_ rows: [MeasureRow]) {
    var table = KeyedStore<String, String>()
    self.rows = SortedList(
      memory: rows.map { row in
        PackedMeasureRow(row, source: UInt32(table.number(of: row.source) { row.source }))
      },
      runs: [])
    sources = table.values
    count = rows.count
    spill = nil
    isDescending = false
  }

  /// Rows in memory and in runs, each sorted in `order`.
  init(
    _ rows: SortedList<PackedMeasureRow>, spill: SpillFile?, sources: [String],
    order: ExportSelection.SortOrder
  ) {
    self.rows = rows
    self.spill = spill
    self.sources = sources
    isDescending = order == .descending
    count = rows.count
  }

  package var isEmpty: Bool { count == 0 }

  /// The rows, when all of them are in memory (the report's collector never spills); nil when
  /// some were spilled.
  package var inMemory: [MeasureRow]? {
    rows.runs.isEmpty ? rows.memory.map { $0.unpacked(sources) } : nil
  }

  /// Hands each row to `body`, in order.
  /// - Throws: what `body` throws; `OutputError.writeFailed` when the spill file cannot be read.
  package func forEachRow(_ body: (MeasureRow) throws -> Void) throws {
    let sources = sources
    try forEachPackedRow { try body($0.unpacked(sources)) }
  }

  /// Hands each row to `body` in order as it is kept, its source an index into `sourceNames`.
  /// - Throws: what `body` throws; `OutputError.writeFailed` when the spill file cannot be read.
  func forEachPackedRow(_ body: (PackedMeasureRow) throws -> Void) throws {
    guard spill != nil, !rows.runs.isEmpty else {
      for row in rows.memory { try body(row) }
      return
    }
    let descending = isDescending
    var merge = RunMerge(lists: [rows], spill: spill) { Self.precedes($0, $1, descending: descending) }
    while let next = try merge.next() { try body(next.row) }
  }

  /// The source names that the packed rows' sources point into.
  var sourceNames: [String] { sources }

  /// Whether `a` is written before `b`: older first (newer first when descending), equal dates in
  /// input order.
  @inline(__always)
  static func precedes(_ a: PackedMeasureRow, _ b: PackedMeasureRow, descending: Bool) -> Bool {
    if a.date != b.date { return descending ? a.date > b.date : a.date < b.date }
    return a.sequence < b.sequence
  }
}

/// A measure row as it is kept: 32 bytes, its source an index into a table of names.
struct PackedMeasureRow {
  var date: Double
  var sequence: Int
  var value: Double
  var source: UInt32
  /// 0 for none, else the meal time's raw value.
  var mealTime: UInt8

  init(_ row: MeasureRow, source: UInt32) {
    self.init(
      date: row.date, sequence: row.sequence, value: row.value, source: source, mealTime: row.mealTime)
  }

  init(date: Timestamp, sequence: Int, value: Double, source: UInt32, mealTime: MealTime?) {
    self.date = date.millisecondsSince1970
    self.sequence = sequence
    self.value = value
    self.source = source
    self.mealTime = mealTime.map { UInt8($0.rawValue) } ?? 0
  }

  /// The meal time the row was kept with, if any.
  var unpackedMealTime: MealTime? {
    mealTime == 0 ? nil : MealTime(rawValue: Int(mealTime))
  }

  func unpacked(_ sources: [String]) -> MeasureRow {
    MeasureRow(
      date: Timestamp(millisecondsSince1970: date), sequence: sequence, value: value,
      source: sources[Int(source)], mealTime: unpackedMealTime)
  }
}
