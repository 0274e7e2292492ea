/// Which metadata entries identify the person or a device of theirs, by key: HealthKit's
/// `HKMetadataKeySyncIdentifier` and `HKMetadataKeySyncVersion`, `HKExternalUUID`,
/// `HKMetadataKeyDeviceSerialNumber`, `HKMetadataKeyUDIDeviceIdentifier` and
/// `HKMetadataKeyUDIProductionIdentifier`, `HKMetadataKeyDeviceName`, `HKMetadataKeyDigitalSignature`,
/// and any other app's key that names an identifier, a UUID, a serial number, a sync, a name, a
/// link or address, a user, an email, a phone, a signature, a source or coordinates (`Withings
/// User Identifier`, `Withings Link`, `Original Source`). HealthKit's own keys of what was
/// measured (`HKWasUserEntered`, `HKTimeZone`, `HKSwimmingLocationType`) stay.
enum IdentifyingMetadata {
  /// Words that, in a key, make its value identifying.
  static let words = [
    "identifier", "uuid", "serial", "sync", "udi", "name", "link", "url", "email", "phone", "address",
    "signature", "source", "coordinate", "latitude", "longitude",
  ]

  /// HealthKit's keys that hold one of the words but identify no one.
  static let measurements: Set<String> = [
    "HKWasUserEntered", "HKMetadataKeyWasUserEntered", "HKSleepingWristTemperatureSourceType",
  ]

  /// Whether the entry under `key` identifies.
  static func isIdentifying(_ key: String) -> Bool {
    if measurements.contains(key) { return false }
    if key.hasPrefix("HK") {
      // HealthKit's keys are camel case: `udi` only as the word `UDI`, not inside `Audio`.
      if key.contains("UDI") { return true }
      let lower = key.lowercased()
      return words.contains { $0 != "udi" && lower.contains($0) }
    }
    let lower = key.lowercased()
    if lower.contains("user") { return true }
    return words.contains { word in
      guard word == "udi" else { return lower.contains(word) }
      return lower.split(whereSeparator: { !$0.isLetter }).contains("udi")
    }
  }

  /// Whether the entry under `key` holds a date, which moves with the others (`Modified Date`,
  /// `Original Creation Date`).
  static func holdsDate(_ key: String) -> Bool {
    key.lowercased().contains("date")
  }
}
