import Foundation
import HealthModel

/// What the server tells the assistant about using it, in the handshake.
package enum AssistantInstructions {
  package static func text(timeZone: TimeZone) -> String {
    """
    These tools read the person's own Apple Health export, on their machine. Start with list_types (what \
    there is) or profile. For totals and averages (steps, sleep, heart rate) use summary: it counts each \
    stretch of time once, as the Health app does; records returns raw samples, which overlap between the \
    iPhone and the Apple Watch and must not be added up. workouts, workout_route and labs return workouts, \
    GPS routes and lab results; query runs one read-only SQL query (read health://schema first). Days are \
    yyyy-MM-dd in \(timeZone.displayName); times are returned in ISO 8601 on the same clocks. Every list is \
    cut at its limit and says so with truncated.
    """
  }
}
