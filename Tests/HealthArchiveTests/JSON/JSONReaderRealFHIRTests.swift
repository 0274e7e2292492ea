import Foundation
import HealthArchive
import Testing

/// Every FHIR resource of a real Apple Health export, read and compared with Foundation's
/// `JSONSerialization` as an independent oracle.
///
/// The files live outside the repository (`../shared/real-exports/…` beside the package) and are
/// never copied into it; where they are absent the suite is skipped.
/// The clinical records of a real Apple Health export, outside the repository.
enum RealFHIRRecords {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // JSON
    .deletingLastPathComponent()  // HealthArchiveTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package
    .appendingPathComponent(
      "../shared/real-exports/symptomatic-clinical-scenarios__apple_health_export/clinical-records"
    )
    .standardizedFileURL

  /// The names of the `.json` files, sorted; empty when the folder is absent.
  static let files: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }()
}

@Suite(.enabled(if: !RealFHIRRecords.files.isEmpty, "the real export is not beside the package"))
struct JSONReaderRealFHIRTests {
  @Test func theExportHoldsTheExpectedRecords() {
    #expect(RealFHIRRecords.files.count == 35)
  }

  @Test(arguments: RealFHIRRecords.files)
  func recordReadsAsFoundationReadsIt(file: String) throws {
    let path = RealFHIRRecords.folder.appendingPathComponent(file).path
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let value = try JSONReader(stream: try FileByteStream(path: path)).readDocument()
    let oracle = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    #expect(differences(value, oracle, at: file) == [])
    #expect(value["resourceType"]?.stringValue == String(file.prefix { $0 != "-" }))

    let cut = ReadingMode(name: "7-byte reads, 16-byte buffer", chunkLimit: 7, bufferSize: 16)
    #expect(try cut.reader(Array(data)).readDocument() == value)
  }

  @Test(arguments: RealFHIRRecords.files)
  func recordWrittenAgainReadsTheSame(file: String) throws {
    let path = RealFHIRRecords.folder.appendingPathComponent(file).path
    let value = try JSONReader(stream: try FileByteStream(path: path)).readDocument()
    for formatting in [JSONWriter.Formatting.compact, .pretty] {
      let written = JSONWriter.bytes(of: value, formatting: formatting)
      #expect(try JSONValue(parsing: written) == value)
      let oracle = try JSONSerialization.jsonObject(with: Data(written), options: [.fragmentsAllowed])
      #expect(differences(value, oracle, at: file) == [])
    }
  }

  /// Where `value` and Foundation's reading differ, as key paths.
  private func differences(_ value: JSONValue, _ oracle: Any, at path: String) -> [String] {
    switch value {
    case .object(let members):
      guard let dictionary = oracle as? [String: Any] else { return ["\(path): not an object"] }
      var found: [String] = []
      if members.map(\.key).sorted() != dictionary.keys.sorted() { found.append("\(path): keys differ") }
      for member in members {
        guard let other = dictionary[member.key] else { continue }
        found += differences(member.value, other, at: "\(path).\(member.key)")
      }
      return found
    case .array(let elements):
      guard let array = oracle as? [Any], array.count == elements.count else {
        return ["\(path): not an array of \(elements.count)"]
      }
      return zip(elements, array).enumerated().flatMap { differences($1.0, $1.1, at: "\(path)[\($0)]") }
    case .string(let text):
      return oracle as? String == text ? [] : ["\(path): \(text)"]
    case .number(let number):
      let other = (oracle as? NSNumber)?.doubleValue
      return other?.bitPattern == number.doubleValue.bitPattern ? [] : ["\(path): \(number)"]
    case .bool(let flag):
      return oracle as? Bool == flag ? [] : ["\(path): \(flag)"]
    case .null:
      return oracle is NSNull ? [] : ["\(path): null"]
    }
  }
}
