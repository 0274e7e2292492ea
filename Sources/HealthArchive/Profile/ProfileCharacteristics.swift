import Foundation
import HealthModel

/// The person's characteristics: export.xml's `Me` attributes, the profile's `userData` numbers.
enum ProfileCharacteristics {
  static let dateOfBirth = "HKCharacteristicTypeIdentifierDateOfBirth"
  static let biologicalSex = "HKCharacteristicTypeIdentifierBiologicalSex"
  static let bloodType = "HKCharacteristicTypeIdentifierBloodType"
  static let fitzpatrickSkinType = "HKCharacteristicTypeIdentifierFitzpatrickSkinType"

  /// Writes `userData`: the date of birth in milliseconds (midnight of that day in `timeZone`),
  /// the enums as HealthKit's raw numbers, and every attribute as written under `characteristics`.
  static func encode(
    _ entries: [MetadataEntry], timeZone: TimeZone, into encoder: inout ProfileElementEncoder
  ) {
    encoder.beginObject()
    func value(_ key: String) -> String? { entries.first { $0.key == key }?.value }
    if let text = value(dateOfBirth), let day = ISO8601DateTime(parsing: text), !day.hasTime {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      let components = DateComponents(year: day.civil.year, month: day.civil.month, day: day.civil.day)
      if let date = calendar.date(from: components) {
        encoder.number("dateOfBirth", (date.timeIntervalSince1970 * 1000).rounded())
      }
    }
    let enums: [(String, StaticString, [String: Int])] = [
      (biologicalSex, "biologicalSex", HealthKitRawValues.biologicalSexes),
      (bloodType, "bloodType", HealthKitRawValues.bloodTypes),
      (fitzpatrickSkinType, "fitzpatrickSkinType", HealthKitRawValues.fitzpatrickSkinTypes),
    ]
    for (attribute, key, table) in enums {
      if let text = value(attribute), let raw = table[text] ?? Int(text) { encoder.integer(key, raw) }
    }
    if !entries.isEmpty { encoder.pairs("characteristics", entries) }
    encoder.endObject()
  }

  /// The `Me` attributes of a `userData` object: as written under `characteristics` when there,
  /// else from the numbers, named as export.xml names them.
  static func decode(_ userData: JSONValue, timeZone: TimeZone) -> [MetadataEntry] {
    if let pairs = userData["characteristics"]?.arrayValue {
      return pairs.compactMap { pair in
        guard let key = pair[0]?.stringValue, let value = pair[1]?.stringValue else { return nil }
        return MetadataEntry(key: key, value: value)
      }
    }
    var entries: [MetadataEntry] = []
    if let birth = ProfileDate.timestamp(userData["dateOfBirth"]) {
      let civil = CivilDateTime(birth, in: timeZone)
      entries.append(MetadataEntry(key: dateOfBirth, value: civil.dayText))
    }
    let enums: [(String, String, [String: Int])] = [
      ("biologicalSex", biologicalSex, HealthKitRawValues.biologicalSexes),
      ("bloodType", bloodType, HealthKitRawValues.bloodTypes),
      ("fitzpatrickSkinType", fitzpatrickSkinType, HealthKitRawValues.fitzpatrickSkinTypes),
    ]
    for (key, attribute, table) in enums {
      if let raw = userData[key]?.intValue {
        entries.append(
          MetadataEntry(key: attribute, value: HealthKitRawValues.name(of: raw, in: table) ?? String(raw)))
      }
    }
    return entries
  }
}
