import HealthArchive
import HealthModel

/// ECG recordings, as the CSV files of `electrocardiograms/`.
extension SampleModel {
  /// The record's two ECGs, on one evening twelve days before the end (or the first day): a clean
  /// one, and a second, shorter one that came out poor.
  package func electrocardiogramFiles() -> [ElectrocardiogramFile] {
    let dayNumber = max(firstDayNumber, lastDayNumber - 12)
    var random = RandomStream(seed: seed, purpose: .electrocardiogram, dayNumber: dayNumber)
    let first = instant(day: dayNumber, second: 75_300 + random.integer(0...1_200))
    let date = CivilDateTime.civil(fromDays: dayNumber)
    let day = TextOutput.dayText(date.year, date.month, date.day)
    return [
      ElectrocardiogramFile(
        fileName: "ecg_\(day).csv", instant: first, classification: "Sinus Rhythm", sampleCount: 15_360,
        index: 0),
      ElectrocardiogramFile(
        fileName: "ecg_\(day)_1.csv", instant: first + Int64(random.integer(300...600)),
        classification: "Poor Recording", sampleCount: 14_848, index: 1),
    ]
  }

  /// The CSV of `file`, in Apple's layout: the header lines, then one µV sample a line, to the
  /// thousandth as Apple's are.
  package func electrocardiogramCSV(_ file: ElectrocardiogramFile) -> [UInt8] {
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    var recording = Electrocardiogram(
      fileName: file.fileName, name: "\(person.firstName) \(person.lastName)",
      dateOfBirth: "\(months[person.birthMonth - 1]) \(person.birthDay), \(person.birthYear)",
      recordedDate: Timestamp(secondsSince1970: file.instant), classification: file.classification,
      symptoms: "", softwareVersion: "2.0", device: "Watch7,2", sampleRate: 512, lead: "Lead I", unit: "µV")
    recording.samples.reserveCapacity(file.sampleCount)

    var random = RandomStream(
      seed: seed, purpose: .electrocardiogram, dayNumber: file.instant &+ Int64(file.index))
    let beatSeconds = 60 / (person.restingHeartRate + 8)
    let noise = file.classification == "Sinus Rhythm" ? 6.0 : 28.0
    var nextBeat = random.uniform(0.1, 0.6)
    var beat = -10.0
    for index in 0..<file.sampleCount {
      let time = Double(index) / 512
      if time >= nextBeat {
        beat = nextBeat
        nextBeat += beatSeconds * random.uniform(0.96, 1.04)
      }
      let phase = time - beat
      // P, Q, R, S and T waves as bumps after each beat, on a wandering baseline.
      var value = 40 * StableMath.sin(StableMath.twoPi * time / 4.7)
      value += wave(phase, at: 0.0, width: 0.025, height: 90)
      value += wave(phase, at: 0.13, width: 0.008, height: -120)
      value += wave(phase, at: 0.16, width: 0.011, height: 1_050)
      value += wave(phase, at: 0.19, width: 0.009, height: -260)
      value += wave(phase, at: 0.42, width: 0.05, height: 240)
      value += random.gaussian(0, noise)
      recording.samples.append(value)
    }
    return ElectrocardiogramWriter.csv(recording, dateOffset: exportOffset, keepsEveryDigit: false)
  }

  /// A bell of `height` µV centred `at` seconds after the beat.
  private func wave(_ phase: Double, at centre: Double, width: Double, height: Double) -> Double {
    let distance = (phase - centre) / width
    guard abs(distance) < 6 else { return 0 }
    return height * StableMath.exp(-0.5 * distance * distance)
  }
}
