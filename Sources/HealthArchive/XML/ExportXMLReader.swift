import HealthModel

/// Reads Apple Health's export.xml as a stream: top-level `Record`s with their `MetadataEntry`
/// children, `Correlation`s with their member records, the export date and the person's
/// characteristics. Everything else (`Workout`, `ActivitySummary`, `ClinicalRecord`,
/// `Audiogram`, heart-rate beat lists…) is read past without being decoded, as are records of
/// types the filter leaves out.
///
/// Memory is bounded by one tag and one item, whatever the size of the input.
///
/// Malformed XML is an error (`XMLError`, with line and column). A well-formed record that cannot
/// give a sample (a value that is not a number, a date that is not a date) is skipped and reported
/// to the diagnostics with its line.
public final class ExportXMLReader {
  private let tokenizer: XMLTokenizer
  private let filter: ItemFilter
  private let diagnostics: Diagnostics

  private var sourceNames = StringInterner()
  private var units = StringInterner()
  private var versions = StringInterner()
  private var devices = StringInterner()
  private var metadataKeys = StringInterner()
  private var lastType: [UInt8] = []
  private var lastTypeString = ""
  private var lastTypeIncluded = false

  /// What the reader learned of the export; complete once `read` returns.
  public private(set) var header = ExportHeader()

  /// - Parameters:
  ///   - stream: the export.xml bytes.
  ///   - filter: which items to deliver.
  ///   - diagnostics: where skipped records are reported.
  ///   - bufferSize: bytes read at a time.
  public init(
    stream: any ByteStream, filter: ItemFilter = .everything, diagnostics: Diagnostics,
    bufferSize: Int = 1 << 20
  ) {
    self.tokenizer = XMLTokenizer(stream: stream, bufferSize: bufferSize)
    self.filter = filter
    self.diagnostics = diagnostics
  }

