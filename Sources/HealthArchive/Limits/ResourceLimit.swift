import HealthModel

/// Every bound the readers put on what one input may cost, in one place: its value, what it bounds,
/// and the words a user sees when an input reaches it. The readers take their limits from here
/// (tests pass smaller ones), and docs/reliability.md lists this table.
///
/// Each limit lies far beyond anything a real export holds (Apple's largest tag is a few hundred
/// bytes, its deepest nesting five elements), so that only a damaged or crafted input meets one.
package enum ResourceLimit: String, Hashable, Sendable, CaseIterable {
  /// The largest single tag, comment or DOCTYPE of an XML file (export.xml, GPX), in bytes.
  case tagSize = "tag size"
  /// The deepest nesting of XML elements.
  case elementDepth = "element depth"
  /// The most attributes one XML tag may have.
  case attributesPerTag = "attributes per tag"
  /// The most children an item keeps (metadata entries of a record, events of a workout, members
  /// of a correlation).
  case childrenPerItem = "children per item"
  /// The deepest nesting of JSON objects and arrays.
  case jsonDepth = "JSON depth"
  /// The largest single JSON string, in bytes.
  case jsonValueSize = "JSON value size"
  /// The longest number, in characters (JSON and export.xml).
  case numberLength = "number length"
  /// The largest element of a JSON profile read whole (its `userData`, a workout, a correlation),
  /// in bytes.
  case profileElementSize = "profile element size"
  /// The largest file a record names (a FHIR resource, an ECG recording), read whole, in bytes.
  case resourceFileSize = "resource file size"
  /// How many bytes the files an archive's records name may inflate to in all, besides the floor:
  /// this many times the archive's own size.
  case resourceInflation = "resource inflation"
  /// The bytes every archive's files may inflate to whatever its size.
  case resourceFloor = "resource floor"
  /// The largest settings file, in bytes.
  case settingsFileSize = "settings file size"
  /// The largest JSON-RPC message the assistant server reads or writes, in bytes: one line, a
  /// batch's answer included.
  case messageSize = "message size"
  /// The most messages one JSON-RPC batch may hold.
  case batchSize = "batch size"

  /// The limit's value: bytes, a count, a depth, or a factor.
  package var value: Int {
    switch self {
    case .tagSize: 64 << 20
    case .elementDepth: 256
    case .attributesPerTag: 1_000
    case .childrenPerItem: 10_000
    case .jsonDepth: 512
    case .jsonValueSize: 64 << 20
    case .numberLength: 1_024
    case .profileElementSize: 4 << 20
    case .resourceFileSize: 16 << 20
    case .resourceInflation: 32
    case .resourceFloor: 16 << 20
    case .settingsFileSize: 1 << 20
    case .messageSize: 16 << 20
    case .batchSize: 1_000
    }
  }

  /// What the limit bounds, for the table in the docs.
  package var meaning: String {
    switch self {
    case .tagSize: "one XML tag, comment or DOCTYPE (export.xml, GPX)"
    case .elementDepth: "XML elements open at once"
    case .attributesPerTag: "attributes of one XML tag"
    case .childrenPerItem: "metadata entries, events, statistics, members or files kept for one item"
    case .jsonDepth: "JSON objects and arrays open at once"
    case .jsonValueSize: "one JSON string"
    case .numberLength: "one number, in characters"
    case .profileElementSize: "one element of a JSON profile read whole (userData, a workout, a correlation)"
    case .resourceFileSize: "one file a record names (a FHIR resource, an ECG recording)"
    case .resourceInflation:
      "the files an archive's records name, inflated, as a multiple of the archive's size"
    case .resourceFloor: "the files an archive's records name, inflated, whatever the archive's size"
    case .settingsFileSize: "the settings file"
    case .messageSize:
      "one JSON-RPC message to or from the assistant server (a line; a batch's answers in all)"
    case .batchSize: "messages in one JSON-RPC batch to the assistant server"
    }
  }

  /// What a user reads when an input reaches the limit (after the file and place).
  package var message: String { message(limit: value) }

  /// What a user reads when an input reaches the limit, set at `limit` (tests set smaller ones).
  package func message(limit value: Int) -> String {
    switch self {
    case .tagSize:
      "a single tag is larger than \(Self.text(bytes: value)); the file is damaged or not an export"
    case .elementDepth:
      "elements nested more than \(value) deep; the file is damaged or not an export"
    case .attributesPerTag:
      "more than \(Self.text(count: value)) attributes in one tag"
    case .childrenPerItem:
      "more than \(Self.text(count: value)) children"
    case .jsonDepth:
      "objects and arrays nested more than \(value) deep; the file is damaged or not a health export"
    case .jsonValueSize:
      "a single value is larger than \(Self.text(bytes: value)); the file is damaged or not a health export"
    case .numberLength:
      "a number longer than \(Self.text(count: value)) characters; the file is damaged"
    case .profileElementSize:
      "one element is larger than \(Self.text(bytes: value)); the profile is damaged"
    case .resourceFileSize:
      "the file is larger than \(Self.text(bytes: value)); it was not read"
    case .resourceInflation, .resourceFloor:
      "the files the records name inflate to more than the archive's size allows "
        + "(\(Self.text(bytes: ResourceLimit.resourceFloor.value)) plus \(ResourceLimit.resourceInflation.value) "
        + "times its size); the rest were not read"
    case .settingsFileSize:
      "the settings file is larger than \(Self.text(bytes: value)); it is not a settings file"
    case .messageSize:
      "a message larger than \(Self.text(bytes: value)) is refused; an answer that would be larger is an error that asks for less"
    case .batchSize:
      "a batch of more than \(Self.text(count: value)) messages is refused"
    }
  }

  /// The bytes the files an archive of `archiveSize` bytes names may inflate to in all.
  package static func resourceBudget(forArchiveOf archiveSize: Int64) -> Int64 {
    let (scaled, overflow) = max(0, archiveSize).multipliedReportingOverflow(
      by: Int64(resourceInflation.value))
    return overflow ? .max : scaled + Int64(resourceFloor.value)
  }

  /// `64 MiB`, `1 KiB`, `100 bytes`.
  package static func text(bytes: Int) -> String {
    if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }

  /// `10,000`.
  static func text(count: Int) -> String { Quoted.grouped(count) }
}

extension ResourceLimit {
  /// The table docs/reliability.md shows: each limit, its value, what it bounds and what a user
  /// reads when an input reaches it.
  package static var markdownTable: String {
    var lines = ["| Limit | Value | Bounds | When an input reaches it |", "|---|---|---|---|"]
    for limit in allCases {
      lines.append("| \(limit.rawValue) | \(limit.valueText) | \(limit.meaning) | \(limit.message) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The value in its unit: `64 MiB`, `10,000`, `32×`.
  package var valueText: String {
    switch self {
    case .tagSize, .jsonValueSize, .profileElementSize, .resourceFileSize, .resourceFloor, .settingsFileSize,
      .messageSize:
      Self.text(bytes: value)
    case .resourceInflation: "\(value)×"
    case .elementDepth, .attributesPerTag, .childrenPerItem, .jsonDepth, .numberLength, .batchSize:
      Self.text(count: value)
    }
  }
}
