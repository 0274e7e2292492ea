public import Foundation

/// Where local dates are reckoned: a zone the person named, or the export's own.
///
/// The export's own zone is known once its samples are read: the one their `HKTimeZone` metadata
/// names most (`TimeZoneCensus`), else the `fallback` (the machine's zone) for an input that names
/// none. Every output says which zone it used by its name, never as "export".
public enum TimeZoneChoice: Hashable, Sendable {
  /// A zone named on the command line, in the settings, by `TZ`, or by an app.
  case named(TimeZone)
  /// The zone the input's samples name most, else `fallback`.
  case export(fallback: TimeZone)

  /// The word that chooses the export's own zone where a zone is asked for (`--time-zone export`).
  public static let exportKeyword = "export"

  /// The zone named, if one was.
  public var namedZone: TimeZone? {
    if case .named(let zone) = self { return zone }
    return nil
  }

  /// The zone where one is needed before the input is read (a profile's date of birth, the
  /// built-in sample's clocks): the one named, else the fallback.
  public var provisional: TimeZone {
    switch self {
    case .named(let zone): zone
    case .export(let fallback): fallback
    }
  }

  /// The zone used for an input whose samples name the zones of `census`.
  public func resolved(by census: TimeZoneCensus) -> TimeZone {
    switch self {
    case .named(let zone): zone
    case .export(let fallback): census.mostNamedZone ?? fallback
    }
  }
}
