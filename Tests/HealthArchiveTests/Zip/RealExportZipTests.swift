import HealthArchive
import HealthTestSupport
import Testing

/// Zips written by other tools and by Apple's Health app, read from `../shared/real-exports`
/// beside the package (never copied into it). Every entry is streamed to its end, so its size
/// and CRC-32 are verified. The expected lists were taken with Python's zipfile.
///
/// Where the folder is absent (a checkout on its own), the suite is skipped rather than failed:
/// the files are not ours to ship.
@Suite(.enabled(if: RealExports.isAvailable, "../shared/real-exports is not beside the package"))
struct RealExportZipTests {
  struct Expected: Sendable {
    var name: String
    var method: UInt16
    var flags: UInt16
    var compressed: UInt64
    var uncompressed: UInt64
    var crc: UInt32

    init(
      _ name: String, method: UInt16, flags: UInt16, compressed: UInt64, uncompressed: UInt64,
      crc: UInt32
    ) {
      self.name = name
      self.method = method
      self.flags = flags
      self.compressed = compressed
      self.uncompressed = uncompressed
      self.crc = crc
    }
  }

  struct ArchiveCase: CustomTestStringConvertible, Sendable {
    var file: String
    var entries: [Expected]
    var testDescription: String { file }
  }

  static let alxdrcirilo = ArchiveCase(
    file: "alxdrcirilo-apple-health-parser__export.zip",
    entries: [
      .init(
        "apple_health_export/",
        method: 0, flags: 0x0000, compressed: 0, uncompressed: 0, crc: 0x0000_0000),
      .init(
        "apple_health_export/.DS_Store",
        method: 8, flags: 0x0008, compressed: 178, uncompressed: 6148, crc: 0x6D88_006A),
      .init(
        "__MACOSX/apple_health_export/._.DS_Store",
        method: 8, flags: 0x0008, compressed: 53, uncompressed: 120, crc: 0x38C0_880B),
      .init(
        "apple_health_export/export.xml",
        method: 8, flags: 0x0008, compressed: 819, uncompressed: 3790, crc: 0x211A_B7A4),
      .init(
        "__MACOSX/apple_health_export/._export.xml",
        method: 8, flags: 0x0008, compressed: 127, uncompressed: 219, crc: 0x5C73_CFAA),
    ])

  static let josejamilena = ArchiveCase(
    file: "josejamilena-HealthKitExportParser__exportacion.zip",
    entries: [
      .init(
        "exportacio\u{301}n.xml",
        method: 8, flags: 0x0008, compressed: 80397, uncompressed: 1_374_289, crc: 0x6B2D_5DC9),
      .init(
        "exportacio\u{301}n_cda.xml",
        method: 8, flags: 0x0008, compressed: 685, uncompressed: 1681, crc: 0x5DF8_D577),
    ])

