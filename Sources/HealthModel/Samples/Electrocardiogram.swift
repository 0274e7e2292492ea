/// One ECG recording of the Apple Watch, as a CSV file of `electrocardiograms/` holds it: the
/// header lines, then one voltage per line.
public struct Electrocardiogram: Hashable, Sendable {
  /// The file's name in `electrocardiograms/` (`ecg_2023-03-04_1.csv`).
  public var fileName: String
  /// The person's name as the file gives it; nil when the line is empty (`Name` alone).
  public var name: String?
  /// The date of birth as written (`Jun 12, 2006`).
  public var dateOfBirth: String?
  /// When the recording was made (`Recorded Date`).
  public var recordedDate: Timestamp?
  /// The watch's reading: `Sinus Rhythm`, `Atrial Fibrillation`, `Poor Recording`, `Inconclusive`…
  public var classification: String?
  /// The symptoms the person noted, as written (often empty).
  public var symptoms: String?
  /// The ECG app's version (`1.90`).
  public var softwareVersion: String?
  /// The watch model (`Watch6,7`).
  public var device: String?
  /// Samples per second (`512 hertz` is 512).
  public var sampleRate: Double?
  /// `Lead I`.
  public var lead: String?
  /// The samples' unit (`µV`).
  public var unit: String?
  /// Header lines the reader does not know, key and value as written.
  public var otherHeaders: [MetadataEntry]
  /// The voltages, in order, in `unit`.
  public var samples: [Double]

  /// An ECG recording, each argument the property of the same name.
  public init(
    fileName: String, name: String? = nil, dateOfBirth: String? = nil, recordedDate: Timestamp? = nil,
    classification: String? = nil, symptoms: String? = nil, softwareVersion: String? = nil,
    device: String? = nil, sampleRate: Double? = nil, lead: String? = nil, unit: String? = nil,
    otherHeaders: [MetadataEntry] = [], samples: [Double] = []
  ) {
    self.fileName = fileName
    self.name = name
    self.dateOfBirth = dateOfBirth
    self.recordedDate = recordedDate
    self.classification = classification
    self.symptoms = symptoms
    self.softwareVersion = softwareVersion
    self.device = device
    self.sampleRate = sampleRate
    self.lead = lead
    self.unit = unit
    self.otherHeaders = otherHeaders
    self.samples = samples
  }
}
