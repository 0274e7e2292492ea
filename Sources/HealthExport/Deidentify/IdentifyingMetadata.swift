/// Which metadata entries identify the person or a device of theirs, by key: HealthKit's
/// `HKMetadataKeySyncIdentifier` and `HKMetadataKeySyncVersion`, `HKExternalUUID`,
/// `HKMetadataKeyDeviceSerialNumber`, `HKMetadataKeyUDIDeviceIdentifier` and
/// `HKMetadataKeyUDIProductionIdentifier`, `HKMetadataKeyDeviceName`, `HKMetadataKeyDigitalSignature`,
/// and any other app's key that names an identifier or an id, a UUID, a serial number, a sync, a
/// name, a link or address, a user, an email, a phone, a signature, a source, a location or
/// coordinates (`Withings User Identifier`, `Withings Link`, `Original Source`, `Strava
/// Activity ID`). HealthKit's own keys of what was
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
    if ["user", "location", "gps"].contains(where: lower.contains) { return true }
    // Short words only as words of their own: `Strava Activity ID`, `external_id`, `lat`.
    let keyWords = Set(lower.split { !$0.isLetter })
    if !keyWords.isDisjoint(with: ["id", "udi", "lat", "lon", "lng"]) { return true }
    return words.contains { $0 != "udi" && lower.contains($0) }
  }

  /// Whether the entry under `key` holds a date, which moves with the others (`Modified Date`,
  /// `Original Creation Date`).
  static func holdsDate(_ key: String) -> Bool {
    key.lowercased().contains("date")
  }
}
