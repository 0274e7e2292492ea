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
    guard (0...9999).contains(civil.year) else {
      appendByteByByte(civil, to: &output)
      return
    }
    // Every format is at most 20 bytes for a four-digit year: written on the stack, appended once.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
      guard let base = buffer.baseAddress else { return }
      let count = write(civil, to: base)
      output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<count]))
    }
  }

  /// Writes `civil` (a year of four digits) at `p`, as `append` does.
  /// - Returns: the bytes written, at most 20.
  private func write(_ civil: CivilDateTime, to p: UnsafeMutablePointer<UInt8>) -> Int {
    var i = 0
    switch self {
    case .standard, .iso8601, .ymdSlash:
      let separator = self == .ymdSlash ? UInt8(ascii: "/") : UInt8(ascii: "-")
      Self.writeYear(civil.year, to: p)
      p[4] = separator
      Self.writeTwoDigits(civil.month, to: p + 5)
      p[7] = separator
      Self.writeTwoDigits(civil.day, to: p + 8)
      p[10] = self == .iso8601 ? UInt8(ascii: "T") : UInt8(ascii: " ")
      i = 11
    case .mdy:
      Self.writeTwoDigits(civil.month, to: p)
      p[2] = UInt8(ascii: "/")
      Self.writeTwoDigits(civil.day, to: p + 3)
      p[5] = UInt8(ascii: "/")
      Self.writeYear(civil.year, to: p + 6)
      p[10] = UInt8(ascii: " ")
      i = 11
    case .dmy:
      Self.writeTwoDigits(civil.day, to: p)
      p[2] = UInt8(ascii: " ")
      let month = Self.monthAbbreviations[civil.month - 1]
      (p + 3).update(from: month.utf8Start, count: 3)
      p[6] = UInt8(ascii: " ")
      Self.writeYear(civil.year, to: p + 7)
      p[11] = UInt8(ascii: " ")
      i = 12
    }
    Self.writeTwoDigits(civil.hour, to: p + i)
    p[i + 2] = UInt8(ascii: ":")
    Self.writeTwoDigits(civil.minute, to: p + i + 3)
    p[i + 5] = UInt8(ascii: ":")
    Self.writeTwoDigits(civil.second, to: p + i + 6)
    i += 8
    if self == .iso8601 {
      p[i] = UInt8(ascii: "Z")
      i += 1
    }
    return i
  }

  @inline(__always)
  private static func writeTwoDigits(_ value: Int, to p: UnsafeMutablePointer<UInt8>) {
    p[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10)
    p[1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
  }

  @inline(__always)
  private static func writeYear(_ year: Int, to p: UnsafeMutablePointer<UInt8>) {
    p[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: year / 1000)
    p[1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: year / 100 % 10)
    p[2] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: year / 10 % 10)
    p[3] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: year % 10)
  }

  /// `append` for a year outside 0–9999, which `appendYear` writes as printf's `%04d` would.
  private func appendByteByByte(_ civil: CivilDateTime, to output: inout [UInt8]) {
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
