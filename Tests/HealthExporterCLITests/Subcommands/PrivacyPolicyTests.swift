import Foundation
import Testing

/// `health-exporter privacy` and `docs/privacy-policy.md` say the same, byte for byte.
@Suite struct PrivacyPolicyTests {
  @Test func printsThePolicyOfTheDocs() throws {
    let document = try String(contentsOfFile: packageRoot + "/docs/privacy-policy.md", encoding: .utf8)
    let run = ToolRun(["privacy"])
    #expect(run.status == 0)
    #expect(run.standardOutput == document)
    for promise in [
      "Everything stays on this machine.", "no analytics, telemetry, advertising or tracking",
      "It reads only what you name", "It writes only where you say", "settings file",
      "The CSV is plain text that you control", "not a medical record", "No warranty.",
    ] {
      #expect(document.contains(promise), "the policy no longer says '\(promise)'")
    }
  }
}
