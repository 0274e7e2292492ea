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
    if let milliseconds = userData["dateOfBirth"]?.doubleValue {
      let seconds = Int64((milliseconds / 1000).rounded(.down))
      let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
      let civil = CivilDateTime(secondsSince1970: seconds + Int64(offset))
      let day = CalendarText.day(civil)
      entries.append(MetadataEntry(key: dateOfBirth, value: day))
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

/// `YYYY-MM-DD` of a civil date.
enum CalendarText {
  static func day(_ civil: CivilDateTime) -> String {
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(civil.year, 4))-\(pad(civil.month, 2))-\(pad(civil.day, 2))"
  }
}
