/// Writes export.xml piece by piece into one reused buffer: the header, then each record type
/// day by day, then the correlations, workouts, activity summaries and clinical records day by
/// day, then the end. Any piece can be written on its own, in any order, with the same bytes.
struct ExportXMLWriter {
  let model: SampleModel
  var out: XMLOutput
  /// ` <Record type="…" sourceName="…" sourceVersion="…" device="…" unit="…" creationDate="`, by
  /// type and source; the members of correlations are indented one space more.
  private var prefixes: [PrefixKey: [UInt8]] = [:]
  /// ` sourceName="…" sourceVersion="…" device="…"` of each source.
  private(set) var sourceAttributes: [SampleSource: [UInt8]] = [:]

  struct PrefixKey: Hashable {
    var kind: RecordKind
    var source: SampleSource
    var isMember: Bool
  }

  init(model: SampleModel) {
    self.model = model
    out = XMLOutput(dateOffset: model.exportOffset)
    for source in SampleSource.allCases {
      var attributes: [UInt8] = Array(" sourceName=\"".utf8)
      attributes += XMLOutput.escaped(source.name(for: model.person))
      attributes += Array("\" sourceVersion=\"\(source.version)\"".utf8)
      if let device = source.device(seed: model.seed) {
        attributes += Array(" device=\"".utf8) + XMLOutput.escaped(device) + [UInt8(ascii: "\"")]
      }
      sourceAttributes[source] = attributes
    }
    for kind in RecordKind.allCases {
      for source in kind.sources {
        for isMember in [false, true] {
          var prefix: [UInt8] = Array((isMember ? "  <Record type=\"" : " <Record type=\"").utf8)
          prefix += Array(kind.identifier.utf8) + [UInt8(ascii: "\"")]
          prefix += sourceAttributes[source]!
          if let unit = kind.unit {
            prefix += Array(" unit=\"".utf8) + XMLOutput.escaped(unit) + [UInt8(ascii: "\"")]
          }
          prefix += Array(" creationDate=\"".utf8)
          prefixes[PrefixKey(kind: kind, source: source, isMember: isMember)] = prefix
        }
      }
    }
  }

  /// The prefix of a record of `kind` from `source`.
  func prefix(_ kind: RecordKind, _ source: SampleSource, isMember: Bool = false) -> [UInt8] {
    prefixes[PrefixKey(kind: kind, source: source, isMember: isMember)]!
  }

  /// Writes a record's start up to its value: `<prefix>creation" startDate="…" endDate="…" value="`.
  mutating func beginRecord(_ prefix: [UInt8], creation: Int64, start: Int64, end: Int64) {
    out.append(prefix)
    out.appendDate(creation)
    out.append("\" startDate=\"")
    out.appendDate(start)
    out.append("\" endDate=\"")
    out.appendDate(end)
    out.append("\" value=\"")
  }

  /// Writes a whole quantity record without children.
  mutating func quantityRecord(
    _ kind: RecordKind, _ source: SampleSource, start: Int64, end: Int64, value: Double, lag: ClosedRange<Int>
  ) {
    beginRecord(
      prefix(kind, source), creation: model.creationDate(after: end, lag: lag.pick(end)), start: start,
      end: end)
    out.append(value, decimals: kind.decimals)
    out.append("\"/>\n")
  }

  /// Writes ` <MetadataEntry key="…" value="…"/>` with `indent` spaces.
  mutating func metadata(_ key: StaticString, _ value: String, indent: Int = 2) {
    for _ in 0..<indent { out.bytes.append(UInt8(ascii: " ")) }
    out.append("<MetadataEntry key=\"")
    out.append(key)
    out.append("\" value=\"")
    out.appendEscaped(value)
    out.append("\"/>\n")
  }

  // MARK: - Header and end

  /// The XML declaration, the document type, `HealthData`, `ExportDate` and `Me`.
  mutating func writeHeader() {
    let person = model.person
    out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    out.append(DocumentType.version14)
    out.append("<HealthData locale=\"en_US\">\n <ExportDate value=\"")
    out.appendDate(model.exportInstant)
    out.append("\"/>\n <Me HKCharacteristicTypeIdentifierDateOfBirth=\"")
    out.append(Array(XMLOutput.dayText(person.birthYear, person.birthMonth, person.birthDay).utf8))
    out.append("\" HKCharacteristicTypeIdentifierBiologicalSex=\"")
    out.append(person.sex == .female ? "HKBiologicalSexFemale" : "HKBiologicalSexMale")
    out.append("\" HKCharacteristicTypeIdentifierBloodType=\"")
    out.append(Array(person.bloodType.utf8))
    out.append(
      "\" HKCharacteristicTypeIdentifierFitzpatrickSkinType=\"HKFitzpatrickSkinTypeNotSet\" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse=\"None\"/>\n"
    )
  }

  /// The end of `HealthData`.
  mutating func writeFooter() {
    out.append("</HealthData>\n")
  }
}
