import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

/// Apple's ECG CSV: the header, by key or by position, and every sample, however many.
@Suite struct ElectrocardiogramReaderTests {
  static let header = """
    Name
    Date of Birth,"Jun 12, 2006"
    Recorded Date,2023-03-04 20:55:07 -0500
    Classification,Poor Recording
    Symptoms,
    Software Version,1.90
    Device,"Watch6,7"
    Sample Rate,512 hertz


    Lead,Lead I
    Unit,µV


    """

  static func read(_ text: String) throws(ElectrocardiogramReader.Failure) -> Electrocardiogram {
    try ElectrocardiogramReader.read(Array(text.utf8), fileName: "ecg_2023-03-04.csv")
  }

  @Test func readsTheHeaderAndTheSamples() throws {
    let recording = try Self.read(Self.header + "-107.825\n-121.163\n0\n")
    #expect(
      recording
        == Electrocardiogram(
          fileName: "ecg_2023-03-04.csv", name: nil, dateOfBirth: "Jun 12, 2006",
          recordedDate: Timestamp(secondsSince1970: 1_677_981_307), classification: "Poor Recording",
          symptoms: "", softwareVersion: "1.90", device: "Watch6,7", sampleRate: 512, lead: "Lead I",
          unit: "µV", samples: [-107.825, -121.163, 0]))
    #expect(recording.recordedDate?.writtenUTCOffset == -18_000)
  }

  @Test func readsWindowsLineEndingsAByteOrderMarkAndANamedPerson() throws {
    let text =
      "\u{FEFF}"
      + Self.header.replacingOccurrences(of: "Name\n", with: "Name,Jane Appleseed\n")
      .replacingOccurrences(of: "\n", with: "\r\n") + "1.5\r\n-2\r\n"
    let recording = try Self.read(text)
    #expect(recording.name == "Jane Appleseed")
    #expect(recording.lead == "Lead I")
    #expect(recording.samples == [1.5, -2])
    #expect(recording.otherHeaders == [])
  }

  @Test func readsALocalizedHeaderByPositionAndDecimalCommas() throws {
    let text = """
      名前
      生年月日,"1990/01/02"
      記録日,2023-03-04 20:55:07 +0900
      分類,洞調律
      症状,
      ソフトウェアバージョン,1.51
      デバイス,"Watch5,1"
      サンプルレート,512.844ヘルツ


      誘導,第I誘導
      単位,µV

      -265,868
      12,5
      """
    let recording = try Self.read(text)
    #expect(recording.classification == "洞調律")
    #expect(recording.sampleRate == 512.844)
    #expect(recording.recordedDate == Timestamp(secondsSince1970: 1_677_930_907))
    #expect(recording.lead == "第I誘導")
    #expect(recording.samples == [-265.868, 12.5])
  }

  @Test func keepsUnknownHeadersAndUnreadableValuesAsWritten() throws {
    let text =
      Self.header.replacingOccurrences(of: "Sample Rate,512 hertz", with: "Sample Rate,fast\nMood,calm")
      + "1\n"
    let recording = try Self.read(text)
    #expect(recording.sampleRate == nil)
    #expect(
      recording.otherHeaders == [
        MetadataEntry(key: "Sample Rate", value: "fast"), MetadataEntry(key: "Mood", value: "calm"),
      ])
  }

  @Test func refusesAFileWithoutSamplesOrWithTextAmongThem() throws {
    let empty = try #require(throws: ElectrocardiogramReader.Failure.self) { try Self.read(Self.header) }
    #expect(empty.reason == "an ECG file without samples")
    let bad = try #require(throws: ElectrocardiogramReader.Failure.self) {
      try Self.read(Self.header + "1\n2\nthree\n")
    }
    #expect(bad.reason == "an ECG file whose line 16 is not a number")
    #expect(bad.line == 16)
  }

  @Test(
    .enabled(if: RealExports.isAvailable, "../shared/real-exports is absent"),
    arguments: [
      ("HardeepMann-HackTJ23__ecg_2023-03-04.csv", "Poor Recording", 14_864, -107.825, -55.977),
      ("HardeepMann-HackTJ23__ecg_2023-03-04_1.csv", "Inconclusive", 15_360, -39.801, -162.089),
      ("HardeepMann-HackTJ23__ecg_2023-03-04_2.csv", "Sinus Rhythm", 15_360, -40.944, -37.575),
    ])
  func readsTheRealRecordings(file: String, classification: String, count: Int, first: Double, last: Double)
    throws
  {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: RealExports.path(file))))
    let recording = try ElectrocardiogramReader.read(bytes, fileName: file)
    #expect(recording.classification == classification)
    #expect(recording.samples.count == count)
    #expect(recording.samples.first == first)
    #expect(recording.samples.last == last)
    #expect(recording.sampleRate == 512)
    #expect(recording.device == "Watch6,7")
    #expect(recording.unit == "µV")
    #expect(recording.otherHeaders == [])
  }
}
