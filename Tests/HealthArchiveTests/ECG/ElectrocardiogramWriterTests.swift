import Foundation
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthArchive

/// ECG recordings written as the Health app writes them, read back field for field.
@Suite struct ElectrocardiogramWriterTests {
  static let recording = Electrocardiogram(
    fileName: "ecg_2026-01-14.csv", name: "Jane \"JJ\" Doe", dateOfBirth: "Mar 3, 1980",
    recordedDate: Timestamp(secondsSince1970: 1_768_434_000), classification: "Sinus Rhythm", symptoms: "",
    softwareVersion: "2.0", device: "Watch7,2", sampleRate: 512.844, lead: "Lead I", unit: "µV",
    otherHeaders: [MetadataEntry(key: "Recorded Date", value: "yesterday")],
    samples: [-107.825, 12, 0.0005, 3.14159])

  @Test func writesApplesLayout() {
    let text = String(
      decoding: ElectrocardiogramWriter.csv(Self.recording, dateOffset: -18_000), as: UTF8.self)
    #expect(
      text == """
        Name,"Jane ""JJ"" Doe"
        Date of Birth,"Mar 3, 1980"
        Recorded Date,2026-01-14 18:40:00 -0500
        Classification,Sinus Rhythm
        Symptoms,
        Software Version,2.0
        Device,"Watch7,2"
        Sample Rate,512.844 hertz


        Lead,Lead I
        Unit,µV
        Recorded Date,yesterday

        -107.825
        12
        0.0005
        3.14159

        """)
  }

  @Test func readsBackFieldForField() throws {
    var recording = Self.recording
    recording.otherHeaders = [MetadataEntry(key: "Lead Placement", value: "left wrist, crown")]
    let bytes = ElectrocardiogramWriter.csv(recording, dateOffset: 3_600)
    #expect(try ElectrocardiogramReader.read(bytes, fileName: recording.fileName) == recording)
    var nameless = Electrocardiogram(fileName: "ecg_2026-01-15.csv", samples: [1.5])
    nameless.sampleRate = 512
    let text = String(decoding: ElectrocardiogramWriter.csv(nameless, dateOffset: 0), as: UTF8.self)
    #expect(text == "Name\nSample Rate,512 hertz\n\n\n\n1.5\n")
    #expect(try ElectrocardiogramReader.read(Array(text.utf8), fileName: nameless.fileName) == nameless)
  }

  /// Apple's own recordings, read and written again with the offset they were read with, are the
  /// same bytes.
  @Test(
    .enabled(if: RealExports.isAvailable, "../shared/real-exports is absent"),
    arguments: [
      "HardeepMann-HackTJ23__ecg_2023-03-04.csv", "HardeepMann-HackTJ23__ecg_2023-03-04_1.csv",
      "HardeepMann-HackTJ23__ecg_2023-03-04_2.csv",
    ])
  func rewritesApplesRecordingsByteForByte(_ file: String) throws {
    let original = Array(try Data(contentsOf: URL(fileURLWithPath: RealExports.path(file))))
    let recording = try ElectrocardiogramReader.read(original, fileName: file)
    let offset = try #require(recording.recordedDate?.writtenUTCOffset)
    let rewritten = ElectrocardiogramWriter.csv(recording, dateOffset: Int(offset))
    #expect(
      rewritten == original,
      "\(Golden.difference(expected: String(decoding: original, as: UTF8.self), actual: String(decoding: rewritten, as: UTF8.self)))"
    )
  }
}
