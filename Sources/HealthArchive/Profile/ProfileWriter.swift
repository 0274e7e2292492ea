package import Foundation
public import HealthModel
package import SystemShim

/// Writes a JSON health profile (HealthKitSampleGenerator's format, version 1.0.0) from the items
/// of any input, one key per type however the input interleaves types.
///
/// Items are encoded as they arrive into one column per type. A column keeps at most
/// `columnLimit` bytes in memory and spills the rest, in order, to the writer's one `SpillFile`
/// beside the output (each column keeps the stretches of it that are its own); `finish` assembles
/// the document from the columns and removes the file. Memory is bounded by the number of types, not the size of the input.
///
/// Members of correlations are written only inside them: Apple's export repeats each
/// blood-pressure and food member once at top level, and those copies are left out when the
/// document is assembled. Where a reading is repeated at top level more or fewer times than
/// correlations hold it, every top-level copy is kept, so that the rule of the CSV (every
/// top-level record is a row; a member counts only when no identical top-level record exists)
/// gives the same rows from the profile as from the input. Only blood-pressure and dietary types
/// are compared, so their keys are the only per-sample state kept.
public final class ProfileWriter {
  /// What goes into `metaData` and how samples are identified.
  public struct Options: Sendable {
    /// `metaData.profileName`; nil for the original library's default, `output` and the creation
    /// date's local time (`output20260120070000`).
    public var profileName: String?
    /// `metaData.creationDate`: when the profile was written.
    public var creationDate: Timestamp
    /// Whether samples without a `uuid` get a stable one (derived from their content and place).
    public var addsUUIDs: Bool
    /// Where `userData.dateOfBirth` (a calendar day) has its midnight and the default name its
    /// clocks: a zone named, or the export's own.
    public var timeZone: TimeZoneChoice

    /// How a profile is written, each argument the property of the same name.
    public init(
      profileName: String? = nil, creationDate: Timestamp, addsUUIDs: Bool = false, timeZone: TimeZoneChoice
    ) {
      self.profileName = profileName
      self.creationDate = creationDate
      self.addsUUIDs = addsUUIDs
      self.timeZone = timeZone
    }
  }

  /// What was written, for the summary.
  public struct Outcome: Hashable, Sendable {
    /// How many samples were written.
    public var samples = 0
    /// How many sample types the samples have.
    public var types = 0
    /// How many correlations were written.
    public var correlations = 0
    /// How many workouts were written.
    public var workouts = 0
    /// How many lab results were written.
    public var labResults = 0
    /// How many clinical records were written.
    public var clinicalRecords = 0
    /// How many activity summaries were written.
    public var activitySummaries = 0
    /// Top-level samples left out because correlations hold them (as many as the copies).
    public var repeatedMembers = 0

    package init() {}
  }

  /// The bytes a column keeps in memory before spilling, by default.
  package static let defaultColumnLimit = 256 << 10

  /// The bytes of a block of the document handed to the sink, by default.
  package static let defaultBlockSize = BackgroundOutput.defaultBlockSize

  package let options: Options
  private let columnLimit: Int
  private let blockSize: Int
  /// The folder the spill file is made in; nil keeps everything in memory.
  private let spillParent: String?
  /// The file columns too large for memory spill to, once made.
  private(set) var spill: SpillFile?
  private var columns: [String: ProfileColumn] = [:]
  // Touched at every item by the one thread that writes the profile and never from two places
  // at once: the dynamic exclusivity checks are left out.
  /// The column appended to last, checked first: a type's samples come in runs.
  @exclusivity(unchecked) private var lastType: String?
  @exclusivity(unchecked) private var lastColumn: ProfileColumn?
  @exclusivity(unchecked) private var encoder = ProfileElementEncoder()
  @exclusivity(unchecked) private var summary = Outcome()
  private var columnOrder: [String] = []
  private var characteristics: [MetadataEntry] = []
  private var exportDate: Timestamp?
  /// How many times each reading is a correlation's member, and how many times it is at top level.
  private var memberCounts: [MemberKey: Int] = [:]
  private var topLevelCounts: [MemberKey: Int] = [:]

  /// - Parameters:
  ///   - options: the profile's metadata.
  ///   - spillFolder: where to create the temporary file for columns too large for memory (the
  ///     output's folder); nil keeps everything in memory.
  ///   - columnLimit: the bytes a column keeps in memory before spilling.
  ///   - blockSize: the bytes of a block of the document handed to the sink.
  package init(
    options: Options, spillFolder: String?, columnLimit: Int = ProfileWriter.defaultColumnLimit,
    blockSize: Int = ProfileWriter.defaultBlockSize
  ) {
    self.options = options
    self.columnLimit = columnLimit
    self.blockSize = blockSize
    self.spillParent = spillFolder
  }

