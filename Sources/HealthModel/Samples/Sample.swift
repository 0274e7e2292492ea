/// One measurement or event, as a `Record` of Apple's export.xml holds it: a quantity (weight,
/// steps, glucose…) or a category (sleep stage, stand hour…), with where it came from and when.
public struct Sample: Hashable, Sendable {
  /// The HealthKit type identifier, such as `HKQuantityTypeIdentifierBodyMass`.
  public var type: String
  /// The measured quantity or the category value.
  public var value: SampleValue
  /// The app or device that recorded it, as Health shows it.
  public var sourceName: String
  /// The version of that app or system, free text.
  public var sourceVersion: String?
  /// HealthKit's description of the device, such as `<<HKDevice: 0x…>, name:Apple Watch, …>`.
  public var device: String?
  /// When the sample was saved to HealthKit.
  public var creationDate: Timestamp?
  /// When the measurement began.
  public var startDate: Timestamp
  /// When the measurement ended (equal to `startDate` for instantaneous ones).
  public var endDate: Timestamp
  /// The sample's metadata, in the order it was written; keys may repeat.
  public var metadata: [MetadataEntry]
  /// The beats of an HRV record's `HeartRateVariabilityMetadataList`, in order, when the reader
  /// was asked for them (`ItemFilter.includesHeartbeats`); empty for other samples.
  public var beats: [InstantaneousBeat]
  // Declared after `beats`, so that the memberwise initializer (`uuid` last) is not the public
  // one (`uuid` before `beats`), which builds the sample with it.
  /// A unique identifier, when the input gave one (JSON profiles may).
  public var uuid: String?

  /// The value of the first metadata entry with `key`, if any.
  public func metadataValue(forKey key: String) -> String? {
    metadata.first { $0.key == key }?.value
  }
}

extension Sample {
  /// A sample, each argument the property of the same name.
  ///
  /// It hands its arguments to the memberwise initializer, which builds the sample of them as
  /// they are: one that assigns each property builds the sample in a variable and returns a copy
  /// of it (a retain of each of its references, and a release of each as the variable goes),
  /// which the optimizer leaves in for a struct of this many optional fields.
  public init(
    type: String, value: SampleValue, sourceName: String, sourceVersion: String? = nil,
    device: String? = nil, creationDate: Timestamp? = nil, startDate: Timestamp,
    endDate: Timestamp, metadata: [MetadataEntry] = [], uuid: String? = nil,
    beats: [InstantaneousBeat] = []
  ) {
    self.init(
      type: type, value: value, sourceName: sourceName, sourceVersion: sourceVersion, device: device,
      creationDate: creationDate, startDate: startDate, endDate: endDate, metadata: metadata,
      beats: beats, uuid: uuid)
  }
}

/// What a sample measured.
public enum SampleValue: Hashable, Sendable {
  /// A number in a HealthKit unit, such as `72.5` `kg` or `5.5` `mmol<180.1558800000541>/L`.
  case quantity(Double, unit: String)
  /// A category value as the export names it (`HKCategoryValueSleepAnalysisAsleepCore`), or a
  /// number written as text by old exports (`1`).
  case category(String)
  /// No value at all (some category samples, such as mindful sessions, carry none).
  case none
}

/// A key and value attached to a sample, a correlation or a workout.
public struct MetadataEntry: Hashable, Sendable {
  /// The key, such as `HKBloodGlucoseMealTime`; third-party keys are free text.
  public var key: String
  /// The value as text; units are part of the text where HealthKit stored a quantity (`56 degF`).
  public var value: String

  /// A metadata entry.
  public init(key: String, value: String) {
    self.key = key
    self.value = value
  }
}

/// One beat of an HRV record's list (`InstantaneousBeatsPerMinute`): the heart rate at that beat,
/// and its time of day as the device's locale wrote it (`7:47:41.86 PM`), with no date (the
/// record's start gives the day; a list can cross midnight).
public struct InstantaneousBeat: Hashable, Sendable {
  /// Beats per minute at this beat, when written as a number.
  public var beatsPerMinute: Double?
  /// The time of day, as written.
  public var time: String

  /// A heartbeat of a heart-rate variability list, each argument the property of the same name.
  public init(beatsPerMinute: Double?, time: String) {
    self.beatsPerMinute = beatsPerMinute
    self.time = time
  }
}
