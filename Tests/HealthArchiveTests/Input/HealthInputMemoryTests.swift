import Foundation
import HealthArchive
import HealthTestSupport
import Testing

/// An input held in memory that is not an export is refused as one on disk is: saying what it is
/// when that is known.
@Suite struct HealthInputMemoryTests {
  /// Files that are not an export, and what the refusal says each is.
  static let notExports: [(name: String, bytes: [UInt8], detail: String)] = [
    (
      "health.sqlite", Array("SQLite format 3\u{0}".utf8) + [UInt8](repeating: 0, count: 84),
      "it is a SQLite database, which the command line reads where it names one (a database health-exporter made); an app gives it as a DatabaseSource"
    ),
    (
      "route_2026-01-09_7.05am.gpx",
      Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><trkseg><trkpt lon="-73.9" lat="40.7"><ele>10</ele></trkpt></trkseg></trk>
        </gpx>

        """.utf8),
      "it is a GPX route, which an export holds in workout-routes/"
    ),
    (
      "ecg_2026-01-09.csv",
      Array(
        ("Name,Someone\nDate of Birth,1 Jan 1980\nRecorded Date,2026-01-09 07:05:00 -0500\n"
          + "Classification,Sinus Rhythm\nSymptoms,\nSoftware Version,1.90\nDevice,Watch7\n"
          + "Sample Rate,512 hertz\n\nLead,Lead I\nUnit,µV\n\n12.5\n").utf8),
      "it is an ECG recording, which an export holds in electrocardiograms/"
    ),
  ]

  @Test(arguments: notExports.indices)
  func saysWhatItIs(_ index: Int) throws {
    let (name, bytes, detail) = Self.notExports[index]
    #expect(throws: InputError.notAnExport(path: name, detail: detail)) {
      try HealthInput.open(bytes: bytes, name: name)
    }
    let folder = try TestDirectory()
    let path = try folder.write(bytes: bytes, to: name)
    #expect(throws: InputError.notAnExport(path: path, detail: detail)) {
      try HealthInput.open(path: path)
    }
  }

  /// Bytes of nothing known list what is accepted, every shape but a folder.
  @Test func bytesOfNothingKnownListWhatIsAccepted() {
    #expect(
      throws: InputError.notAnExport(
        path: "notes.txt",
        detail: "it is neither a zip archive, an XML file whose root is <HealthData>, nor a JSON profile")
    ) {
      try HealthInput.open(bytes: Array("just some notes".utf8), name: "notes.txt")
    }
  }
}
