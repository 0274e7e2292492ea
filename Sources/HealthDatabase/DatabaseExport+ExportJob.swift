public import Foundation
public import HealthExport
import HealthModel

extension DatabaseExport: ExportJob {
  /// The database's time zone.
  public var inputTimeZone: TimeZone { timeZone.provisional }
}
