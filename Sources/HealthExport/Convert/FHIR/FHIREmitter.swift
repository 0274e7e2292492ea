import HealthArchive
import HealthModel
import SystemShim

/// Where FHIR resources are written, one at a time, in one of the two layouts FHIR gives a
/// collection of resources.
protocol FHIREmitter {
  /// Writes one resource of `type` with its `id`.
  func emit(_ resource: JSONValue, type: String, id: String) throws
  /// How a resource of this output refers to another: `urn:uuid:…` inside a Bundle (the entries'
  /// `fullUrl`), `Patient/…` between the files of a bulk export.
  func reference(to type: String, id: String) -> JSONValue
}

/// A FHIR R4 `Bundle` of type `collection`, written as its entries come: one entry a line, each
/// with its `fullUrl` (`urn:uuid:` and the resource's id).
final class FHIRBundleEmitter: FHIREmitter {
  private let sink: ByteSink
  private var buffer: [UInt8] = []
  private var entries = 0

  /// Starts the bundle.
  /// - Parameters:
  ///   - id: the bundle's id.
  ///   - timestamp: when it was assembled, in UTC.
  ///   - sink: where its bytes go.
  init(id: String, timestamp: String, sink: ByteSink) {
    self.sink = sink
    buffer.reserveCapacity(1 << 17)
    buffer += Array(
      "{\"resourceType\":\"Bundle\",\"id\":\"\(id)\",\"meta\":{\"lastUpdated\":\"\(timestamp)\"},\"type\":\"collection\",\"timestamp\":\"\(timestamp)\",\"entry\":["
        .utf8)
  }

  func emit(_ resource: JSONValue, type: String, id: String) throws {
    buffer += Array((entries == 0 ? "\n" : ",\n").utf8)
    buffer += Array("{\"fullUrl\":\"urn:uuid:\(id)\",\"resource\":".utf8)
    buffer += JSONWriter.bytes(of: resource)
    buffer.append(UInt8(ascii: "}"))
    entries += 1
    if buffer.count >= 1 << 16 { try flush() }
  }

  func reference(to type: String, id: String) -> JSONValue { ["reference": .string("urn:uuid:\(id)")] }

  /// Ends the bundle.
  func finish() throws {
    buffer += Array("\n]}\n".utf8)
    try flush()
  }

  private func flush() throws {
    try sink.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}

/// FHIR Bulk Data's layout: a folder of NDJSON files, one per resource type
/// (`Observation.ndjson`), a resource a line.
final class FHIRBulkEmitter: FHIREmitter {
  /// One resource type's file and what waits to be written to it.
  private final class TypeFile {
    let file: OutputFile
    var buffer: [UInt8] = []
    init(_ file: OutputFile) { self.file = file }
  }

  private let folder: String
  private var files: [String: TypeFile] = [:]

  /// The files are made in `folder` (the output's temporary folder) as their first resource
  /// comes.
  init(folder: String) {
    self.folder = folder
  }

  func emit(_ resource: JSONValue, type: String, id: String) throws {
    let typeFile: TypeFile
    if let existing = files[type] {
      typeFile = existing
    } else {
      typeFile = TypeFile(try OutputFile(path: "\(folder)/\(type).ndjson", overwrites: false))
      files[type] = typeFile
    }
    typeFile.buffer += JSONWriter.bytes(of: resource)
    typeFile.buffer.append(UInt8(ascii: "\n"))
    if typeFile.buffer.count >= 1 << 16 {
      try typeFile.file.write(typeFile.buffer)
      typeFile.buffer.removeAll(keepingCapacity: true)
    }
  }

  func reference(to type: String, id: String) -> JSONValue { ["reference": .string("\(type)/\(id)")] }

  /// Writes what waits and puts every file in place in the folder.
  func finish() throws {
    for (_, typeFile) in files.sorted(by: { $0.key < $1.key }) {
      try typeFile.file.write(typeFile.buffer)
      try typeFile.file.commit()
    }
  }

  /// Removes the files not yet in place.
  func discard() {
    for typeFile in files.values { typeFile.file.discard() }
  }
}

/// Ids for the resources of one output: UUIDs made from a resource's key and its number among
/// those of its type, so that the same input gives the same ids, two resources never share one,
/// and a resource of another input (another person, a later export) does not take the id of
/// this one's.
struct FHIRIdentifier {
  private var numbers: [String: Int] = [:]

  /// The next id for a resource of `type` described by `key`.
  mutating func next(_ type: String, key: String) -> String {
    let number = numbers[type, default: 0] + 1
    numbers[type] = number
    return Self.uuid("\(type)|\(number)|\(key)")
  }

  /// A UUID (version 8, RFC 9562's layout for one made by an application's own rule) from two
  /// 64-bit FNV-1a hashes of `text`.
  static func uuid(_ text: String) -> String {
    var first: UInt64 = 0xcbf2_9ce4_8422_2325
    var second: UInt64 = 0x8422_2325_cbf2_9ce4
    for byte in text.utf8 {
      first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      second = second << 7 | second >> 57
    }
    first = first & 0xFFFF_FFFF_FFFF_0FFF | 0x8000
    second = second & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
    let hex = String(first, radix: 16).leftPadded(16) + String(second, radix: 16).leftPadded(16)
    let characters = Array(hex)
    return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
