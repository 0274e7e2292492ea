package import HealthModel

/// Reads an ECG recording as the Health app exports it (`electrocardiograms/ecg_….csv`): `key,value`
/// header lines (a value with a comma in quotes), a blank line, then one voltage per line.
///
///     Name
///     Date of Birth,"Jun 12, 2006"
///     Recorded Date,2023-03-04 20:55:07 -0500
///     Classification,Sinus Rhythm
///     Symptoms,
///     Software Version,1.90
///     Device,"Watch6,7"
///     Sample Rate,512 hertz
///
///
///     Lead,Lead I
///     Unit,µV
///
///     -107.825
///
/// The header is read by its English keys; a header of the usual ten lines whose keys are in
/// another language is read by position. The samples start at the first line that is a number
/// and follows a blank line; a decimal comma (`-265,868`) is read as a point. The sample count is
/// whatever the file holds (a poor recording stops early).
package enum ElectrocardiogramReader {
  /// A file that gives no recording.
  package struct Failure: Error, Hashable, Sendable {
    /// What is wrong, for the diagnostics (`an ECG file whose line 14 is not a number`).
    package var reason: String
    /// The 1-based line.
    package var line: Int
  }

  /// The header keys, in the order the Health app writes them.
  static let keys = [
    "Name", "Date of Birth", "Recorded Date", "Classification", "Symptoms", "Software Version", "Device",
    "Sample Rate", "Lead", "Unit",
  ]

  /// Reads `bytes`, the content of the file named `fileName`.
  /// - Throws: `Failure` for a file without samples or with a sample that is not a number.
  package static func read(_ bytes: [UInt8], fileName: String) throws(Failure) -> Electrocardiogram {
    var recording = Electrocardiogram(fileName: fileName)
    var header: [(key: String, value: String)] = []
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var lineNumber = 0
    var previousWasBlank = false
    var inSamples = false
    var samples: [Double] = []
    samples.reserveCapacity(16_384)
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != 0x0A { end += 1 }
      lineNumber += 1
      var lineEnd = end
      if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
      let isBlank = (start..<lineEnd).allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 }
      if !isBlank {
        let number = sample(bytes, start, lineEnd)
        if inSamples || (previousWasBlank && number != nil && !header.isEmpty) {
          inSamples = true
          guard let number else {
            throw Failure(reason: "an ECG file whose line \(lineNumber) is not a number", line: lineNumber)
          }
          samples.append(number)
        } else {
          header.append(headerLine(bytes, start, lineEnd))
        }
      }
      previousWasBlank = isBlank
      start = end + 1
    }
    guard !samples.isEmpty else {
      throw Failure(reason: "an ECG file without samples", line: max(lineNumber, 1))
    }
    recording.samples = samples
    let byPosition = header.count == keys.count && !header.contains { keys.contains($0.key) }
    for (position, line) in header.enumerated() {
      let key = byPosition ? keys[position] : line.key
      if !assign(line.value, to: key, in: &recording) {
        recording.otherHeaders.append(MetadataEntry(key: line.key, value: line.value))
      }
    }
    return recording
  }

  /// Sets the field `key` names; false for a key the reader does not know, or a value it cannot
  /// read (kept as written instead).
  private static func assign(_ value: String, to key: String, in recording: inout Electrocardiogram) -> Bool {
    switch key {
    case "Name": recording.name = value.isEmpty ? nil : value
    case "Date of Birth": recording.dateOfBirth = value
    case "Recorded Date":
      guard let date = ValueParsing.appleDate(value) else { return false }
      recording.recordedDate = date
    case "Classification": recording.classification = value
    case "Symptoms": recording.symptoms = value
    case "Software Version": recording.softwareVersion = value
    case "Device": recording.device = value
    case "Sample Rate":
      guard let rate = leadingNumber(value) else { return false }
      recording.sampleRate = rate
    case "Lead": recording.lead = value
    case "Unit": recording.unit = value
    default: return false
    }
    return true
  }

  /// A header line's key and value: the first CSV field, and the rest (quotes removed).
  private static func headerLine(_ bytes: [UInt8], _ start: Int, _ end: Int) -> (key: String, value: String) {
    var fields: [[UInt8]] = [[]]
    var inQuotes = false
    var index = start
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        if inQuotes && index + 1 < end && bytes[index + 1] == UInt8(ascii: "\"") {
          fields[fields.count - 1].append(byte)
          index += 1
        } else {
          inQuotes.toggle()
        }
      } else if byte == UInt8(ascii: ",") && !inQuotes && fields.count == 1 {
        fields.append([])
      } else {
        fields[fields.count - 1].append(byte)
      }
      index += 1
    }
    let key = String(decoding: fields[0], as: UTF8.self)
    let value = fields.count > 1 ? String(decoding: fields[1], as: UTF8.self) : ""
    return (key, value)
  }

  /// A sample line as a number: `-107.825`, or `-265,868` with a decimal comma.
  private static func sample(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Double? {
    let line = bytes[start..<end]
    if let value = ValueParsing.decimal(line) { return value }
    guard let comma = line.firstIndex(of: UInt8(ascii: ",")), !line.contains(UInt8(ascii: ".")) else {
      return nil
    }
    var copy = Array(line)
    copy[comma - start] = UInt8(ascii: ".")
    return ValueParsing.decimal(copy[...])
  }

  /// The number a value starts with (`512 hertz`, `512.844 hertz`, `512ヘルツ`).
  private static func leadingNumber(_ value: String) -> Double? {
    let prefix = value.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
    return ValueParsing.decimal(String(prefix.map { $0 == "," ? "." : $0 }))
  }
}
