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
    ("export.zip", Array("%PDF-1.7\n%\u{E2}\u{E3}\n1 0 obj".utf8), "it is a PDF document"),
    ("export.zip", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], "it is a PNG image"),
    ("export.zip", [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8), "it is a JPEG image"),
    ("export.zip", Array("GIF89a".utf8) + [1, 0, 1, 0], "it is a GIF image"),
    ("IMG_0001.zip", [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0], "it is a HEIC image"),
    ("export.zip", Array("RIFF".utf8) + [36, 0, 0, 0] + Array("WEBPVP8 ".utf8), "it is a WebP image"),
    ("export.xml.gz", [0x1F, 0x8B, 8, 0, 0, 0, 0, 0], "it is a gzip-compressed file (unpack it first)"),
    ("export.zip", [], "it is an empty file"),
    (
      "notes.zip",
      Array("\u{FEFF}My steps, by hand: 10,000 on Monday and a long walk on Sunday\nmore\n".utf8),
      "it is a text file that begins 'My steps, by hand: 10,000 on Monday and…'"
    ),
    ("notes.zip", Array(" \n\n \n".utf8), "it is a text file of blank lines"),
    ("page.zip", Array("<!DOCTYPE html>\n<html><body>Health</body></html>".utf8), "it is an HTML page"),
    (
      "export_cda.xml",
      Array(
        "<?xml version=\"1.0\"?>\n<?xml-stylesheet type=\"text/xsl\" href=\"CDA.xsl\"?>\n<ClinicalDocument xmlns=\"urn:hl7-org:v3\">"
          .utf8),
      "it is a clinical document (CDA), such as the export_cda.xml an export holds beside export.xml"
    ),
    (
      "records.xml",
      Array("<!-- fragment -->\n <Record type=\"HKQuantityTypeIdentifierBodyMass\" value=\"77\"/>".utf8),
      "it is an XML file whose root is <Record>, not <HealthData>"
    ),
    (
      "healthkit.dtd",
      Array("<!-- HealthKit Export Version: 11 -->\n<!ELEMENT HealthData (ExportDate,Me)>\n".utf8),
      "it is a document type definition (DTD)"
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

  /// Bytes of nothing known (binary data, a WebAssembly module here) list what is accepted, every shape but a folder.
  @Test func bytesOfNothingKnownListWhatIsAccepted() {
    #expect(
      throws: InputError.notAnExport(
        path: "notes.txt",
        detail: "it is neither a zip archive, an XML file whose root is <HealthData>, nor a JSON profile")
    ) {
      try HealthInput.open(bytes: [0x00, 0x61, 0x73, 0x6D, 0x01, 0x00], name: "notes.txt")
    }
  }
}
