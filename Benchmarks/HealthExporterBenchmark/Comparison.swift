import Foundation
import HealthArchive
import HealthDatabase
import SystemShim

/// `compare`: the reference scan, `xmllint --stream --noout` and each command of the tool on the
/// same input, alternated round by round in one run, each a process of its own measured for wall
/// time, processor time and peak memory; then the ratios of each round, and whether the outputs
/// read from the zip archive equal those read from the XML.
struct Comparison {
  struct Job {
    var name: String
    var arguments: [String]
    /// The file the job writes, removed after each run unless it is compared.
    var output: String?
    var runs: [ChildRun] = []
    /// The size of what each run wrote, in bytes.
    var outputSizes: [Int] = []
    /// Done before each run, unmeasured (the database an update starts from put back).
    var prepare: (() throws -> Void)? = nil
  }

  let xml: String
  let zip: String?
  /// A program run as `PROGRAM export.xml` beside the reference (scan.c itself), to check it.
  let reference: String?
  let rounds: Int
  let folder: String
  let benchmark: String
  let tool: String
  /// The reference, `health-exporter-scan`.
  let scanner: String
  /// The zone the export's samples name (the one its own zone resolves to), for the job that
  /// names it.
  let timeZoneNamed: String
  /// "Now" for the jobs (`HEALTH_EXPORTER_NOW`), unless the environment sets it: the export's
  /// date, so that the default export's last 30 days hold its last month; 2026-07-01 without one.
  let now: String?

  /// Bytes of health XML the jobs read.
  var xmlBytes: Double { Double(SystemCall.fileSize(xml) ?? 0) }

  func run() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let settings = folder + "/config"
    try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
    var environment = ProcessInfo.processInfo.environment
    // No saved settings, a fixed "now" just after the generated exports end, and no `TZ`: the
    // zone is the export's own, as a user gets it (one job names it instead, to compare).
    environment["XDG_CONFIG_HOME"] = settings
    environment["HEALTH_EXPORTER_NOW"] = environment["HEALTH_EXPORTER_NOW"] ?? now ?? "2026-07-01T04:00:00Z"
    environment["TZ"] = nil

