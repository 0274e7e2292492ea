import Foundation
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthArchive

/// The document assembled from the columns: each line decoded straight into the output's blocks,
/// against the line before wherever that line lies (in the block being filled, in one handed
/// over, or left out), gives the same bytes whatever the block size, spilled or not.
@Suite struct ProfileColumnTests {
  static let start = 1_768_910_400

  static func steps(_ index: Int, uuid: String? = nil) -> Sample {
    Sample(
      type: "HKQuantityTypeIdentifierStepCount", value: .quantity(Double(index % 7), unit: "count"),
      sourceName: "Watch", startDate: Timestamp(secondsSince1970: Int64(start + index)),
      endDate: Timestamp(secondsSince1970: Int64(start + index)), uuid: uuid)
  }

  static func pressure(_ type: String, _ value: Double, second: Int) -> Sample {
    Sample(
      type: type, value: .quantity(value, unit: "mmHg"), sourceName: "Cuff",
      startDate: Timestamp(secondsSince1970: Int64(start + second)),
      endDate: Timestamp(secondsSince1970: Int64(start + second)))
  }

  /// Steps with a uuid here and there, a blood-pressure correlation whose members are repeated
  /// once at top level (left out there), and a top-level reading no correlation holds (kept).
  static let items: [HealthItem] = {
    var items: [HealthItem] = (0..<40).map { .sample(steps($0, uuid: $0 % 9 == 4 ? "U-\($0)" : nil)) }
    let systolic = pressure(HealthKitIdentifier.bloodPressureSystolic, 120, second: 100)
    let diastolic = pressure(HealthKitIdentifier.bloodPressureDiastolic, 80, second: 100)
    items += [
      .sample(systolic), .sample(pressure(HealthKitIdentifier.bloodPressureSystolic, 131, second: 200)),
      .correlation(
        Correlation(
          type: "HKCorrelationTypeIdentifierBloodPressure", sourceName: "Cuff",
          startDate: systolic.startDate, endDate: systolic.endDate, objects: [systolic, diastolic])),
      .sample(diastolic), .sample(pressure(HealthKitIdentifier.bloodPressureSystolic, 125, second: 300)),
    ]
    items += (40..<60).map { .sample(steps($0)) }
    return items
  }()

  static func document(
    addsUUIDs: Bool, spillFolder: String? = nil, columnLimit: Int = ProfileWriter.defaultColumnLimit,
    blockSize: Int = ProfileWriter.defaultBlockSize
  ) throws -> (String, ProfileWriter.Outcome) {
    var options = ProfileWriterTests.options
    options.addsUUIDs = addsUUIDs
    let writer = ProfileWriter(
      options: options, spillFolder: spillFolder, columnLimit: columnLimit, blockSize: blockSize)
    for item in items { try writer.add(item) }
    var bytes: [UInt8] = []
    let summary = try writer.finish(timeZone: .gmt, into: ByteSink { bytes.append($0) })
    return (String(decoding: bytes, as: UTF8.self), summary)
  }

  @Test(arguments: [false, true])
  func theDocumentIsTheSameBytesWhateverTheBlockSizeAndSpill(addsUUIDs: Bool) throws {
    let (expected, summary) = try Self.document(addsUUIDs: addsUUIDs)
    #expect(summary.repeatedMembers == 2)
    #expect(summary.samples == 62)
    for blockSize in [16, 61, 200, 1024] {
      #expect(try Self.document(addsUUIDs: addsUUIDs, blockSize: blockSize).0 == expected)
      let folder = try TestDirectory()
      #expect(
        try Self.document(
          addsUUIDs: addsUUIDs, spillFolder: folder.path, columnLimit: 64, blockSize: blockSize
        ).0
          == expected)
      #expect(try folder.contents() == [])
    }
  }

  @Test func linesAreWrittenAsEncodedAndRepeatedMembersLeftOut() throws {
    let (document, _) = try Self.document(addsUUIDs: false, blockSize: 16)
    let stepLines = (0..<60).map { index in
      #"{"unit":"count","sdate":\#(Int64(Self.start + index) * 1000),"value":\#(index % 7),"sourceName":"Watch""#
        + (index % 9 == 4 && index < 40 ? #","uuid":"U-\#(index)"}"# : "}")
    }
    #expect(
      document.contains(
        #""HKQuantityTypeIdentifierStepCount":["# + "\n" + stepLines.joined(separator: ",\n") + "\n]"))
    let systolic = (1...3).map { [120, 131, 125][$0 - 1] }.enumerated().map { offset, value in
      #"{"unit":"mmHg","sdate":\#(Int64(Self.start + (offset + 1) * 100) * 1000),"value":\#(value),"sourceName":"Cuff"}"#
    }
    // The systolic reading the correlation holds is left out at top level, the other two kept.
    #expect(
      document.contains(
        #""HKQuantityTypeIdentifierBloodPressureSystolic":["# + "\n"
          + systolic.dropFirst().joined(separator: ",\n")
          + "\n]"))
    #expect(!document.contains(#""HKQuantityTypeIdentifierBloodPressureDiastolic":["#))
  }

  @Test func addedUUIDsTakeTheClosingBracesPlace() throws {
    let (document, _) = try Self.document(addsUUIDs: true, blockSize: 16)
    let line = #"{"unit":"count","sdate":\#(Int64(Self.start) * 1000),"value":0,"sourceName":"Watch"}"#
    let uuid = Array(line.utf8).withUnsafeBufferPointer {
      StableUUID.make(name: "HKQuantityTypeIdentifierStepCount", index: 0, content: $0)
    }
    #expect(document.contains("[\n" + line.dropLast() + #","uuid":"\#(uuid)"},"# + "\n"))
    #expect(document.contains(#""uuid":"U-4"}"#))
  }
}
