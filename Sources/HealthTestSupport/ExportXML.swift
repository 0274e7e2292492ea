/// Builds export.xml documents for tests, in the shape of the Health app's.
package enum ExportXML {
  /// A short DOCTYPE in the shape of Apple's, with its version comment.
  package static let doctype = """
    <!DOCTYPE HealthData [
    <!-- HealthKit Export Version: 14 -->
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>
    <!ATTLIST HealthData
      locale CDATA #REQUIRED
    >
    ]>
    """

  /// A whole document around `body` (the elements inside `HealthData`).
  package static func document(_ body: String, doctype: Bool = true, locale: String = "en_US") -> String {
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    if doctype { text += Self.doctype + "\n" }
    text += "<HealthData locale=\"\(locale)\">\n"
    text += " <ExportDate value=\"2026-01-20 07:00:00 -0500\"/>\n"
    text += body
    if !body.hasSuffix("\n") { text += "\n" }
    text += "</HealthData>\n"
    return text
  }

  /// One `Record` element on one line; `device` is the attribute as written, escaped
  /// (`&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, model:Watch&gt;`).
  package static func record(
    _ type: String, value: String, unit: String? = nil, source: String = "Test Source",
    device: String? = nil, start: String, end: String? = nil, metadata: [(key: String, value: String)] = []
  ) -> String {
    let shortType = type.hasPrefix("HK") ? type : "HKQuantityTypeIdentifier\(type)"
    var text = " <Record type=\"\(shortType)\" sourceName=\"\(source)\""
    if let device { text += " device=\"\(device)\"" }
    if let unit { text += " unit=\"\(unit)\"" }
    text += " startDate=\"\(start)\" endDate=\"\(end ?? start)\" value=\"\(value)\""
    if metadata.isEmpty { return text + "/>\n" }
    text += ">\n"
    for entry in metadata { text += "  <MetadataEntry key=\"\(entry.key)\" value=\"\(entry.value)\"/>\n" }
    return text + " </Record>\n"
  }

}
