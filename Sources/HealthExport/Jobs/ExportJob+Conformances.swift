public import Foundation
import HealthArchive
import HealthModel

extension CSVExport: ExportJob {
  /// The selection's time zone.
  public var inputTimeZone: TimeZone { selection.timeZone.provisional }
}

extension ProfileExport: ExportJob {
  /// The profile's time zone.
  public var inputTimeZone: TimeZone { options.timeZone.provisional }
}

extension SummaryExport: ExportJob {
  /// The selection's time zone.
  public var inputTimeZone: TimeZone { selection.timeZone.provisional }
}

extension ConvertExport: ExportJob {
  /// The conversion's time zone.
  public var inputTimeZone: TimeZone { options.timeZone.provisional }
}
