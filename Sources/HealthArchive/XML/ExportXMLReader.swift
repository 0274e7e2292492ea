package import HealthModel
import SystemShim

/// Reads Apple Health's export.xml as a stream: the export date, the person's characteristics,
/// top-level `Record`s with their metadata, `Correlation`s with their member records, `Workout`s,
/// `ActivitySummary`s and `ClinicalRecord`s, and `Audiogram`s, `VisionPrescription`s and
/// `StateOfMind`s, as the filter asks, heart-rate variability records with their beats when it
/// asks for them. Everything else (elements the filter leaves out…) is read past without being
/// decoded; top-level elements not delivered are counted in the header.
///
/// Memory is bounded by one tag and one item, whatever the size of the input.
///
/// Malformed XML is an error (`XMLError`, with line and column). A well-formed record that cannot
/// give a sample (a value that is not a number, a date that is not a date) is skipped and reported
/// to the diagnostics with its line; a record with an iOS 8 attribute name holding spaces is read
/// and reported as repaired.
package final class ExportXMLReader {
  let tokenizer: XMLTokenizer
  let filter: ItemFilter
  let diagnostics: Diagnostics

  // Touched at nearly every record, by this reader's one thread and never from two places at once
  // (`interned(_:in:)` makes a string without touching its interner): the dynamic exclusivity
  // checks are left out, as for the tokenizer's buffer.
  @exclusivity(unchecked) var sourceNames = StringInterner()
  @exclusivity(unchecked) var units = StringInterner()
  @exclusivity(unchecked) var versions = StringInterner()
  @exclusivity(unchecked) var devices = StringInterner()
  @exclusivity(unchecked) var metadataKeys = StringInterner()
  /// The last date's day and offset, which the next dates mostly share.
  @exclusivity(unchecked) var dates = AppleDateCache()
  /// Why the item being read cannot be kept, once a tag inside it was damaged.
  var damage: String?
  private var lastType: [UInt8] = []
  private var lastTypeSerial: UInt32 = 0
  private var lastTypeString = ""
  private var lastTypeIncluded = false
  /// Whether samples of the last type keep their metadata (`ItemFilter.includesMetadata`).
  private var lastTypeKeepsMetadata = false
  /// The last type's instant in `ItemFilter.bareUntil`, if it has one.
  private var lastTypeBareUntil: Int64?
  /// The last metadata entry's value and its bytes' serial (`RawAttribute.valueSerial`).
  @exclusivity(unchecked) private var lastMetadataValue = ""
  @exclusivity(unchecked) private var lastMetadataValueSerial: UInt32 = 0
  /// An emptied list of a record's metadata whose storage the next record with metadata fills
  /// (`recycleMetadata`).
  @exclusivity(unchecked) private var spareMetadata: [MetadataEntry] = []

  /// What the reader learned of the export; complete once `read` returns.
  package private(set) var header = ExportHeader()

  /// - Parameters:
  ///   - stream: the export.xml bytes.
  ///   - filter: which items to deliver.
  ///   - diagnostics: where skipped records are reported.
  ///   - bufferSize: bytes read at a time.
  package init(
    stream: any ByteStream, filter: ItemFilter = .everything, diagnostics: Diagnostics,
    bufferSize: Int = 1 << 20
  ) {
    self.tokenizer = XMLTokenizer(stream: stream, bufferSize: bufferSize)
    self.filter = filter
    self.diagnostics = diagnostics
    if filter.sampleTypes != nil {
      tokenizer.skipsRecordType = SkippedRecordTypes(filter: filter)
    }
    tokenizer.timeZoneTally = timeZones
  }

  /// The `HKTimeZone` values of every metadata entry, read or passed over.
  private let timeZones = TimeZoneTally()

  /// Reads the whole input, handing each item to `consume` with where it starts.
  /// - Throws: `XMLError` for malformed XML or an input that is not a Health export; the stream's
  ///   errors; `StrictModeError` in strict mode; whatever `consume` throws.
  package func read(_ consume: (HealthItem, SourceLocation) throws -> Void) throws {
    try readTaking { item, location in try consume(item, location) }
  }

  /// Reads the whole input as `read` does, each item `consume`'s to keep.
  func readTaking(_ consume: (consuming HealthItem, SourceLocation) throws -> Void) throws {
    defer { header.timeZones = timeZones.census }
    guard try tokenizer.next() != .endOfInput else { return }
    guard tokenizer.nameIs("HealthData") else {
      throw tokenizer.error(.notHealthData(root: tokenizer.name), at: tokenizer.tagStart)
    }
    header.exportVersion = tokenizer.exportVersion
    for attribute in tokenizer.attributes where isName(attribute, "locale") {
      header.locale = try tokenizer.value(of: attribute)
    }
    if tokenizer.depth == 0 { return }  // <HealthData/>
    try readRootContent(consume)
  }

  /// Reads a chunk of the input whose tokenizer starts inside the root element
  /// (`XMLTokenizer.startInsideRoot`): the root's children through its end tag or the tokenizer's
  /// `stopOffset`.
  func readChunk(_ consume: (consuming HealthItem, SourceLocation) throws -> Void) throws {
    defer { header.timeZones = timeZones.census }
    try readRootContent(consume)
  }

  /// Reads the root element's children, from where the tokenizer is, through its end tag (or the
  /// tokenizer's `stopOffset`).
  func readRootContent(_ consume: (consuming HealthItem, SourceLocation) throws -> Void) throws {
    while true {
      guard case .startTag(let isEmpty) = try tokenizer.next() else {
        return  // the end of HealthData
      }
      damage = nil
      // A Record's tag is checked once its type is known to be wanted.
      if !tokenizer.nameIs("Record"), try skipsDamagedTag(isEmpty: isEmpty) { continue }
      if tokenizer.nameIs("Record") {
        try readSample(isEmpty: isEmpty) { sample, location in try consume(.sample(sample), location) }
      } else if tokenizer.nameIs("Correlation") && filter.includesCorrelations {
        let location = tokenizer.tagLocation
        if let correlation = try readCorrelation(isEmpty: isEmpty, location: location) {
          try consume(.correlation(correlation), location)
        }
      } else if tokenizer.nameIs("Workout") && filter.includesWorkouts {
        let location = tokenizer.tagLocation
        if let workout = try readWorkout(isEmpty: isEmpty, location: location) {
          try consume(.workout(workout), location)
        }
      } else if tokenizer.nameIs("ActivitySummary") && filter.includesActivitySummaries {
        let location = tokenizer.tagLocation
        let summary = try readActivitySummary()
        if !isEmpty { try tokenizer.skipElement() }
        try consume(.activitySummary(summary), location)
      } else if tokenizer.nameIs("ClinicalRecord") && filter.includesClinicalRecords {
        let location = tokenizer.tagLocation
        let record = try readClinicalRecord(location: location)
        if !isEmpty { try tokenizer.skipElement() }
        if let record { try consume(.clinicalRecord(record), location) }
      } else if filter.includesAssessments && tokenizer.nameIs("Audiogram") {
        let location = tokenizer.tagLocation
        if let audiogram = try readAudiogram(isEmpty: isEmpty, location: location) {
          try consume(.audiogram(audiogram), location)
        }
      } else if filter.includesAssessments && tokenizer.nameIs("VisionPrescription") {
        let location = tokenizer.tagLocation
        try consume(
          .visionPrescription(try readVisionPrescription(isEmpty: isEmpty, location: location)), location)
      } else if filter.includesAssessments && tokenizer.nameIs("StateOfMind") {
        let location = tokenizer.tagLocation
        if let state = try readStateOfMind(isEmpty: isEmpty, location: location) {
          try consume(.stateOfMind(state), location)
        }
      } else if tokenizer.nameIs("ExportDate") {
        let location = tokenizer.tagLocation
        if let attribute = attribute("value"),
          let date = try tokenizer.withValueBytes(of: attribute, ValueParsing.appleDate)
        {
          try consume(.exportDate(date), location)
        }
        if !isEmpty { try tokenizer.skipElement() }
      } else if tokenizer.nameIs("Me") {
        let location = tokenizer.tagLocation
        let entries = try allAttributes()
        if !isEmpty { try tokenizer.skipElement() }
        try consume(.characteristics(entries), location)
      } else {
        if !isKnownElement() { header.otherElements[tokenizer.name, default: 0] += 1 }
        if !isEmpty { try tokenizer.skipElement() }
      }
    }
  }

  // MARK: - Records

  /// Reads the `Record` whose start tag is current, with its children, and hands its sample to
  /// `deliver` with where it starts; nothing when its type is not wanted or it cannot give a
  /// sample (reported). The sample is built as `deliver`'s argument, which takes it over
  /// (`consuming`), rather than returned in an optional and moved out of it.
  func readSample(
    isEmpty: Bool, isTopLevel: Bool = true, _ deliver: (consuming Sample, SourceLocation) throws -> Void
  ) throws {
    guard let typeAttribute = attribute("type") else {
      let location = tokenizer.tagLocation
      if !isEmpty { try tokenizer.skipElement() }
      try report("a record without a type", location)
      return
    }
    guard let type = try includedType(typeAttribute) else {
      if !isEmpty { try tokenizer.skipElement() }
      return
    }
    if try skipsDamagedTag(isEmpty: isEmpty) { return }
    let location = tokenizer.tagLocation
    try reportRepairs(location)
    var fields = CommonFields()
    var metadata: [MetadataEntry] = []
    for attribute in tokenizer.attributes {
      try read(attribute, into: &fields, extraMetadata: &metadata)
    }
    // The value is read before the children: reading them moves the buffer.
    let (value, isValueOutOfRange) = try sampleValue(fields, type: type)
    var beats: [InstantaneousBeat] = []
    // Metadata nobody asked for is left out. Its entries are passed over where they are plain;
    // others are still read (and their values decoded), so that they fail as they would if kept.
    // A bare sample (`ItemFilter.bareUntil`) comes without its metadata and beats.
    let isBare =
      isTopLevel
      && lastTypeBareUntil.map { latest in
        fields.startDate.map { $0.wholeSecondsSince1970 <= latest } ?? false
      } ?? false
    let keepsMetadata = lastTypeKeepsMetadata && !isBare
    let keepsBeats = filter.includesHeartbeats && !isBare
    if !keepsMetadata { metadata.removeAll() }
    if !isEmpty
      && (keepsMetadata || keepsBeats || !tokenizer.passOverContent(maximumChildren: Self.maximumChildren))
    {
      try readChildren { childIsEmpty in
        if tokenizer.nameIs("MetadataEntry") {
          if let entry = try metadataEntry(), keepsMetadata {
            if metadata.capacity == 0 { swap(&metadata, &spareMetadata) }
            metadata.append(entry)
          }
        } else if keepsBeats && !childIsEmpty
          && tokenizer.nameIs("HeartRateVariabilityMetadataList")
        {
          try readChildren { _ in
            if tokenizer.nameIs("InstantaneousBeatsPerMinute") { beats.append(try instantaneousBeat()) }
          }
        }
      }
    }
    guard try isIntact(location) else { return }
    guard let startDate = fields.startDate else {
      try report(
        Self.dateProblem("startDate", present: fields.hasStartDate, outOfRange: fields.startDateOutOfRange),
        location)
      return
    }
    guard let endDate = fields.endDate else {
      try report(
        Self.dateProblem("endDate", present: fields.hasEndDate, outOfRange: fields.endDateOutOfRange),
        location)
      return
    }
    guard let value else {
      try report(
        fields.valueAttribute == nil && fields.averageAttribute == nil
          ? "a quantity without a value"
          : isValueOutOfRange ? Self.valueOutOfRange : "value is not a number", location)
      return
    }
    if endDate < startDate, !filter.keepsSamplesEndingBeforeTheyStart,
      let problem = Plausibility.problem(start: startDate, end: endDate)
    {
      try report(problem, location)
      return
    }
    // The fields' strings are moved into the sample rather than copied (a retain and a release
    // each).
    try deliver(
      Sample(
        type: type, value: value, sourceName: fields.sourceName.take() ?? "",
        sourceVersion: fields.sourceVersion.take(), device: fields.device.take(),
        creationDate: fields.creationDate, startDate: startDate, endDate: endDate,
        metadata: metadata, beats: beats),
      location)
    recycleMetadata(&metadata)
  }

  /// The most entries a recycled list of metadata has room for: a sample kept by whoever took it
  /// keeps no more room than that.
  static let spareMetadataCapacity = 8

  /// Keeps the storage of a record's metadata, once its sample has been handed on, for the next
  /// record's (`spareMetadata`): one allocation and one deallocation fewer a record with metadata.
  /// The list is emptied in place when the sample that shared it is gone (the consumer kept
  /// nothing), else its entries are left to the sample and an empty list is made.
  private func recycleMetadata(_ metadata: inout [MetadataEntry]) {
    guard metadata.capacity > 0, metadata.capacity <= Self.spareMetadataCapacity else { return }
    metadata.removeAll(keepingCapacity: true)
    swap(&metadata, &spareMetadata)
  }

  /// The attributes that records, correlations and workouts share, as read.
  struct CommonFields {
    var sourceName: String?
    var sourceVersion: String?
    var device: String?
    var unit: String?
    var valueAttribute: RawAttribute?
    /// iOS 8's aggregated records carry `average` (with `min`, `max`, `recordCount`) in place of
    /// `value`.
    var averageAttribute: RawAttribute?
    var creationDate: Timestamp?
    /// The `startDate` attribute as read, whose bytes an `endDate` of the same bytes (an
    /// instantaneous sample's) is taken from rather than parsed again.
    var startDateAttribute: RawAttribute?
    var startDate: Timestamp?
    var endDate: Timestamp?
    var hasStartDate = false
    var hasEndDate = false
    /// Whether a date was read but lies outside the accepted years.
    var startDateOutOfRange = false
    var endDateOutOfRange = false
  }

  /// What is wrong with a record's `startDate` or `endDate`.
  static func dateProblem(_ name: String, present: Bool, outOfRange: Bool) -> String {
    if !present { return "no \(name)" }
    return outOfRange ? "\(name) is outside the years \(AcceptedRange.yearsText)" : "\(name) is not a date"
  }

  /// A value of a magnitude no reading has.
  static let valueOutOfRange = "value is out of range (a magnitude of 10^15 or more)"

  /// Reads one attribute of a `Record`, `Correlation` or `Workout` into `fields`; attributes that
  /// are none of the common ones go to `extraMetadata` (iOS 8 wrote metadata as attributes).
  func read(
    _ attribute: RawAttribute, into fields: inout CommonFields, extraMetadata: inout [MetadataEntry]
  ) throws {
    let t = tokenizer
    let start = attribute.nameStart
    let end = attribute.nameEnd
    switch end - start {
    case 4 where t.bytesEqual(start, end, "type"):
      return
    case 4 where t.bytesEqual(start, end, "unit"):
      fields.unit = try interned(attribute, in: &units)
    case 5 where t.bytesEqual(start, end, "value"):
      fields.valueAttribute = attribute
    case 7 where t.bytesEqual(start, end, "average"):
      fields.averageAttribute = attribute
      extraMetadata.append(MetadataEntry(key: "average", value: try t.value(of: attribute)))
    case 10 where t.bytesEqual(start, end, "sourceName"), 6 where t.bytesEqual(start, end, "source"):
      fields.sourceName = try interned(attribute, in: &sourceNames)
    case 13 where t.bytesEqual(start, end, "sourceVersion"):
      fields.sourceVersion = try interned(attribute, in: &versions)
    case 6 where t.bytesEqual(start, end, "device"):
      fields.device = try interned(attribute, in: &devices)
    case 12 where t.bytesEqual(start, end, "creationDate"):
      fields.creationDate = try t.withValueBytes(of: attribute) { dates.appleDate($0) }
    case 9 where t.bytesEqual(start, end, "startDate"):
      fields.hasStartDate = true
      fields.startDateAttribute = attribute
      fields.startDate = try t.withValueBytes(of: attribute) { dates.appleDate($0) }
      if fields.startDate == nil {
        fields.startDateOutOfRange = try t.withValueBytes(of: attribute, ValueParsing.isAppleDateOutsideRange)
      }
    case 7 where t.bytesEqual(start, end, "endDate"):
      fields.hasEndDate = true
      if let start = fields.startDateAttribute, !start.needsDecoding, !attribute.needsDecoding,
        t.rawValuesEqual(start, attribute)
      {
        // The same bytes as the start: what parsing them gives depends on the bytes alone.
        fields.endDate = fields.startDate
        fields.endDateOutOfRange = fields.startDateOutOfRange
        return
      }
      fields.endDate = try t.withValueBytes(of: attribute) { dates.appleDate($0) }
      if fields.endDate == nil {
        fields.endDateOutOfRange = try t.withValueBytes(of: attribute, ValueParsing.isAppleDateOutsideRange)
      }
    default:
      extraMetadata.append(MetadataEntry(key: t.attributeName(attribute), value: try t.value(of: attribute)))
    }
  }

  /// The value of a record: a quantity when it has a non-empty unit or a quantity type (nil when
  /// the value is missing, not a number, or out of range), else a category value or none. (iOS 8
  /// wrote `unit=""` on category records, and `average` in place of `value` on aggregated ones.)
  private func sampleValue(_ fields: CommonFields, type: String) throws -> (SampleValue?, outOfRange: Bool) {
    if !(fields.unit ?? "").isEmpty || type.hasPrefix("HKQuantityTypeIdentifier") {
      guard let attribute = fields.valueAttribute ?? fields.averageAttribute,
        let number = try tokenizer.withValueBytes(of: attribute, ValueParsing.decimal)
      else { return (nil, false) }
      guard AcceptedRange.contains(value: number) else { return (nil, true) }
      return (.quantity(number, unit: fields.unit ?? ""), false)
    }
    guard let attribute = fields.valueAttribute else { return (SampleValue.none, false) }
    return (.category(try tokenizer.value(of: attribute)), false)
  }

  /// The `InstantaneousBeatsPerMinute` whose start tag is current.
  private func instantaneousBeat() throws -> InstantaneousBeat {
    var beat = InstantaneousBeat(beatsPerMinute: nil, time: "")
    for attribute in tokenizer.attributes {
      if isName(attribute, "bpm") {
        beat.beatsPerMinute = try tokenizer.withValueBytes(of: attribute, ValueParsing.decimal)
      } else if isName(attribute, "time") {
        beat.time = try tokenizer.value(of: attribute)
      }
    }
    return beat
  }

  /// The `MetadataEntry` whose start tag is current; nil without a key.
  func metadataEntry() throws -> MetadataEntry? {
    var key: String?
    var value = ""
    for attribute in tokenizer.attributes {
      if isName(attribute, "key") {
        key = try interned(attribute, in: &metadataKeys)
      } else if isName(attribute, "value") {
        value = try metadataValue(attribute)
      }
    }
    return key.map { MetadataEntry(key: $0, value: value) }
  }

  /// The value of a metadata entry's `value` attribute: the last one's when its bytes are the
  /// same (the same serial).
  private func metadataValue(_ attribute: RawAttribute) throws -> String {
    let serial = attribute.valueSerial
    if serial != 0 && serial == lastMetadataValueSerial { return lastMetadataValue }
    let value = try tokenizer.value(of: attribute)
    lastMetadataValue = value
    lastMetadataValueSerial = serial
    return value
  }

  // MARK: - Correlations

  private func readCorrelation(isEmpty: Bool, location: SourceLocation) throws -> Correlation? {
    guard let typeAttribute = attribute("type") else {
      if !isEmpty { try tokenizer.skipElement() }
      try report("a correlation without a type", location)
      return nil
    }
    try reportRepairs(location)
    let type = try tokenizer.value(of: typeAttribute)
    var fields = CommonFields()
    var metadata: [MetadataEntry] = []
    for attribute in tokenizer.attributes {
      try read(attribute, into: &fields, extraMetadata: &metadata)
    }
    var objects: [Sample] = []
    if !isEmpty {
      try readChildren { childIsEmpty in
        if tokenizer.nameIs("MetadataEntry") {
          if let entry = try metadataEntry() { metadata.append(entry) }
        } else if tokenizer.nameIs("Record") {
          try readSample(isEmpty: childIsEmpty, isTopLevel: false) { member, _ in objects.append(member) }
        }
      }
    }
    guard try isIntact(location) else { return nil }
    guard let startDate = fields.startDate, let endDate = fields.endDate else {
      try report("a correlation without valid dates", location)
      return nil
    }
    return Correlation(
      type: type, sourceName: fields.sourceName ?? "", sourceVersion: fields.sourceVersion,
      device: fields.device, creationDate: fields.creationDate, startDate: startDate,
      endDate: endDate, metadata: metadata, objects: objects)
  }

  // MARK: - Helpers

  /// Reads the content of the element whose start tag is current, through its end tag, calling
  /// `body` at each child's start tag. A child whose content `body` leaves unread is skipped.
  ///
  /// A child whose tag is damaged (more attributes than the reader keeps, or one given twice), or
  /// children past `ResourceLimit.childrenPerItem` (inline route `Location`s, which are only
  /// counted, aside), are read past without `body` and noted in `damage`, so that the item they
  /// belong to is reported and dropped.
  func readChildren(_ body: (_ isEmpty: Bool) throws -> Void) throws {
    let depth = tokenizer.depth
    var children = 0
    while true {
      switch try tokenizer.next() {
      case .startTag(let isEmpty):
        let childDepth = tokenizer.depth
        if !tokenizer.nameIs("Location") { children += 1 }
        if damage == nil, children > Self.maximumChildren {
          damage = "a \(elementName(atDepth: depth)) element with \(ResourceLimit.childrenPerItem.message)"
        }
        if damage == nil, let problem = tagDamage() { damage = problem }
        if damage == nil { try body(isEmpty) }
        if !isEmpty && tokenizer.depth >= childDepth { try tokenizer.skipElement() }
      case .endTag:
        if tokenizer.depth < depth { return }
      case .endOfInput:
        return
      }
    }
  }

  /// The most children an item keeps (`ResourceLimit.childrenPerItem`).
  static let maximumChildren = ResourceLimit.childrenPerItem.value

  /// What is wrong with the current tag beyond what the reader takes: more attributes than it
  /// keeps, or an attribute given twice (which XML forbids); nil when nothing is.
  func tagDamage() -> String? {
    if tokenizer.hasTooManyAttributes {
      return "a \(tokenizer.name) element with \(ResourceLimit.attributesPerTag.message)"
    }
    if let repeated = tokenizer.repeatedAttribute() {
      return "a \(tokenizer.name) element with the attribute '\(tokenizer.attributeName(repeated))' twice"
    }
    return nil
  }

  /// Whether the item read at `location` may be kept: false, reported, when a tag in it was
  /// damaged (`damage`).
  func isIntact(_ location: SourceLocation) throws -> Bool {
    guard let problem = damage else { return true }
    damage = nil
    try report("\(problem); the element was read past", location)
    return false
  }

  /// Reports and reads past the current top-level element when its own tag is damaged.
  /// - Returns: whether it was.
  func skipsDamagedTag(isEmpty: Bool) throws -> Bool {
    guard let problem = tagDamage() else { return false }
    let location = tokenizer.tagLocation
    if !isEmpty { try tokenizer.skipElement() }
    try report("\(problem); the element was read past", location)
    return true
  }

  /// The name of the element open at `depth` (1 for the root).
  private func elementName(atDepth depth: Int) -> String {
    tokenizer.openElementName(atDepth: depth)
  }

  /// The type named by `attribute` when the filter wants it. Consecutive records of one type
  /// (exports group them) are decided once.
  private func includedType(_ attribute: RawAttribute) throws -> String? {
    let serial = attribute.valueSerial
    if serial != 0 && serial == lastTypeSerial { return lastTypeIncluded ? lastTypeString : nil }
    if tokenizer.withRawValue(of: attribute, { !$0.isEmpty && $0.equals(lastType) }) {
      lastTypeSerial = serial
      return lastTypeIncluded ? lastTypeString : nil
    }
    // HealthKit's own types as the program's literals: shared by every chunk's samples.
    let type = HealthKitTypes.shared(try tokenizer.value(of: attribute))
    lastTypeSerial = serial
    lastType = tokenizer.withRawValue(of: attribute) { [UInt8]($0) }
    lastTypeString = type
    lastTypeIncluded = filter.includes(sampleType: type)
    lastTypeKeepsMetadata = filter.includesMetadata(ofSampleType: type)
    lastTypeBareUntil = filter.bareUntil.isEmpty ? nil : filter.bareUntil[type]
    return lastTypeIncluded ? type : nil
  }

  func interned(_ attribute: RawAttribute, in interner: inout StringInterner) throws -> String {
    // A run of records repeats its source and device: the bytes of the last are not looked at.
    if let string = interner.string(forSerial: attribute.valueSerial) { return string }
    return try tokenizer.withRawValue(of: attribute) { raw in
      try interner.string(for: raw, serial: attribute.valueSerial) { try tokenizer.value(of: attribute) }
    }
  }

  /// Every attribute of the current tag, as name and value.
  func allAttributes() throws -> [MetadataEntry] {
    try tokenizer.attributes.map {
      MetadataEntry(key: tokenizer.attributeName($0), value: try tokenizer.value(of: $0))
    }
  }

  func attribute(_ name: StaticString) -> RawAttribute? {
    tokenizer.attributes.first { isName($0, name) }
  }

  func isName(_ attribute: RawAttribute, _ name: StaticString) -> Bool {
    tokenizer.bytesEqual(attribute.nameStart, attribute.nameEnd, name)
  }

  /// Whether the current top-level element is one the reader delivers when the filter asks.
  private func isKnownElement() -> Bool {
    tokenizer.nameIs("Correlation") || tokenizer.nameIs("Workout")
      || tokenizer.nameIs("ActivitySummary") || tokenizer.nameIs("ClinicalRecord")
  }

  func report(_ reason: String, _ location: SourceLocation) throws {
    try diagnostics.report(Diagnostic(reason: reason, location: location))
  }

  /// Reports attribute names with spaces the tokenizer read as one name in the current tag.
  func reportRepairs(_ location: SourceLocation) throws {
    guard tokenizer.repairedAttributeNames > 0 else { return }
    try diagnostics.report(
      Diagnostic(
        reason: "an attribute name with spaces (an iOS 8 export fault), read as one name",
        location: location, kind: .repaired))
  }
}
