public import Foundation
public import HealthExport
import HealthModel

extension ReportExport: ExportJob {
  /// The selection's time zone.
  public var inputTimeZone: TimeZone { selection.timeZone.provisional }
}
