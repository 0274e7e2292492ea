import Foundation
import HealthArchive
import HealthModel
import HealthSampleGenerator
import Testing

/// The files beside export.xml: FHIR clinical records, GPX routes, ECG recordings.
@Suite struct ExportFilesTests {
  let export = try! SampleExport(configuration: GeneratorTest.spring)

  func text(_ path: String) throws -> String {
    String(decoding: try #require(export.contents(ofFileAt: path)), as: UTF8.self)
  }

  @Test func theFilesAreListedByFolder() {
    let folders = export.filePaths.map { $0.split(separator: "/").first! }
    #expect(Set(folders) == ["electrocardiograms", "workout-routes", "clinical-records"])
    #expect(export.filePaths.first == "electrocardiograms/ecg_2026-03-05.csv")
    #expect(export.filePaths[1] == "electrocardiograms/ecg_2026-03-05_1.csv")
    #expect(export.contents(ofFileAt: "clinical-records/nothing.json") == nil)
    #expect(
      export.contents(ofFileAt: "/" + export.filePaths.last!)
        == export.contents(ofFileAt: export.filePaths.last!))
  }

  /// R4 resources in `JSONWriter`'s layout, DSTU2 ones with Apple's `"key" : value`; both parse,
  /// and lab results carry LOINC, value, unit, range and, when out of range, a flag.
  @Test func clinicalRecordsAreFHIRInBothVersions() throws {
    var versions: [String: Int] = [:]
    var flags = 0
    for path in export.filePaths where path.hasPrefix("clinical-records/") {
      let bytes = try #require(export.contents(ofFileAt: path))
      let resource = try JSONValue(parsing: bytes, name: path)
      let type = try #require(resource["resourceType"]?.stringValue)
      #expect(path.hasPrefix("clinical-records/\(type)-") && path.hasSuffix(".json"))
      let text = String(decoding: bytes, as: UTF8.self)
      let isDSTU2 = text.contains("\"resourceType\" : ")
      versions[isDSTU2 ? "1.0.2" : "4.0.1", default: 0] += 1
      #expect(isDSTU2 != text.contains("\"resourceType\": "))
      if type == "Patient" {
        let family = resource["name"]?[0]?["family"]
        #expect(isDSTU2 ? family?.arrayValue?.count == 1 : family?.stringValue != nil)
      }
      guard type == "Observation" else { continue }
      let coding = try #require(resource["code"]?["coding"]?[0])
      #expect(coding["system"]?.stringValue == "http://loinc.org")
      let lab = try #require(MetricRegistry.standard.lab(forCode: coding["code"]?.stringValue ?? ""))
      let value = try #require(resource["valueQuantity"]?["value"]?.doubleValue)
      let low = try #require(resource["referenceRange"]?[0]?["low"]?["value"]?.doubleValue)
      let high = resource["referenceRange"]?[0]?["high"]?["value"]?.doubleValue
      let interpretation = resource["interpretation"]
      let flag = (isDSTU2 ? interpretation : interpretation?[0])?["coding"]?[0]?["code"]?.stringValue
      #expect(flag == (value < low ? "L" : high.map { value > $0 } == true ? "H" : nil), "\(lab.name)")
      if flag != nil { flags += 1 }
      #expect(resource["effectiveDateTime"]?.stringValue?.hasPrefix("2026-03-") == true)
    }
    // Lipids, metabolic panel and thyroid from the clinic (R4), with the patient, a condition, an
    // immunization and a medication; the blood count and the rest from the laboratory (DSTU2),
    // with the patient, a condition and an allergy.
    let clinicLabs = MetricRegistry.standard.labs.filter { [.lipid, .cmp, .thyroid].contains($0.panel) }.count
    #expect(versions == ["4.0.1": 4 + clinicLabs, "1.0.2": 3 + 38 - clinicLabs])
    #expect(flags >= 1)
  }

  @Test func appleSpacingLeavesStringsAlone() throws {
    let bytes = Array("{\n  \"a:b\": \"c\\\": d\",\n  \"e\": [\n    1\n  ]\n}\n".utf8)
    let spaced = String(decoding: AppleJSONSpacing.apply(to: bytes), as: UTF8.self)
    #expect(spaced == "{\n  \"a:b\" : \"c\\\": d\",\n  \"e\" : [\n    1\n  ]\n}\n")
  }

  /// Each outdoor workout has a GPX file named after the route's end in the true local time (EST
  /// in the week before the change, although export.xml writes EDT), a point a second.
  @Test func routesAreNamedAfterTheirEndInLocalTime() throws {
    let model = export.model
    let routes = model.routeFiles()
    #expect(!routes.isEmpty)
    for route in routes {
      let offset = GeneratorTest.newYork.secondsFromGMT(for: Date(timeIntervalSince1970: Double(route.end)))
      let local = CivilDateTime(secondsSince1970: route.end + Int64(offset))
      let hour = local.hour % 12 == 0 ? 12 : local.hour % 12
      let name = String(
        format: "route_%04d-%02d-%02d_%d.%02d%@.gpx", local.year, local.month, local.day, hour, local.minute,
        local.hour < 12 ? "am" : "pm")
      #expect(route.fileName == name)
      let gpx = try text("workout-routes/" + route.fileName)
      #expect(
        gpx.hasPrefix(
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"Apple Health Export\""))
      #expect(gpx.contains("  <metadata>\n    <time>2026-03-13T03:59:59Z</time>\n  </metadata>\n"))
      #expect(
        gpx.contains(
          "<name>Route "
            + name.dropFirst(6).dropLast(4).replacingOccurrences(of: "_", with: " ")
            .replacingOccurrences(of: ".", with: ":") + "</name>"))
      let start = CivilDateTime(secondsSince1970: route.start)
      #expect(
        gpx.contains(
          String(
            format: "<time>%04d-%02d-%02dT%02d:%02d:%02dZ</time>", start.year, start.month,
            start.day, start.hour, start.minute, start.second)))
      let points = gpx.components(separatedBy: "<trkpt lon=\"").count - 1
      #expect(points > Int(route.end - route.start) - 200 && points <= Int(route.end - route.start) + 1)
    }
  }

  @Test func electrocardiogramsFollowApplesLayout() throws {
    let first = try text("electrocardiograms/ecg_2026-03-05.csv").split(
      separator: "\n", omittingEmptySubsequences: false)
    let person = export.model.person
    #expect(first[0] == "Name,\(person.firstName) \(person.lastName)")
    #expect(first[1].hasPrefix("Date of Birth,\"") && first[1].hasSuffix(", \(person.birthYear)\""))
    #expect(first[2].hasPrefix("Recorded Date,2026-03-05 ") && first[2].hasSuffix(" -0400"))
    #expect(
      Array(first[3...12]) == [
        "Classification,Sinus Rhythm", "Symptoms,", "Software Version,2.0", "Device,\"Watch7,2\"",
        "Sample Rate,512 hertz", "", "", "Lead,Lead I", "Unit,µV", "",
      ])
    #expect(first.count == 13 + 15_360 + 1)
    #expect(first.last == "")
    #expect(first[13...].dropLast().allSatisfy { Double($0) != nil && abs(Double($0)!) < 2_500 })
    let second = try text("electrocardiograms/ecg_2026-03-05_1.csv")
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(second[3] == "Classification,Poor Recording")
    #expect(second.count == 13 + 14_848 + 1)
  }
}
