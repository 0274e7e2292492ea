import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthExport

/// The jobs' front doors: items an app supplies give what the archive they came from gives,
/// bytes in memory what the file gives; progress never goes back and ends at the total;
/// cancelling stops the job and leaves no file.
@Suite(JobFixture.shared) struct ExportJobTests {
  @Test(arguments: Job.allCases)
  func itemsGiveTheArchivesOutput(_ job: Job) throws {
    let fixture = try #require(JobFixture.current)
    let fromArchive = try job.bytes(of: try HealthInput.open(path: fixture.archivePath))
    let fromItems = try job.bytes(of: HealthItemSequence(fixture.items))
    #expect(fromArchive.count > 2_000)
    #expect(fromItems == fromArchive)
  }

  /// Convert's archive and folder need a path: items an app supplies give the files the archive
  /// they came from gives.
  @Test(arguments: [ConvertExport.Format.zip, .folder])
  func itemsConvertAsTheArchive(_ format: ConvertExport.Format) throws {
    let fixture = try #require(JobFixture.current)
    let output = try fixture.outputFolder()
    let job = ConvertExport(format: format)
    let fromArchive = try job.run(
      .path(fixture.archivePath), to: .file(path: output + "/archive", overwrites: false))
    let fromItems = try job.run(
      HealthItemSequence(fixture.items), to: .file(path: output + "/items", overwrites: false))
    #expect(fromArchive.export?.records ?? 0 > 100)
    #expect(fromItems.export == fromArchive.export)
    #expect(try Self.contents(output + "/items") == Self.contents(output + "/archive"))
  }

