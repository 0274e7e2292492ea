import Foundation
import HealthArchive
import HealthDatabase
import HealthExport
import HealthModel

/// `profile` and the `health://profile` resource: the person's characteristics and the export's
/// span.
extension HealthTools {
  /// The prefixes Apple puts before characteristic values (`HKBiologicalSexFemale`).
  private static let characteristicPrefixes = [
    "HKBiologicalSex", "HKBloodType", "HKFitzpatrickSkinType", "HKCardioFitnessMedicationsUse",
  ]

  static func readable(_ value: SQLiteValue) -> JSONValue {
    guard case .text(let text) = value else { return value.json }
    for prefix in characteristicPrefixes where text.hasPrefix(prefix) && text.count > prefix.count {
      return .string(String(text.dropFirst(prefix.count)))
    }
    return .string(text)
  }

  /// The profile's structured content.
  func profileContent(call: ToolCall) throws(ToolFailure) -> JSONValue {
    let me = try rows(
      "SELECT date_of_birth, biological_sex, blood_type, fitzpatrick_skin_type, cardio_fitness_medications_use FROM me LIMIT 1",
      call: call
    ).first
    let info = try rows(
      "SELECT input_name, input_shape, export_date, locale, time_zone, created_unix FROM export_info LIMIT 1",
      call: call
    ).first
    let span = try rows("SELECT min(start_unix), max(start_unix) FROM records", call: call).first
    let counts =
      try rows(
        """
        SELECT (SELECT coalesce(sum(records), 0) FROM types WHERE kind IN ('quantity', 'category')),
          (SELECT count(*) FROM types WHERE kind IN ('quantity', 'category')), (SELECT count(*) FROM workouts),
          (SELECT count(*) FROM sources), (SELECT count(*) FROM clinical_records), (SELECT count(*) FROM lab_results),
          (SELECT count(*) FROM ecgs)
        """, call: call
      ).first ?? []
    func count(_ index: Int) -> JSONValue {
      .integer(counts.indices.contains(index) ? counts[index].integer ?? 0 : 0)
    }
    // The database's history (docs/database.md, Updating): its build, then each update, the
    // latest `importsShown` of them.
    let importRows = try rows(
      """
      SELECT id, imported_unix, input_name, export_date, added, removed, unchanged, (SELECT count(*) FROM imports)
      FROM (SELECT * FROM imports ORDER BY id DESC LIMIT \(Self.importsShown)) ORDER BY id
      """, call: call)
    let imports: [JSONValue] = importRows.map { row in
      [
        "id": row[0].json, "imported": localTime(row[1]), "input_name": row[2].json,
        "export_date": row[3].json,
        "added": row[4].json, "removed": row[5].json, "unchanged": row[6].json,
      ]
    }
    return [
      "date_of_birth": me.map { $0[0].json } ?? .null,
      "biological_sex": me.map { Self.readable($0[1]) } ?? .null,
      "blood_type": me.map { Self.readable($0[2]) } ?? .null,
      "fitzpatrick_skin_type": me.map { Self.readable($0[3]) } ?? .null,
      "cardio_fitness_medications_use": me.map { Self.readable($0[4]) } ?? .null,
      "export": [
        "input_name": info.map { $0[0].json } ?? .null, "input_shape": info.map { $0[1].json } ?? .null,
        "export_date": info.map { $0[2].json } ?? .null, "locale": info.map { $0[3].json } ?? .null,
        "database_time_zone": info.map { $0[4].json } ?? .null,
        "indexed": info.map { localTime($0[5]) } ?? .null,
      ],
      "first_record": span.map { localTime($0[0]) } ?? .null,
      "last_record": span.map { localTime($0[1]) } ?? .null,
      "counts": [
        "records": count(0), "types": count(1), "workouts": count(2), "sources": count(3),
        "clinical_records": count(4),
        "lab_results": count(5), "ecgs": count(6),
      ],
      "imports": .array(imports),
      "imports_total": .integer(importRows.first?[7].integer ?? 0),
      "time_zone": .string(timeZone.displayName),
    ]
  }