    var jobs = makeJobs()
    if let month = try monthUpdate(environment: environment) { jobs.append(month) }
    for round in 1...rounds {
      // The reference once unmeasured first: the round's first run does not pay for what the last
      // round left (its database's pages still being written out).
      _ = try ChildRun.run(jobs[0].arguments, benchmark: benchmark, environment: environment, scratch: folder)
      for index in jobs.indices {
        let job = jobs[index]
        if let output = job.output { try? FileManager.default.removeItem(atPath: output) }
        try job.prepare?()
        let run = try ChildRun.run(
          job.arguments, benchmark: benchmark, environment: environment, scratch: folder)
        guard run.status == 0 else {
          throw BenchmarkError("\(job.arguments.joined(separator: " ")) exited with status \(run.status)")
        }
        jobs[index].runs.append(run)
        if let output = job.output { jobs[index].outputSizes.append(Int(SystemCall.fileSize(output) ?? 0)) }
        FileHandle.standardError.write(
          Data(String(format: "round %d: %@ %.2f s\n", round, job.name, run.wallSeconds).utf8))
      }
      if round == 1 { try checkOutputs(jobs) }
      for job in jobs { if let output = job.output { try? FileManager.default.removeItem(atPath: output) } }
    }
    try? FileManager.default.removeItem(atPath: olderDatabasePath)
    print(table(jobs))
    print(updateRatios(jobs))
    // The report is read as well as written: its size is a figure of its own.
    for job in jobs where job.arguments.count > 1 && job.arguments[1] == "report" {
      print(
        "\n\(job.name) wrote \(job.outputSizes.map { String(format: "%.2f MB", Double($0) / 1e6) }.joined(separator: ", "))."
      )
    }
  }

  private func makeJobs() -> [Job] {
    let registry = ["--metrics", "weight,steps,glucose", "--vitals", "all", "--labs", "all", "--all"]
    var jobs = [
      Job(
        name: "reference: scan.c's memchr scan of `<Record type=\"`",
        arguments: [scanner, xml])
    ]
    if let reference {
      jobs.append(Job(name: "`\(reference)` (scan.c, to check the reference)", arguments: [reference, xml]))
    }
    if let xmllint = executableOnPath("xmllint") {
      jobs.append(Job(name: "`xmllint --stream --noout`", arguments: [xmllint, "--stream", "--noout", xml]))
    } else {
      FileHandle.standardError.write(Data((Self.xmllintMissing + "\n").utf8))
    }
    func job(_ name: String, _ command: String, _ input: String, _ file: String, _ options: [String]) -> Job {
      let output = folder + "/" + file
      return Job(
        name: name, arguments: [tool, command, input, "-o", output, "--force", "-q"] + options, output: output
      )
    }
    jobs += [
      job("`export` (weight and steps, last 30 days)", "export", xml, "export-default.csv", []),
      job(
        "the same in a zone named (`--time-zone` the export's)", "export", xml, "export-default-named.csv",
        ["--time-zone", timeZoneNamed]),
      job("`export` of the whole registry, all dates", "export", xml, "export-all.csv", registry),
    ]
    if let zip {
      jobs.append(job("the same from export.zip", "export", zip, "export-all-zip.csv", registry))
    }
    jobs += [
      job(
        "`export --last-records 10` of the whole registry", "export", xml, "export-last.csv",
        Array(registry.dropLast()) + ["--last-records", "10"]),
      job("`summary --all` (days)", "summary", xml, "summary.csv", ["--all"]),
      job("`profile`", "profile", xml, "profile.json", []),
      job("`report --all`", "report", xml, "report.html", ["--all"]),
    ]
    if hasCommand("database") {
      jobs.append(job("`database`", "database", xml, "health.sqlite", []))
      if let floor = sqliteFloor() { jobs.append(floor) }
      // The database just built, updated with the export it was built from: the update's
      // comparison whole, nothing written but the history.
      jobs.append(
        Job(
          name: "`database --update` with the same export",
          arguments: [tool, "database", xml, "-o", folder + "/health.sqlite", "--update", "-q"]))
    }
    return jobs
  }

  /// SQLite alone: the sqlite3 shell copying the bulk of the database just built (its records,
  /// metadata, beats, route points and ECG samples) into the same tables and indexes of a new
  /// file, with the build's page size, page cache and pragmas, in one transaction. What SQLite
  /// itself takes to insert those rows, with no XML read and no row made: the least a build
  /// through SQLite can take on this machine. Nil (and said) without sqlite3 on `PATH`.
  private func sqliteFloor() -> Job? {
    guard let sqlite3 = executableOnPath("sqlite3") else {
      FileHandle.standardError.write(
        Data("sqlite3 is not on PATH: the row of SQLite alone is left out.\n".utf8))
      return nil
    }
    let copied = ["records", "metadata", "heart_rate_beats", "route_points", "ecg_samples"]
    let built = (folder + "/health.sqlite").replacingOccurrences(of: "'", with: "''")
    var sql = ["ATTACH '\(built)' AS built"]
    for table in DatabaseSchema.tables where copied.contains(table.name) {
      sql.append(
        "CREATE TABLE \(table.name) (\(table.columns.split(separator: "\n").joined(separator: " ")))")
    }
    for index in DatabaseSchema.indexes where copied.contains(where: { index.definition.hasPrefix($0 + " ") })
    {
      sql.append("CREATE INDEX \(index.name) ON \(index.definition)")
    }
    sql.append("BEGIN")
    // In the order the build wrote them; an ORDER BY also keeps SQLite from copying the pages
    // as they are (its transfer of a whole table into an empty one).
    for table in copied { sql.append("INSERT INTO \(table) SELECT * FROM built.\(table) ORDER BY rowid") }
    sql.append("COMMIT")
    let output = folder + "/sqlite-alone.sqlite"
    return Job(
      name: "SQLite alone: `sqlite3` copying the database's records, metadata and beats into a new file",
      // The build's own settings first, as its writer gives them.
      arguments: [sqlite3, output, DatabaseWriter.buildSettings + sql.joined(separator: ";\n") + ";"],
      output: output)
  }

  /// The update that adds a month: a database built once, unmeasured, from the export made a
  /// month earlier (`OlderExport`), copied before each run and updated with the export.
  private func monthUpdate(environment: [String: String]) throws -> Job? {
    guard hasCommand("database") else { return nil }
    guard let exportDate = OlderExport.exportDate(of: xml), var older = OlderExport(exportDate: exportDate)
    else {
      FileHandle.standardError.write(
        Data("\(xml) has no ExportDate to date the export of a month earlier: its update is left out.\n".utf8)
      )
      return nil
    }
    let olderXML = folder + "/older-export.xml"
    let olderDatabase = olderDatabasePath
    try older.write(from: xml, to: olderXML)
    try? FileManager.default.removeItem(atPath: olderDatabase)
    let built = try ChildRun.run(
      [tool, "database", olderXML, "-o", olderDatabase, "-q"], benchmark: benchmark, environment: environment,
      scratch: folder)
    guard built.status == 0 else { throw BenchmarkError("the database of \(olderXML) could not be built") }
    try? FileManager.default.removeItem(atPath: olderXML)
    print(
      "The export of a month earlier: \(older.recordsLeftOut) records from \(older.cutoff) on left out, "
        + "its export date \(older.exportDateLine.trimmingCharacters(in: .whitespaces)).\n")
    let updated = folder + "/month.sqlite"
    var job = Job(
      name: "`database --update` adding a month",
      arguments: [tool, "database", xml, "-o", updated, "--update", "-q"], output: updated)
    job.prepare = {
      for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: updated + suffix) }
      try FileManager.default.copyItem(atPath: olderDatabase, toPath: updated)
      // On the disk before the update starts: its commit would otherwise write out the copy.
      guard let copy = FileHandle(forUpdatingAtPath: updated) else {
        throw BenchmarkError("cannot open \(updated)")
      }
      try copy.synchronize()
      try copy.close()
    }
    return job
  }

  /// The database of the export made a month earlier, removed once the rounds are done.
  private var olderDatabasePath: String { folder + "/older.sqlite" }

  /// Each update's wall time over the full build's of the same round.
  private func updateRatios(_ jobs: [Job]) -> String {
    guard let build = jobs.first(where: { $0.name == "`database`" }) else { return "" }
    var lines = [""]
    for job in jobs where job.name.hasPrefix("`database --update`") {
      let ratios = Swift.zip(job.runs, build.runs).map { $0.wallSeconds / $1.wallSeconds }
      lines.append(
        "\(job.name) ÷ `database`, wall: "
          + ratios.map { String(format: "%.2f", $0) }.joined(separator: ", ")
          + String(format: " (median %.2f)", median(ratios)))
    }
    return lines.joined(separator: "\n")
  }

  /// Whether the tool has the subcommand.
  private func hasCommand(_ name: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = [name, "--help"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// The CSV written from the zip archive must be the bytes written from the XML.
  private func checkOutputs(_ jobs: [Job]) throws {
    let own = folder + "/export-default.csv"
    let named = folder + "/export-default-named.csv"
    guard FileManager.default.contentsEqual(atPath: own, andPath: named) else {
      throw BenchmarkError("\(named) differs from \(own): the export's own zone is not \(timeZoneNamed)")
    }
    guard let zip else { return }
    let fromXML = folder + "/export-all.csv"
    let fromZip = folder + "/export-all-zip.csv"
    guard FileManager.default.contentsEqual(atPath: fromXML, andPath: fromZip) else {
      throw BenchmarkError("\(fromZip) differs from \(fromXML)")
    }
    let size = SystemCall.fileSize(fromXML) ?? 0
    print("The CSV written from \(zip) equals the one written from \(xml) (\(size) bytes).\n")
  }

  /// Said when `xmllint` cannot be run, so that a table without it is not read as complete.
  static let xmllintMissing =
    "xmllint is not on PATH (Debian's libxml2-utils has it): its row and the ratios to it are left out."

  private func table(_ jobs: [Job]) -> String {
    let mb = xmlBytes / 1e6
    let scan = jobs[0]
    let xmllint = jobs.first { $0.name.contains("xmllint") }
    func list(_ values: [Double], _ format: String) -> String {
      values.map { String(format: format, $0) }.joined(separator: ", ")
    }
    var lines = [
      String(
        format: "%.1f MB of export.xml (%@), %d rounds; each value is one round's, in order.", mb, xml, rounds
      )
    ]
    if xmllint == nil { lines.append(Self.xmllintMissing) }
    lines += [
      "",
      "| what | wall s | CPU s | MB/s (best wall) | peak MB | wall × scan | CPU × scan | xmllint ÷ wall | xmllint ÷ CPU | median wall × scan |",
      "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for job in jobs {
      let walls = job.runs.map(\.wallSeconds)
      let cpus = job.runs.map(\.cpuSeconds)
      func ratios(_ a: [Double], _ b: [Double]) -> [Double] { Swift.zip(a, b).map { $0 / $1 } }
      let xmllintWalls = xmllint?.runs.map(\.wallSeconds) ?? []
      let xmllintCPUs = xmllint?.runs.map(\.cpuSeconds) ?? []
      lines.append(
        "| \(job.name) | \(list(walls, "%.2f")) | \(list(cpus, "%.2f")) | "
          + String(format: "%.0f", mb / (walls.min() ?? 1))
          + " | \(list(job.runs.map { Double($0.peakBytes) / 1_048_576 }, "%.1f"))"
          + " | \(list(ratios(walls, scan.runs.map(\.wallSeconds)), "%.2f"))"
          + " | \(list(ratios(cpus, scan.runs.map(\.cpuSeconds)), "%.2f"))"
          + " | \(list(ratios(xmllintWalls, walls), "%.1f")) | \(list(ratios(xmllintCPUs, cpus), "%.1f"))"
          + String(format: " | %.2f |", median(ratios(walls, scan.runs.map(\.wallSeconds)))))
    }
    return lines.joined(separator: "\n")
  }

  /// The middle value (the mean of the two middle ones for an even count); 0 for none.
  private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
