import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthTestSupport
import Testing

/// `convert` as a lossless carrier between Apple's format and the profile: archive → archive reads
/// back item for item, and every path through the formats gives the archive's CSV.
@Suite struct ConvertRoundTripTests {
  static let timeZone = TimeZone(identifier: "America/New_York")!

  /// What the profile and CSV tests' rich archive holds, and the details only Apple's format
  /// carries: heart-rate beats, a multi-part workout with metadata on its events, a route with its
  /// provenance and two GPX files, an iOS 8 record (`source`, compact dates, metadata as
  /// attributes), a route of inline locations (before iOS 13), an audiogram, a vision prescription,
  /// a state of mind and an ECG.
  static func archive(in folder: TestDirectory) throws -> String {
    let rich = try ProfileRoundTripTests.richArchive(in: folder)
    let zip = try ZipArchive(path: rich)
    var fixture = ExportFixture()
    for entry in zip.entries {
      fixture.files.append((entry.normalizedName, try zip.contents(of: entry, limit: 1 << 24)))
    }
    let xml = String(decoding: fixture.files[0].content, as: UTF8.self)
    let extras = """
       <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" sourceVersion="10.1" device="&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch&gt;" unit="ms" creationDate="2026-01-14 23:40:00 -0500" startDate="2026-01-14 23:58:00 -0500" endDate="2026-01-15 00:00:10 -0500" value="48.745">
        <HeartRateVariabilityMetadataList>
         <InstantaneousBeatsPerMinute bpm="62" time="11:58:02.34 PM"/>
         <InstantaneousBeatsPerMinute bpm="64" time="12:00:01.09 AM"/>
        </HeartRateVariabilityMetadataList>
       </Record>
       <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="40" durationUnit="min" sourceName="Watch" startDate="2026-01-14 18:00:00 -0500" endDate="2026-01-14 18:40:00 -0500">
        <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2026-01-14 18:00:00 -0500" duration="20" durationUnit="min"/>
        <WorkoutActivity uuid="6E4E2D3A-1B2C-4D5E-8F90-A1B2C3D4E5F6" startDate="2026-01-14 18:00:00 -0500" endDate="2026-01-14 18:20:00 -0500" duration="20" durationUnit="min">
         <WorkoutEvent type="HKWorkoutEventTypeLap" date="2026-01-14 18:10:00 -0500"><MetadataEntry key="HKSWOLFScore" value="35"/></WorkoutEvent>
         <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2026-01-14 18:00:00 -0500" endDate="2026-01-14 18:20:00 -0500" sum="3.2" unit="km"/>
         <MetadataEntry key="WOIntervalStepKeyPath" value="0.0.0"/>
        </WorkoutActivity>
        <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2026-01-14 18:00:00 -0500" endDate="2026-01-14 18:40:00 -0500" sum="250.5" unit="kcal"/>
        <WorkoutRoute sourceName="Watch" sourceVersion="10.1" creationDate="2026-01-14 18:41:00 -0500" startDate="2026-01-14 18:00:00 -0500" endDate="2026-01-14 18:40:00 -0500">
         <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>
         <FileReference path="/workout-routes/route_2026-01-14_6.40pm.gpx"/>
         <FileReference path="/workout-routes/route_2026-01-14_6.41pm.gpx"/>
        </WorkoutRoute>
        <MetadataEntry key="HKTimeZone" value="America/New_York"/>
       </Workout>
       <Record type="HKQuantityTypeIdentifierBodyMass" source="Old Scale" unit="lb" startDate="20150915113529+0200" endDate="20150915113529+0200" value="180.2" HKWasUserEntered="1"/>
       <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="5.19412346680959" durationUnit="min" sourceName="Simon’s iPhone" startDate="2016-11-14 07:25:41 -0700" endDate="2016-11-14 07:30:52 -0700">
        <WorkoutRoute sourceName="Simon’s iPhone" sourceVersion="10.1.1" creationDate="2016-11-14 07:33:54 -0700" startDate="2016-11-14 07:25:44 -0700" endDate="2016-11-14 07:30:51 -0700">
         <Location date="2016-11-14 07:25:44 -0700" latitude="37.7777" longitude="-122.426" altitude="21.2694" horizontalAccuracy="2.40948" verticalAccuracy="1.67859" course="-1" speed="2.48034"/>
         <Location date="2016-11-14 07:25:45 -0700" latitude="37.77772" longitude="-122.42601" altitude="21.2677" horizontalAccuracy="2.40059" verticalAccuracy="1.67236" course="-1" speed="2.48034"/>
        </WorkoutRoute>
       </Workout>
       <Audiogram type="HKDataTypeIdentifierAudiogram" sourceName="Hearing Test" sourceVersion="3092" creationDate="2026-01-13 20:31:37 -0500" startDate="2026-01-13 20:30:50 -0500" endDate="2026-01-13 20:30:50 -0500">
        <MetadataEntry key="HKMetadataKeySyncVersion" value="1"/>
        <SensitivityPoint frequencyValue="250" frequencyUnit="Hz" leftEarValue="35.0459" leftEarUnit="dBHL" rightEarValue="21.5" rightEarUnit="dBHL"/>
        <SensitivityPoint frequencyValue="1000" frequencyUnit="Hz" leftEarValue="20" leftEarUnit="dBHL" leftEarMasked="1" rightEarValue="15.25" rightEarUnit="dBHL"/>
       </Audiogram>
       <VisionPrescription type="HKVisionPrescriptionTypeGlasses" dateIssued="2025-11-03 09:00:00 -0500" expirationDate="2027-11-03 09:00:00 -0500">
        <RightEye sphere="-1.25" sphereUnit="D" cylinder="-0.5" cylinderUnit="D" axis="90" axisUnit="deg" farPD="31.5" farPDUnit="mm"/>
        <LeftEye sphere="-1" sphereUnit="D" farPD="31" farPDUnit="mm"/>
        <Attachment identifier="2B9F4C1E"/>
       </VisionPrescription>
       <StateOfMind type="HKStateOfMindTypeDailyMood" sourceName="Health" sourceVersion="18.1" creationDate="2026-01-13 21:00:05 -0500" startDate="2026-01-13 21:00:00 -0500" endDate="2026-01-13 21:00:00 -0500" valence="0.4523" labels="HKStateOfMindLabelCalm|HKStateOfMindLabelGrateful" associations="HKStateOfMindAssociationFamily">
        <MetadataEntry key="HKTimeZone" value="America/New_York"/>
       </StateOfMind>

      """
    let end = try #require(xml.range(of: "</HealthData>"))
    fixture.files[0].content = Array((xml[..<end.lowerBound] + extras + xml[end.lowerBound...]).utf8)
    fixture.add(
      "apple_health_export/workout-routes/route_2026-01-12_5.30pm.gpx",
      Self.gpx(
        "Route 2026-01-12 5:30pm",
        [
          "<trkpt lon=\"-73.966500\" lat=\"40.781200\"><ele>12.500000</ele><time>2026-01-12T22:00:00Z</time><extensions><speed>2.750000</speed><course>90.000000</course><hAcc>3.000000</hAcc><vAcc>-1.000000</vAcc></extensions></trkpt>",
          "<trkpt lon=\"-73.966400\" lat=\"40.781300\"><ele>12.600000</ele><time>2026-01-12T22:00:01Z</time><extensions><speed>2.810000</speed><course>91.500000</course><hAcc>2.900000</hAcc><vAcc>1.500000</vAcc></extensions></trkpt>",
        ]))
    fixture.add(
      "apple_health_export/workout-routes/route_2026-01-14_6.40pm.gpx",
      Self.gpx(
        "Route 2026-01-14 6:40pm",
        [
          "<trkpt lon=\"-73.960000\" lat=\"40.780000\"><ele>4.000000</ele><time>2026-01-14T23:00:00Z</time></trkpt>"
        ]))
    // Not Apple's digits: a value six decimals would round, a time with a fraction.
    fixture.add(
      "apple_health_export/workout-routes/route_2026-01-14_6.41pm.gpx",
      Self.gpx(
        "Route 2026-01-14 6:41pm",
        [
          "<trkpt lon=\"-73.9600001234567\" lat=\"40.780000\"><time>2026-01-14T23:40:59.5Z</time><extensions><speed>0.333333333</speed></extensions></trkpt>"
        ]))
    fixture.add(
      "apple_health_export/electrocardiograms/ecg_2026-01-13.csv",
      "Name,Jane Doe\nDate of Birth,\"Nov 3, 1980\"\nRecorded Date,2026-01-13 21:10:04 -0500\nClassification,Sinus Rhythm\nSymptoms,\nSoftware Version,2.0\nDevice,\"Watch7,2\"\nSample Rate,512 hertz\n\n\nLead,Lead I\nUnit,µV\n\n-107.825\n-317.57\n12\n4.5\n"
    )
    let path = folder.file("archive.zip")
    try fixture.writeZip(at: path)
    return path
  }