  /// The most imports `profile` lists: the latest.
  static let importsShown = 20

  static var profileSchema: JSONValue {
    let text = { (description: String) in JSONSchema.string(description, nullable: true) }
    let count = { (description: String) in JSONSchema.integer(description) }
    return JSONSchema.object(
      [
        ("date_of_birth", text("yyyy-MM-dd, as the Health app has it.")),
        ("biological_sex", text("Female, Male, Other or NotSet.")),
        ("blood_type", text("APositive, ONegative, ... or NotSet.")),
        ("fitzpatrick_skin_type", text("I to VI, or NotSet.")),
        (
          "cardio_fitness_medications_use",
          text("What the person said about medications that affect cardio fitness.")
        ),
        (
          "export",
          JSONSchema.object(
            [
              ("input_name", text("The file the export came from.")),
              ("input_shape", text("zip archive, folder, ...")),
              ("export_date", text("When the Health app made the export.")),
              ("locale", text("The export's locale.")),
              ("database_time_zone", text("The time zone the database's summaries were made in.")),
              ("indexed", text("When the database was made, local time.")),
            ],
            required: ["input_name", "input_shape", "export_date", "locale", "database_time_zone", "indexed"])
        ),
        ("first_record", text("The start of the first record, local time.")),
        ("last_record", text("The start of the last record, local time.")),
        (
          "counts",
          JSONSchema.object(
            [
              ("records", count("Samples of every quantity and category type.")),
              ("types", count("Quantity and category types.")), ("workouts", count("Workouts.")),
              ("sources", count("Apps and devices that wrote data.")),
              ("clinical_records", count("FHIR records.")),
              ("lab_results", count("Lab results with a LOINC code.")), ("ecgs", count("ECG recordings.")),
            ],
            required: ["records", "types", "workouts", "sources", "clinical_records", "lab_results", "ecgs"])
        ),
        (
          "imports",
          JSONSchema.array(
            of: JSONSchema.object(
              [
                ("id", JSONSchema.integer("1 for the build; each update the next.")),
                ("imported", text("When it was made, local time.")),
                ("input_name", text("The export it read.")),
                ("export_date", text("When the Health app made that export.")),
                ("added", JSONSchema.integer("Readings it added.")),
                ("removed", JSONSchema.integer("Readings it moved into the table removed.")),
                ("unchanged", JSONSchema.integer("Readings it kept as they were.")),
              ],
              required: ["id", "imported", "input_name", "export_date", "added", "removed", "unchanged"]),
            description:
              "The database's history, oldest first: its build and each update with a newer export (at most the latest 20)."
          )
        ),
        ("imports_total", JSONSchema.integer("How many imports the database has had.")),
        ("time_zone", JSONSchema.string("The time zone of the tools' days and times.")),
      ],
      required: [
        "date_of_birth", "biological_sex", "blood_type", "fitzpatrick_skin_type",
        "cardio_fitness_medications_use",
        "export", "first_record", "last_record", "counts", "imports", "imports_total", "time_zone",
      ])
  }

  var profile: AssistantTool {
    AssistantTool(
      name: "profile", title: "Health profile",
      description: """
        The person's characteristics from the Health app (date of birth, biological sex, blood type, skin type), \
        what the export is and when it was made, the span of its records, how many records, workouts, \
        sources, clinical records and lab results it holds, and the database's history: its build and each \
        update with a newer export, with the readings each added and removed.
        """,
      inputSchema: JSONSchema.object([]), outputSchema: Self.profileSchema,
      run: { _, call throws(ToolFailure) in try profileContent(call: call) })
  }

  var profileResource: AssistantResource {
    AssistantResource(
      uri: "health://profile", name: "profile", title: "Health profile",
      description:
        "The person's characteristics and the export's span, as the profile tool returns them (JSON).",
      mimeType: "application/json",
      read: { call throws(ToolFailure) in
        String(
          decoding: JSONWriter.bytes(of: try profileContent(call: call), formatting: .pretty), as: UTF8.self)
      })
  }
}
