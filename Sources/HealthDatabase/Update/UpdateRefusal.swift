package import HealthModel

/// Why `--update` left a database as it was (docs/database.md, Updating): the file cannot be
/// updated, or the export is not one to update it with.
public enum UpdateRefusal: Error, Hashable, Sendable, CustomStringConvertible {
  /// No file at the path.
  case missing(path: String)
  /// A file that is not a database of this tool.
  case notOurs(path: String, reason: String)
  /// A database of this tool of an older schema, which cannot be updated.
  case olderSchema(path: String, version: Int64)
  /// A de-identified database, which cannot take a person's export.
  case deidentified(path: String)
  /// The export is of another person than the database: `field` differs.
  case otherPerson(field: String, kept: String, export: String)
  /// The export was made before the newest one the database holds.
  case olderExport(kept: String, export: String)
  /// The command line names a zone or a unit other than the database's own.
  case otherSetting(option: String, kept: String, named: String)

  /// The message, as the command line shows it.
  public var description: String {
    switch self {
    case .missing(let path):
      "\(path) does not exist: --update brings a database made with 'health-exporter database' up to date; leave it out to make one"
    case .notOurs(let path, let reason):
      "\(path) is not a database of health-exporter (\(reason)); --update brings one made with 'health-exporter database' up to date"
    case .olderSchema(let path, let version):
      "\(path) has schema version \(version), made before updates were possible, and cannot be updated; make it again from the newest export: health-exporter database EXPORT -o \(path) --force"
    case .deidentified(let path):
      "\(path) is de-identified and cannot take a person's export; make a database of its own for it"
    case .otherPerson(let field, let kept, let export):
      "the export is of another person than the database: \(field) \(export) in the export, \(kept) in the database; --allow-other-person updates it anyway"
    case .olderExport(let kept, let export):
      "the export (made \(export)) is older than the newest one the database holds (made \(kept)); --allow-older updates it anyway"
    case .otherSetting(let option, let kept, let named):
      "the database keeps its own \(option == "--time-zone" ? "time zone" : "units"): \(option) \(named) differs from its \(kept); leave \(option) out"
    }
  }
}

extension UpdateRefusal: ClassifiedError {
  /// The database cannot be updated: the output cannot be made (73); the export or a setting is
  /// refused: another failure (1), or a usage error (64) for an option.
  package var failureKind: FailureKind {
    switch self {
    case .missing, .notOurs, .olderSchema, .deidentified: .cannotCreate
    case .otherPerson, .olderExport: .other
    case .otherSetting: .usage
    }
  }
}
