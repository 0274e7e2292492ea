/// Reading HealthKit's description of a device, as export.xml writes it in a record's `device`:
/// `<<HKDevice: 0x…>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch7,2, …>`.
package enum HealthKitDevice {
  /// The `model:` field of a device description (`Watch`, `iPhone`, `WBS05`); nil where there is
  /// none or it is empty.
  package static func model(in description: String) -> String? {
    field("model", in: description)
  }

  /// The `name:` field of a device description (`Apple Watch`, `iPhone`); nil where there is
  /// none or it is empty.
  package static func name(in description: String) -> String? {
    field("name", in: description)
  }

  /// The `hardware:` field of a device description (`Watch7,2`); nil where there is none or it
  /// is empty.
  package static func hardware(in description: String) -> String? {
    field("hardware", in: description)
  }

  /// The description without the address of the object that wrote it (`, name:Apple Watch, …>`
  /// of `<<HKDevice: 0x…>, name:Apple Watch, …>`): export.xml gives nearly every record's device
  /// an address of its own, while the rest names one of the few devices a person has. The whole
  /// description where it does not start with an address.
  package static func withoutAddress(_ description: String) -> Substring {
    let prefix = "<<HKDevice: 0x".utf8
    let utf8 = description.utf8
    guard utf8.starts(with: prefix) else { return description[...] }
    var index = utf8.index(utf8.startIndex, offsetBy: prefix.count)
    while index < utf8.endIndex, utf8[index] != UInt8(ascii: ">") { index = utf8.index(after: index) }
    guard index < utf8.endIndex else { return description[...] }
    return description[index...]
  }

  /// The value of the field `name:` up to the next `, ` or the closing `>` (a value may hold a
  /// comma: `hardware:Watch7,2`).
  package static func field(_ name: String, in description: String) -> String? {
    let utf8 = Array(description.utf8)
    let key = Array((name + ":").utf8)
    guard utf8.count >= key.count else { return nil }
    var index = 0
    while index + key.count <= utf8.count {
      let startsField =
        index == 0 || utf8[index - 1] == UInt8(ascii: " ") || utf8[index - 1] == UInt8(ascii: "<")
      if startsField && utf8[index..<index + key.count].elementsEqual(key) {
        let valueStart = index + key.count
        var valueEnd = valueStart
        while valueEnd < utf8.count && utf8[valueEnd] != UInt8(ascii: ">")
          && !(utf8[valueEnd] == UInt8(ascii: ",") && valueEnd + 1 < utf8.count
            && utf8[valueEnd + 1] == UInt8(ascii: " "))
        {
          valueEnd += 1
        }
        guard valueEnd > valueStart else { return nil }
        return String(decoding: utf8[valueStart..<valueEnd], as: UTF8.self)
      }
      index += 1
    }
    return nil
  }
}
