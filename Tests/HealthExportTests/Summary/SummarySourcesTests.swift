import Testing

@testable import HealthExport

/// The numbering of a summary's sources: the last name, the few met recently, then the table.
@Suite struct SummarySourcesTests {
  static let watchDevice =
    "<<HKDevice: 0x1>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1>"

  @Test func namesInterleavedKeepTheirNumbers() {
    var sources = SummarySources()
    // More names than are kept recently, met in turns, so that some come from the table.
    let names = (0..<12).map { "Source number \($0) with a long name" }
    for round in 0..<3 {
      for (index, name) in names.enumerated() {
        #expect(sources.number(of: name, device: nil) == index, "round \(round)")
      }
      for (index, name) in names.enumerated().reversed() {
        #expect(sources.number(of: name, device: nil) == index, "round \(round), backwards")
      }
    }
    #expect(sources.names == names)
  }

  @Test func namesOfOneLengthAreToldApart() {
    var sources = SummarySources()
    #expect(sources.number(of: "Phone A", device: nil) == 0)
    #expect(sources.number(of: "Phone B", device: nil) == 1)
    #expect(sources.number(of: "Phone C", device: nil) == 2)
    #expect(sources.number(of: "Phone A", device: nil) == 0)
    #expect(sources.number(of: "Phone B", device: nil) == 1)
    #expect(sources.number(of: "Phone C", device: nil) == 2)
  }

  @Test func canonicallyEquivalentNamesAreOneSource() {
    // Equal as Strings (as the table compares them), of different lengths in bytes.
    let composed = "Caf\u{E9}"
    let decomposed = "Cafe\u{301}"
    var sources = SummarySources()
    #expect(sources.number(of: composed, device: nil) == 0)
    #expect(sources.number(of: "Other", device: nil) == 1)
    #expect(sources.number(of: decomposed, device: nil) == 0)
    #expect(sources.names == [composed, "Other"])
  }

  @Test func aDeviceMetOnARecentNameStillSetsItsGroup() {
    var sources = SummarySources()
    _ = sources.number(of: "B", device: nil)
    _ = sources.number(of: "A", device: nil)
    // "B" again, found among the recent names, now with a Watch: it ranks before "A".
    _ = sources.number(of: "B", device: Self.watchDevice)
    #expect(sources.ranks(priority: []) == [0, 1])
  }
}
