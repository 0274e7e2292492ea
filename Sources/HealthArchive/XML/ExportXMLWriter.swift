package import Foundation
package import HealthModel

/// Writes export.xml from health items, as the Health app writes it: the XML declaration, the
/// document type of HealthKit Export Version 14, `HealthData` with its locale, then one element per
/// item, in the order given, and the end.
///
/// Elements and attributes are written in the order and with the indentation of Apple's files
/// (` <Record type=… sourceName=… sourceVersion=… device=… unit=… creationDate=… startDate=…
/// endDate=… value=…>`, children one space deeper); attribute values are escaped; numbers are
/// written in the fewest digits that read back as the same `Double`, dates to the second (a
/// fraction is dropped) with the UTC offset the input wrote them with, else the one chosen by
/// `DateOffsets`.
///
/// Apple's DTD says that every record inside a correlation also appears as a top-level record.
/// A correlation member that no top-level record of the input repeats (a JSON profile keeps
/// members only inside their correlation) gets its top-level copy before the end of the document.
///
/// Bytes are appended to `out`; the caller hands them on and empties it as it likes, so memory is
/// bounded by one item (and the keys of blood-pressure and dietary records, for the copies).
package struct ExportXMLWriter {
  /// The UTC offset dates are written with.
  package enum DateOffsets {
    /// Every date with one offset, in seconds east of UTC (the Health app writes every date with
    /// the offset of the moment of the export).
    case fixed(Int)
    /// Every date with the offset of a time zone at that date.
    case timeZone(TimeZone)
  }

  /// What has been written and is not yet handed on.
  package var out: TextOutput
  private let fixedOffset: Int?
  private var zone: ZoneOffsetCache?
  private var type = EscapedText()
  private var sourceName = EscapedText()
  private var sourceVersion = EscapedText()
  private var device = EscapedText()
  private var unit = EscapedText()
  private var metadataKey = EscapedText()
  private var recordPrefix = RecordPrefix()
  var members = MemberCopies()

  /// - Parameters:
  ///   - dates: the UTC offset dates are written with.
  ///   - capacity: the bytes reserved in `out`.
  package init(dates: DateOffsets, capacity: Int = 1 << 18) {
    switch dates {
    case .fixed(let offset):
      fixedOffset = offset
      zone = nil
    case .timeZone(let timeZone):
      fixedOffset = nil
      zone = ZoneOffsetCache(timeZone: timeZone)
    }
    out = TextOutput(dateOffset: fixedOffset ?? 0, capacity: capacity)
  }

  // MARK: - Header and end

  /// The XML declaration, the document type and the start of `HealthData`.
  package mutating func writeHeader(locale: String) {
    out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    out.append(DocumentType.version14)
    out.append("<HealthData locale=\"")
    out.appendEscaped(locale)
    out.append("\">\n")
  }

  /// The top-level copies of correlation members that no record of the input repeated, then the
  /// end of `HealthData`.
  package mutating func writeFooter() {
    for member in members.takeUncopied() {
      writeRecord(member, depth: 1)
    }
    out.append("</HealthData>\n")
  }

  /// Writes the element of `item`.
  /// - Returns: false for an item export.xml has no element for: a lab result (it lives in a
  ///   clinical record's FHIR file), route points (a route's GPX file), an ECG (a CSV file).
  @discardableResult
  package mutating func write(_ item: HealthItem) -> Bool {
    switch item {
    case .exportDate(let date):
      out.append(" <ExportDate value=\"")
      appendDate(date)
      out.append("\"/>\n")
    case .characteristics(let entries):
      out.append(" <Me")
      for entry in entries { attribute(entry.key, entry.value) }
      out.append("/>\n")
    case .sample(let sample):
      write(sample)
    case .correlation(let correlation):
      members.addMembers(of: correlation)
      writeCorrelation(correlation)
    case .workout(let workout):
      writeWorkout(workout)
    case .activitySummary(let summary):
      out.append(" <ActivitySummary dateComponents=\"")
      out.appendEscaped(summary.dateComponents)
      out.append("\"")
      for entry in summary.values { attribute(entry.key, entry.value) }
      out.append("/>\n")
    case .clinicalRecord(let record):
      writeClinicalRecord(record)
    case .audiogram(let audiogram):
      writeAudiogram(audiogram)
    case .visionPrescription(let prescription):
      writeVisionPrescription(prescription)
    case .stateOfMind(let state):
      writeStateOfMind(state)
    case .labResult, .routePoints, .electrocardiogram:
      return false
    }
    return true
  }

  // MARK: - Records

  /// Writes a top-level `Record` (what `write(.sample(sample))` does, without wrapping it).
  package mutating func write(_ sample: Sample) {
    members.addTopLevel(sample)
    writeRecord(sample, depth: 1)
  }

  /// A `Record` with its metadata and heart-rate beats, `depth` spaces in.
  mutating func writeRecord(_ sample: Sample, depth: Int) {
    let unitText: String?
    if case .quantity(_, let unit) = sample.value { unitText = unit } else { unitText = nil }
    if !recordPrefix.matches(sample, unit: unitText, depth: depth) {
      // Records come in runs of one type and source: their attributes up to the dates are made
      // once for the run.
      let start = out.bytes.count
      indent(depth)
      out.append("<Record type=\"")
      type.append(sample.type, to: &out)
      out.append("\"")
      provenance(sample.sourceName, sample.sourceVersion, sample.device)
      if let unitText {
        out.append(" unit=\"")
        unit.append(unitText, to: &out)
        out.append("\"")
      }
      recordPrefix = RecordPrefix(sample, unit: unitText, depth: depth, bytes: Array(out.bytes[start...]))
    } else {
      out.bytes.append(contentsOf: recordPrefix.bytes)
    }
    dates(creation: sample.creationDate, start: sample.startDate, end: sample.endDate)
    switch sample.value {
    case .quantity(let value, _):
      out.append(" value=\"")
      out.appendShortest(value, placesExponent: true)
      out.append("\"")
    case .category(let name):
      attribute("value", name)
    case .none:
      break
    }
    if sample.metadata.isEmpty && sample.beats.isEmpty {
      out.append("/>\n")
      return
    }
    out.append(">\n")
    metadata(sample.metadata, depth: depth + 1)
    if !sample.beats.isEmpty {
      indent(depth + 1)
      out.append("<HeartRateVariabilityMetadataList>\n")
      for beat in sample.beats {
        indent(depth + 2)
        out.append("<InstantaneousBeatsPerMinute")
        if let bpm = beat.beatsPerMinute {
          out.append(" bpm=\"")
          out.appendShortest(bpm, placesExponent: true)
          out.append("\"")
        }
        attribute("time", beat.time)
        out.append("/>\n")
      }
      indent(depth + 1)
      out.append("</HeartRateVariabilityMetadataList>\n")
    }
    indent(depth)
    out.append("</Record>\n")
  }

  // MARK: - Pieces

  /// ` sourceName="…"`, then ` sourceVersion="…"` and ` device="…"` where known.
  mutating func provenance(_ name: String, _ version: String?, _ deviceText: String?) {
    out.append(" sourceName=\"")
    sourceName.append(name, to: &out)
    out.append("\"")
    if let version {
      out.append(" sourceVersion=\"")
      sourceVersion.append(version, to: &out)
      out.append("\"")
    }
    if let deviceText {
      out.append(" device=\"")
      device.append(deviceText, to: &out)
      out.append("\"")
    }
  }

  /// ` creationDate="…"` where known, ` startDate="…" endDate="…"`.
  mutating func dates(creation: Timestamp?, start: Timestamp?, end: Timestamp?) {
    dateAttribute(" creationDate=\"", creation)
    dateAttribute(" startDate=\"", start)
    dateAttribute(" endDate=\"", end)
  }

  /// ` name="date"` when there is a date.
  mutating func dateAttribute(_ prefix: StaticString, _ date: Timestamp?) {
    guard let date else { return }
    out.append(prefix)
    appendDate(date)
    out.append("\"")
  }

  /// The `MetadataEntry` children, `depth` spaces in.
  mutating func metadata(_ entries: [MetadataEntry], depth: Int) {
    for entry in entries {
      indent(depth)
      out.append("<MetadataEntry key=\"")
      metadataKey.append(entry.key, to: &out)
      out.append("\" value=\"")
      out.appendEscaped(entry.value)
      out.append("\"/>\n")
    }
  }

  /// ` name="value"`, both escaped.
  mutating func attribute(_ name: String, _ value: String) {
    out.append(" ")
    out.appendEscaped(name)
    out.append("=\"")
    out.appendEscaped(value)
    out.append("\"")
  }

  mutating func indent(_ depth: Int) {
    for _ in 0..<depth { out.bytes.append(UInt8(ascii: " ")) }
  }

  /// A date to the second, with the offset it is written with.
  mutating func appendDate(_ date: Timestamp) {
    out.appendDate(date.wholeSecondsSince1970, offset: utcOffset(of: date))
  }

  /// The offset `date` is written with, in seconds east of UTC: the one the input wrote it with,
  /// else that of `DateOffsets`.
  package mutating func utcOffset(of date: Timestamp) -> Int {
    if let written = date.writtenUTCOffset { return Int(written) }
    if let fixedOffset { return fixedOffset }
    // A writer has a fixed offset or a zone.
    return zone?.offset(at: date.wholeSecondsSince1970) ?? 0
  }
}

