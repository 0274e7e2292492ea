package import Foundation
import HealthModel

/// What the server tells the assistant about using it, in the handshake.
package enum AssistantInstructions {
  /// The instructions, naming the zone of the days where it is known before the export is read
  /// (a zone named, a database kept); else saying it is the export's own, which `profile` names.
  package static func text(timeZone: TimeZone?) -> String {
    let zone = timeZone.map { "in \($0.displayName)" } ?? "in the export's own time zone (profile names it)"
    return
      """
      These tools read the person's own Apple Health export, on their machine. Start with list_types (what \
      there is) or profile. For totals and averages (steps, sleep, heart rate) use summary: it counts each \
      stretch of time once, as the Health app does; records returns raw samples, which overlap between the \
      iPhone and the Apple Watch and must not be added up. compare puts two periods side by side (this month \
      against last) and baseline places the latest day or week against the person's own usual range, both \
      from the same summaries, with the arithmetic done. workouts, workout_route and labs return workouts, \
      GPS routes and lab results; query runs one read-only SQL query (read health://schema first). Days are \
      yyyy-MM-dd \(zone); times are returned in ISO 8601 on the same clocks. Every list is \
      cut at its limit and says so with truncated.
      """
  }
}
