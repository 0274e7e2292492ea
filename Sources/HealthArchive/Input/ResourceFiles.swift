import Foundation
import HealthModel

/// The files an export's records name (a clinical record's FHIR resource, a workout's GPX route,
/// an ECG recording), read for one run so that their cost is bounded by the input's real size:
///
/// - each file is read at most once: a record that names a file an earlier one named is reported,
///   not read again (200 records pointing at one large file cost one read);
/// - each file read whole is read only up to `ResourceLimit.resourceFileSize` (a route is
///   streamed, of any size);
/// - an archive's files inflate to at most `ResourceLimit.resourceBudget(forArchiveOf:)` in all,
///   so that a small archive of highly compressed files cannot cost gigabytes.
///
/// What cannot be read is a reason for a diagnostic, never an error that ends the run.
final class ResourceFiles {
  /// What reading one file gave.
  enum Outcome: Equatable {
    /// Its bytes.
    case read([UInt8])
    /// Why there are none, as the diagnostic's reason ends: "whose file is missing".
    case problem(String)
  }

  /// What opening one file as a stream gave.
  enum StreamOutcome {
    /// Its bytes, which stop with `StreamFailure` where the budget ends.
    case opened(any ByteStream)
    /// Why there are none, as in `Outcome`.
    case problem(String)
  }

  /// A streamed file went past what the archive's budget left.
  struct StreamFailure: Error, Equatable {
    /// As the diagnostic's reason ends.
    var reason: String
  }

  let container: any ExportContainer
  /// The bytes the files may still inflate to; nil without a bound (files on disk are real).
  private var remainingBudget: Int64?
  /// The largest file read whole.
  private let fileLimit: Int
  /// The files read so far, by the key that tells them apart.
  private var seen: Set<String> = []

  init(container: any ExportContainer, fileLimit: Int = ResourceLimit.resourceFileSize.value) {
    self.container = container
    self.fileLimit = fileLimit
    remainingBudget = container.resourceBudget
  }

  /// The content of the file at `path`, or why it was not read.
  /// - Throws: nothing of the file's own: its faults are problems; only a failure to read the
  ///   input itself (`InputError.readFailed`) is thrown.
  func contents(ofFileAt path: String) throws -> Outcome {
    guard let key = container.fileKey(ofFileAt: path) else {
      return .problem("whose file path leaves the export")
    }
    guard seen.insert(key).inserted else {
      return .problem("whose file an earlier record names too; it was read once")
    }
    let limit = min(Int64(fileLimit), remainingBudget ?? .max)
    do {
      guard let bytes = try container.contents(ofFileAt: path, limit: Int(max(0, limit))) else {
        return .problem("whose file is missing")
      }
      if let remaining = remainingBudget { remainingBudget = remaining - Int64(bytes.count) }
      return .read(bytes)
    } catch InputError.tooLarge {
      return .problem(tooLarge(limit: limit))
    } catch ZipError.entryTooLarge {
      return .problem(tooLarge(limit: limit))
    } catch let error as InputError {
      if case .readFailed = error { throw error }
      return .problem("whose file cannot be read (\(error))")
    } catch let error as ZipError {
      return .problem("whose file cannot be read (\(error))")
    }
  }

  /// The file at `path` as a stream, or why it was not opened; the bytes it gives count against
  /// the budget, and it fails with `StreamFailure` once they pass it.
  /// - Throws: only a failure to read the input itself, as `contents(ofFileAt:)`.
  func stream(ofFileAt path: String) throws -> StreamOutcome {
    guard let key = container.fileKey(ofFileAt: path) else {
      return .problem("whose file path leaves the export")
    }
    guard seen.insert(key).inserted else {
      return .problem("whose file an earlier record names too; it was read once")
    }
    if let remaining = remainingBudget, remaining <= 0 {
      return .problem("whose file was not read: \(ResourceLimit.resourceInflation.message)")
    }
    do {
      guard let stream = try container.openFile(at: path) else { return .problem("whose file is missing") }
      return .opened(BudgetedStream(stream, files: self))
    } catch let error as InputError {
      if case .readFailed = error { throw error }
      return .problem("whose file cannot be read (\(error))")
    } catch let error as ZipError {
      return .problem("whose file cannot be read (\(error))")
    }
  }

  /// Counts `count` bytes a stream gave against the budget.
  /// - Throws: `StreamFailure` once the budget is spent.
  fileprivate func spend(_ count: Int) throws(StreamFailure) {
    guard let remaining = remainingBudget else { return }
    remainingBudget = remaining - Int64(count)
    if remaining - Int64(count) < 0 {
      throw StreamFailure(reason: "whose file was read in part: \(ResourceLimit.resourceInflation.message)")
    }
  }

  /// Why a file over `limit` bytes was not read: its own size, or the archive's budget.
  private func tooLarge(limit: Int64) -> String {
    if limit < Int64(fileLimit) {
      return "whose file was not read: \(ResourceLimit.resourceInflation.message)"
    }
    return "whose file is larger than \(ResourceLimit.text(bytes: fileLimit)); it was not read"
  }
}

/// A file's bytes, counted against the budget of the `ResourceFiles` that opened it.
private final class BudgetedStream: ByteStream {
  private let base: any ByteStream
  private let files: ResourceFiles

  init(_ base: any ByteStream, files: ResourceFiles) {
    self.base = base
    self.files = files
  }

  var name: String { base.name }

  func read(into output: inout OutputRawSpan) throws {
    let before = output.byteCount
    try base.read(into: &output)
    try files.spend(output.byteCount - before)
  }
}

extension ExportContainer {
  package func fileKey(ofFileAt path: String) -> String? {
    Self.safeComponents(of: path).map { $0.joined(separator: "/").precomposedStringWithCanonicalMapping }
  }

  package var resourceBudget: Int64? { nil }
}
