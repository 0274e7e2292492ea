import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

/// Inputs are recognized by content, in every shape Apple's exports come in.
@Suite struct HealthInputTests {
  static let xml = ExportXML.document(
    ExportXML.record(
      "StepCount", value: "5432", unit: "count", source: "Apple Watch", start: "2026-01-09 11:00:00 -0500"))
  static let cda = """
    <?xml version="1.0" encoding="UTF-8"?>
    <?xml-stylesheet type="text/xsl" href="CDA.xsl"?>
    <ClinicalDocument xmlns="urn:hl7-org:v3"><title>Health Data Export</title></ClinicalDocument>
    <component>junk after the root</component>

    """

  /// The step counts read from the input at `path`, and the health XML's name.
  private func read(_ path: String) throws -> (steps: [Double], xmlName: String) {
    let source = try HealthInput.open(path: path)
    var steps: [Double] = []
    try source.readItems(filter: .everything, diagnostics: Diagnostics()) { item, _ in
      if case .sample(let sample) = item, case .quantity(let value, _) = sample.value { steps.append(value) }
    }
    return (steps, source.contentName)
  }

  @Test func readsAModernArchiveMadeOnAMac() throws {
    let folder = try TestDirectory()
    var fixture = ExportFixture()
    fixture.add("__MACOSX/apple_health_export/._export.xml", "\u{0}\u{5}junk")
    fixture.add("apple_health_export/export_cda.xml", Self.cda)
    fixture.add("apple_health_export/.DS_Store", "junk")
    fixture.add("apple_health_export/export.xml", Self.xml)
    try fixture.writeZip(at: folder.file("export.zip"))
    let result = try read(folder.file("export.zip"))
    #expect(result.steps == [5432])
    #expect(result.xmlName == "apple_health_export/export.xml")
  }

  @Test func readsALocalizedArchiveWithoutFolderOrUTF8Flag() throws {
    // iOS 9 in Spanish: NFD names, no UTF-8 flag, data descriptors, files at the root.
    let folder = try TestDirectory()
    var fixture = ExportFixture()
    fixture.add("exportacio\u{301}n_cda.xml", Self.cda)
    fixture.add("exportacio\u{301}n.xml", Self.xml)
    try fixture.writeZip(
      at: folder.file("exportación.zip"),
      options: ZipWriter.Options(usesDataDescriptors: true, marksNamesAsUTF8: false))
    let result = try read(folder.file("exportación.zip"))
    #expect(result.steps == [5432])
    #expect(result.xmlName == "exportación.xml")
  }

  @Test(arguments: ["导出.xml", "Exportieren.xml", "export.xml.txt", "health"])
  func readsTheHealthXMLWhateverItsName(_ name: String) throws {
    let folder = try TestDirectory()
    var fixture = ExportFixture()
    fixture.add("apple_health_export/\(name)", Self.xml)
    try fixture.writeZip(at: folder.file("archive.zip"))
    try fixture.writeFolder(at: folder.file("unpacked"))
    #expect(try read(folder.file("archive.zip")).steps == [5432])
    #expect(try read(folder.file("unpacked")).steps == [5432])
    #expect(try read(folder.file("unpacked/apple_health_export/\(name)")).steps == [5432])
  }

  @Test func readsAFolderWithTheXMLAtItsTop() throws {
    let folder = try TestDirectory()
    var fixture = ExportFixture()
    fixture.add("export_cda.xml", Self.cda)
    fixture.add("export.xml", Self.xml)
    try fixture.writeFolder(at: folder.path)
    let result = try read(folder.path)
    #expect(result.steps == [5432])
    #expect(result.xmlName == folder.file("export.xml"))
  }

  @Test func refusesWhatIsNotAnExport() throws {
    let folder = try TestDirectory()
    let cda = try folder.write(Self.cda, to: "export_cda.xml")
    let text = try folder.write("Date,Metric\n", to: "health.csv")
    let empty = try folder.write("", to: "empty.xml")
    #expect(
      throws: InputError.notAnExport(
        path: cda,
        detail:
          "it is a clinical document (CDA), such as the export_cda.xml an export holds beside export.xml"
      )
    ) {
      try HealthInput.open(path: cda)
    }
    #expect(throws: InputError.self) { try HealthInput.open(path: text) }
    #expect(throws: InputError.self) { try HealthInput.open(path: empty) }
    #expect(
      throws: InputError.notAnExport(
        path: folder.path, detail: "it holds no XML file whose root is <HealthData> (export.xml)")
    ) {
      try HealthInput.open(path: folder.path)
    }
    #expect(throws: InputError.notFound(path: folder.file("missing.zip"))) {
      try HealthInput.open(path: folder.file("missing.zip"))
    }
    #expect(
      InputError.notAnExport(path: "a.csv", detail: "it is JSON").description
        == "a.csv is not an Apple Health export: it is JSON. Pass the export.zip the Health app made, its unpacked folder, or export.xml."
    )
  }

  @Test func asksWhichWhenAFolderHoldsSeveralExports() throws {
    let folder = try TestDirectory()
    var fixture = ExportFixture()
    fixture.add("a/Exportieren.xml", Self.xml)
    fixture.add("b/exportación.xml", Self.xml)
    try fixture.writeFolder(at: folder.path)
    #expect(
      throws: InputError.ambiguous(path: folder.path, candidates: ["a/Exportieren.xml", "b/exportación.xml"])
    ) {
      try HealthInput.open(path: folder.path)
    }
    // With one of them named export.xml, that one is read.
    try folder.write(Self.xml, to: "export.xml")
    #expect(try read(folder.path).xmlName == folder.file("export.xml"))
  }

  @Test func reportsADamagedArchiveEntry() throws {
    let folder = try TestDirectory()
    var fixture = ExportFixture()
    fixture.add("apple_health_export/export.xml", Self.xml)
    let path = folder.file("export.zip")
    try fixture.writeZip(at: path, options: ZipWriter.Options())
    // Flip one byte of the deflated export.xml (after its 30-byte header and name).
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let dataStart = 30 + "apple_health_export/export.xml".utf8.count
    bytes[dataStart + 40] ^= 0x55
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(throws: ZipError.self) { try read(path) }
  }
}
