import Foundation
import HealthModel
import HealthSampleGenerator
import Testing

/// export.xml follows Apple's conventions, as apple-export.md records them.
@Suite struct ExportXMLFormatTests {
  static let text: String = {
    let export = try! SampleExport(configuration: GeneratorTest.spring)
    return String(decoding: try! GeneratorTest.exportXML(export), as: UTF8.self)
  }()
  static let lines = text.split(separator: "\n", omittingEmptySubsequences: false)

  @Test func theDocumentStartsAsTheHealthAppsDoes() {
    #expect(Self.lines[0] == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
    #expect(Self.lines[1] == "<!DOCTYPE HealthData [")
    #expect(Self.lines[2] == "<!-- HealthKit Export Version: 14 -->")
    let end = Self.lines.firstIndex(of: "]>")!
    #expect(end == 218)
    #expect(Self.lines[end + 1] == "<HealthData locale=\"en_US\">")
    // The export is made at the end of the last day, 12 March 2026, in EDT.
    #expect(Self.lines[end + 2] == " <ExportDate value=\"2026-03-12 23:59:59 -0400\"/>")
    #expect(Self.lines[end + 3].hasPrefix(" <Me HKCharacteristicTypeIdentifierDateOfBirth=\""))
    #expect(
      Self.lines[end + 3].hasSuffix(" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse=\"None\"/>"))
    #expect(Self.text.hasSuffix("\n</HealthData>\n"))
  }

  /// Every date carries the export's offset, EDT, also those of the week before the clocks
  /// changed, as Apple writes them.
  @Test func everyDateHasTheExportsOffset() throws {
    let pattern = try Regex("\"(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}) ([+-]\\d{4})\"")
    var offsets: Set<String> = []
    var count = 0
    for match in Self.text.matches(of: pattern) {
      offsets.insert(String(match.output[2].substring!))
      count += 1
    }
    #expect(count > 10_000)
    #expect(offsets == ["-0400"])
    #expect(Self.text.contains("startDate=\"2026-03-06 "))
  }

  @Test func recordsAreGroupedByType() {
    var seen: [Substring] = []
    for line in Self.lines where line.hasPrefix(" <Record type=\"") {
      let type = line.dropFirst(15).prefix { $0 != "\"" }
      if seen.last != type {
        #expect(!seen.contains(type), "\(type) comes back after another type")
        seen.append(type)
      }
    }
    #expect(seen.count >= 20)
    // Top-level elements in the DTD's order: records, correlations, workouts, summaries, clinical.
    let order = ["<Record", "<Correlation", "<Workout ", "<ActivitySummary", "<ClinicalRecord"].map { name in
      Self.lines.firstIndex { $0.hasPrefix(" " + name) }!
    }
    #expect(order == order.sorted())
  }

  @Test func recordsCarryTheirSourceDeviceAndMetadata() throws {
    let heartRate = try #require(Self.lines.first { $0.contains("HKQuantityTypeIdentifierHeartRate\"") })
    #expect(
      heartRate.contains(" sourceName=\"") && heartRate.contains("’s Apple Watch\" sourceVersion=\"11.2\""))
    #expect(
      heartRate.contains(
        " device=\"&lt;&lt;HKDevice: 0x")
        && heartRate.contains(
          "&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch7,2, software:11.2&gt;\" unit=\"count/min\" creationDate=\""
        ))
    let index = Self.lines.firstIndex(of: heartRate)!
    #expect(
      Self.lines[index + 1].hasPrefix("  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"")
    )
    let glucose = try #require(
      Self.lines.firstIndex { $0.contains("HKQuantityTypeIdentifierBloodGlucose\"") })
    #expect(Self.lines[glucose].contains(" unit=\"mg/dL\" "))
    #expect(Self.lines[glucose + 1].hasPrefix("  <MetadataEntry key=\"HKBloodGlucoseMealTime\" value=\""))
    let oxygen = try #require(Self.lines.first { $0.contains("HKQuantityTypeIdentifierOxygenSaturation\"") })
    #expect(oxygen.contains(" unit=\"%\" ") && oxygen.contains(" value=\"0."))
    #expect(Self.text.contains(" value=\"HKCategoryValueSleepAnalysisAsleepCore\">"))
    #expect(Self.text.contains(" value=\"HKCategoryValueSleepAnalysisInBed\"/>"))
    #expect(Self.text.contains("  <MetadataEntry key=\"HKTimeZone\" value=\"America/New_York\"/>"))
    #expect(Self.text.contains("   <InstantaneousBeatsPerMinute bpm=\""))
  }

  /// Each blood pressure reading is a correlation whose two records also appear at top level.
  @Test func bloodPressureMembersAlsoAppearAtTopLevel() {
    var members: [Substring] = []
    var topLevel: Set<Substring> = []
    for line in Self.lines {
      if line.hasPrefix("  <Record type=\"HKQuantityTypeIdentifierBloodPressure") {
        members.append(line.dropFirst(2))
      } else if line.hasPrefix(" <Record type=\"HKQuantityTypeIdentifierBloodPressure") {
        topLevel.insert(line.dropFirst(1))
      }
    }
    #expect(members.count >= 4)
    #expect(members.count == topLevel.count)
    #expect(Set(members) == topLevel)
  }

  @Test func workoutsAreNewStyleWithTheirRoutes() throws {
    let start = try #require(Self.lines.firstIndex { $0.hasPrefix(" <Workout workoutActivityType=\"") })
    let end = try #require(Self.lines[start...].firstIndex(of: " </Workout>"))
    let workout = Self.lines[start...end].joined(separator: "\n")
    #expect(!Self.lines[start].contains("totalDistance") && !Self.lines[start].contains("totalEnergyBurned"))
    #expect(Self.lines[start].contains(" durationUnit=\"min\" "))
    #expect(
      workout.contains(
        "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierActiveEnergyBurned\" startDate=\""))
    #expect(workout.contains("  <WorkoutStatistics type=\"HKQuantityTypeIdentifierHeartRate\" startDate=\""))
    if workout.contains("<MetadataEntry key=\"HKIndoorWorkout\" value=\"0\"/>") {
      #expect(workout.contains("  <WorkoutEvent type=\"HKWorkoutEventTypeSegment\" date=\""))
      #expect(workout.contains("   <FileReference path=\"/workout-routes/route_2026-03-"))
    }
  }

  /// What the document type declares: each element's possible children and attributes, and the
  /// required ones.
  static func declarations() throws -> (children: [String: Set<String>], attributes: [String: [String: Bool]])
  {
    let end = lines.firstIndex(of: "]>")!
    let subset = lines[1..<end].joined(separator: "\n")
    var children: [String: Set<String>] = [:]
    for match in subset.matches(of: try Regex("<!ELEMENT (\\w+) (.*)>")) {
      let names = String(match.output[2].substring!).split { !$0.isLetter }.map(String.init)
      children[String(match.output[1].substring!)] = Set(names).subtracting(["EMPTY"])
    }
    var attributes: [String: [String: Bool]] = [:]
    for match in subset.matches(of: try Regex("<!ATTLIST (\\w+)\n((?:  .*\n)*)>")) {
      var declared: [String: Bool] = [:]
      for line in String(match.output[2].substring!).split(separator: "\n") {
        let words = line.split(separator: " ")
        declared[String(words[0])] = words.last == "#REQUIRED"
      }
      attributes[String(match.output[1].substring!)] = declared
    }
    return (children, attributes)
  }

  /// Every element sits where the document type allows it, with declared attributes and every
  /// required one (the DTD is not enforced by readers, but the Health app's own files follow it).
  @Test func everyElementFollowsTheDocumentType() throws {
    let (children, attributes) = try Self.declarations()
    #expect(children.count == 22)
    var stack: [String] = []
    var problems: Set<String> = []
    for line in Self.lines[(Self.lines.firstIndex(of: "]>")! + 1)...] where !line.isEmpty {
      let trimmed = line.drop { $0 == " " }
      if trimmed.hasPrefix("</") {
        #expect(stack.popLast() == String(trimmed.dropFirst(2).dropLast()))
        continue
      }
      guard trimmed.hasPrefix("<"), trimmed.hasSuffix(">") else {
        problems.insert("not one tag: \(line)")
        continue
      }
      let name = String(trimmed.dropFirst().prefix { $0 != " " && $0 != "/" && $0 != ">" })
      if let parent = stack.last, children[parent]?.contains(name) != true {
        problems.insert("\(name) in \(parent)")
      }
      // Outside the quotes, each piece ends with ` name=`.
      let pieces = trimmed.split(separator: "\"", omittingEmptySubsequences: false)
      let given = stride(from: 0, to: pieces.count - 1, by: 2).map { index in
        String(pieces[index].dropLast().split(separator: " ").last ?? "")
      }
      let declared = attributes[name] ?? [:]
      for attribute in given where declared[attribute] == nil { problems.insert("\(name) with \(attribute)") }
      for (required, isRequired) in declared where isRequired && !given.contains(required) {
        problems.insert("\(name) without \(required)")
      }
      if !trimmed.hasSuffix("/>") { stack.append(name) }
    }
    #expect(problems.isEmpty, "\(problems.sorted())")
    #expect(stack.isEmpty)
  }
}
