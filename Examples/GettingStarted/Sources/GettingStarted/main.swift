import Foundation
import HealthArchive
import HealthExport
import HealthModel

// What an app reads from HealthKit. On iOS these are `HKQuantitySample`s; this stand-in has the
// fields the mapping below reads, so that the example runs anywhere.
struct QuantityReading {
  var typeIdentifier: String  // sample.quantityType.identifier
  var value: Double  // sample.quantity.doubleValue(for: unit)
  var unit: String  // the unit asked for, as HealthKit writes it: "lb", "count"
  var start: Date  // sample.startDate
  var end: Date  // sample.endDate
  var sourceName: String  // sample.sourceRevision.source.name
}

extension Sample {
  /// A reading as the library's value.
  init(_ reading: QuantityReading) {
    self.init(
      type: reading.typeIdentifier, value: .quantity(reading.value, unit: reading.unit),
      sourceName: reading.sourceName, startDate: Timestamp(reading.start), endDate: Timestamp(reading.end))
  }
}

let newYork = TimeZone(identifier: "America/New_York") ?? .gmt
let january20 = Date(timeIntervalSince1970: 1_768_910_400)  // 2026-01-20 07:00 in New York

// A week of morning weights and daily steps.
var readings: [QuantityReading] = []
for day in 0..<7 {
  let morning = january20.addingTimeInterval(Double(day - 7) * 86_400)
  readings.append(
    QuantityReading(
      typeIdentifier: "HKQuantityTypeIdentifierBodyMass", value: 185.5 - Double(day) * 0.25, unit: "lb",
      start: morning, end: morning, sourceName: "Scale"))
  readings.append(
    QuantityReading(
      typeIdentifier: "HKQuantityTypeIdentifierStepCount", value: Double(6_000 + day * 500), unit: "count",
      start: morning.addingTimeInterval(3_600), end: morning.addingTimeInterval(7_200), sourceName: "iPhone"))
}
let samples = readings.map(Sample.init)
print("Mapped \(samples.count) samples.")

/// Hands each update to a stream an app's main actor reads (a progress bar), as it comes.
final class StreamedProgress: ProgressObserver {
  let continuation: AsyncStream<ReadProgress>.Continuation

  init(_ continuation: AsyncStream<ReadProgress>.Continuation) {
    self.continuation = continuation
  }

  func update(_ progress: ReadProgress) {
    continuation.yield(progress)
  }
}

// The CSV of weight and steps, all dates, in kilograms, to a file; progress as it goes.
let export = CSVExport(
  selection: ExportSelection(
    range: .all, units: UnitPreferences(weight: .kilograms, temperature: .fahrenheit),
    timeZone: .named(newYork)),
  now: Timestamp(january20))
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("getting-started-\(UUID())").path
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }

let (updates, continuation) = AsyncStream.makeStream(of: ReadProgress.self)
let outcome = try await export.run(
  HealthItemSequence(samples: samples), to: .file(path: folder + "/health.csv", overwrites: false),
  progress: StreamedProgress(continuation))
continuation.finish()
var last: ReadProgress?
for await progress in updates { last = progress }
print(outcome.line.replacingOccurrences(of: folder, with: "FOLDER"))
if let last, let fraction = last.fractionDone {
  print("Progress: \(last.done) of \(last.total ?? 0) samples, \(Int(fraction * 100))%")
}
print(try String(contentsOfFile: folder + "/health.csv", encoding: .utf8), terminator: "")

// A long job: ten years of steps by the minute, made as they are read. The job runs in a task;
// the app cancels the task (a Cancel button) once it has seen some progress. The items are made
// inside the task, where the job reads them.
func tenYearsOfSteps(endingAt end: Date) -> HealthItemSequence<some Collection<HealthItem>> {
  let minutes = 10 * 365 * 24 * 60
  return HealthItemSequence(
    (0..<minutes).lazy.map { minute in
      let start = end.addingTimeInterval(-Double(minutes - minute) * 60)
      return HealthItem.sample(
        Sample(
          type: "HKQuantityTypeIdentifierStepCount", value: .quantity(Double(minute % 90), unit: "count"),
          sourceName: "Watch", startDate: Timestamp(start), endDate: Timestamp(start.addingTimeInterval(60))))
    })
}
let (longUpdates, longContinuation) = AsyncStream.makeStream(
  of: ReadProgress.self, bufferingPolicy: .bufferingNewest(1))
let longPath = folder + "/ten-years.csv"
let job = Task.detached {
  try await export.run(
    tenYearsOfSteps(endingAt: january20), to: .file(path: longPath, overwrites: false),
    progress: StreamedProgress(longContinuation))
}
for await progress in longUpdates where progress.done >= 100_000 {
  job.cancel()
  break
}
switch await job.result {
case .success: print("The long export finished.")
case .failure(let error as CancellationError): print("The long export stopped: \(error).")
case .failure(let error): print("The long export failed: \(error)")
}

// The same with a flag, for code that runs the job on a thread of its own: the Cancel button sets
// the flag, from any thread; here it is set once the job has told some progress.
let cancellation = CancellationFlag()
let (flagUpdates, flagContinuation) = AsyncStream.makeStream(
  of: ReadProgress.self, bufferingPolicy: .bufferingNewest(1))
Task {
  for await progress in flagUpdates where progress.done >= 100_000 {
    cancellation.cancel()
    break
  }
}
let flagged: Result<CSVExport.Outcome, any Error> = await withCheckedContinuation { done in
  DispatchQueue.global().async {
    done.resume(
      returning: Result {
        try export.run(
          tenYearsOfSteps(endingAt: january20), to: .file(path: folder + "/flagged.csv", overwrites: false),
          progress: StreamedProgress(flagContinuation), cancellation: cancellation)
      })
  }
}
flagContinuation.finish()
switch flagged {
case .success: print("The flagged export finished.")
case .failure(let error): print("The flagged export stopped: \(error).")
}
print("Left behind: \(try FileManager.default.contentsOfDirectory(atPath: folder).sorted())")
