/// What `--deidentify` takes out of a record before any writer sees it (docs/deidentification.md):
/// a stage in front of every output, so that the CSV, the profile, the database, the summary,
/// the report and every format of `convert` get the same record.
///
/// Source names become `Source 1`, `Source 2`, … in the order they first come; devices keep
/// their manufacturer, model and hardware; identifying metadata goes; the date of birth becomes
/// its year; an ECG loses the name and birth date in its header; clinical records keep their
/// codes, values, units and dates but lose the resources of people and organizations and every
/// name, address, telecom, identifier, note and narrative; routes are left out unless kept;
/// every date moves by `shiftDays`.
public struct Deidentification: Hashable, Sendable {
  /// Whether workout routes and their points are kept: where a person runs tells where they live.
  public var keepsRoutes: Bool
  /// Days every date moves (negative: earlier); 0 keeps them.
  public var shiftDays: Int

  /// A de-identification, each argument the property of the same name.
  public init(keepsRoutes: Bool = false, shiftDays: Int = 0) {
    self.keepsRoutes = keepsRoutes
    self.shiftDays = shiftDays
  }

  /// What a run took out, for its closing line.
  public struct Removed: Hashable, Sendable {
    /// The distinct source names replaced (`Source 1`, …).
    public var sourceNames = 0
    /// Device descriptions cut to manufacturer, model and hardware.
    public var devices = 0
    /// Metadata entries dropped: identifiers, serial numbers, names, links, dates that could not
    /// be moved, and an ECG's unknown header lines.
    public var metadataEntries = 0
    /// Identifiers of HealthKit's own dropped (`uuid`), or replaced (a workout activity's).
    public var identifiers = 0
    /// Clinical resources of people and organizations left out, by resource type.
    public var clinicalResources: [String: Int] = [:]
    /// Elements removed from the clinical resources kept: names, addresses, telecoms,
    /// identifiers, notes, narratives, a reference's display; and the records' provider
    /// addresses (`sourceURL`).
    public var clinicalElements = 0
    /// Clinical resources that could not be read as JSON, and so are not written.
    public var unreadableResources = 0
    /// Workout routes left out.
    public var routes = 0
    /// Route points left out (those read: a route left out is not read at all).
    public var routePoints = 0
    /// Whether a date of birth was cut to its year.
    public var birthDate = false
    /// ECG recordings whose name and date of birth were removed.
    public var electrocardiograms = 0
    /// Vision prescriptions' attachments left out.
    public var attachments = 0
    /// The days every date moved.
    public var shiftDays = 0

    /// `de-identified: …`: what was removed, for the end of a closing line.
    public var description: String {
      var parts: [String] = []
      if sourceNames > 0 {
        parts.append(
          sourceNames == 1
            ? "1 source name replaced by Source 1"
            : "\(sourceNames) source names replaced by Source 1 to Source \(sourceNames)")
      }
      if birthDate { parts.append("the date of birth cut to its year") }
      if devices > 0 {
        parts.append("devices cut to maker, model and hardware on \(Self.count(devices, "record"))")
      }
      if metadataEntries > 0 {
        parts.append(
          "\(Self.count(metadataEntries, "identifying metadata entry", plural: "identifying metadata entries")) removed"
        )
      }
      if identifiers > 0 { parts.append("\(Self.count(identifiers, "UUID")) removed") }
      if electrocardiograms > 0 {
        parts.append("the name and date of birth removed from \(Self.count(electrocardiograms, "ECG"))")
      }
      let resources = clinicalResources.values.reduce(0, +)
      if resources > 0 {
        let types = clinicalResources.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        parts.append(
          "\(Self.count(resources, "clinical resource")) of people and organizations left out (\(types.joined(separator: ", ")))"
        )
      }
      if clinicalElements > 0 {
        parts.append(
          "\(Self.count(clinicalElements, "name, address, identifier, note or narrative", plural: "names, addresses, identifiers, notes and narratives")) removed from clinical records"
        )
      }
      if unreadableResources > 0 {
        parts.append("\(Self.count(unreadableResources, "unreadable clinical resource")) left out")
      }
      if routes > 0 {
        let points = routePoints > 0 ? " (\(Self.count(routePoints, "point")))" : ""
        parts.append("\(Self.count(routes, "workout route"))\(points) left out")
      }
      if attachments > 0 { parts.append("\(Self.count(attachments, "prescription attachment")) left out") }
      if shiftDays != 0 {
        parts.append(
          "dates moved \(Self.count(abs(shiftDays), "day")) \(shiftDays > 0 ? "later" : "earlier")")
      }
      return "de-identified: " + (parts.isEmpty ? "nothing identifying found" : parts.joined(separator: ", "))
    }

    /// Each count the larger of the two; the date of birth where either cut it.
    mutating func formMaximum(_ other: Removed) {
      sourceNames = max(sourceNames, other.sourceNames)
      devices = max(devices, other.devices)
      metadataEntries = max(metadataEntries, other.metadataEntries)
      identifiers = max(identifiers, other.identifiers)
      clinicalResources.merge(other.clinicalResources, uniquingKeysWith: max)
      clinicalElements = max(clinicalElements, other.clinicalElements)
      unreadableResources = max(unreadableResources, other.unreadableResources)
      routes = max(routes, other.routes)
      routePoints = max(routePoints, other.routePoints)
      birthDate = birthDate || other.birthDate
      electrocardiograms = max(electrocardiograms, other.electrocardiograms)
      attachments = max(attachments, other.attachments)
    }

    private static func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
      "\(value) \(value == 1 ? noun : plural ?? noun + "s")"
    }
  }
}
