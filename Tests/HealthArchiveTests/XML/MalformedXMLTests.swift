import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

@Suite struct MalformedXMLTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var xml: String
    var message: String
    var testDescription: String { name }
  }

  static let prefix = "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n"

  @Test(arguments: [
    Case(
      name: "an unclosed tag at the end of the file",
      xml: prefix + " <Record type=\"HKQuantityTypeIdentifierStepCount\" value=\"1\"",
      message: "export.xml, line 3, column 2: the file ends inside a tag; it may be truncated"),
    Case(
      name: "a file cut between records",
      xml: prefix + " <Record type=\"A\" value=\"1\"/>\n",
      message:
        "export.xml, line 4, column 1: the file ends before <HealthData> (opened at line 2) is closed; it may be truncated"
    ),
    Case(
      name: "a mismatched end tag",
      xml: prefix
        + " <Record type=\"A\">\n  <MetadataEntry key=\"k\" value=\"v\">\n </Record>\n</HealthData>",
      message: "export.xml, line 5, column 2: end tag </Record> does not close <MetadataEntry>"),
    Case(
      name: "a less-than sign in a value",
      xml: prefix + " <Record type=\"A<B\"/>\n</HealthData>",
      message: "export.xml, line 3, column 17: unexpected '<' in the value of attribute 'type'"),
    Case(
      name: "an attribute without a value",
      xml: prefix + " <Record type=\"A\" broken/>\n</HealthData>",
      message: "export.xml, line 3, column 25: attribute 'broken' has no '=' and value"),
    Case(
      name: "words without '=' after an attribute",
      xml: prefix + " <Record type=\"A\" Health Mate/>\n</HealthData>",
      message: "export.xml, line 3, column 30: attribute 'Health' has no '=' and value"),
    Case(
      name: "an unquoted value",
      xml: prefix + " <Record type=A/>\n</HealthData>",
      message: "export.xml, line 3, column 15: the value of attribute 'type' is not in quotes"),
    Case(
      name: "an unknown entity",
      xml: prefix
        + " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"a &nbsp; b\" unit=\"count\" startDate=\"2026-01-09 10:30:00 -0500\" endDate=\"2026-01-09 10:30:00 -0500\" value=\"1\"/>\n</HealthData>",
      message:
        "export.xml, line 3, column 65: unknown entity '&nbsp;' (only &lt; &gt; &amp; &quot; &apos; and character references are read)"
    ),
    Case(
      name: "a character reference to nothing",
      xml: prefix
        + " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"&#0;\" unit=\"count\" startDate=\"2026-01-09 10:30:00 -0500\" endDate=\"2026-01-09 10:30:00 -0500\" value=\"1\"/>\n</HealthData>",
      message: "export.xml, line 3, column 63: character reference '&#0;' names no valid character"),
    Case(
      name: "an end tag with nothing open",
      xml: "<?xml version=\"1.0\"?>\n</HealthData>",
      message: "export.xml, line 2, column 1: end tag </HealthData> closes no open element"),
    Case(
      name: "text before the root element",
      xml: "<?xml version=\"1.0\"?>\nexport\n<HealthData/>",
      message: "export.xml, line 2, column 1: text outside the root element"),
    Case(
      name: "another root element",
      xml: "<?xml version=\"1.0\"?>\n<ClinicalDocument xmlns=\"urn:hl7-org:v3\">\n</ClinicalDocument>",
      message:
        "export.xml, line 2, column 1: the root element is <ClinicalDocument>, not <HealthData>; this is not an Apple Health export.xml"
    ),
    Case(
      name: "no element at all",
      xml: "<?xml version=\"1.0\"?>\n<!-- empty -->\n",
      message: "export.xml, line 3, column 1: no XML element found; this is not an Apple Health export.xml"),
    Case(
      name: "an unclosed DOCTYPE",
      xml: "<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n<!ELEMENT HealthData ANY>\n",
      message:
        "export.xml, line 2, column 1: the file ends inside the DOCTYPE declaration; it may be truncated"),
    Case(
      name: "an unclosed comment",
      xml: prefix + " <!-- Blood Glucose Records\n",
      message: "export.xml, line 3, column 2: the file ends inside a comment; it may be truncated"),
    Case(
      name: "a tag with no name",
      xml: prefix + " < Record/>\n</HealthData>",
      message: "export.xml, line 3, column 3: unexpected a space, expected an element name after '<'"),
  ])
  func reportsWhatAndWhere(_ example: Case) throws {
    for chunkLimit in [Int.max, 5] {
      let error = try #require(xmlError(example.xml, chunkLimit: chunkLimit))
      #expect(error.description == example.message)
    }
  }
}
