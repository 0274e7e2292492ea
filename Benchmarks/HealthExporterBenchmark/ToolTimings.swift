import Foundation
import HealthArchive
import HealthAssistant
import HealthModel

/// `tools --file DATABASE`: how long each of the assistant's tools takes on a database, as a
/// client calls it (the arguments a person's first questions give), each call `rounds` times in
/// turn; prints the median and the slowest of each, in milliseconds, and whether every tool but
/// `query` stays under the 250 ms the docs promise.
struct ToolTimings {
  let database: String
  let rounds: Int

  /// Each call: the tool and its arguments.
  static let calls: [(String, JSONValue)] = [
    ("list_types", [:]),
    ("profile", [:]),
    ("summary", ["metric": "Steps", "period": "day", "limit": 30]),
    ("summary", ["metric": "Heart Rate", "period": "year"]),
    ("compare", ["metric": "Steps", "period": "month", "first": "2026-05-01", "second": "2026-06-01"]),
    ("baseline", ["metric": "Resting Heart Rate", "days": 90]),
    ("records", ["metric": "Heart Rate", "limit": 100]),
    ("workouts", ["limit": 50]),
    ("labs", ["loinc": "4548-4"]),
    ("ecg", [:]),
    ("query", ["sql": "SELECT type, count(*) FROM records GROUP BY type"]),
  ]

  func run() throws {
    var options = AssistantDatabase.Options(
      input: database, timeZone: .named(.current), usesCache: false,
      environment: ProcessInfo.processInfo.environment, now: Timestamp(secondsSince1970: 0),
      toolVersion: "benchmark")
    options.queryTimeLimit = .seconds(60)
    let opened = try AssistantDatabase.open(options, log: { _ in })
    let tools = HealthTools(database: opened).tools
    var timings = Array(repeating: [Double](), count: Self.calls.count)
    for _ in 0..<rounds {
      for (index, (name, arguments)) in Self.calls.enumerated() {
        guard let tool = tools.first(where: { $0.name == name }) else { fatalError("no tool \(name)") }
        let clock = ContinuousClock()
        let start = clock.now
        _ = try tool.run(ToolArguments(arguments, for: tool), .silent)
        let elapsed = clock.now - start
        timings[index].append(
          Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
      }
    }
    print("The assistant's tools on \(database), \(rounds) rounds (milliseconds):\n")
    print("| tool | arguments | median | slowest |")
    print("|---|---|---|---|")
    var slowest: (name: String, milliseconds: Double) = ("", 0)
    for (index, (name, arguments)) in Self.calls.enumerated() {
      let sorted = timings[index].sorted()
      let median = sorted[sorted.count / 2]
      let worst = sorted.last ?? 0
      if name != "query", worst > slowest.milliseconds { slowest = (name, worst) }
      let text = String(decoding: JSONWriter.bytes(of: arguments), as: UTF8.self)
      print(String(format: "| `%@` | `%@` | %.1f | %.1f |", name, text, median, worst))
    }
    print(
      String(
        format: "\nThe slowest tool but query: %@, %.1f ms (%@ 250 ms).", slowest.name, slowest.milliseconds,
        slowest.milliseconds < 250 ? "under" : "OVER"))
  }
}
