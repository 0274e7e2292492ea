package import HealthModel

/// Writes a workout route's GPX file as the Health app does (`workout-routes/route_….gpx`): the
/// declaration, `gpx` with Apple's creator and namespaces, `metadata` with the export's time in
/// UTC, one `trk` named after the route's end, and one `trkseg` of `trkpt`s, each with `ele`,
/// `time` and the `speed`, `course`, `hAcc` and `vAcc` extensions, one per line. `GPXReader`
/// reads it back point for point.
///
/// Numbers have six decimals, as in Apple's files (`lon="-122.396397"`); with `keepsEveryDigit`,
/// a value that six decimals would change is written in the fewest digits that keep it.
///
/// The same writer makes a workout's track for training apps (`init(workoutNamed:…)`): GPX 1.1
/// with Garmin's `TrackPointExtension` namespace, the workout's name and time in `metadata`, one
/// `trk` of the activity's type with a `trkseg` per route (`beginSegment`), and each point's heart
/// rate as the extension's `hr`, the way Garmin's devices write it and Strava and training apps
/// read it; Apple's own `speed`, `course`, `hAcc` and `vAcc` elements (not GPX's, and in its
/// namespace) are left out there.
package struct GPXWriter {
  /// What has been written and not yet taken.
  package var out: TextOutput
  private let keepsEveryDigit: Bool
  /// Whether it writes a workout's track for training apps rather than Apple's route file.
  private let isTraining: Bool
  private var isInSegment = false

  /// Garmin's TrackPointExtension (version 1), whose `hr` is a point's heart rate in beats per
  /// minute, a whole number from 0 to 255.
  package static let trackPointExtensionNamespace = "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"

  /// Starts the file.
  /// - Parameters:
  ///   - exportTime: the time of the export, in `metadata` (whole seconds, UTC).
  ///   - trackName: the track's name, `Route 2019-06-11 3:00pm`.
  ///   - keepsEveryDigit: whether a value that six decimals would round is written whole.
  ///   - capacity: the bytes reserved.
  package init(exportTime: Int64, trackName: String, keepsEveryDigit: Bool = true, capacity: Int = 1 << 16) {
    self.keepsEveryDigit = keepsEveryDigit
    isTraining = false
    isInSegment = true
    out = TextOutput(dateOffset: 0, capacity: capacity)
    out.append(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1" \
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
      xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
        <metadata>
          <time>
      """)
    appendUTC(exportTime)
    out.append("</time>\n  </metadata>\n  <trk>\n    <name>")
    out.appendEscaped(trackName)
    out.append("</name>\n    <trkseg>\n")
  }

  /// Starts a workout's track for training apps; each route is then a segment (`beginSegment`).
  /// - Parameters:
  ///   - name: the track's name and the file's, `Running 2026-01-09 07:30`.
  ///   - type: the activity, `Running`, in the track's `type`.
  ///   - start: when the workout started, the time in `metadata` (UTC).
  ///   - capacity: the bytes reserved.
  package init(workoutNamed name: String, type: String, start: Timestamp, capacity: Int = 1 << 16) {
    keepsEveryDigit = true
    isTraining = true
    out = TextOutput(dateOffset: 0, capacity: capacity)
    out.append(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="HealthExporter" xmlns="http://www.topografix.com/GPX/1/1" \
      xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" \
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
      xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd \
      http://www.garmin.com/xmlschemas/TrackPointExtension/v1 \
      http://www8.garmin.com/xmlschemas/TrackPointExtensionv1.xsd">
        <metadata>
          <name>
      """)
    out.appendEscaped(name)
    out.append("</name>\n    <time>")
    appendUTC(start)
    out.append("</time>\n  </metadata>\n  <trk>\n    <name>")
    out.appendEscaped(name)
    out.append("</name>\n    <type>")
    out.appendEscaped(type)
    out.append("</type>\n")
  }

  /// Starts a segment of a workout's track (a route of the workout), ending the one before.
  package mutating func beginSegment() {
    if isInSegment { out.append("    </trkseg>\n") }
    out.append("    <trkseg>\n")
    isInSegment = true
  }

  /// Appends one `trkpt` with the heart rate recorded nearest to it, rounded to whole beats per
  /// minute (from 0 to 255, the extension's range), as `gpxtpx:hr`; a workout's track only.
  package mutating func append(_ point: RoutePoint, heartRate: Double?) {
    appendPosition(of: point)
    if let heartRate, heartRate.isFinite {
      out.append("<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>")
      out.append(Int(min(255, max(0, heartRate.rounded()))))
      out.append("</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>")
    }
    out.append("</trkpt>\n")
  }

  /// Appends one `trkpt`; the values a point lacks are left out.
  package mutating func append(_ point: RoutePoint) {
    appendPosition(of: point)
    if point.speed != nil || point.course != nil || point.horizontalAccuracy != nil
      || point.verticalAccuracy != nil
    {
      out.append("<extensions>")
      element("<speed>", point.speed, "</speed>")
      element("<course>", point.course, "</course>")
      element("<hAcc>", point.horizontalAccuracy, "</hAcc>")
      element("<vAcc>", point.verticalAccuracy, "</vAcc>")
      out.append("</extensions>")
    }
    out.append("</trkpt>\n")
  }

  /// Ends the file: without a line break after `</gpx>` as Apple's files end; a workout's track
  /// with one.
  package mutating func finish() {
    if isInSegment { out.append("    </trkseg>\n") }
    out.append(isTraining ? "  </trk>\n</gpx>\n" : "  </trk>\n</gpx>")
  }

  /// The track's name for a route file named as the Health app names them: `Route 2019-06-11
  /// 3:00pm` for `route_2019-06-11_3.00pm.gpx` (the route's end, local time); else the file's
  /// name without its extension.
  package static func trackName(forFileAt path: String) -> String {
    var name = String(path.split(separator: "/").last ?? "")
    if name.lowercased().hasSuffix(".gpx") { name.removeLast(4) }
    let parts = name.split(separator: "_", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == "route", parts[1].count == 10,
      let dot = parts[2].lastIndex(of: ".")
    else { return name }
    var time = parts[2]
    time.replaceSubrange(dot...dot, with: ":")
    return "Route \(parts[1]) \(time)"
  }

  /// A `trkpt`'s start (`lon`, then `lat`, as Apple's files have them), `ele` and `time`, where
  /// the point has them.
  private mutating func appendPosition(of point: RoutePoint) {
    out.append("      <trkpt lon=\"")
    number(point.longitude)
    out.append("\" lat=\"")
    number(point.latitude)
    out.append("\">")
    if let elevation = point.elevation {
      out.append("<ele>")
      number(elevation)
      out.append("</ele>")
    }
    if let time = point.time {
      out.append("<time>")
      appendUTC(time)
      out.append("</time>")
    }
  }

  private mutating func element(_ start: StaticString, _ value: Double?, _ end: StaticString) {
    guard let value else { return }
    out.append(start)
    number(value)
    out.append(end)
  }

  private mutating func number(_ value: Double) {
    if keepsEveryDigit {
      out.appendFixedIfExact(value, decimals: 6)
    } else {
      out.appendFixed(value, decimals: 6)
    }
  }

  /// `2026-01-09T15:30:00Z`, with the fraction of a second where there is one
  /// (`2026-01-09T15:30:00.25Z`, to the microsecond).
  private mutating func appendUTC(_ time: Timestamp) {
    if time.millisecondsSince1970.truncatingRemainder(dividingBy: 1000) == 0 {
      appendUTC(time.wholeSecondsSince1970)
    } else {
      out.append(Array(time.iso8601UTCText().utf8))
    }
  }

  /// `2026-01-09T15:30:00Z`.
  private mutating func appendUTC(_ instant: Int64) {
    let civil = CivilDateTime(secondsSince1970: instant)
    out.append(Array(TextOutput.dayText(civil.year, civil.month, civil.day).utf8))
    out.append("T")
    out.appendTwoDigits(civil.hour)
    out.append(":")
    out.appendTwoDigits(civil.minute)
    out.append(":")
    out.appendTwoDigits(civil.second)
    out.append("Z")
  }
}
