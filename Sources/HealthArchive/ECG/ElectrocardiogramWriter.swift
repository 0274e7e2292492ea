package import HealthModel

/// Writes an ECG recording as the Health app exports it (`electrocardiograms/ecg_….csv`), in the
/// layout `ElectrocardiogramReader` reads: the `key,value` header lines in Apple's order (a value
/// with a comma or a quote in quotes), two blank lines before `Lead` and `Unit`, a blank line, then
/// one voltage per line.
///
/// A field the recording lacks is left out (`Name` alone for a recording without a name, as the
/// Health app writes it); the header lines the reader kept as written (`otherHeaders`) follow
/// `Unit`. Voltages are written in the fewest digits that read back as the same number, which for
/// Apple's own voltages (at most three decimals, trailing zeros dropped: `-107.825`, `-317.57`)
/// is the text Apple wrote; or, without `keepsEveryDigit`, rounded to three decimals as Apple
/// rounds them.
package enum ElectrocardiogramWriter {
  /// The file of `recording`.
  /// - Parameters:
  ///   - recording: the ECG.
  ///   - dateOffset: the UTC offset `Recorded Date` is written with, in seconds east of UTC.
  ///   - keepsEveryDigit: whether voltages keep every digit (else: rounded to three decimals).
  /// - Returns: the CSV file's bytes.
  package static func csv(_ recording: Electrocardiogram, dateOffset: Int, keepsEveryDigit: Bool = true)
    -> [UInt8]
  {
    var out = TextOutput(dateOffset: dateOffset, capacity: recording.samples.count * 10 + 512)
    appendHeader(of: recording, to: &out)
    for sample in recording.samples {
      if keepsEveryDigit {
        out.appendShortest(sample)
      } else {
        out.append(sample, decimals: 3)
      }
      out.append("\n")
    }
    return out.bytes
  }

  /// Appends the header lines and the blank line before the samples; `Recorded Date` in `out`'s
  /// date offset.
  package static func appendHeader(of recording: Electrocardiogram, to out: inout TextOutput) {
    if let name = recording.name {
      line("Name", name, to: &out)
    } else {
      out.append("Name\n")
    }
    if let value = recording.dateOfBirth { line("Date of Birth", value, to: &out) }
    if let date = recording.recordedDate {
      out.append("Recorded Date,")
      out.appendDate(date.wholeSecondsSince1970)
      out.append("\n")
    }
    if let value = recording.classification { line("Classification", value, to: &out) }
    if let value = recording.symptoms { line("Symptoms", value, to: &out) }
    if let value = recording.softwareVersion { line("Software Version", value, to: &out) }
    if let value = recording.device { line("Device", value, to: &out) }
    if let rate = recording.sampleRate {
      out.append("Sample Rate,")
      out.appendShortest(rate)
      out.append(" hertz\n")
    }
    out.append("\n\n")
    if let value = recording.lead { line("Lead", value, to: &out) }
    if let value = recording.unit { line("Unit", value, to: &out) }
    for entry in recording.otherHeaders { line(entry.key, entry.value, to: &out) }
    out.append("\n")
  }

  /// `key,value`, the value quoted when it holds a comma or a quote (a quote doubled); a line
  /// break, which would end the line, becomes a space.
  private static func line(_ key: String, _ value: String, to out: inout TextOutput) {
    out.append(Array(field(key).utf8))
    out.append(",")
    out.append(Array(field(value).utf8))
    out.append("\n")
  }

  private static func field(_ text: String) -> String {
    let flat = String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    guard flat.contains(",") || flat.contains("\"") else { return flat }
    var quoted = "\""
    for character in flat {
      if character == "\"" { quoted.append("\"") }
      quoted.append(character)
    }
    return quoted + "\""
  }
}