  /// Takes one item of the input.
  /// - Throws: `OutputError`-like `ProfileWriterError` when a spill file cannot be written.
  package func add(_ item: borrowing HealthItem) throws {
    encoder.reset()
    switch item {
    case .exportDate(let date):
      exportDate = date
      return
    case .characteristics(let entries):
      characteristics = entries
      return
    case .sample(let sample):
      encoder.sample(sample)
      let column = column(of: sample.type)
      let key = column.tracksKeys ? MemberKey(sample) : nil
      if let key { topLevelCounts[key, default: 0] += 1 }
      try append(to: column, key: key)
      summary.samples += 1
    case .correlation(let correlation):
      encoder.correlation(correlation)
      for member in correlation.objects {
        if let key = MemberKey(member) { memberCounts[key, default: 0] += 1 }
      }
      try append(to: correlation.type, key: nil)
      summary.correlations += 1
    case .workout(let workout):
      encoder.workout(workout)
      try append(to: ProfileKeys.workouts, key: nil)
      summary.workouts += 1
    case .activitySummary(let activity):
      encoder.activitySummary(activity)
      try append(to: ProfileKeys.activitySummaries, key: nil)
      summary.activitySummaries += 1
    case .clinicalRecord(let record):
      encoder.clinicalRecord(record)
      try append(to: ProfileKeys.clinicalRecords, key: nil)
      summary.clinicalRecords += 1
    case .labResult(let result):
      encoder.labResult(result)
      try append(to: ProfileKeys.labResults, key: nil)
      summary.labResults += 1
    case .audiogram, .visionPrescription, .stateOfMind, .routePoints, .electrocardiogram:
      return  // the profile format has no place for them
    }
  }

  /// Writes the whole document to `sink` and removes the temporary files. The sink is called on a
  /// thread of its own, with blocks of the document in order, and never after this returns.
  /// - Parameters:
  ///   - timeZone: the zone of `Options.timeZone`, once the input is read.
  ///   - sink: takes the document's bytes, block by block.
  /// - Returns: what was written.
  /// - Throws: `ProfileError` when the spilled columns cannot be read back; what `sink` throws.
  package func finish(
    timeZone: TimeZone, into sink: ByteSink
  ) throws -> Outcome {
    // The spill file is removed once the document is written, or the writing fails.
    defer { spill = nil }
    let output = BackgroundOutput(sink: sink, blockSize: blockSize)
    // Whatever ends the assembly, the sink's thread is done before this returns.
    defer { output.stop() }
    var header = ProfileElementEncoder()
    header.beginObject()
    header.key("metaData")
    header.beginObject()
    header.number("creationDate", options.creationDate.millisecondsSince1970)
    header.string(
      "profileName",
      options.profileName ?? Self.defaultProfileName(creationDate: options.creationDate, in: timeZone))
    header.string("version", "1.0.0")
    header.string("type", ProfileKeys.singleDocumentType)
    if let exportDate { header.number("exportDate", exportDate.millisecondsSince1970) }
    header.endObject()
    try output.write(header.bytes)
    try output.write(",\n\"userData\":")
    var userData = ProfileElementEncoder()
    ProfileCharacteristics.encode(characteristics, timeZone: timeZone, into: &userData)
    try output.write(userData.bytes)
    var written = summary
    // Top-level copies are left out only where they are exactly the members' copies, one each.
    let repeatedMembers = Set(memberCounts.filter { topLevelCounts[$0.key] == $0.value }.keys)
    for type in columnOrder {
      guard let column = columns[type] else { continue }
      let count = try column.write(
        named: type, excluding: repeatedMembers, addsUUIDs: options.addsUUIDs, spill: spill, to: output)
      if !ProfileKeys.isSpecial(type) && !type.hasPrefix("HKCorrelationTypeIdentifier") {
        written.repeatedMembers += column.count - count
        if count > 0 { written.types += 1 }
      }
    }
    written.samples -= written.repeatedMembers
    try output.write("\n}\n")
    try output.finish()
    return written
  }

  /// The original library's default name: `output` and the local time of the creation date
  /// (`output20260120070000`).
  package static func defaultProfileName(creationDate: Timestamp, in timeZone: TimeZone) -> String {
    let civil = CivilDateTime(creationDate, in: timeZone)
    return "output" + civil.dayText.filter(\.isNumber) + civil.clockDigits
  }

  // MARK: - Columns

  private func append(to type: String, key: MemberKey?) throws {
    try append(to: column(of: type), key: key)
  }

  /// The column of `type`, made when first met.
  private func column(of type: String) -> ProfileColumn {
    if type == lastType, let lastColumn { return lastColumn }
    let column: ProfileColumn
    if let known = columns[type] {
      column = known
    } else {
      column = ProfileColumn(index: columnOrder.count, tracksKeys: MemberKey.isComparable(type))
      columns[type] = column
      columnOrder.append(type)
    }
    lastType = type
    lastColumn = column
    return column
  }

  private func append(to column: ProfileColumn, key: MemberKey?) throws {
    encoder.withBytes { column.append($0, key: key) }
    if column.memoryCount > columnLimit, let parent = spillParent {
      try column.spill(to: try spillFile(in: parent))
    }
  }

  /// The spill file, made on first use beside the output as every temporary is
  /// (`.health-profile.PID.N.tmp`, owner-only, removed if a signal ends the run, and by a later
  /// run if the process is killed).
  private func spillFile(in parent: String) throws(ProfileError) -> SpillFile {
    if let spill { return spill }
    let beside = parent + "/health-profile"
    do {
      let file = try SpillFile(beside: beside)
      spill = file
      return file
    } catch {
      throw ProfileError.cannotSpill(
        path: OutputPlacement.temporaryName(of: beside, attempt: 0), reason: error.reason)
    }
  }
}