  static let symptomatic = ArchiveCase(
    file: "symptomatic-clinical-scenarios__export_2.zip",
    entries: [
      .init(
        "apple_health_export/export.xml",
        method: 8, flags: 0x0008, compressed: 2652, uncompressed: 14778, crc: 0xD443_048D),
      .init(
        "apple_health_export/clinical-records/MedicationOrder-4455D9D1-612F-4C27-9BD3-CEB407022560.json",
        method: 8, flags: 0x0008, compressed: 363, uncompressed: 698, crc: 0xC03B_D130),
      .init(
        "apple_health_export/clinical-records/Condition-2BECB21C-E572-4EBE-B7D7-B62853881439.json",
        method: 8, flags: 0x0008, compressed: 359, uncompressed: 716, crc: 0xC062_B4BB),
      .init(
        "apple_health_export/clinical-records/Observation-4F07C626-CBE5-4121-A3A2-2AC347660592.json",
        method: 8, flags: 0x0008, compressed: 325, uncompressed: 949, crc: 0x26E5_6BFF),
      .init(
        "apple_health_export/clinical-records/Observation-6CDE6CF6-C18A-44FD-B984-A1A8B8C4E42D.json",
        method: 8, flags: 0x0008, compressed: 292, uncompressed: 636, crc: 0x4899_9B67),
      .init(
        "apple_health_export/clinical-records/Observation-9199E0EB-E0EE-4607-8EC3-40533EA4F9FB.json",
        method: 8, flags: 0x0008, compressed: 301, uncompressed: 655, crc: 0x9A36_BE5A),
      .init(
        "apple_health_export/clinical-records/Procedure-018888F0-DAFA-415C-BB69-9AC44D1045F6.json",
        method: 8, flags: 0x0008, compressed: 340, uncompressed: 756, crc: 0xAB50_E81F),
      .init(
        "apple_health_export/clinical-records/MedicationOrder-9693A722-DE4A-4815-9ACC-BB8176816DA6.json",
        method: 8, flags: 0x0008, compressed: 378, uncompressed: 668, crc: 0x81A6_A232),
      .init(
        "apple_health_export/clinical-records/Observation-523CCBC6-F456-4371-B1BE-BA1D8A5C11B8.json",
        method: 8, flags: 0x0008, compressed: 300, uncompressed: 647, crc: 0x1910_E001),
      .init(
        "apple_health_export/clinical-records/Observation-48CDF1F3-ACD3-4EE3-B7FC-F8B4F537A490.json",
        method: 8, flags: 0x0008, compressed: 289, uncompressed: 644, crc: 0xBB58_F150),
      .init(
        "apple_health_export/clinical-records/MedicationOrder-DA5D797C-E2BF-4944-82E0-DFD0BA864A32.json",
        method: 8, flags: 0x0008, compressed: 413, uncompressed: 795, crc: 0x87FB_65D2),
      .init(
        "apple_health_export/clinical-records/Observation-F0873E51-9A57-4EAA-8851-9C97D3A41222.json",
        method: 8, flags: 0x0008, compressed: 346, uncompressed: 1001, crc: 0xC3C4_BC63),
      .init(
        "apple_health_export/clinical-records/Patient-970DF5EF-48A8-4ADD-BF66-D6542CC71738.json",
        method: 8, flags: 0x0008, compressed: 132, uncompressed: 187, crc: 0x779A_2A40),
      .init(
        "apple_health_export/clinical-records/Observation-BE5FFEA0-7A82-476A-92BE-CEFEDECEEF48.json",
        method: 8, flags: 0x0008, compressed: 280, uncompressed: 623, crc: 0x9A07_07B1),
      .init(
        "apple_health_export/clinical-records/Observation-5DB195E2-0D09-4471-ABA2-9B2711DF5A35.json",
        method: 8, flags: 0x0008, compressed: 315, uncompressed: 668, crc: 0x8804_53F1),
      .init(
        "apple_health_export/clinical-records/Observation-963653C0-ED58-41E7-A89D-D08CDC02C0B0.json",
        method: 8, flags: 0x0008, compressed: 324, uncompressed: 946, crc: 0x7E23_A6FC),
      .init(
        "apple_health_export/clinical-records/Observation-613264B6-A0BD-4A41-9A28-21C54BCD8B07.json",
        method: 8, flags: 0x0008, compressed: 342, uncompressed: 999, crc: 0x6BD5_7785),
      .init(
        "apple_health_export/clinical-records/Observation-15E2E6A4-A8B4-4F1D-820B-B48715E562EE.json",
        method: 8, flags: 0x0008, compressed: 339, uncompressed: 969, crc: 0x077B_F73F),
      .init(
        "apple_health_export/clinical-records/Patient-A553D079-1E33-4A56-B4B9-6412E0974EAE.json",
        method: 8, flags: 0x0008, compressed: 141, uncompressed: 223, crc: 0x29DD_F6B1),
      .init(
        "apple_health_export/clinical-records/Observation-113965BF-40D0-45CB-AAA5-C60388C105A1.json",
        method: 8, flags: 0x0008, compressed: 290, uncompressed: 632, crc: 0xD19C_1FB6),
      .init(
        "apple_health_export/clinical-records/Immunization-58DE652D-A611-4DDB-8A86-D9DB061C7196.json",
        method: 8, flags: 0x0008, compressed: 215, uncompressed: 368, crc: 0xACB8_63CB),
      .init(
        "apple_health_export/clinical-records/Condition-1DB8B5D8-EBB2-4382-B75C-1295A5366727.json",
        method: 8, flags: 0x0008, compressed: 352, uncompressed: 699, crc: 0x0996_3CC7),
      .init(
        "apple_health_export/clinical-records/Condition-8EE1718E-ECC2-409D-A697-AE1ECA18DFB9.json",
        method: 8, flags: 0x0008, compressed: 292, uncompressed: 592, crc: 0x4A00_DD25),
      .init(
        "apple_health_export/clinical-records/Procedure-C1ED350B-F7E8-4ABC-9B32-5638FF7218B6.json",
        method: 8, flags: 0x0008, compressed: 223, uncompressed: 357, crc: 0xF567_EC97),
      .init(
        "apple_health_export/clinical-records/Condition-4A40019F-9238-496E-A6AF-4B08C13077E3.json",
        method: 8, flags: 0x0008, compressed: 282, uncompressed: 555, crc: 0x4FE4_3F9C),
      .init(
        "apple_health_export/clinical-records/Observation-9D047C5E-1F64-491E-AF8E-4D513AAD43DC.json",
        method: 8, flags: 0x0008, compressed: 297, uncompressed: 642, crc: 0x3A32_4F27),
      .init(
        "apple_health_export/clinical-records/Observation-45F3AFC0-CA80-4865-A99D-B979F07CD834.json",
        method: 8, flags: 0x0008, compressed: 342, uncompressed: 969, crc: 0x8B4A_C56F),
      .init(
        "apple_health_export/clinical-records/Patient-685F5D38-50AA-4A59-A59D-3EC8494B839B.json",
        method: 8, flags: 0x0008, compressed: 146, uncompressed: 242, crc: 0x4195_161A),
      .init(
        "apple_health_export/clinical-records/Observation-FE4D02A1-D6DC-4938-B35A-F2CA7620EB58.json",
        method: 8, flags: 0x0008, compressed: 307, uncompressed: 658, crc: 0xD209_E8B7),
      .init(
        "apple_health_export/clinical-records/Observation-A3F420F8-7584-422D-B147-456EB753BEBA.json",
        method: 8, flags: 0x0008, compressed: 400, uncompressed: 1381, crc: 0x795C_5670),
      .init(
        "apple_health_export/clinical-records/MedicationOrder-0EA6712F-8ED8-46B7-B571-BDD842D32312.json",
        method: 8, flags: 0x0008, compressed: 372, uncompressed: 690, crc: 0xCE25_233A),
      .init(
        "apple_health_export/clinical-records/AllergyIntolerance-71CA2CE1-08D2-43CF-AB82-79DEC59A955A.json",
        method: 8, flags: 0x0008, compressed: 301, uncompressed: 586, crc: 0xA7F2_55E1),
      .init(
        "apple_health_export/clinical-records/Observation-3C5C41B8-85A4-4F66-AF9D-1AEBF499BEBE.json",
        method: 8, flags: 0x0008, compressed: 353, uncompressed: 1007, crc: 0xFA0E_379E),
      .init(
        "apple_health_export/clinical-records/Immunization-30BE5B2D-1B78-4257-B0F4-CF2CB871374E.json",
        method: 8, flags: 0x0008, compressed: 209, uncompressed: 364, crc: 0x0CB4_8C8F),
      .init(
        "apple_health_export/clinical-records/AllergyIntolerance-3A8A196C-B035-4D5E-BB57-67AA1F080E2E.json",
        method: 8, flags: 0x0008, compressed: 259, uncompressed: 483, crc: 0x7E81_F5BA),
      .init(
        "apple_health_export/clinical-records/Procedure-7AE0C2E2-8882-4CF7-A6CD-13389188E259.json",
        method: 8, flags: 0x0008, compressed: 283, uncompressed: 504, crc: 0xA2E2_3EBF),
      .init(
        "apple_health_export/export_cda.xml",
        method: 8, flags: 0x0008, compressed: 554, uncompressed: 1119, crc: 0x0251_8812),
    ])

