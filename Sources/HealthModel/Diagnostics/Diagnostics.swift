/// A recoverable problem met while reading or exporting: a record that was skipped or repaired,
/// and why.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How much the problem matters.
  public enum Kind: Hashable, Sendable {
    /// The record is malformed and was skipped; `--strict` makes it an error.
    case malformed
    /// The record is well formed but cannot give a row (an observation without a value, a lab
    /// code outside the registry); it was skipped, and strictness does not change that.
    case unusable
    /// The record was malformed in a known way and read all the same (an iOS 8 attribute name
    /// with spaces); `--strict` makes it an error.
    case repaired
  }

  /// Why, in words that group alike problems: `unit 'st' cannot be converted to mg/dL`. Records
  /// with the same reason are counted together in the summary.
  public var reason: String
  /// Where the record was, when known.
  public var location: SourceLocation?
  /// Whether the record was malformed, unusable, or read all the same.
  public var kind: Kind

  /// A diagnostic, each argument the property of the same name.
  public init(reason: String, location: SourceLocation?, kind: Kind = .malformed) {
    self.reason = reason
    self.location = location
    self.kind = kind
  }

  /// The message, as it is shown.
  public var description: String {
    guard let location else { return reason }
    return "\(location): \(reason)"
  }
}

/// A diagnostic turned into an error because the run is strict.
public struct StrictModeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The first diagnostic, which stopped the run.
  public var diagnostic: Diagnostic

  /// The error of strict mode at `diagnostic`.
  public init(diagnostic: Diagnostic) {
    self.diagnostic = diagnostic
  }

  /// The message, as it is shown.
  public var description: String {
    "\(diagnostic) (--strict makes every malformed record an error)"
  }
}

/// Collects the diagnostics of one run: counts them by reason and keeps where each reason was
/// first seen. In strict mode the first diagnostic is thrown instead.
///
/// A reference type: the reader and the export report into the same collector.
public final class Diagnostics {
  /// One reason and how often it occurred.
  public struct Tally: Hashable, Sendable {
    /// Why the records were skipped.
    public var reason: String
    /// How many records were skipped for this reason.
    public var count: Int
    /// The location of the first occurrence.
    public var firstLocation: SourceLocation?
    /// Whether the records were malformed, unusable, or read all the same.
    public var kind: Diagnostic.Kind

    /// A tally, each argument the property of the same name.
    public init(
      reason: String, count: Int, firstLocation: SourceLocation? = nil,
      kind: Diagnostic.Kind = .malformed
    ) {
      self.reason = reason
      self.count = count
      self.firstLocation = firstLocation
      self.kind = kind
    }
  }

  /// Whether a malformed or repaired record is an error.
  public let isStrict: Bool
  /// The tallies, numbered by reason as first met.
  private var tallies = KeyedStore<String, Tally>()

  /// How many diagnostics are kept one by one when `keepsEach` is set.
  public static let keptLimit = 100_000

  /// Whether each diagnostic is kept, not only counted (for `inspect`).
  public let keepsEach: Bool
  /// Each diagnostic reported, in order, up to `keptLimit`, when `keepsEach` is set.
  public private(set) var each: [Diagnostic] = []

  /// Called with each diagnostic as it is reported, after it is counted.
  private let forward: ((Diagnostic) -> Void)?

  /// Diagnostics that stop at the first problem when `isStrict`, and keep each diagnostic rather than their tallies alone when `keepsEach`.
  public init(isStrict: Bool = false, keepsEach: Bool = false) {
    self.isStrict = isStrict
    self.keepsEach = keepsEach
    forward = nil
  }

  /// Diagnostics that count each diagnostic and hand it to `forward` as it is reported (a reader
  /// on another thread, keeping them in order with its items).
  public init(forwardingTo forward: @escaping (Diagnostic) -> Void) {
    isStrict = false
    keepsEach = false
    self.forward = forward
  }

  /// Records a diagnostic.
  /// - Throws: `StrictModeError` in strict mode, unless the record is merely unusable.
  public func report(_ diagnostic: Diagnostic) throws(StrictModeError) {
    if isStrict && diagnostic.kind != .unusable { throw StrictModeError(diagnostic: diagnostic) }
    if keepsEach && each.count < Self.keptLimit { each.append(diagnostic) }
    let number = tallies.number(of: diagnostic.reason) {
      Tally(reason: diagnostic.reason, count: 0, firstLocation: diagnostic.location, kind: diagnostic.kind)
    }
    tallies.values[number].count += 1
    forward?(diagnostic)
  }

  /// The reasons seen, in the order first seen, with their counts.
  public var summary: [Tally] { tallies.values }

  /// How many diagnostics were reported in all.
  public var totalCount: Int { tallies.values.reduce(0) { $0 + $1.count } }
}
