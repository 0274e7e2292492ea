/// An ECG recording of the watch, as the CSV files of `electrocardiograms/` hold it.
package struct ElectrocardiogramFile: Sendable {
  /// `ecg_2026-06-18.csv`, or `ecg_2026-06-18_1.csv` for the second of the day.
  package var fileName: String
  package var instant: Int64
  /// `Sinus Rhythm`, `Poor Recording`…
  package var classification: String
  /// How many samples (512 a second; a poor recording stops early).
  package var sampleCount: Int
  /// Which recording of the day (0, 1).
  package var index: Int
}
