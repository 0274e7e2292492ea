import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthReport
import HealthTestSupport
import Testing

/// The page is one well-formed HTML document that refers to nothing outside itself, and no text
/// of the input can add markup to it.
@Suite struct SelfContainedPageTests {
  private static let samplePage = Result {
    try ReportTest.page(
      of: try ReportTest.sample(), selection: ReportTest.selection(), now: ReportTest.sampleNow
    ).html
  }

  @Test func theSamplesPageIsWellFormed() throws {
    let html = try Self.samplePage.get()
    #expect(HTMLCheck.problems(in: html) == [])
    #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"))
    #expect(html.hasSuffix("</body></html>\n"))
  }

  @Test func theSamplesPageRefersToNothingOutside() throws {
    let html = try Self.samplePage.get()
    #expect(HTMLCheck.externalReferences(in: html) == [])
    // One script, inline, and every style inline.
    #expect(html.components(separatedBy: "<script").count == 2)
    #expect(html.contains("<script>addEventListener(\"beforeprint\""))
  }

  @Test func theCheckFindsWhatItLooksFor() {
    #expect(
      HTMLCheck.problems(in: "<!DOCTYPE html>\n<p><b>x</p></b>") == ["</p> closes <b>", "not closed: p"])
    #expect(HTMLCheck.problems(in: "<!DOCTYPE html>\n<p a=b>Tom & Jerry</p>").count == 2)
    #expect(
      HTMLCheck.externalReferences(
        in: "<a href=\"https://x\">x</a><img src=\"a.png\"><style>b{background:url(x)}</style>")
        == [" src=\"", "url(", "https:", "<img", "href to https://x\"></a><img src=\"a.png"])
    #expect(HTMLCheck.externalReferences(in: "<a href=\"#labs\">labs</a>") == [])
  }

  @Test func escapesEveryTextFromTheInput() throws {
    let folder = try TestDirectory()
    let hostile = "Dr. <Smith> & \"Sons\" 'Lab'"
    let xmlName = "Dr. &lt;Smith&gt; &amp; &quot;Sons&quot; &apos;Lab&apos;"
    var fixture = ExportFixture()
    fixture.add(
      "apple_health_export/export.xml",
      ExportXML.document(
        ExportXML.record(
          "BodyMass", value: "80", unit: "kg", source: xmlName, start: "2026-01-09 10:00:00 -0500")
            + """
             <ClinicalRecord type="Observation" identifier="1" sourceName="\(xmlName)" fhirVersion="4.0.1" resourceFilePath="/clinical-records/Observation-1.json"/>

            """))
    fixture.add(
      "apple_health_export/clinical-records/Observation-1.json",
      #"{"resourceType":"Observation","status":"final","code":{"coding":[{"system":"http://loinc.org","code":"99999-9"}],"text":"<img src=x onerror=alert(1)>"},"effectiveDateTime":"2026-01-09T08:00:00-05:00","valueQuantity":{"value":4.25,"unit":"<u>"},"referenceRange":[{"low":{"value":1},"high":{"value":4}}]}"#
    )
    try fixture.writeFolder(at: folder.path)
    let input = try HealthInput.open(path: folder.file("apple_health_export"), timeZone: ReportTest.newYork)
    let html = try ReportTest.page(of: input, selection: ReportTest.selection(), now: ReportTest.now).html
    #expect(HTMLCheck.problems(in: html) == [])
    #expect(HTMLCheck.externalReferences(in: html) == [])
    #expect(!html.contains("<Smith>") && !html.contains("<img") && !html.contains("<u>"))
    #expect(html.contains("Dr. &lt;Smith&gt; &amp; &quot;Sons&quot; &#39;Lab&#39;"))
    // A LOINC code the registry does not know is a test of its own, under the record's name, with
    // 2 decimals, and flagged against its range.
    let tables = ReportTables.parse(html)
    #expect(
      tables["lab-1"] == [["2026-01-09 08:00:00", "4.25", "<u>", "99999-9", "1.00–4.00", "high", hostile]])
    #expect(tables["weight"]?.first?.last == hostile)
    #expect(html.contains("<h4>&lt;img src=x onerror=alert(1)&gt; (LOINC 99999-9)</h4>"))
  }
}
