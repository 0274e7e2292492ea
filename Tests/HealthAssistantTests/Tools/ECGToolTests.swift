import Foundation
import HealthArchive
import Testing

@testable import HealthAssistant

/// `ecg` on two recordings of known samples: the list, newest first, with the average of the
/// heart-rate records during each; one recording's voltages thinned with the first and last kept;
/// what it refuses.
@Suite struct ECGToolTests {
  /// Recording 1 (2026-01-09 08:00:00 -0500, when the fixture has a heart rate of 60): 10 samples
  /// at 2 Hz, 0 to 900 µV. Recording 2, a day later: 4 samples at 512 Hz, no heart rate then.
  static let rows: String = {
    let first = (0..<10).map { "(1, \($0), \($0 * 100))" }.joined(separator: ", ")
    return """
      INSERT INTO ecgs (id, file, recorded_date, recorded_unix, classification, symptoms, software_version, device,
        sample_rate_hz, lead, unit, samples) VALUES
        (1, 'electrocardiograms/ecg_2026-01-09.csv', '2026-01-09 08:00:00 -0500', 1767963600, 'Sinus Rhythm', NULL,
          '2.0', 'Watch7,1', 2, 'Lead I', 'µV', 10),
        (2, 'electrocardiograms/ecg_2026-01-10.csv', '2026-01-10 08:00:00 -0500', 1768050000, 'Inconclusive',
          'Fatigue', '2.0', 'Watch7,1', 512, 'Lead I', 'µV', 4);
      INSERT INTO ecg_samples (ecg_id, n, microvolts) VALUES \(first), (2, 0, 5), (2, 1, 6), (2, 2, 7), (2, 3, 8);
      """
  }()

  private func compact(_ value: JSONValue?) -> String {
    value.map { String(decoding: JSONWriter.bytes(of: $0), as: UTF8.self) } ?? "nil"
  }

  @Test func listsTheRecordingsNewestFirst() throws {
    let result = try ToolFixture(extraSQL: Self.rows).success("ecg")
    #expect(result["count"] == 2)
    #expect(
      compact(result["recordings"])
        == #"[{"id":2,"date":"2026-01-10T08:00:00-05:00","classification":"Inconclusive","average_heart_rate":null,"sample_rate_hz":512,"symptoms":"Fatigue","samples":4,"duration_s":0.0078125,"lead":"Lead I","unit":"µV","device":"Watch7,1"},{"id":1,"date":"2026-01-09T08:00:00-05:00","classification":"Sinus Rhythm","average_heart_rate":60,"sample_rate_hz":2,"symptoms":null,"samples":10,"duration_s":5,"lead":"Lead I","unit":"µV","device":"Watch7,1"}]"#
    )
  }

  @Test func thinsOneRecordingsVoltagesKeepingTheFirstAndLast() throws {
    let fixture = try ToolFixture(extraSQL: Self.rows)
    let thinned = try fixture.success("ecg", ["id": 1, "max_points": 4])
    #expect(
      compact(thinned["voltages"])
        == #"[{"t":0,"microvolts":0},{"t":1.5,"microvolts":300},{"t":3,"microvolts":600},{"t":4.5,"microvolts":900}]"#
    )
    #expect(thinned["total_points"] == 10 && thinned["truncated"] == true)
    #expect(thinned["recording"]?["id"] == 1)
    let whole = try fixture.success("ecg", ["id": 2])
    #expect(whole["voltages"]?.arrayValue?.map { $0["microvolts"] } == [5, 6, 7, 8])
    #expect(whole["truncated"] == false)
  }

  @Test func refusesWhatItCannotAnswer() throws {
    let fixture = try ToolFixture(extraSQL: Self.rows)
    #expect(
      try fixture.failure("ecg", ["id": 3])
        == "There is no ECG recording 3; ecg without arguments lists the 2 there are with their ids.")
    #expect(
      try fixture.failure("ecg", ["max_points": 10])
        == "'max_points' thins one recording's voltages: give its 'id' too (ecg without arguments lists them)."
    )
    #expect(try fixture.failure("ecg", ["id": 0]).hasPrefix("The argument 'id' is 0"))
    #expect(try ToolFixture().failure("ecg", ["id": 1]) == "The export holds no ECG recordings.")
    #expect(try ToolFixture().success("ecg")["count"] == 0)
  }
}
