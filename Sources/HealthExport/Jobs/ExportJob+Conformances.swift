public import Foundation
import HealthArchive

extension CSVExport: ExportJob {
  /// The selection's time zone.
  public var inputTimeZone: TimeZone { selection.timeZone }
}

extension ProfileExport: ExportJob {
  /// The profile's time zone.
  public var inputTimeZone: TimeZone { options.timeZone }
}

extension SummaryExport: ExportJob {
  /// The selection's time zone.
  public var inputTimeZone: TimeZone { selection.timeZone }
}

extension ConvertExport: ExportJob {
  /// The conversion's time zone.
  public var inputTimeZone: TimeZone { options.timeZone }
}
