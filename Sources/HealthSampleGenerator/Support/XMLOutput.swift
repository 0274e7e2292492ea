import HealthModel

/// Bytes of generated text, appended into one reused buffer: ASCII pieces, escaped attribute
/// values, numbers with a fixed number of decimals and dates in Apple's shape, all without
/// `String` formatting.
struct XMLOutput {
  var bytes: [UInt8] = []
  /// The UTC offset every date is written with (the export's), in seconds east of UTC.
  let dateOffset: Int
  /// ` -0500`: the offset as dates end.
  private let offsetSuffix: [UInt8]
  private var cachedDay: Int64 = .min
  private var cachedDate: [UInt8] = Array(repeating: 0, count: 11)

  init(dateOffset: Int, capacity: Int = 1 << 18) {
    self.dateOffset = dateOffset
    self.offsetSuffix = Array(" \(XMLOutput.offsetText(dateOffset))".utf8)
    bytes.reserveCapacity(capacity)
  }

  /// `-0500` for -18000 seconds.
  static func offsetText(_ seconds: Int) -> String {
    let sign = seconds < 0 ? "-" : "+"
    let minutes = abs(seconds) / 60
    let hours = minutes / 60
    let rest = minutes % 60
    return sign + (hours < 10 ? "0" : "") + "\(hours)" + (rest < 10 ? "0" : "") + "\(rest)"
  }

  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }

  /// Appends ASCII or UTF-8 text known at compile time.
  mutating func append(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends bytes prepared earlier (a record's fixed attributes).
  mutating func append(_ prepared: [UInt8]) {
    bytes.append(contentsOf: prepared)
  }

  /// Appends text as an XML attribute value: `&`, `<`, `>` and `"` escaped.
  mutating func appendEscaped(_ text: String) {
    bytes.append(contentsOf: XMLOutput.escaped(text))
  }

  /// The bytes of `text` escaped for an attribute value.
  static func escaped(_ text: String) -> [UInt8] {
    var result: [UInt8] = []
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): result.append(contentsOf: Array("&amp;".utf8))
      case UInt8(ascii: "<"): result.append(contentsOf: Array("&lt;".utf8))
      case UInt8(ascii: ">"): result.append(contentsOf: Array("&gt;".utf8))
      case UInt8(ascii: "\""): result.append(contentsOf: Array("&quot;".utf8))
      default: result.append(byte)
      }
    }
    return result
  }

  /// Appends a whole number.
  mutating func append(_ value: Int) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      appendDigits(UInt64(-value))
    } else {
      appendDigits(UInt64(value))
    }
  }

  /// Appends `value` rounded to `decimals` places, without trailing zeros (`72.5`, `72`), as
  /// Apple prints quantities.
  mutating func append(_ value: Double, decimals: Int) {
    let scale = StableMath.powerOfTen(decimals)
    var scaled = Int64((value * scale).rounded())
    if scaled < 0 {
      bytes.append(UInt8(ascii: "-"))
      scaled = -scaled
    }
    let divisor = Int64(scale)
    appendDigits(UInt64(scaled / divisor))
    var fraction = scaled % divisor
    guard fraction != 0 else { return }
    var places = decimals
    while fraction % 10 == 0 {
      fraction /= 10
      places -= 1
    }
    bytes.append(UInt8(ascii: "."))
    appendDigits(UInt64(fraction), width: places)
  }

  /// Appends `value` rounded to `decimals` places, with exactly `decimals` digits after the point.
  mutating func appendFixed(_ value: Double, decimals: Int) {
    let scale = StableMath.powerOfTen(decimals)
    var scaled = Int64((value * scale).rounded())
    if scaled < 0 {
      bytes.append(UInt8(ascii: "-"))
      scaled = -scaled
    }
    let divisor = Int64(scale)
    appendDigits(UInt64(scaled / divisor))
    guard decimals > 0 else { return }
    bytes.append(UInt8(ascii: "."))
    appendDigits(UInt64(scaled % divisor), width: decimals)
  }

  /// Appends a date as export.xml writes it, `2026-01-20 07:00:00 -0500`, in the export's offset.
  mutating func appendDate(_ instant: Int64) {
    let local = instant + Int64(dateOffset)
    let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    if day != cachedDay {
      cachedDay = day
      let civil = CivilDateTime.civil(fromDays: day)
      cachedDate = Array(XMLOutput.dayText(civil.year, civil.month, civil.day).utf8) + [UInt8(ascii: " ")]
    }
    bytes.append(contentsOf: cachedDate)
    let second = Int(local - day * 86_400)
    appendTwoDigits(second / 3600)
    bytes.append(UInt8(ascii: ":"))
    appendTwoDigits(second / 60 % 60)
    bytes.append(UInt8(ascii: ":"))
    appendTwoDigits(second % 60)
    bytes.append(contentsOf: offsetSuffix)
  }

  /// `value` rounded to `decimals` places, as text: with trailing zeros dropped (`72.5`), or with
  /// exactly `decimals` digits after the point when `isFixed`.
  static func text(_ value: Double, decimals: Int, isFixed: Bool = false) -> String {
    var out = XMLOutput(dateOffset: 0, capacity: 24)
    if isFixed {
      out.appendFixed(value, decimals: decimals)
    } else {
      out.append(value, decimals: decimals)
    }
    return String(decoding: out.bytes, as: UTF8.self)
  }

  /// `54.3 MB`: `bytes` in millions, one decimal.
  static func megabytes(_ bytes: Int) -> String {
    text(Double(bytes) / 1_000_000, decimals: 1, isFixed: true) + " MB"
  }

  /// `2026-01-09`.
  static func dayText(_ year: Int, _ month: Int, _ day: Int) -> String {
    CivilDateTime(year: year, month: month, day: day).dayText
  }

  mutating func appendTwoDigits(_ value: Int) {
    bytes.append(UInt8(ascii: "0") + UInt8(value / 10))
    bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
  }

  private mutating func appendDigits(_ value: UInt64, width: Int = 1) {
    var digits:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var rest = value
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
        count += 1
      } while rest > 0
      while count < width {
        buffer[19 - count] = UInt8(ascii: "0")
        count += 1
      }
      bytes.append(contentsOf: buffer[(20 - count)...])
    }
  }
}
