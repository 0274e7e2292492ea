public import Foundation
public import HealthExport

extension ReportExport: ExportJob {
  /// The selection's time zone.
  public var inputTimeZone: TimeZone { selection.timeZone }
}
