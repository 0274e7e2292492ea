import Testing

@testable import HealthExport

/// The numbering of a summary's sources: the last name, the few met recently, then the table.
@Suite struct SourcePriorityTests {
  static let watchDevice =
    "<<HKDevice: 0x1>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1>"

  @Test func namesInterleavedKeepTheirNumbers() {
    var sources = SourcePriority()
    // More names than are kept recently, met in turns, so that some come from the table.
    let names = (0..<12).map { "Source number \($0) with a long name" }
    for round in 0..<3 {
      for (index, name) in names.enumerated() {
        #expect(sources.number(of: name) == index, "round \(round)")
      }
      for (index, name) in names.enumerated().reversed() {
        #expect(sources.number(of: name) == index, "round \(round), backwards")
      }
    }
    #expect(sources.names == names)
  }

  @Test func namesOfOneLengthAreToldApart() {
    var sources = SourcePriority()
    #expect(sources.number(of: "Phone A") == 0)
    #expect(sources.number(of: "Phone B") == 1)
    #expect(sources.number(of: "Phone C") == 2)
    #expect(sources.number(of: "Phone A") == 0)
    #expect(sources.number(of: "Phone B") == 1)
    #expect(sources.number(of: "Phone C") == 2)
  }

  @Test func canonicallyEquivalentNamesAreOneSource() {
    // Equal as Strings (as the table compares them), of different lengths in bytes.
    let composed = "Caf\u{E9}"
    let decomposed = "Cafe\u{301}"
    var sources = SourcePriority()
    #expect(sources.number(of: composed) == 0)
    #expect(sources.number(of: "Other") == 1)
    #expect(sources.number(of: decomposed) == 0)
    #expect(sources.names == [composed, "Other"])
  }

  @Test func aDeviceMetOnARecentNameStillSetsItsGroup() {
    var sources = SourcePriority()
    _ = sources.number(of: "B")
    _ = sources.number(of: "A")
    // "B" again, found among the recent names, now with a Watch: it ranks before "A".
    sources.note(device: Self.watchDevice, source: sources.number(of: "B"), ranking: 0)
    #expect(sources.ranks(priority: [], ranking: 0) == [0, 1])
  }

  /// Each ranking (a type) decides a source's class by its own samples: a Watch for one type is
  /// not one for another, and a class once Watch stays so.
  @Test func eachRankingHasItsOwnClasses() {
    let phone = "<<HKDevice: 0x2>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2>"
    var sources = SourcePriority()
    let zeta = sources.number(of: "Zeta")
    let alpha = sources.number(of: "Alpha")
    sources.note(device: Self.watchDevice, source: zeta, ranking: 1)
    sources.note(device: phone, source: zeta, ranking: 1)
    sources.note(device: nil, source: zeta, ranking: 1)
    sources.note(device: phone, source: alpha, ranking: 2)
    // Ranking 0 noted nothing: by name. Ranking 1: Zeta is a Watch source. Ranking 2: Alpha an iPhone one.
    #expect(sources.ranks(priority: [], ranking: 0) == [1, 0])
    #expect(sources.ranks(priority: [], ranking: 1) == [0, 1])
    #expect(sources.ranks(priority: [], ranking: 2) == [1, 0])
    #expect(sources.ranks(priority: ["Zeta"], ranking: 2) == [0, 1])
  }

  /// Nearly every record's device has an address of its own: past the devices remembered, each
  /// is still classed by its model.
  @Test func devicesWithAddressesOfTheirOwnAreClassedWhateverTheirNumber() {
    var sources = SourcePriority()
    let (scale, phone, watch) = (
      sources.number(of: "Scale"), sources.number(of: "Phone"), sources.number(of: "Watch")
    )
    for address in 0..<10_000 {
      sources.note(
        device: "<<HKDevice: 0x\(String(address, radix: 16))>, name:Body+, model:WBS05>", source: scale,
        ranking: 0)
      sources.note(
        device: "<<HKDevice: 0x\(String(address + 1, radix: 16))>, name:iPhone, model:iPhone>", source: phone,
        ranking: 0)
    }
    sources.note(device: "<<HKDevice: 0xfffff>, name:Apple Watch, model:Watch>", source: watch, ranking: 0)
    #expect(sources.ranks(priority: [], ranking: 0) == [2, 1, 0])
  }
}
