import HealthModel

/// The route and ECG files beside export.xml, and the workouts that name route files.
extension AppleExportWriter {
  /// Adds route points to the GPX file of their path: a file is written once its last batch has
  /// come (the next item is not a batch of the same file).
  func addRoutePoints(_ points: RoutePoints) throws {
    if let route, route.path != points.filePath { try finishRouteFile() }
    var current =
      route
      ?? (
        points.filePath,
        GPXWriter(
          exportTime: (exportDate ?? options.now ?? points.points.first?.time
            ?? Timestamp(secondsSince1970: 0))
            .wholeSecondsSince1970,
          trackName: GPXWriter.trackName(forFileAt: points.filePath))
      )
    // Taken out while it grows, so that its bytes are not copied.
    route = nil
    for point in points.points { current.gpx.append(point) }
    route = current
  }

  /// Writes the route file being made, if any.
  func finishRouteFile() throws {
    guard var current = route else { return }
    route = nil
    current.gpx.finish()
    if try archive.addFile(at: current.path, bytes: current.gpx.out.bytes) { summary.routeFiles += 1 }
  }

  /// Writes the workout that waited for its route files, its routes naming only the files the
  /// archive holds.
  func writePendingWorkout() {
    guard var workout = pendingWorkout else { return }
    pendingWorkout = nil
    for index in workout.routes.indices {
      let paths = workout.routes[index].filePaths
      let held = paths.filter { archive.holdsFile(at: $0) }
      summary.routeReferencesLeftOut += paths.count - held.count
      workout.routes[index].filePaths = held
    }
    xml.write(.workout(workout))
  }

  /// Writes an ECG recording's CSV file, `Recorded Date` with the offset the input wrote it with
  /// (else that of the time zone at its date).
  func addElectrocardiogram(_ recording: Electrocardiogram) throws {
    let offset = recording.recordedDate.map { xml.utcOffset(of: $0) } ?? 0
    let bytes = ElectrocardiogramWriter.csv(recording, dateOffset: offset)
    if try archive.addFile(at: "electrocardiograms/" + recording.fileName, bytes: bytes) {
      summary.electrocardiograms += 1
    }
  }
}