/// The escaped bytes of the last text written in one place (the type, the source…): records come
/// in runs that repeat them, so each is escaped once per run.
struct EscapedText {
  private var text = ""
  private var escaped: [UInt8] = []

  mutating func append(_ value: String, to out: inout TextOutput) {
    if value != text || escaped.isEmpty {
      text = value
      escaped = TextOutput.escaped(value)
    }
    out.bytes.append(contentsOf: escaped)
  }
}

/// The bytes of a `Record`'s start up to its dates (`  <Record type="…" sourceName="…" … unit="…"`),
/// with what they were made from.
struct RecordPrefix {
  private var type = ""
  private var sourceName = ""
  private var sourceVersion: String?
  private var device: String?
  private var unit: String?
  private var depth = -1
  var bytes: [UInt8] = []

  init() {}

  init(_ sample: Sample, unit: String?, depth: Int, bytes: [UInt8]) {
    type = sample.type
    sourceName = sample.sourceName
    sourceVersion = sample.sourceVersion
    device = sample.device
    self.unit = unit
    self.depth = depth
    self.bytes = bytes
  }

  /// Whether the bytes are those of `sample`'s record.
  func matches(_ sample: Sample, unit: String?, depth: Int) -> Bool {
    depth == self.depth && sample.type == type && sample.sourceName == sourceName
      && sample.sourceVersion == sourceVersion && sample.device == device && unit == self.unit
  }
}
