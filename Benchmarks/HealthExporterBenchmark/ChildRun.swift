import Foundation
import SystemShim

/// One program run to its end as a child: its wall time, processor time and peak memory.
struct ChildRun {
  var wallSeconds: Double
  var cpuSeconds: Double
  var peakBytes: Int
  var status: Int32

  /// The line `measure` prints last, which `compare` reads back.
  var line: String {
    "measured wall=\(wallSeconds) cpu=\(cpuSeconds) peak=\(peakBytes) status=\(status)"
  }

  init(wallSeconds: Double, cpuSeconds: Double, peakBytes: Int, status: Int32) {
    self.wallSeconds = wallSeconds
    self.cpuSeconds = cpuSeconds
    self.peakBytes = peakBytes
    self.status = status
  }

  /// Reads `line` back.
  init?(line: Substring) {
    var fields: [Substring: Substring] = [:]
    for field in line.split(separator: " ").dropFirst() {
      let parts = field.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { fields[parts[0]] = parts[1] }
    }
    guard let wall = fields["wall"].flatMap({ Double($0) }), let cpu = fields["cpu"].flatMap({ Double($0) }),
      let peak = fields["peak"].flatMap({ Int($0) }), let status = fields["status"].flatMap({ Int32($0) })
    else { return nil }
    self.init(wallSeconds: wall, cpuSeconds: cpu, peakBytes: peak, status: status)
  }

  /// Runs `arguments` (a path and its arguments) in this process, which must have run no other
  /// child, so that the children's peak memory is this one's; its output goes where ours does.
  /// A bare name is looked up on `PATH`, as a shell would.
  static func measure(_ arguments: [String]) throws -> ChildRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try executable(named: arguments[0]))
    process.arguments = Array(arguments.dropFirst())
    let started = ContinuousClock.now
    try process.run()
    process.waitUntilExit()
    let wall = seconds(since: started)
    let usage = ResourceUsage.ofChildren()
    return ChildRun(
      wallSeconds: wall, cpuSeconds: usage.userSeconds + usage.systemSeconds,
      peakBytes: usage.peakResidentBytes,
      status: process.terminationStatus)
  }

  /// The program `name` names: itself when it holds a `/`, else the first executable of that
  /// name in a folder of `PATH`.
  static func executable(named name: String) throws -> String {
    let fileManager = FileManager.default
    if name.contains("/") {
      guard fileManager.isExecutableFile(atPath: name) else {
        throw BenchmarkError("\(name) is not an executable file")
      }
      return name
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = "\(folder)/\(name)"
      if fileManager.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw BenchmarkError("\(name) is not a program on PATH")
  }

  /// Runs `arguments` in `environment`, its output discarded, in a process of its own measured
  /// by GNU time where there is one, else by `benchmark measure`.
  ///
  /// A child started by a process shares its memory until it runs the program, and Linux counts
  /// that memory in the child's peak; so the measuring process must be small: GNU time (a few
  /// hundred kilobytes) rather than this benchmark (about 20 MB, which then floors every peak).
  static func run(
    _ arguments: [String], benchmark: String, environment: [String: String], scratch: String
  ) throws -> ChildRun {
    let process = Process()
    let output = Pipe()
    process.environment = environment
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let timeFile = scratch + "/time.txt"
    if isGNUTime {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
      process.arguments = ["-o", timeFile, "-f", "%U %S %M %x"] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: benchmark)
      process.arguments = ["measure"] + arguments
    }
    let started = ContinuousClock.now
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let wall = seconds(since: started)
    if isGNUTime {
      let text = (try? String(contentsOfFile: timeFile, encoding: .utf8)) ?? ""
      let fields = text.split(separator: "\n").last?.split(separator: " ") ?? []
      guard fields.count == 4, let user = Double(fields[0]), let system = Double(fields[1]),
        let peak = Int(fields[2]), let status = Int32(fields[3])
      else { throw BenchmarkError("could not measure \(arguments.joined(separator: " ")): \(text)") }
      return ChildRun(wallSeconds: wall, cpuSeconds: user + system, peakBytes: peak * 1024, status: status)
    }
    let text = String(decoding: data, as: UTF8.self)
    guard let last = text.split(separator: "\n").last(where: { $0.hasPrefix("measured ") }),
      let run = ChildRun(line: last)
    else {
      throw BenchmarkError("could not measure \(arguments.joined(separator: " ")): \(text)")
    }
    return run
  }

  /// Whether /usr/bin/time is GNU time, which reports a child's peak memory with `-f %M`.
  static let isGNUTime: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["--version"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    guard (try? process.run()) != nil else { return false }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).contains("GNU")
  }()
}

struct BenchmarkError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

func seconds(since start: ContinuousClock.Instant) -> Double {
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// The program named `name` on `PATH`, or nil.
func executableOnPath(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for folder in path.split(separator: ":") {
    let candidate = "\(folder)/\(name)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}
