import HealthModel
import Testing

@testable import HealthExport

/// How the summarizer routes a type's samples, from the type's summary kind.
@Suite struct SlotRouteTests {
  @Test(arguments: [
    (SummaryKind.quantity(.cumulative, measure: nil), Summarizer.SlotRoute.Path.cumulativeQuantity),
    (.quantity(.discrete, measure: nil), .discreteQuantity),
    (.sleepStages, .duration),
    (.mindfulMinutes, .duration),
    (.standHours, .counted),
    (.count, .counted),
  ])
  func pathOfEachKind(kind: SummaryKind, path: Summarizer.SlotRoute.Path) {
    let route = Summarizer.SlotRoute(kind: kind, csvUnit: .steps, minimumKept: 20, keepsTopLevelKeys: true)
    #expect(route.path == path)
    #expect(route.csvUnit == .steps)
    #expect(route.minimumKept == 20)
    #expect(route.keepsTopLevelKeys)
    // Numbers are found on the first sample that needs them.
    #expect(route.csvUnitNumber == -1)
    #expect(route.series == -1)
  }
}
