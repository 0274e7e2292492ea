import Foundation
import HealthArchive
import HealthTestSupport
import Testing

/// Outputs that would replace an input, and default names that are taken.
@Suite struct OutputFileInputsTests {
  @Test func findsTheNextFreeName() throws {
    let folder = try TestDirectory()
    let path = folder.file("HealthExporter_2026-01-20_070000.csv")
    #expect(OutputFile.unusedPath(for: path) == path)
    try folder.write("a", to: "HealthExporter_2026-01-20_070000.csv")
    #expect(OutputFile.unusedPath(for: path) == folder.file("HealthExporter_2026-01-20_070000_2.csv"))
    try folder.write("b", to: "HealthExporter_2026-01-20_070000_2.csv")
    #expect(OutputFile.unusedPath(for: path) == folder.file("HealthExporter_2026-01-20_070000_3.csv"))
    try folder.write("c", to: ".hidden")
    #expect(OutputFile.unusedPath(for: folder.file(".hidden")) == folder.file(".hidden_2"))
    try folder.write("d", to: "name")
    #expect(OutputFile.unusedPath(for: folder.file("name")) == folder.file("name_2"))
  }

  @Test func refusesAnOutputThatIsAnInput() throws {
    let folder = try TestDirectory()
    let input = try folder.write("<HealthData/>", to: "export.xml")
    let other = try folder.write("x", to: "other.csv")
    try FileManager.default.createSymbolicLink(atPath: folder.file("link"), withDestinationPath: "export.xml")
    #expect(throws: OutputError.isAnInput(path: folder.file("link"), input: input)) {
      try OutputFile.checkNotAnInput(folder.file("link"), inputs: [input])
    }
    #expect(throws: OutputError.isAnInput(path: other, input: folder.path)) {
      try OutputFile.checkNotAnInput(other, inputs: [folder.path])
    }
    try OutputFile.checkNotAnInput(other, inputs: [input])
    try OutputFile.checkNotAnInput(folder.file("missing.csv"), inputs: [input, folder.path])
  }
}
