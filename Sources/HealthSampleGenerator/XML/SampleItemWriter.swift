import HealthArchive
import HealthModel

/// Makes the generated record's items piece by piece and writes them with `ExportXMLWriter`, the
/// writer of export.xml that every output in Apple's format uses: the header, then each record
/// type day by day, then the correlations, workouts, activity summaries and clinical records day
/// by day, then the end. Any piece can be made on its own, in any order, with the same bytes.
///
/// Values are rounded as the Health app prints them (`RecordKind.decimals`) before they become
/// items, and every date carries the export's UTC offset.
///
/// export.xml written without the files beside it names none: its workout routes have no
/// `FileReference`, and it has no `ClinicalRecord`, whose `resourceFilePath` the DTD requires.
struct SampleItemWriter {
  let model: SampleModel
  /// Whether the files beside export.xml are written, so that export.xml may name them.
  let namesFiles: Bool
  /// The writer, whose `out` holds what has been written.
  var xml: ExportXMLWriter
  /// The `sourceName`, `sourceVersion` and `device` of each source.
  private var sources: [SampleSourceName: Provenance] = [:]

  struct Provenance {
    var name: String
    var version: String
    var device: String?
  }

  init(model: SampleModel, namesFiles: Bool = true) {
    self.model = model
    self.namesFiles = namesFiles
    xml = ExportXMLWriter(dates: .fixed(model.exportOffset))
    for source in SampleSourceName.allCases { sources[source] = Self.provenance(of: source, in: model) }
  }

  /// The provenance of `source`, made once for each source.
  func provenance(_ source: SampleSourceName) -> Provenance {
    sources[source] ?? Self.provenance(of: source, in: model)
  }

  private static func provenance(of source: SampleSourceName, in model: SampleModel) -> Provenance {
    Provenance(
      name: source.name(for: model.person), version: source.version, device: source.device(seed: model.seed))
  }

  /// A record of `kind` from `source`, its value rounded as `kind` writes it.
  func sample(
    _ kind: RecordKind, _ source: SampleSourceName, creation: Int64, start: Int64, end: Int64, value: Double,
    metadata: [MetadataEntry] = []
  ) -> Sample {
    sample(
      kind, source, creation: creation, start: start, end: end,
      // A kind with a number for a value has a unit.
      value: .quantity(StableMath.quantized(value, decimals: kind.decimals), unit: kind.unit ?? ""),
      metadata: metadata)
  }

  /// A record of `kind` from `source` with `value` as it is.
  func sample(
    _ kind: RecordKind, _ source: SampleSourceName, creation: Int64, start: Int64, end: Int64,
    value: SampleValue,
    metadata: [MetadataEntry] = [], beats: [InstantaneousBeat] = []
  ) -> Sample {
    let provenance = provenance(source)
    return Sample(
      type: kind.identifier, value: value, sourceName: provenance.name, sourceVersion: provenance.version,
      device: provenance.device, creationDate: Timestamp(secondsSince1970: creation),
      startDate: Timestamp(secondsSince1970: start), endDate: Timestamp(secondsSince1970: end),
      metadata: metadata, beats: beats)
  }

  /// Writes a quantity record created a little after its end.
  mutating func quantityRecord(
    _ kind: RecordKind, _ source: SampleSourceName, start: Int64, end: Int64, value: Double,
    lag: ClosedRange<Int>
  ) {
    let creation = model.creationDate(after: end, lag: lag.pick(end))
    xml.write(.sample(sample(kind, source, creation: creation, start: start, end: end, value: value)))
  }

  // MARK: - Header and end

  /// The XML declaration, the document type, `HealthData`, `ExportDate` and `Me`.
  mutating func writeHeader() {
    let person = model.person
    xml.writeHeader(locale: "en_US")
    xml.write(.exportDate(Timestamp(secondsSince1970: model.exportInstant)))
    xml.write(
      .characteristics([
        MetadataEntry(
          key: "HKCharacteristicTypeIdentifierDateOfBirth",
          value: TextOutput.dayText(person.birthYear, person.birthMonth, person.birthDay)),
        MetadataEntry(
          key: "HKCharacteristicTypeIdentifierBiologicalSex",
          value: person.sex == .female ? "HKBiologicalSexFemale" : "HKBiologicalSexMale"),
        MetadataEntry(key: "HKCharacteristicTypeIdentifierBloodType", value: person.bloodType),
        MetadataEntry(
          key: "HKCharacteristicTypeIdentifierFitzpatrickSkinType", value: "HKFitzpatrickSkinTypeNotSet"),
        MetadataEntry(key: "HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse", value: "None"),
      ]))
  }

  /// The end of `HealthData`.
  mutating func writeFooter() {
    xml.writeFooter()
  }
}
