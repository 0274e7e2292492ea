import Foundation
import HealthExport
import HealthModel
import HealthSampleGenerator
import Testing

/// Exporting a generated record gives the rows its model predicts: the values are computed here
/// from the model's functions and converted by the test, not taken from the exporter.
@Suite struct ExportRowTests {
  static let model = try! SampleModel(configuration: GeneratorTest.spring)
  let export = try! SampleExport(configuration: GeneratorTest.spring)
  static let poundsPerKilogram = 2.204_622_621_8

  /// One export of the record in US units: the metrics, three vitals and every lab.
  static let rows: [String] = try! GeneratorTest.csvRows(
    SampleExport(configuration: GeneratorTest.spring).source(),
    selection: GeneratorTest.selection(
      metrics: ["weight", "steps", "glucose"],
      vitals: ["blood-pressure", "oxygen-saturation", "body-temperature"],
      labs: MetricRegistry.standard.labs))

  /// The rows of that export whose Metric is one of `metrics`, in order.
  static func rows(_ metrics: Set<String>) -> [String] {
    rows.filter { metrics.contains(String($0.split(separator: ",", maxSplits: 2)[1])) }
  }

  /// The days the person stepped on the scale, with the instant of each weigh-in.
  static var weighIns: [(dayNumber: Int64, instant: Int64)] {
    model.dayNumbers.compactMap { day in model.weighIn(model.day(day)).map { (day, $0.instant) } }
  }

  @Test func weightRowsFollowTheTrendAndTheDailyNoise() throws {
    let rows = Self.rows(["Weight"])
    let expected = Self.weighIns.map { day, instant in
      // The body's weight that morning (trend plus the day's noise), as the scale shows it:
      // pounds to the tenth.
      let kilograms = Self.model.weightKilograms(onDay: day)
      let pounds = (kilograms * Self.poundsPerKilogram * 10).rounded() / 10
      return "\(GeneratorTest.localText(instant)),Weight,,\(GeneratorTest.fixed(pounds, 2)),lbs,Withings,"
    }
    #expect(expected.count >= 5)
    #expect(rows == expected)
  }

  @Test func weightRowsInKilogramsConvertThePoundsTheScaleWrote() throws {
    var selection = GeneratorTest.selection(metrics: ["weight"])
    selection.units.weight = .kilograms
    let rows = try GeneratorTest.csvRows(export.source(), selection: selection)
    let expected = Self.weighIns.map { day, instant in
      let pounds = (Self.model.weightKilograms(onDay: day) * Self.poundsPerKilogram * 10).rounded() / 10
      return
        "\(GeneratorTest.localText(instant)),Weight,,\(GeneratorTest.fixed(pounds / Self.poundsPerKilogram, 2)),kg,Withings,"
    }
    #expect(rows == expected)
  }

  @Test func stepRowsComeFromTheWatchAndThePhoneBoth() throws {
    let rows = Self.rows(["Steps"])
    let person = Self.model.person
    var expected: [String] = []
    var watchTotal = 0
    var phoneTotal = 0
    for day in Self.model.dayNumbers {
      for sample in Self.model.stepSamples(Self.model.day(day)) {
        let source =
          sample.source == .watch ? "\(person.firstName)’s Apple Watch" : "\(person.firstName)’s iPhone"
        expected.append("\(GeneratorTest.localText(sample.start)),Steps,,\(sample.steps),steps,\(source),")
        if sample.source == .watch { watchTotal += sample.steps } else { phoneTotal += sample.steps }
      }
    }
    #expect(rows == expected)
    // Both devices count the same walks: each alone is a realistic day's count, the sum is not.
    #expect(watchTotal / 8 > 5_000 && watchTotal / 8 < 20_000)
    #expect(phoneTotal > watchTotal / 2)
  }

  @Test func glucoseRowsCarryTheirMealTime() throws {
    let rows = Self.rows(["Blood Glucose"])
    let expected = Self.model.dayNumbers.flatMap { day in
      Self.model.glucoseReadings(Self.model.day(day)).map {
        "\(GeneratorTest.localText($0.instant)),Blood Glucose,,\(Int($0.milligramsPerDeciliter)),mg/dL,OneTouch Reveal,"
          + ($0.mealTime == 1 ? "Before Meal" : "After Meal")
      }
    }
    #expect(rows == expected)
    #expect(rows.contains { $0.hasSuffix(",Before Meal") } && rows.contains { $0.hasSuffix(",After Meal") })
  }

  @Test func vitalsAreWrittenOnceEachDespiteTheCorrelations() throws {
    let rows = Self.rows([
      "Blood Pressure Systolic", "Blood Pressure Diastolic", "Oxygen Saturation", "Body Temperature",
    ])
    let days = Self.model.dayNumbers.map { Self.model.day($0) }
    let pressures = days.flatMap { Self.model.bloodPressureReadings($0) }
    let watch = "\(Self.model.person.firstName)’s Apple Watch"
    var expected = pressures.map {
      "\(GeneratorTest.localText($0.instant)),Blood Pressure Systolic,,\(Int($0.systolic)),mmHg,OMRON connect,"
    }
    expected += pressures.map {
      "\(GeneratorTest.localText($0.instant)),Blood Pressure Diastolic,,\(Int($0.diastolic)),mmHg,OMRON connect,"
    }
    expected += days.flatMap { Self.model.oxygenSaturationReadings($0) }.map {
      "\(GeneratorTest.localText($0.instant)),Oxygen Saturation,,\(GeneratorTest.fixed($0.value * 100, 1)),%,\(watch),"
    }
    expected += days.flatMap { Self.model.temperatureReadings($0) }.map {
      "\(GeneratorTest.localText($0.instant)),Body Temperature,,\(GeneratorTest.fixed($0.value, 1)),°F,Health,"
    }
    #expect(pressures.count >= 3)
    #expect(rows == expected)
  }

  @Test func labRowsAreTheVisitsResults() throws {
    let rows = Self.rows(Set(MetricRegistry.standard.labs.map(\.name)))
    var expected: [String] = []
    for day in Self.model.labVisitDays {
      let date = GeneratorTest.localText(Self.model.labDrawInstant(onDay: day))
      for result in Self.model.labResults(onDay: day) {
        let source =
          [.lipid, .cmp, .thyroid].contains(result.lab.panel)
          ? "Riverside Health" : "Harbor Laboratory Services"
        expected.append(
          "\(date),\(result.lab.name),\(result.lab.loinc),\(GeneratorTest.fixed(result.value, result.lab.decimals)),"
            + "\(result.unit),\(source),")
      }
    }
    #expect(expected.count == 38)
    #expect(rows == expected)
  }
}
