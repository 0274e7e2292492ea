package import Foundation
package import HealthModel

/// Reads a JSON health profile as a stream, handing out the same items an export gives.
///
/// Byte-level and bounded in memory whatever the file's size: samples are parsed key by key from
/// the reader's buffer, and arrays of types the filter leaves out are skipped without decoding.
/// Key order is free; a type key that appears twice has both arrays read (older writers did
/// this); unknown keys are ignored. `metaData.type` must be `JsonSingleDocExportTarget`.
///
/// Malformed JSON is an error with the byte offset and the key path; a sample without a start
/// date, or a quantity without a value, is skipped and reported.
package final class ProfileReader {
  /// What `metaData` said.
  package struct Metadata: Hashable, Sendable {
    package var profileName: String?
    package var version: String?
    package var creationDate: Timestamp?
  }

  /// The largest element read whole (`ResourceLimit.profileElementSize`).
  static let maximumElementSize = ResourceLimit.profileElementSize.value

  private let reader: JSONReader
  private let filter: ItemFilter
  private let diagnostics: Diagnostics
  private let timeZone: TimeZone
  private let name: String

  /// What the profile's `metaData` said; complete once `read` returns.
  package private(set) var metadata = Metadata()
  /// The time zones the samples' metadata names (`HKTimeZone`), every sample counted whether or
  /// not it was delivered; complete once `read` returns.
  package private(set) var timeZones = TimeZoneCensus()

  /// - Parameters:
  ///   - stream: the profile's bytes.
  ///   - filter: which items to deliver.
  ///   - diagnostics: where skipped samples are reported.
  ///   - timeZone: where `userData.dateOfBirth` is read as a calendar day.
  package init(stream: any ByteStream, filter: ItemFilter, diagnostics: Diagnostics, timeZone: TimeZone) {
    self.reader = JSONReader(stream: stream)
    reader.allowsNUL = false
    self.filter = filter
    self.diagnostics = diagnostics
    self.timeZone = timeZone
    self.name = stream.name
  }

  /// Reads the whole profile, handing each item to `consume` with where it starts.
  /// - Throws: `JSONError` (with the byte offset and key path) for malformed JSON or a value of
  ///   the wrong kind; `ProfileError` for another `metaData.type` or no `metaData`; the stream's
  ///   errors; `StrictModeError`; whatever `consume` throws.
  package func read(_ consume: (HealthItem, SourceLocation) throws -> Void) throws {
    guard try reader.nextToken() == .beginObject else {
      throw ProfileError.notAnObject(at: location())
    }
    var sawMetaData = false
    while try reader.nextToken() == .key {
      let key = reader.stringValue
      let start = location()
      switch key {
      case ProfileKeys.metaData:
        sawMetaData = true
        try readMetaData(consume)
      case ProfileKeys.userData:
        let userData = try reader.readValue(maximumBytes: Self.maximumElementSize)
        try consume(.characteristics(ProfileCharacteristics.decode(userData, timeZone: timeZone)), start)
      case ProfileKeys.workouts where filter.includesWorkouts:
        try forEachElement { value, location in
          if let workout = try ProfileElementDecoder.workout(value, at: location, diagnostics: diagnostics) {
            try consume(.workout(workout), location)
          }
        }
      case ProfileKeys.activitySummaries where filter.includesActivitySummaries:
        try forEachElement { value, location in
          try consume(.activitySummary(ProfileElementDecoder.activitySummary(value)), location)
        }
      case ProfileKeys.clinicalRecords where filter.includesClinicalRecords:
        try forEachElement { value, location in
          if let record = ProfileElementDecoder.clinicalRecord(value) {
            try consume(.clinicalRecord(record), location)
          }
        }
      case ProfileKeys.labResults where filter.includesLabResults:
        try forEachElement { value, location in
          if let result = ProfileElementDecoder.labResult(value) { try consume(.labResult(result), location) }
        }
      case _ where key.hasPrefix("HKCorrelationTypeIdentifier") && filter.includesCorrelations:
        try forEachElement { value, location in
          if let correlation = try ProfileElementDecoder.correlation(
            value, type: key, filter: filter, at: location, diagnostics: diagnostics)
          {
            try consume(.correlation(correlation), location)
          }
        }
      case _
      where !ProfileKeys.isSpecial(key) && !key.hasPrefix("HKCorrelationTypeIdentifier")
        && filter.includes(sampleType: key):
        if try reader.peekToken() == .beginArray {
          try readSamples(of: key, consume)
        } else {
          try skipValue()
        }
      default:
        try skipValue()
      }
    }
    _ = try reader.nextToken()  // the end of the input: anything else is an error
    guard sawMetaData else { throw ProfileError.missingMetaData(file: name) }
  }

  // MARK: - Parts

  private func readMetaData(_ consume: (HealthItem, SourceLocation) throws -> Void) throws {
    _ = try reader.peekToken()
    let start = location()
    let value = try reader.readValue(maximumBytes: Self.maximumElementSize)
    let type = value["type"]?.stringValue ?? ""
    guard type == ProfileKeys.singleDocumentType else {
      throw ProfileError.unsupportedType(type, at: start)
    }
    metadata.profileName = value["profileName"]?.stringValue
    metadata.version = value["version"]?.stringValue
    metadata.creationDate = ProfileDate.timestamp(value["creationDate"])
    if let exportDate = ProfileDate.timestamp(value["exportDate"]) {
      try consume(.exportDate(exportDate), start)
    }
  }

  /// Reads an array whose elements are small objects, one `JSONValue` at a time.
  private func forEachElement(_ body: (JSONValue, SourceLocation) throws -> Void) throws {
    guard try reader.nextToken() == .beginArray else {
      throw reader.error(.typeMismatch(expected: "an array", found: reader.token.nameInMessages))
    }
    while try reader.peekToken() != .endArray {
      let start = location()
      let value = try reader.readValue(maximumBytes: Self.maximumElementSize)
      countTimeZones(in: value)
      try body(value, start)
    }
    _ = try reader.nextToken()
  }

  /// Reads an array of samples of one type, key by key from the buffer.
  private func readSamples(of type: String, _ consume: (HealthItem, SourceLocation) throws -> Void) throws {
    _ = try reader.nextToken()  // [
    while true {
      let token = try reader.nextToken()
      if token == .endArray { return }
      guard token == .beginObject else {
        throw reader.error(.typeMismatch(expected: "a sample object", found: token.nameInMessages))
      }
      let start = location()
      if let sample = try readSampleFields(type: type, at: start) {
        try consume(.sample(sample), start)
      }
    }
  }

  /// Reads the members of a sample object whose `{` was just read.
  private func readSampleFields(type: String, at start: SourceLocation) throws -> Sample? {
    var fields = ProfileElementDecoder.SampleFields()
    var tooManyPairs = false
    while try reader.nextToken() == .key {
      if reader.keyEquals("sdate") {
        fields.hasStartDate = true
        fields.startDate = try reader.readProfileDate()
      } else if reader.keyEquals("value") {
        fields.value = try reader.readDouble()
      } else if reader.keyEquals("unit") {
        fields.unit = try reader.readString()
      } else if reader.keyEquals("edate") {
        fields.endDate = try reader.readProfileDate()
      } else if reader.keyEquals("sourceName") {
        fields.sourceName = try reader.readString()
      } else if reader.keyEquals("metadata") {
        (fields.metadata, tooManyPairs) = try readPairs()
      } else if reader.keyEquals("device") {
        fields.device = try reader.readString()
      } else if reader.keyEquals("sourceVersion") {
        fields.sourceVersion = try reader.readString()
      } else if reader.keyEquals("cdate") {
        fields.creationDate = try reader.readProfileDate()
      } else if reader.keyEquals("uuid") {
        fields.uuid = try reader.readString()
      } else if reader.keyEquals("valueName") {
        fields.valueName = try reader.readString()
      } else {
        try skipValue()
      }
    }
    if tooManyPairs {
      try diagnostics.report(
        Diagnostic(
          reason:
            "a sample with \(ResourceLimit.childrenPerItem.message) (metadata entries); the element was read past",
          location: start))
      return nil
    }
    return try ProfileElementDecoder.sample(
      from: fields, type: type, filter: filter, at: start, diagnostics: diagnostics)
  }

  /// `[["key","value"],…]`, and whether there were more than an item keeps
  /// (`ResourceLimit.childrenPerItem`), which are read but not kept.
  private func readPairs() throws -> ([MetadataEntry], tooMany: Bool) {
    var entries: [MetadataEntry] = []
    guard try reader.nextToken() == .beginArray else {
      throw reader.error(
        .typeMismatch(expected: "an array of [key, value] pairs", found: reader.token.nameInMessages))
    }
    let limit = ResourceLimit.childrenPerItem.value
    var count = 0
    while try reader.nextToken() == .beginArray {
      let key = try reader.readString()
      let value = try reader.readString()
      guard try reader.nextToken() == .endArray else {
        throw reader.error(
          .typeMismatch(expected: "']' after a [key, value] pair", found: reader.token.nameInMessages))
      }
      count += 1
      if key == HealthKitIdentifier.timeZoneKey { timeZones.add(value) }
      if count <= limit { entries.append(MetadataEntry(key: key, value: value)) }
    }
    guard reader.token == .endArray else {
      throw reader.error(.typeMismatch(expected: "a [key, value] pair", found: reader.token.nameInMessages))
    }
    return (count > limit ? [] : entries, count > limit)
  }

  /// Skips the next value, counting the time zones its metadata names: each `["HKTimeZone",
  /// NAME]` pair in it.
  private func skipValue() throws {
    let first = try reader.nextToken()
    switch first {
    case .beginObject, .beginArray:
      let target = reader.path.depth - 1
      // 1 after a `[`, 2 after `["HKTimeZone"`.
      var pairState = first == .beginArray ? 1 : 0
      while reader.path.depth > target {
        let token = try reader.nextToken()
        switch (token, pairState) {
        case (.beginArray, _): pairState = 1
        case (.string, 1): pairState = reader.stringEquals("HKTimeZone") ? 2 : 0
        case (.string, 2):
          timeZones.add(reader.stringValue)
          pairState = 0
        default: pairState = 0
        }
      }
    case .string, .number, .bool, .null:
      return
    case .endObject, .endArray, .key, .endOfInput:
      throw reader.error(.typeMismatch(expected: "a value", found: first.nameInMessages))
    }
  }

  /// Counts the time zones an element read whole names: each `["HKTimeZone", NAME]` pair in it.
  private func countTimeZones(in value: JSONValue) {
    switch value {
    case .array(let elements):
      if elements.count == 2, elements[0].stringValue == HealthKitIdentifier.timeZoneKey,
        let name = elements[1].stringValue
      {
        timeZones.add(name)
      } else {
        for element in elements { countTimeZones(in: element) }
      }
    case .object(let members):
      for member in members { countTimeZones(in: member.value) }
    case .string, .number, .bool, .null:
      return
    }
  }

  private func location() -> SourceLocation {
    SourceLocation(file: name, line: 0, byteOffset: Int64(reader.tokenOffset))
  }
}
