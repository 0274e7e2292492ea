import HealthModel

/// The files an export holds beside its health XML, read as the filter asks: the FHIR resources
/// of clinical records (and the lab results in them), the GPX files of workout routes, the ECG
/// recordings.
extension ExportSource {
  /// What a clinical record's file gave.
  private enum Resource {
    case read(bytes: [UInt8], json: JSONValue)
    case problem(Diagnostic)
  }

  /// Hands on a clinical record (with its resource when asked), then the lab result of its file.
  ///
  /// Lab results are read from records of type `Observation`, or, when every resource is read,
  /// from every resource that is an Observation. A file that is missing, leaves the export or is
  /// not JSON is reported once; an Observation that gives no lab result is reported only when
  /// the resources are not kept whole (it is in the record's resource then).
  func readClinicalRecord(
    _ record: ClinicalRecord, at location: SourceLocation, filter: ItemFilter, from resources: ResourceFiles,
    diagnostics: Diagnostics, _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    let keepsResources = filter.includesClinicalResources
    let wantsLabs = filter.includesLabResults && (record.type == "Observation" || keepsResources)
    guard wantsLabs || keepsResources else {
      if filter.includesClinicalRecords { try consume(.clinicalRecord(record), location) }
      return
    }
    var record = record
    let resource = try readResource(of: record, at: location, from: resources)
    if keepsResources, case .read(let bytes, let json) = resource {
      record.resource = FHIRResource(
        json: String(decoding: bytes, as: UTF8.self), resourceType: json["resourceType"]?.stringValue)
    }
    if filter.includesClinicalRecords { try consume(.clinicalRecord(record), location) }
    switch resource {
    case .problem(let diagnostic):
      try diagnostics.report(diagnostic)
    case .read(_, let json):
      guard wantsLabs else { return }
      switch FHIRObservation.read(json, record: record, registry: registry) {
      case .result(let result):
        try consume(.labResult(result), location)
      case .skipped(let reason, let kind):
        if !keepsResources {
          try diagnostics.report(Diagnostic(reason: reason, location: location, kind: kind))
        }
      case .notAnObservation:
        return
      }
    }
  }

  /// The FHIR file of a clinical record, parsed, or why there is none (read through `resources`:
  /// once per run, within the input's budget).
  private func readResource(
    of record: ClinicalRecord, at location: SourceLocation, from resources: ResourceFiles
  ) throws -> Resource {
    func problem(_ reason: String) -> Resource { .problem(Diagnostic(reason: reason, location: location)) }
    guard let path = record.resourceFilePath, !path.isEmpty else {
      return problem("a clinical record without a resourceFilePath")
    }
    guard FolderContainer.safeComponents(of: path) != nil else {
      return problem("a clinical record whose resourceFilePath leaves the export")
    }
    let bytes: [UInt8]
    switch try resources.contents(ofFileAt: path) {
    case .read(let read): bytes = read
    case .problem(let reason): return problem("a clinical record \(reason)")
    }
    do {
      return .read(
        bytes: bytes,
        json: try JSONValue(parsing: bytes, name: container.displayName(ofFileAt: path), allowsNUL: false))
    } catch let error as JSONError {
      // Where the JSON goes wrong, rather than the export.xml line that points at the file.
      let place = SourceLocation(file: error.name, line: 0, byteOffset: Int64(error.offset))
      return .problem(
        Diagnostic(
          reason: "a clinical record whose file is not valid JSON: \(error.reasonText)", location: place))
    }
  }

  /// Hands on the points of every GPX file the workout's routes name, as it streams them; a file
  /// that is missing, not GPX, named before or past the input's budget (`ResourceFiles`) is
  /// reported (the points read before a fault are kept).
  func readRouteFiles(
    of workout: Workout, at location: SourceLocation, from resources: ResourceFiles, diagnostics: Diagnostics,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    for path in workout.routes.flatMap(\.filePaths) {
      func report(_ reason: String, at place: SourceLocation = location) throws {
        try diagnostics.report(Diagnostic(reason: reason, location: place))
      }
      guard FolderContainer.safeComponents(of: path) != nil else {
        try report("a workout route whose file path leaves the export")
        continue
      }
      let stream: any ByteStream
      switch try resources.stream(ofFileAt: path) {
      case .opened(let opened): stream = opened
      case .problem(let reason):
        try report("a workout route \(reason)")
        continue
      }
      let reader = GPXReader(stream: stream)
      do {
        try reader.read { points in
          try consume(.routePoints(RoutePoints(filePath: path, points: points)), location)
        }
      } catch let error as XMLError {
        try report("a workout route file that is not valid GPX (\(error.reasonText))", at: error.location)
      } catch let failure as ResourceFiles.StreamFailure {
        try report("a workout route \(failure.reason)")
      }
      for place in reader.skippedPoints {
        try report("a route point without a latitude and longitude", at: place)
      }
    }
  }

  /// Hands on every ECG recording of `electrocardiograms/`, in file name order; a file that
  /// gives none is reported.
  func readElectrocardiograms(
    from resources: ResourceFiles, diagnostics: Diagnostics,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    for name in container.fileNames(in: "electrocardiograms") where name.lowercased().hasSuffix(".csv") {
      let path = "electrocardiograms/" + name
      let place = SourceLocation(file: container.displayName(ofFileAt: path), line: 0)
      let bytes: [UInt8]
      switch try resources.contents(ofFileAt: path) {
      case .read(let read): bytes = read
      case .problem(let reason):
        try diagnostics.report(Diagnostic(reason: "an ECG recording \(reason)", location: place))
        continue
      }
      do {
        try consume(.electrocardiogram(try ElectrocardiogramReader.read(bytes, fileName: name)), place)
      } catch let failure as ElectrocardiogramReader.Failure {
        var location = place
        location.line = failure.line
        try diagnostics.report(Diagnostic(reason: failure.reason, location: location))
      }
    }
  }
}
