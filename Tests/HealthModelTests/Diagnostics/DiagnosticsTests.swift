import HealthModel
import Testing

@Suite struct DiagnosticsTests {
  @Test func countsByReasonKeepingTheFirstLocation() throws {
    let diagnostics = Diagnostics()
    try diagnostics.report(
      Diagnostic(reason: "value is not a number", location: SourceLocation(file: "e.xml", line: 4)))
    try diagnostics.report(Diagnostic(reason: "no startDate", location: nil))
    try diagnostics.report(
      Diagnostic(reason: "value is not a number", location: SourceLocation(file: "e.xml", line: 9)))
    #expect(diagnostics.totalCount == 3)
    #expect(
      diagnostics.summary == [
        Diagnostics.Tally(
          reason: "value is not a number", count: 2, firstLocation: SourceLocation(file: "e.xml", line: 4)),
        Diagnostics.Tally(reason: "no startDate", count: 1),
      ])
  }

  @Test func strictModeThrowsTheFirst() {
    let diagnostics = Diagnostics(isStrict: true)
    let diagnostic = Diagnostic(
      reason: "no startDate", location: SourceLocation(file: "e.xml", line: 7, column: 2))
    #expect(throws: StrictModeError(diagnostic: diagnostic)) { try diagnostics.report(diagnostic) }
    #expect(
      StrictModeError(diagnostic: diagnostic).description
        == "e.xml, line 7, column 2: no startDate (--strict makes every malformed record an error)")
  }

  @Test func forwardingHandsEachOnAsReportedAndCountsIt() throws {
    var forwarded: [String] = []
    let diagnostics = Diagnostics(forwardingTo: { forwarded.append($0.description) })
    try diagnostics.report(
      Diagnostic(reason: "value is not a number", location: SourceLocation(file: "e.xml", line: 4, column: 2))
    )
    try diagnostics.report(Diagnostic(reason: "no startDate", location: nil))
    #expect(forwarded == ["e.xml, line 4, column 2: value is not a number", "no startDate"])
    #expect(diagnostics.totalCount == 2)
    #expect(diagnostics.each.isEmpty)
  }
}
