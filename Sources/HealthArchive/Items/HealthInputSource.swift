/// An input as the user named it, with what `inspect` shows about it besides its items.
public protocol HealthInputSource: HealthItemSource {
  /// Whether it is an archive, a folder, an XML file, a profile.
  var shape: InputShape { get }
  /// The file the items come from: the health XML inside an export, or the profile.
  var contentName: String { get }
  /// What reading learned besides the items (locale, DTD version, other elements): the locale
  /// and version once the first item has come, everything after `readItems`.
  var header: ExportHeader { get }
  /// The names of the files in one of the export's folders (`electrocardiograms`,
  /// `workout-routes`), sorted; empty where the input has no folders.
  func fileNames(in folder: String) -> [String]
}

/// What an input is.
public enum InputShape: String, Hashable, Sendable {
  case zipArchive = "zip archive"
  case folder = "folder"
  case xmlFile = "XML file"
  case profile = "JSON profile"
  /// Made on the fly by the sample generator.
  case generated = "generated sample"
  /// Items an app supplied (`HealthItemSequence`), such as samples it read from HealthKit.
  case items = "items"
  /// A database of this tool, read back (`DatabaseSource`).
  case database = "health database"
}