  /// Reads the whole input, handing each item to `consume` with where it starts.
  /// - Throws: `XMLError` for malformed XML or an input that is not a Health export; the stream's
  ///   errors; `StrictModeError` in strict mode; whatever `consume` throws.
  public func read(_ consume: (HealthItem, SourceLocation) throws -> Void) throws {
    guard try tokenizer.next() != .endOfInput else { return }
    guard tokenizer.nameIs("HealthData") else {
      throw tokenizer.error(.notHealthData(root: tokenizer.name), at: tokenizer.tagStart)
    }
    header.exportVersion = tokenizer.exportVersion
    for attribute in tokenizer.attributes where isName(attribute, "locale") {
      header.locale = try tokenizer.value(of: attribute)
    }
    if tokenizer.depth == 0 { return }  // <HealthData/>
    while true {
      let token = try tokenizer.next()
      guard case .startTag(let isEmpty) = token else {
        // The end of HealthData, or of the input.
        return
      }
      if tokenizer.nameIs("Record") {
        if let sample = try readSample(isEmpty: isEmpty) {
          try consume(.sample(sample.sample), sample.location)
        }
      } else if tokenizer.nameIs("Correlation") && filter.includesCorrelations {
        let location = tokenizer.tagLocation
        if let correlation = try readCorrelation(isEmpty: isEmpty, location: location) {
          try consume(.correlation(correlation), location)
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
        var entries: [MetadataEntry] = []
        for attribute in tokenizer.attributes {
          entries.append(
            MetadataEntry(
              key: tokenizer.attributeName(attribute), value: try tokenizer.value(of: attribute)))
        }
        try consume(.characteristics(entries), location)
        if !isEmpty { try tokenizer.skipElement() }
      } else if !isEmpty {
        try tokenizer.skipElement()
      }
    }
  }

  // MARK: - Records

  private struct LocatedSample {
    var sample: Sample
    var location: SourceLocation
  }

  /// Reads the `Record` whose start tag is current, with its children; nil when its type is not
  /// wanted or it cannot give a sample (reported).
  private func readSample(isEmpty: Bool) throws -> LocatedSample? {
    guard let typeAttribute = attribute("type") else {
      let location = tokenizer.tagLocation
      if !isEmpty { try tokenizer.skipElement() }
      try diagnostics.report(Diagnostic(reason: "a record without a type", location: location))
      return nil
    }
    guard let type = try includedType(typeAttribute) else {
      if !isEmpty { try tokenizer.skipElement() }
      return nil
    }
    let location = tokenizer.tagLocation
    var fields = RecordFields()
    var metadata: [MetadataEntry] = []
    for attribute in tokenizer.attributes {
      try read(attribute, into: &fields, extraMetadata: &metadata)
    }
    // The value is read before the children: reading them moves the buffer.
    let value = try sampleValue(fields, type: type)
    if !isEmpty { try readRecordChildren(into: &metadata) }

    guard let startDate = fields.startDate else {
      try reportSkip(fields.hasStartDate ? "startDate is not a date" : "no startDate", location)
      return nil
    }
    guard let endDate = fields.endDate else {
      try reportSkip(fields.hasEndDate ? "endDate is not a date" : "no endDate", location)
      return nil
    }
    guard let value else {
      try reportSkip(
        fields.valueAttribute == nil ? "a quantity without a value" : "value is not a number",
        location)
      return nil
    }
    let sample = Sample(
      type: type, value: value, sourceName: fields.sourceName ?? "",
      sourceVersion: fields.sourceVersion, device: fields.device,
      creationDate: fields.creationDate, startDate: startDate, endDate: endDate,
      metadata: metadata)
    return LocatedSample(sample: sample, location: location)
  }

  /// The attributes of a `Record` or `Correlation` as read.
  private struct RecordFields {
    var sourceName: String?
    var sourceVersion: String?
    var device: String?
    var unit: String?
    var valueAttribute: RawAttribute?
    var creationDate: Timestamp?
    var startDate: Timestamp?
    var endDate: Timestamp?
    var hasStartDate = false
    var hasEndDate = false
  }

  private func read(
    _ attribute: RawAttribute, into fields: inout RecordFields,
    extraMetadata: inout [MetadataEntry]
  ) throws {
    let t = tokenizer
    let start = attribute.nameStart
    let end = attribute.nameEnd
    switch end - start {
    case 4 where t.bytesEqual(start, end, "type"):
      return
    case 4 where t.bytesEqual(start, end, "unit"):
      fields.unit = try t.withValueBytes(of: attribute) { raw in
        try units.string(for: raw) { try t.value(of: attribute) }
      }
    case 5 where t.bytesEqual(start, end, "value"):
      fields.valueAttribute = attribute
    case 10 where t.bytesEqual(start, end, "sourceName"), 6 where t.bytesEqual(start, end, "source"):
      fields.sourceName = try interned(attribute, in: &sourceNames)
    case 13 where t.bytesEqual(start, end, "sourceVersion"):
      fields.sourceVersion = try interned(attribute, in: &versions)
    case 6 where t.bytesEqual(start, end, "device"):
      fields.device = try interned(attribute, in: &devices)
    case 12 where t.bytesEqual(start, end, "creationDate"):
      fields.creationDate = try t.withValueBytes(of: attribute, ValueParsing.appleDate)
    case 9 where t.bytesEqual(start, end, "startDate"):
      fields.hasStartDate = true
      fields.startDate = try t.withValueBytes(of: attribute, ValueParsing.appleDate)
    case 7 where t.bytesEqual(start, end, "endDate"):
      fields.hasEndDate = true
      fields.endDate = try t.withValueBytes(of: attribute, ValueParsing.appleDate)
    default:
      // iOS 8 wrote metadata as attributes of the record (HKWasUserEntered="1").
      extraMetadata.append(
        MetadataEntry(key: t.attributeName(attribute), value: try t.value(of: attribute)))
    }
  }

  /// The value of a record: a quantity when it has a non-empty unit or a quantity type (nil when
  /// the value is missing or not a number), else a category value or none. (iOS 8 wrote
  /// `unit=""` on category records.)
  private func sampleValue(_ fields: RecordFields, type: String) throws -> SampleValue? {
    if !(fields.unit ?? "").isEmpty || type.hasPrefix("HKQuantityTypeIdentifier") {
      guard let attribute = fields.valueAttribute,
        let number = try tokenizer.withValueBytes(of: attribute, ValueParsing.decimal)
      else { return nil }
      return .quantity(number, unit: fields.unit ?? "")
    }
    guard let attribute = fields.valueAttribute else { return SampleValue.none }
    return .category(try tokenizer.value(of: attribute))
  }

  /// Reads the children of the current `Record` through its end tag, keeping `MetadataEntry`s.
  private func readRecordChildren(into metadata: inout [MetadataEntry]) throws {
    let recordDepth = tokenizer.depth
    while true {
      let token = try tokenizer.next()
      guard case .startTag(let isEmpty) = token else {
        if tokenizer.depth < recordDepth || token == .endOfInput { return }
        continue
      }
      if tokenizer.nameIs("MetadataEntry") {
        if let entry = try metadataEntry() { metadata.append(entry) }
      }
      if !isEmpty { try tokenizer.skipElement() }
    }
  }

  /// The `MetadataEntry` whose start tag is current; nil without a key.
  private func metadataEntry() throws -> MetadataEntry? {
    var key: String?
    var value = ""
    for attribute in tokenizer.attributes {
      if isName(attribute, "key") {
        key = try interned(attribute, in: &metadataKeys)
      } else if isName(attribute, "value") {
        value = try tokenizer.value(of: attribute)
      }
    }
    return key.map { MetadataEntry(key: $0, value: value) }
  }

  // MARK: - Correlations

  private func readCorrelation(isEmpty: Bool, location: SourceLocation) throws -> Correlation? {
    guard let typeAttribute = attribute("type") else {
      if !isEmpty { try tokenizer.skipElement() }
      try reportSkip("a correlation without a type", location)
      return nil
    }
    let type = try tokenizer.value(of: typeAttribute)
    var fields = RecordFields()
    var metadata: [MetadataEntry] = []
    for attribute in tokenizer.attributes {
      try read(attribute, into: &fields, extraMetadata: &metadata)
    }
    var objects: [Sample] = []
    if !isEmpty {
      let correlationDepth = tokenizer.depth
      while true {
        let token = try tokenizer.next()
        guard case .startTag(let childIsEmpty) = token else {
          if tokenizer.depth < correlationDepth || token == .endOfInput { break }
          continue
        }
        if tokenizer.nameIs("MetadataEntry") {
          if let entry = try metadataEntry() { metadata.append(entry) }
          if !childIsEmpty { try tokenizer.skipElement() }
        } else if tokenizer.nameIs("Record") {
          if let member = try readSample(isEmpty: childIsEmpty) { objects.append(member.sample) }
        } else if !childIsEmpty {
          try tokenizer.skipElement()
        }
      }
    }
    guard let startDate = fields.startDate, let endDate = fields.endDate else {
      try reportSkip("a correlation without valid dates", location)
      return nil
    }
    return Correlation(
      type: type, sourceName: fields.sourceName ?? "", sourceVersion: fields.sourceVersion,
      device: fields.device, creationDate: fields.creationDate, startDate: startDate,
      endDate: endDate, metadata: metadata, objects: objects)
  }

  // MARK: - Helpers

  /// The type named by `attribute` when the filter wants it. Consecutive records of one type
  /// (exports group them) are decided once.
  private func includedType(_ attribute: RawAttribute) throws -> String? {
    let length = attribute.valueEnd - attribute.valueStart
    let p = tokenizer.base + attribute.valueStart
    if length == lastType.count && length > 0
      && lastType.withUnsafeBufferPointer({ memoryEqual(p, $0.baseAddress!, length) })
    {
      return lastTypeIncluded ? lastTypeString : nil
    }
    let type = try tokenizer.value(of: attribute)
    lastType = Array(UnsafeBufferPointer(start: p, count: length))
    lastTypeString = type
    lastTypeIncluded = filter.includes(sampleType: type)
    return lastTypeIncluded ? type : nil
  }

  private func interned(_ attribute: RawAttribute, in interner: inout StringInterner) throws -> String {
    let raw = UnsafeBufferPointer(
      start: tokenizer.base + attribute.valueStart, count: attribute.valueEnd - attribute.valueStart)
    return try interner.string(for: raw) { try tokenizer.value(of: attribute) }
  }

  private func attribute(_ name: StaticString) -> RawAttribute? {
    tokenizer.attributes.first { isName($0, name) }
  }

  private func isName(_ attribute: RawAttribute, _ name: StaticString) -> Bool {
    tokenizer.bytesEqual(attribute.nameStart, attribute.nameEnd, name)
  }

  private func reportSkip(_ reason: String, _ location: SourceLocation) throws {
    try diagnostics.report(Diagnostic(reason: reason, location: location))
  }
}
