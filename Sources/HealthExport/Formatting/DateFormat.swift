import HealthModel

/// The five ways the CSV can write a date, all to the second (fractions are dropped, never
/// rounded).
public enum DateFormat: String, Hashable, Sendable, CaseIterable {
  /// `yyyy-MM-dd HH:mm:ss`, local time: `2026-01-09 10:30:00`.
  case standard = "default"
  /// `yyyy-MM-dd'T'HH:mm:ss'Z'`, always UTC: `2026-01-09T10:30:00Z`.
  case iso8601
  /// `yyyy/MM/dd HH:mm:ss`, local time: `2026/01/09 10:30:00`.
  case ymdSlash = "ymd-slash"
  /// `MM/dd/yyyy HH:mm:ss`, local time: `01/09/2026 10:30:00`.
  case mdy
  /// `dd MMM yyyy HH:mm:ss` with English month abbreviations, local time: `09 Jan 2026 10:30:00`.
  case dmy

  /// The name on the command line.
  public var optionName: String { rawValue }

  /// The pattern, as the help text shows it.
  public var pattern: String {
    switch self {
    case .standard: "yyyy-MM-dd HH:mm:ss"
    case .iso8601: "yyyy-MM-dd'T'HH:mm:ss'Z'"
    case .ymdSlash: "yyyy/MM/dd HH:mm:ss"
    case .mdy: "MM/dd/yyyy HH:mm:ss"
    case .dmy: "dd MMM yyyy HH:mm:ss"
    }
  }

  /// Whether the format is written in UTC whatever the chosen time zone.
  public var isUTC: Bool { self == .iso8601 }

  private static let monthAbbreviations: [StaticString] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// Appends the date of `secondsSince1970` as the wall-clock time `offset` seconds east of UTC.
  package func append(secondsSince1970: Int64, offset: Int, to output: inout [UInt8]) {
    let civil = CivilDateTime(secondsSince1970: secondsSince1970 + Int64(isUTC ? 0 : offset))
    switch self {
    case .standard, .iso8601:
      appendYear(civil.year, to: &output)
      output.append(UInt8(ascii: "-"))
      appendTwoDigits(civil.month, to: &output)
      output.append(UInt8(ascii: "-"))
      appendTwoDigits(civil.day, to: &output)
      output.append(self == .iso8601 ? UInt8(ascii: "T") : UInt8(ascii: " "))
    case .ymdSlash:
      appendYear(civil.year, to: &output)
      output.append(UInt8(ascii: "/"))
      appendTwoDigits(civil.month, to: &output)
      output.append(UInt8(ascii: "/"))
      appendTwoDigits(civil.day, to: &output)
      output.append(UInt8(ascii: " "))
    case .mdy:
      appendTwoDigits(civil.month, to: &output)
      output.append(UInt8(ascii: "/"))
      appendTwoDigits(civil.day, to: &output)
      output.append(UInt8(ascii: "/"))
      appendYear(civil.year, to: &output)
      output.append(UInt8(ascii: " "))
    case .dmy:
      appendTwoDigits(civil.day, to: &output)
      output.append(UInt8(ascii: " "))
      let month = Self.monthAbbreviations[civil.month - 1]
      output.append(contentsOf: UnsafeBufferPointer(start: month.utf8Start, count: month.utf8CodeUnitCount))
      output.append(UInt8(ascii: " "))
      appendYear(civil.year, to: &output)
      output.append(UInt8(ascii: " "))
    }
    appendTwoDigits(civil.hour, to: &output)
    output.append(UInt8(ascii: ":"))
    appendTwoDigits(civil.minute, to: &output)
    output.append(UInt8(ascii: ":"))
    appendTwoDigits(civil.second, to: &output)
    if self == .iso8601 { output.append(UInt8(ascii: "Z")) }
  }

  /// The date as a `String` (tests, file names).
  func string(secondsSince1970: Int64, offset: Int) -> String {
    var bytes: [UInt8] = []
    append(secondsSince1970: secondsSince1970, offset: offset, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private func appendTwoDigits(_ value: Int, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "0") + UInt8(value / 10))
    output.append(UInt8(ascii: "0") + UInt8(value % 10))
  }

  /// Four digits for years 0–9999; other years as printf's `%04d` would write them.
  private func appendYear(_ year: Int, to output: inout [UInt8]) {
    if (0...9999).contains(year) {
      output.append(UInt8(ascii: "0") + UInt8(year / 1000))
      output.append(UInt8(ascii: "0") + UInt8(year / 100 % 10))
      output.append(UInt8(ascii: "0") + UInt8(year / 10 % 10))
      output.append(UInt8(ascii: "0") + UInt8(year % 10))
    } else {
      output.append(contentsOf: String(year).utf8)
    }
  }
}
