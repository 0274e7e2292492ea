/// What an export in Apple's format leaves out, as closing lines say it.
extension AppleExportFormat {
  /// `83 clinical records and 76 workout route references`: the references left out because
  /// their files are not written; nil for none.
  /// - Parameters:
  ///   - clinicalRecords: `ClinicalRecord`s left out.
  ///   - routeReferences: routes' `FileReference`s left out.
  /// - Returns: the words, or nil.
  package static func referencesLeftOut(clinicalRecords: Int, routeReferences: Int) -> String? {
    let parts = [(clinicalRecords, "clinical record"), (routeReferences, "workout route reference")]
      .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
    return parts.isEmpty ? nil : parts.joined(separator: " and ")
  }

  /// `export.xml alone names no file: 83 clinical records and 76 workout route references left
  /// out, and 161 files not written (a .zip or a folder keeps them)`; nil when nothing was left out.
  /// - Parameters:
  ///   - clinicalRecords: `ClinicalRecord`s left out.
  ///   - routeReferences: routes' `FileReference`s left out.
  ///   - files: files not written.
  ///   - kept: what a zip archive or a folder keeps, as the note ends: `them`.
  /// - Returns: the note, or nil.
  package static func exportXMLAloneNote(
    clinicalRecords: Int, routeReferences: Int, files: Int, kept: String
  ) -> String? {
    let references = referencesLeftOut(clinicalRecords: clinicalRecords, routeReferences: routeReferences)
    guard references != nil || files > 0 else { return nil }
    var note = "export.xml alone names no file: "
    if let references { note += references + " left out" }
    if files > 0 {
      note += (references == nil ? "" : ", and ") + "\(files) file\(files == 1 ? "" : "s") not written"
    }
    return note + " (a .zip or a folder keeps \(kept))"
  }
}
