import HealthModel
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
}
