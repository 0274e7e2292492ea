public import Foundation
public import HealthExport

extension DatabaseExport: ExportJob {
  /// The database's time zone.
  public var inputTimeZone: TimeZone { timeZone }
}
