import Foundation
import HealthExport

extension DatabaseExport: ExportJob {
  /// The database's time zone.
  public var inputTimeZone: TimeZone { timeZone }
}
