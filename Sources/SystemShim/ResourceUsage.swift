#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#endif

/// The processor time and peak memory a process used, as `getrusage` reports them.
package struct ResourceUsage: Equatable, Sendable {
  /// Seconds spent running the program's own code.
  package var userSeconds: Double
  /// Seconds spent in the kernel on its behalf.
  package var systemSeconds: Double
  /// The largest resident memory, in bytes.
  package var peakResidentBytes: Int

  /// The terminated children waited for, together: their times added up, and the largest peak
  /// of any one of them (so, in a process that ran one child, that child's own).
  package static func ofChildren() -> ResourceUsage {
    var usage = rusage()
    #if canImport(Glibc)
      let who = __rusage_who_t(RUSAGE_CHILDREN.rawValue)
    #else
      let who = RUSAGE_CHILDREN
    #endif
    guard getrusage(who, &usage) == 0 else {
      return ResourceUsage(userSeconds: 0, systemSeconds: 0, peakResidentBytes: 0)
    }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    #if canImport(Darwin)
      let peak = Int(usage.ru_maxrss)  // bytes on Apple platforms
    #else
      let peak = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #endif
    return ResourceUsage(
      userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime), peakResidentBytes: peak)
  }
}