  @Test(arguments: [alxdrcirilo, josejamilena, symptomatic])
  func listsEveryEntryAndVerifiesEveryChecksum(_ expected: ArchiveCase) throws {
    let archive = try ZipArchive(path: RealExports.path(expected.file))
    #expect(archive.entries.count == expected.entries.count)
    #expect(archive.entries.map(\.name) == expected.entries.map(\.name))
    #expect(archive.entries.map(\.method.rawValue) == expected.entries.map(\.method))
    #expect(archive.entries.map(\.flags) == expected.entries.map(\.flags))
    #expect(archive.entries.map(\.compressedSize) == expected.entries.map(\.compressed))
    #expect(archive.entries.map(\.uncompressedSize) == expected.entries.map(\.uncompressed))
    #expect(archive.entries.map(\.crc32) == expected.entries.map(\.crc))
    for entry in archive.entries {
      // A read to the end checks the size and the CRC-32.
      let bytes = try readAll(archive.openEntry(entry), bufferSize: 1 << 16)
      #expect(bytes.count == Int(entry.uncompressedSize))
    }
  }

  @Test func spanishExportIsFoundByItsPrecomposedName() throws {
    let archive = try ZipArchive(path: RealExports.path(Self.josejamilena.file))
    let export = try #require(archive.entry(named: "exportación.xml"))
    #expect(export.isNameMarkedUTF8 == false)
    #expect(Array(export.normalizedName.unicodeScalars) == Array("exportaci\u{F3}n.xml".unicodeScalars))
    #expect(archive.entry(named: "exportación_cda.xml")?.uncompressedSize == 1681)
    let stream = try archive.openEntry(export)
    var head = [UInt8](repeating: 0, count: 38)
    let n = try stream.read(filling: &head)
    #expect(String(decoding: head[0..<n], as: UTF8.self) == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
  }

  @Test func macOSArchiveKeepsItsResourceForkEntries() throws {
    let archive = try ZipArchive(path: RealExports.path(Self.alxdrcirilo.file))
    #expect(archive.entries.filter { $0.name.hasPrefix("__MACOSX/") }.count == 2)
    #expect(archive.entries.filter(\.isDirectory).map(\.name) == ["apple_health_export/"])
    #expect(archive.entry(named: "/apple_health_export/export.xml")?.crc32 == 0x211A_B7A4)
  }
}