  /// The bytes of a file, or of every file in a folder by relative path.
  static func contents(_ path: String) throws -> [String: [UInt8]] {
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    guard isFolder.boolValue else { return ["": [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))] }
    var files: [String: [UInt8]] = [:]
    for name in try FileManager.default.subpathsOfDirectory(atPath: path) {
      var isSubfolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isSubfolder)
      if !isSubfolder.boolValue {
        files[name] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path + "/" + name)))
      }
    }
    return files
  }

  @Test(arguments: Job.allCases)
  func bytesGiveTheFilesOutput(_ job: Job) throws {
    let fixture = try #require(JobFixture.current)
    let fromFile = try job.bytes(of: .path(fixture.xmlPath))
    #expect(fromFile.count > 2_000)
    #expect(try job.bytes(of: .bytes(fixture.xml, name: fixture.xmlPath)) == fromFile)
  }

  @Test(arguments: Job.allCases)
  func anArchivesBytesGiveItsFilesOutput(_ job: Job) throws {
    let fixture = try #require(JobFixture.current)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture.archivePath)))
    let fromFile = try job.bytes(of: .path(fixture.archivePath))
    #expect(fromFile.count > 2_000)
    #expect(try job.bytes(of: .bytes(bytes, name: fixture.archivePath)) == fromFile)
  }

  @Test func aProfilesBytesGiveItsFilesOutput() throws {
    let fixture = try #require(JobFixture.current)
    let profile = try Job.profile.bytes(of: .path(fixture.archivePath))
    let path = try fixture.outputFolder() + "/profile.json"
    try Data(profile).write(to: URL(fileURLWithPath: path))
    let fromFile = try Job.csv.bytes(of: .path(path))
    #expect(fromFile.count > 2_000)
    #expect(try Job.csv.bytes(of: .bytes(profile, name: path)) == fromFile)
  }

  @Test func bytesOfNoExportAreRefused() throws {
    #expect(throws: InputError.notAnExport(path: "notes.txt", detail: Self.notAnExport)) {
      try Job.csv.bytes(of: .bytes([0x00, 0x61, 0x73, 0x6D, 0x01, 0x00], name: "notes.txt"))
    }
  }

  static let notAnExport =
    "it is neither a zip archive, an XML file whose root is <HealthData>, nor a JSON profile"

  /// The bytes of the archive's health XML are counted, inflated, up to its size.
  @Test func progressOfAnArchiveCountsItsXML() throws {
    let fixture = try #require(JobFixture.current)
    let recorder = ProgressRecorder()
    _ = try Job.csv.bytes(of: try HealthInput.open(path: fixture.archivePath), progress: recorder)
    let updates = recorder.updates
    let size = Int64(fixture.xml.count)
    #expect(updates.count > 2)
    #expect(updates.allSatisfy { $0.unit == .bytes && $0.total == size })
    #expect(recorder.isMonotone)
    #expect(updates.last == ReadProgress(.bytes, done: size, total: size))
  }

  @Test func progressOfItemsCountsThem() throws {
    let fixture = try #require(JobFixture.current)
    let count = Int64(fixture.items.count)
    let recorder = ProgressRecorder()
    _ = try Job.csv.bytes(of: HealthItemSequence(fixture.items), progress: recorder)
    #expect(recorder.updates.count == Int(count + 255) / 256)
    #expect(recorder.updates.allSatisfy { $0.unit == .items && $0.total == count })
    #expect(recorder.isMonotone)
    #expect(recorder.updates.last == ReadProgress(.items, done: count, total: count))
  }

  /// A sequence of unknown length is counted as it goes, and its total is the count at the end.
  @Test func progressOfASequenceEndsAtItsCount() throws {
    let fixture = try #require(JobFixture.current)
    let count = Int64(fixture.items.count)
    let recorder = ProgressRecorder()
    let sequence = HealthItemSequence(AnySequence(fixture.items))
    #expect(sequence.itemCount == nil)
    _ = try Job.summary.bytes(of: sequence, progress: recorder)
    #expect(recorder.updates.dropLast().allSatisfy { $0.unit == .items && $0.total == nil })
    #expect(recorder.isMonotone)
    #expect(recorder.updates.last == ReadProgress(.items, done: count, total: count))
  }

  /// What a job reads: the archive, or its items as an app supplies them.
  enum Input: String, CaseIterable, Sendable {
    case archive, items

    func source(of fixture: JobFixture) throws -> any HealthInputSource {
      switch self {
      case .archive: try HealthInput.open(path: fixture.archivePath)
      case .items: HealthItemSequence(fixture.items)
      }
    }
  }

  @Test(arguments: Job.allCases, Input.allCases)
  func cancellingMidJobLeavesNoFile(_ job: Job, _ input: Input) throws {
    let fixture = try #require(JobFixture.current)
    let source = try input.source(of: fixture)
    let run = try CancelledRun(in: fixture.folder) { output, progress, cancellation in
      _ = try job.run(
        source, to: .file(path: output, overwrites: false), progress: progress, cancellation: cancellation)
    }
    #expect(run.wasCancelled)
    #expect(run.stoppedShort)
    #expect(run.leftBehind == [])
  }

  /// A job run in a task stops when the task is cancelled.
  @Test(arguments: Job.allCases)
  func cancellingTheTaskStopsTheJob(_ job: Job) async throws {
    let fixture = try #require(JobFixture.current)
    let output = try fixture.outputFolder()
    let recorder = ProgressRecorder(stopping: .currentTask)
    await #expect(throws: CancellationError.self) {
      try await job.run(
        .path(fixture.archivePath), to: .file(path: output + "/out", overwrites: false), progress: recorder)
    }
    let last = try #require(recorder.updates.last)
    #expect(last.done < last.total!)
    #expect(try JobFixture.contents(of: output) == [])
  }

  /// A flag set before the job starts stops it before anything is read.
  @Test func aCancelledFlagStopsBeforeReading() throws {
    let fixture = try #require(JobFixture.current)
    let output = try fixture.outputFolder()
    let flag = CancellationFlag()
    flag.cancel()
    let recorder = ProgressRecorder()
    #expect(throws: CancellationError.self) {
      try Job.csv.run(
        HealthItemSequence(fixture.items), to: .file(path: output + "/out", overwrites: false),
        progress: recorder, cancellation: flag)
    }
    #expect(recorder.updates.isEmpty)
    #expect(try JobFixture.contents(of: output) == [])
  }

  /// The monitor a job's input is read with and the job's own are both told and checked; the
  /// input keeps nothing of either once the reading is done.
  @Test func theReadersMonitorAndTheJobsAreBothTold() throws {
    let fixture = try #require(JobFixture.current)
    let source = try #require(try HealthInput.open(path: fixture.archivePath) as? ExportSource)
    let reader = ProgressRecorder()
    let job = ProgressRecorder()
    let monitored = MonitoredSource(base: source, monitor: ReadMonitor(progress: job))
    try monitored.readItems(
      filter: .everything, diagnostics: Diagnostics(), monitor: ReadMonitor(progress: reader), { _, _ in })
    #expect(!job.updates.isEmpty)
    #expect(reader.updates == job.updates)
    // The health XML's bytes, to its inflated size.
    let last = try #require(job.updates.last)
    #expect(last.unit == .bytes && last.done > 0 && last.total == last.done)
    // Read again unwatched: neither is told anything more.
    let count = job.updates.count
    try source.readItems(filter: .everything, diagnostics: Diagnostics()) { _, _ in }
    #expect(job.updates.count == count && reader.updates.count == count)
    // A cancelled flag of either stops the reading.
    let flag = CancellationFlag()
    flag.cancel()
    #expect(throws: CancellationError.self) {
      try monitored.readItems(
        filter: .everything, diagnostics: Diagnostics(), monitor: ReadMonitor(cancellation: flag), { _, _ in }
      )
    }
  }
}
