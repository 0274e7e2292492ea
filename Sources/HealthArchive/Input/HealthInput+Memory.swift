public import Foundation

extension HealthInput {
  /// Opens an export or profile held in memory, deciding by content what it is, as
  /// `open(path:timeZone:)` does: the bytes of a zip archive (`export.zip`), of the health XML
  /// alone, or of a JSON health profile. An XML alone has no files beside it: its clinical
  /// records' lab results are missing.
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - name: what messages call it, such as the file name it had.
  ///   - timeZone: where a profile's date of birth is a calendar day.
  /// - Returns: the input as a source of items.
  /// - Throws: `InputError.notAnExport` (none of the accepted inputs; the message names a SQLite
  ///   database, a GPX route or an ECG recording as such), `.ambiguous` (several health XMLs in an
  ///   archive); `ZipError` for a damaged archive.
  public static func open(
    bytes: [UInt8], name: String, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .gmt
  ) throws -> any HealthInputSource {
    switch kind(ofStart: Array(bytes.prefix(sniffLength))) {
    case .zip:
      return ExportSource(
        container: try zipContainer(ZipArchive(bytes: bytes, name: name), path: name), shape: .zipArchive)
    case .healthXML:
      return ExportSource(container: MemoryContainer(xml: bytes, name: name), shape: .xmlFile)
    case .json:
      return ProfileSource(bytes: bytes, name: name, timeZone: timeZone)
    case .other:
      throw InputError.notAnExport(path: name, detail: notAnExportDetail(bytes, inMemory: true))
    }
  }
}

/// The health XML alone, held in memory: it has no files beside it.
struct MemoryContainer: ExportContainer {
  let xml: [UInt8]
  let name: String

  var healthXMLName: String { name }
  func openHealthXML() throws -> any ByteStream { MemoryByteStream(xml, name: name) }
  func openHealthXML(at offset: Int64) throws -> (any ByteStream)? {
    MemoryByteStream(xml, name: name, from: Int(offset))
  }
  var healthXMLSize: Int64? { Int64(xml.count) }
  func contents(ofFileAt path: String, limit: Int) throws -> [UInt8]? { nil }
  func fileNames(in folder: String) -> [String] { [] }
  func displayName(ofFileAt path: String) -> String { path }
}
