import HealthModel

/// An input that yields health items: an export.xml, an archive, a profile.
public protocol HealthItemSource {
  /// What the user named, for messages.
  var name: String { get }

  /// Reads the whole input once, handing each item the filter wants to `consume` with where it
  /// starts.
  /// - Throws: the format's errors (`XMLError`, `InputError`, …), `StrictModeError` in strict
  ///   mode, and whatever `consume` throws.
  func readItems(
    filter: ItemFilter, diagnostics: Diagnostics,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws
}

/// What an input is.
public enum InputShape: String, Hashable, Sendable {
  case zipArchive = "zip archive"
  case folder = "folder"
  case xmlFile = "XML file"
  case profile = "JSON profile"
  /// Made on the fly by the sample generator.
  case generated = "generated sample"
}

/// An input as the user named it, with what `inspect` shows about it besides its items.
public protocol HealthInputSource: HealthItemSource {
  /// Whether it is an archive, a folder, an XML file, a profile.
  var shape: InputShape { get }
  /// The file the items come from: the health XML inside an export, or the profile.
  var contentName: String { get }
  /// What reading learned besides the items (locale, DTD version, other elements); complete
  /// after `readItems`.
  var header: ExportHeader { get }
  /// The names of the files in one of the export's folders (`electrocardiograms`,
  /// `workout-routes`), sorted; empty where the input has no folders.
  func fileNames(in folder: String) -> [String]
}
