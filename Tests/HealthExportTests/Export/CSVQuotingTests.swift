import HealthModel
import SystemShim
import Testing

@testable import HealthExport

/// RFC 4180 quoting: only fields with a comma, a double quote, CR or LF are quoted.
@Suite struct CSVQuotingTests {
  @Test(arguments: [
    ("Mom's Lab", "Mom's Lab"),
    ("Lab, Inc.", "\"Lab, Inc.\""),
    ("The &quot;Best&quot; Scale", "\"The \"\"Best\"\" Scale\""),
    ("Line&#10;Break", "\"Line\nBreak\""),
    ("Carriage&#13;Return", "\"Carriage\rReturn\""),
    ("Simon’s iPhone 🕛", "Simon’s iPhone 🕛"),
    ("Здоровье", "Здоровье"),
    ("tab&#9;inside", "tab\tinside"),
  ])
  func quotesOnlyWhatItMust(_ example: (String, String)) throws {
    let outcome = try ExportTest.run(ExportTest.record("BodyMass", "80", "kg", source: example.0))
    #expect(outcome.csv == ExportTest.csv(["2026-01-09 10:30:00,Weight,,176.37,lbs,\(example.1),"]))
  }

  /// A text field that a spreadsheet would run as a formula is written after a `'` (OWASP), quoted
  /// as its characters require; the raw text is kept with `keepsRawText`.
  @Test(arguments: [
    ("=HYPERLINK(&quot;http://x&quot;,&quot;Open&quot;)", "\"'=HYPERLINK(\"\"http://x\"\",\"\"Open\"\")\""),
    ("+1+1", "'+1+1"),
    ("-2", "'-2"),
    ("@SUM(A1)", "'@SUM(A1)"),
    ("&#9;=1", "'\t=1"),
    ("&#13;=1", "\"'\r=1\""),
    ("a=1", "a=1"),
    (" =1", " =1"),
    ("'=1", "'=1"),
  ])
  func neutralizesWhatWouldRunAsAFormula(_ example: (String, String)) throws {
    let outcome = try ExportTest.run(ExportTest.record("BodyMass", "80", "kg", source: example.0))
    #expect(outcome.csv == ExportTest.csv(["2026-01-09 10:30:00,Weight,,176.37,lbs,\(example.1),"]))
  }

  /// Rows in runs of one source, and sources that change from row to row (none, one quoted, one
  /// that starts like a formula, back to the first), are each written with their own source.
  @Test func eachRowIsWrittenWithItsOwnSource() throws {
    let sources = ["Phone", "Phone", "", "", "Lab, Inc.", "Phone", "=1", "=1", "Phone"]
    let body = sources.enumerated().map { index, source in
      ExportTest.record(
        "StepCount", "\(index + 1)", "count", source: source, at: "2026-01-09 10:3\(index):00 -0500")
    }.joined()
    let outcome = try ExportTest.run(body)
    let written = ["Phone", "Phone", "", "", "\"Lab, Inc.\"", "Phone", "'=1", "'=1", "Phone"]
    #expect(
      outcome.rows
        == written.enumerated().map { index, source in
          "2026-01-09 10:3\(index):00,Steps,,\(index + 1),steps,\(source),"
        })
  }

  @Test func keepsRawTextWhenAsked() throws {
    var buffer: [UInt8] = []
    CSVField.append("=1+1", keepsRawText: true, to: &buffer)
    CSVField.append(",=2", keepsRawText: false, to: &buffer)
    #expect(String(decoding: buffer, as: UTF8.self) == "=1+1\",=2\"")
  }

  @Test func writesTheFileLayoutExactly() throws {
    let outcome = try ExportTest.run(ExportTest.record("StepCount", "5432", "count", source: "Apple Watch"))
    let expected: [UInt8] = Array(
      """
      ### HealthExporterCSV: data exported as-is from Apple Health.
      ### No warranty of accuracy or completeness or fitness for any purpose.
      ### Not a medical record. Verify with your healthcare provider before any clinical use.
      Date,Metric,LOINC,Value,Unit,Source,Meal Time
      2026-01-09 10:30:00,Steps,,5432,steps,Apple Watch,

      """.utf8)
    #expect(Array(outcome.csv.utf8) == expected)
    #expect(!outcome.csv.utf8.starts(with: [0xEF, 0xBB, 0xBF]))
    #expect(!outcome.csv.contains("\r"))
  }

  @Test(arguments: [
    (DateFormat.standard, "2026-07-04 09:05:03"),
    (.iso8601, "2026-07-04T13:05:03Z"),
    (.ymdSlash, "2026/07/04 09:05:03"),
    (.mdy, "07/04/2026 09:05:03"),
    (.dmy, "04 Jul 2026 09:05:03"),
  ])
  func writesDatesInTheChosenFormatAndZone(_ example: (DateFormat, String)) throws {
    var selection = ExportTest.selection()
    selection.dateFormat = example.0
    // The export's offset (+0200) is not the sample's: the instant is what counts.
    let outcome = try ExportTest.run(
      ExportTest.record("StepCount", "1", "count", at: "2026-07-04 15:05:03 +0200"), selection: selection)
    #expect(outcome.rows == ["\(example.1),Steps,,1,steps,Test Source,"])
  }

  /// A comma, double quote, CR or LF at any place of a field of any length quotes it (the check
  /// reads eight bytes at a time, then the rest one by one); any other byte does not.
  @Test(arguments: [
    UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A, 0x0D, UInt8(ascii: "'"), 0x09, 0x00, 0x2D, 0xE2,
  ])
  func aSpecialByteAnywhereQuotesTheField(byte: UInt8) {
    let quotes = byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
    for length in 1...24 {
      for place in 0..<length {
        var field = [UInt8](repeating: UInt8(ascii: "a"), count: length)
        field[place] = byte
        let needs = field.withSpan { CSVField.needsQuotes($0) }
        #expect(needs == quotes, "byte \(byte) at \(place) of \(length)")
      }
    }
    #expect([UInt8]().withSpan { CSVField.needsQuotes($0) } == false)
  }

  @Test(arguments: [
    ("", ""),
    ("Emma’s Apple Watch", "Emma’s Apple Watch"),
    ("a long source name, with a comma", "\"a long source name, with a comma\""),
    ("twelve chars\"", "\"twelve chars\"\"\""),
    ("-12345678901", "'-12345678901"),
    ("=a,b", "\"'=a,b\""),
  ])
  func aFieldIsWrittenAsItsBytesRequire(text: String, written: String) {
    #expect(String(decoding: CSVField.bytes(text), as: UTF8.self) == written)
    var buffer = Array("x,".utf8)
    CSVField.append(text, to: &buffer)
    #expect(String(decoding: buffer, as: UTF8.self) == "x," + written)
  }
}
