package import HealthModel

extension ZipWriter {
  /// How a `ZipWriter` lays out an archive. The defaults give a plain archive that every unzip
  /// tool reads; the other choices produce the variants real archives show, for tests.
  package struct Options: Hashable, Sendable {
    /// Whether every entry gets ZIP64 extra fields and the archive a ZIP64 end record, even when
    /// every size and offset fits 32 bits. Without it ZIP64 is used only where it is needed,
    /// and an entry of 4 GiB or more cannot be added.
    package var forcesZip64: Bool
    /// Whether each entry's CRC-32 and sizes follow its data in a data descriptor (flag bit 3,
    /// with the signature `PK\u{7}\u{8}`) instead of being written into its local header.
    package var usesDataDescriptors: Bool
    /// Whether names are marked as UTF-8 (flag bit 11); names are written as UTF-8 either way.
    package var marksNamesAsUTF8: Bool
    /// The modification time given to every entry.
    package var modificationTime: DOSDateTime

    /// Options with the given choices; by default a plain archive with UTF-8 names dated
    /// 1980-01-01 00:00:00.
    package init(
      forcesZip64: Bool = false, usesDataDescriptors: Bool = false,
      marksNamesAsUTF8: Bool = true, modificationTime: DOSDateTime = .dosEpoch
    ) {
      self.forcesZip64 = forcesZip64
      self.usesDataDescriptors = usesDataDescriptors
      self.marksNamesAsUTF8 = marksNamesAsUTF8
      self.modificationTime = modificationTime
    }
  }

  /// A date and time as the zip format stores it (MS-DOS format: local time, even seconds,
  /// years 1980 to 2107). The writer never reads the clock, so its output depends only on its
  /// input.
  package struct DOSDateTime: Hashable, Sendable {
    /// The DOS date: years since 1980, month and day, packed in 16 bits.
    package let date: UInt16
    /// The DOS time: hour, minute and seconds / 2, packed in 16 bits.
    package let time: UInt16

    /// The time with the given fields; an odd second is rounded down.
    /// - Precondition: each field is in range (year 1980...2107, month 1...12, day 1...31,
    ///   hour 0...23, minute 0...59, second 0...59).
    package init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
      precondition((1980...2107).contains(year), "DOS dates run from 1980 to 2107")
      precondition((1...12).contains(month) && (1...31).contains(day), "invalid date")
      precondition(
        (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second),
        "invalid time")
      date = UInt16((year - 1980) << 9 | month << 5 | day)
      time = UInt16(hour << 11 | minute << 5 | second / 2)
    }

    /// The time `civil` shows, or the DOS epoch when it lies outside 1980 to 2107.
    package init(civil: CivilDateTime) {
      guard (1980...2107).contains(civil.year) else {
        self = .dosEpoch
        return
      }
      self.init(
        year: civil.year, month: civil.month, day: civil.day, hour: civil.hour, minute: civil.minute,
        second: civil.second)
    }

    /// 1980-01-01 00:00:00, the earliest time the format can hold.
    package static let dosEpoch = DOSDateTime(year: 1980, month: 1, day: 1)
  }
}