  /// A route file in Apple's layout with `points` (`trkpt` lines).
  static func gpx(_ name: String, _ points: [String]) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1" \
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
    xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
      <metadata>
        <time>2026-01-20T12:00:00Z</time>
      </metadata>
      <trk>
        <name>\(name)</name>
        <trkseg>
    \(points.map { "      " + $0 + "\n" }.joined())    </trkseg>
      </trk>
    </gpx>
    """
  }

  static let options = ConvertExport.Options(
    format: .zip, timeZone: .named(timeZone), now: Timestamp(secondsSince1970: 1_768_910_400),
    profileName: "round-trip")

  /// Converts `input` to `output`, in the format its name says.
  @discardableResult
  static func convert(_ input: String, to output: String) throws -> ConvertExport.Outcome {
    var options = Self.options
    options.format = try #require(ConvertExport.Format(path: output))
    return try ConvertExport(options: options).run(
      source: try HealthInput.open(path: input, timeZone: timeZone),
      destination: .file(path: output, overwrites: false), diagnostics: Diagnostics(isStrict: true))
  }

  /// Every item of `input`, in order.
  static func items(of input: String) throws -> [HealthItem] {
    var items: [HealthItem] = []
    try HealthInput.open(path: input, timeZone: timeZone).readItems(
      filter: .wholeRecord, diagnostics: Diagnostics(isStrict: true)
    ) { item, _ in items.append(item) }
    return items
  }

  @Test(arguments: ["zip", "folder"])
  func anArchiveReadsBackItemForItem(_ format: String) throws {
    let folder = try TestDirectory()
    let archive = try Self.archive(in: folder)
    let output = folder.file(format == "zip" ? "converted.zip" : "converted")
    let summary = try Self.convert(archive, to: output)
    let original = try Self.items(of: archive)
    #expect(original.count == 46)
    #expect(
      Self.census(original) == [
        "exportDate": 1, "characteristics": 1, "sample": 21, "correlation": 5, "workout": 5,
        "activitySummary": 1, "clinicalRecord": 3, "labResult": 2, "audiogram": 1, "visionPrescription": 1,
        "stateOfMind": 1, "routePoints": 3, "electrocardiogram": 1,
      ])
    let converted = try Self.items(of: output)
    #expect(converted == original)
    let export = try #require(summary.export)
    #expect(export.memberCopies == 0)
    #expect(export.recordsMadeForLabResults == 0)
    #expect(export.clinicalRecords == 3)
    #expect(export.audiograms == 1 && export.visionPrescriptions == 1 && export.statesOfMind == 1)
    // Every FHIR file as the input had it, the three route files and the ECG.
    #expect(export.files == 7)
    #expect(export.clinicalFiles == 3 && export.routeFiles == 3 && export.electrocardiograms == 1)
    #expect(
      summary.line
        == "Wrote \(output) (\(format == "zip" ? "zip archive" : "folder")): export.xml of 0.0 MB with 21 records, 5 correlations, 5 workouts, 1 activity summary, 3 clinical records, 1 audiogram, 1 vision prescription, 1 state of mind; 7 other files (3 clinical, 3 workout routes, 1 ECG)."
    )
  }

  @Test func anArchiveGivesTheSameCSVThroughEveryFormat() throws {
    let folder = try TestDirectory()
    let archive = try Self.archive(in: folder)
    let direct = try ProfileRoundTripTests.csv(of: archive)
    #expect(direct.contains(",Hemoglobin A1C,4548-4,7.50,%,Apple Health,"))
    try Self.convert(archive, to: folder.file("converted.zip"))
    #expect(try ProfileRoundTripTests.csv(of: folder.file("converted.zip")) == direct)
    try Self.convert(archive, to: folder.file("converted"))
    #expect(try ProfileRoundTripTests.csv(of: folder.file("converted")) == direct)
    try Self.convert(archive, to: folder.file("profile.json"))
    #expect(try ProfileRoundTripTests.csv(of: folder.file("profile.json")) == direct)
    try Self.convert(folder.file("profile.json"), to: folder.file("from-profile.zip"))
    #expect(try ProfileRoundTripTests.csv(of: folder.file("from-profile.zip")) == direct)
  }

  /// export.xml alone holds every element but what names a file beside it, and says how many
  /// files it leaves out (the FHIR resources, the route files and the ECG) and how many
  /// references: the clinical records (whose `resourceFilePath` the DTD requires) and the routes'
  /// `FileReference`s (the routes stay).
  @Test func exportXMLAloneCountsTheFilesItLeavesOut() throws {
    let folder = try TestDirectory()
    let summary = try Self.convert(try Self.archive(in: folder), to: folder.file("export.xml"))
    #expect(summary.export?.filesLeftOut == 7)
    #expect(summary.export?.files == 0)
    #expect(summary.export?.clinicalRecordsLeftOut == 3 && summary.export?.routeReferencesLeftOut == 3)
    #expect(
      summary.line.hasSuffix(
        "; export.xml alone names no file: 3 clinical records and 3 workout route references left out, and 7 files not written (a .zip or a folder keeps what the input has)."
      ))
    let xml = try folder.read("export.xml")
    for element in ["<Audiogram ", "<VisionPrescription ", "<StateOfMind ", "<Location ", "<WorkoutRoute "] {
      #expect(xml.contains(element), "\(element)")
    }
    #expect(xml.components(separatedBy: "<WorkoutRoute ").count - 1 == 3)
    for element in ["<FileReference ", "<ClinicalRecord "] {
      #expect(!xml.contains(element), "\(element)")
    }
  }

  /// How many items of each kind.
  static func census(_ items: [HealthItem]) -> [String: Int] {
    var counts: [String: Int] = [:]
    for item in items {
      let name = "\(item)"
      counts[String(name.prefix { $0 != "(" }), default: 0] += 1
    }
    return counts
  }

  /// archive → profile → archive → profile gives the first profile byte for byte, but for what a
  /// profile cannot carry back: the count of a route's inline locations and the paths of its
  /// route files, whose points it lacks, and the clinical record of the patient, whose content
  /// it lacks (the archive names only the files it holds).
  @Test func aProfileWrittenBackToAnArchiveGivesTheSameProfile() throws {
    let folder = try TestDirectory()
    let archive = try Self.archive(in: folder)
    try Self.convert(archive, to: folder.file("first.json"))
    let summary = try Self.convert(folder.file("first.json"), to: folder.file("archive-again.zip"))
    try Self.convert(folder.file("archive-again.zip"), to: folder.file("second.json"))
    let written = try folder.read("first.json")
    let first = ProfileText.writtenBack(written).replacingOccurrences(of: ",\"locationCount\":2", with: "")
    #expect(first.count < written.count - 200)
    #expect(summary.export?.routeReferencesLeftOut == 3 && summary.export?.clinicalRecordsLeftOut == 1)
    let second = try folder.read("second.json")
    #expect(second == first, "\(Golden.difference(expected: first, actual: second))")
    // The profile keeps members only inside their correlations; the archive repeats them.
    let export = try #require(summary.export)
    // The seed's two blood-pressure members and the meal's: the duplicated readings keep theirs.
    #expect(export.memberCopies == 3)
    #expect(export.recordsMadeForLabResults == 0)
    #expect(try Self.csv(folder.file("archive-again.zip")) == (try Self.csv(archive)))
  }

  static func csv(_ path: String) throws -> String { try ProfileRoundTripTests.csv(of: path) }

  /// A profile that names no clinical records (the original format's): each lab result gets a
  /// record and a file of its own, and the archive gives the same rows.
  @Test func labResultsWithoutRecordsGetRecordsOfTheirOwn() throws {
    let folder = try TestDirectory()
    let profile = try folder.write(
      """
      {"metaData":{"creationDate":1768910400000,"profileName":"labs","version":"1.0.0","type":"JsonSingleDocExportTarget"},
      "userData":{},
      "labResults":[{"loinc":"2093-3","name":"Total cholesterol","value":184,"unit":"mg/dL","date":1768505460000.25,"sourceName":"Harbor Lab"},
      {"loinc":"3016-3","value":2.1,"unit":"mIU/L","date":1772928000000,"localTime":true,"sourceName":"Harbor Lab"}]}
      """, to: "labs.json")
    let summary = try Self.convert(profile, to: folder.file("labs.zip"))
    #expect(summary.export?.recordsMadeForLabResults == 2)
    #expect(try Self.csv(folder.file("labs.zip")) == (try Self.csv(profile)))
    let items = try Self.items(of: folder.file("labs.zip"))
    let results = items.compactMap { if case .labResult(let result) = $0 { result } else { nil } }
    let original = try Self.items(of: profile).compactMap {
      if case .labResult(let result) = $0 { result } else { nil }
    }
    #expect(results.count == 2)
    #expect(results.map(\.dateText) == ["2026-01-15T19:31:00.00025Z", "2026-03-08T00:00:00"])
    for (read, given) in zip(results, original) {
      var named = given
      named.resourceFilePath = read.resourceFilePath
      named.dateText = read.dateText
      #expect(read == named)
      #expect(read.resourceFilePath?.hasPrefix("/clinical-records/Observation-") == true)
    }
  }

  /// Apple's layout, every file export.xml names, and each file beside it the same bytes as the
  /// input's: the FHIR resources as they were, the route files and the ECG as the Health app
  /// writes them (the routes' export time is the input's `ExportDate`).
  @Test func theArchiveHasAppleLayoutWithEveryFileItNames() throws {
    let folder = try TestDirectory()
    let archive = try Self.archive(in: folder)
    try Self.convert(archive, to: folder.file("converted.zip"))
    let zip = try ZipArchive(path: folder.file("converted.zip"))
    let names = zip.entries.map(\.normalizedName)
    #expect(
      names == [
        "apple_health_export/export.xml", "apple_health_export/clinical-records/Observation-A1C.json",
        "apple_health_export/clinical-records/Observation-CHOL.json",
        "apple_health_export/clinical-records/Patient-P1.json",
        "apple_health_export/workout-routes/route_2026-01-12_5.30pm.gpx",
        "apple_health_export/workout-routes/route_2026-01-14_6.40pm.gpx",
        "apple_health_export/workout-routes/route_2026-01-14_6.41pm.gpx",
        "apple_health_export/electrocardiograms/ecg_2026-01-13.csv",
      ])
    let input = try ZipArchive(path: archive)
    for entry in input.entries where entry.normalizedName != "apple_health_export/export.xml" {
      let written = try #require(zip.entries.first { $0.normalizedName == entry.normalizedName })
      #expect(
        try zip.contents(of: written, limit: 1 << 24) == (try input.contents(of: entry, limit: 1 << 24)),
        "\(entry.normalizedName)")
    }
    let entries = zip.entries
    #expect(entries.allSatisfy { $0.hasDataDescriptor })
    let xml = String(decoding: try zip.contents(of: zip.entries[0], limit: 1 << 24), as: UTF8.self)
    #expect(
      xml.hasPrefix(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE HealthData [\n<!-- HealthKit Export Version: 14 -->\n"
      ))
    #expect(
      xml.contains(
        "]>\n<HealthData locale=\"en_US\">\n <ExportDate value=\"2026-01-20 07:00:00 -0500\"/>\n <Me "))
    for match in xml.matches(of: /(?:resourceFilePath|FileReference path)="\/([^"]+)"/) {
      #expect(names.contains("apple_health_export/" + match.1))
    }
  }

  /// A run that fails part-way leaves nothing: no archive, no temporary file, no waiting files.
  @Test(arguments: ["broken.zip", "broken", "broken.xml", "broken.json"])
  func aFailedRunLeavesNothingBehind(_ name: String) throws {
    let folder = try TestDirectory()
    let archive = try Self.archive(in: folder)
    try FileManager.default.createDirectory(atPath: folder.file("out"), withIntermediateDirectories: false)
    var options = Self.options
    options.format = try #require(ConvertExport.Format(path: name))
    #expect(throws: Failing.Stop.self) {
      try ConvertExport(options: options).run(
        source: Failing(base: try HealthInput.open(path: archive, timeZone: Self.timeZone), after: 30),
        destination: .file(path: folder.file("out/" + name), overwrites: false), diagnostics: Diagnostics())
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("out")) == [])
  }

  /// An input that stops with an error after some items, after its first lab result has made the
  /// archive keep a file aside.
  struct Failing: HealthInputSource {
    struct Stop: Error {}
    var base: any HealthInputSource
    var after: Int
    var name: String { base.name }
    var shape: InputShape { base.shape }
    var contentName: String { base.contentName }
    var header: ExportHeader { base.header }
    func fileNames(in folder: String) -> [String] { base.fileNames(in: folder) }

    func readItems(
      filter: ItemFilter, diagnostics: Diagnostics, monitor: ReadMonitor,
      _ consume: (HealthItem, HealthModel.SourceLocation) throws -> Void
    ) throws {
      var count = 0
      var sawLab = false
      try base.readItems(filter: filter, diagnostics: diagnostics) { item, location in
        try consume(item, location)
        if case .labResult = item { sawLab = true }
        count += 1
        if count >= after && sawLab { throw Stop() }
      }
      throw Stop()
    }
  }

  @Test func anOutputThatExistsIsKeptWithoutForce() throws {
    let folder = try TestDirectory()
    let archive = try Self.archive(in: folder)
    try folder.write("mine\n", to: "export.zip")
    #expect(throws: OutputError.alreadyExists(path: folder.file("export.zip"))) {
      try Self.convert(archive, to: folder.file("export.zip"))
    }
    #expect(try folder.read("export.zip") == "mine\n")
  }
}
