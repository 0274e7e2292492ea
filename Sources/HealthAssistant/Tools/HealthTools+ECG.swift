import HealthArchive
import HealthDatabase

/// `ecg`: the Apple Watch's ECG recordings of `electrocardiograms/`, and one recording's voltages.
extension HealthTools {
  var ecg: AssistantTool {
    let recording = JSONSchema.object(
      [
        ("id", JSONSchema.integer("The recording's id, for 'id'.")),
        ("date", JSONSchema.string("When it was recorded, local time.", nullable: true)),
        (
          "classification",
          JSONSchema.string(
            "As the Watch classified it: Sinus Rhythm, Atrial Fibrillation, Inconclusive, ...", nullable: true
          )
        ),
        (
          "average_heart_rate",
          JSONSchema.number(
            "The mean of the heart-rate records the export holds during the recording, in count/min; null where it holds none (Apple's ECG files do not carry the average the Health app shows).",
            nullable: true)
        ),
        ("sample_rate_hz", JSONSchema.number("Samples per second.", nullable: true)),
        ("symptoms", JSONSchema.string("The symptoms the person logged with it.", nullable: true)),
        ("samples", JSONSchema.integer("How many voltages it holds.")),
        ("duration_s", JSONSchema.number("Its length in seconds: samples over the rate.", nullable: true)),
        ("lead", JSONSchema.string(nullable: true)),
        ("unit", JSONSchema.string("The voltages' unit, µV.", nullable: true)),
        ("device", JSONSchema.string(nullable: true)),
      ],
      required: [
        "id", "date", "classification", "average_heart_rate", "sample_rate_hz", "symptoms", "samples",
        "duration_s",
        "lead", "unit", "device",
      ])
    return AssistantTool(
      name: "ecg", title: "ECG recordings",
      description: """
        The Apple Watch's ECG recordings. Without 'id': every recording, newest first, with its date, the Watch's \
        classification, the average heart rate the export's heart-rate records give for it, its sampling rate and \
        the symptoms logged. With 'id': that recording's voltages in microvolts, thinned evenly to 'max_points' \
        (the first and last kept), with the time of each from the start. Not a diagnosis: the classification is \
        the Watch's own.
        """,
      inputSchema: JSONSchema.object(
        [
          ("id", JSONSchema.integer("A recording's id, from ecg without arguments.", minimum: 1)),
          (
            "max_points",
            JSONSchema.integer(
              "With 'id': the most voltages returned.", minimum: 2, maximum: 20_000, default: 1_000)
          ),
        ]),
      outputSchema: JSONSchema.object(
        [
          (
            "recordings",
            JSONSchema.array(of: recording, description: "Without 'id': every recording, newest first.")
          ),
          ("count", JSONSchema.integer("Without 'id': the recordings.")),
          ("recording", recording),
          (
            "voltages",
            JSONSchema.array(
              of: JSONSchema.object(
                [
                  ("t", JSONSchema.number("Seconds from the start.")),
                  ("microvolts", JSONSchema.number()),
                ], required: ["t", "microvolts"]),
              description: "With 'id': the voltages kept, in order.")
          ),
          ("total_points", JSONSchema.integer("With 'id': the voltages the recording has.")),
          ("truncated", JSONSchema.boolean("With 'id': whether the voltages were thinned to max_points.")),
        ]),
      run: { arguments, call throws(ToolFailure) in
        let id = arguments.has("id") ? try arguments.integer("id", default: 1, in: 1...Int.max) : 0
        let maximum = try arguments.integer("max_points", default: 1_000, in: 2...20_000)
        let select = """
          SELECT e.id, e.recorded_unix, e.classification, e.sample_rate_hz, e.symptoms, e.samples, e.lead, e.unit,
            e.device, (SELECT avg(r.value) FROM records AS r
              WHERE r.type = 'HKQuantityTypeIdentifierHeartRate' AND r.start_unix >= e.recorded_unix
                AND r.start_unix <= e.recorded_unix + CAST(e.samples / e.sample_rate_hz AS INTEGER))
          FROM ecgs AS e
          """
        guard id > 0 else {
          if arguments.has("max_points") {
            throw ToolFailure(
              "'max_points' thins one recording's voltages: give its 'id' too (ecg without arguments lists them)."
            )
          }
          let recordings = try rows(select + " ORDER BY e.recorded_unix DESC, e.id DESC", call: call).map(
            ecgRecording)
          return ["recordings": .array(recordings), "count": .integer(recordings.count)]
        }
        guard let row = try rows(select + " WHERE e.id = ?", [.integer(Int64(id))], call: call).first else {
          let count = try rows("SELECT count(*) FROM ecgs", call: call).first?[0].integer ?? 0
          throw ToolFailure(
            count == 0
              ? "The export holds no ECG recordings."
              : "There is no ECG recording \(id); ecg without arguments lists the \(count) there are with their ids."
          )
        }
        let all = try rows(
          "SELECT n, microvolts FROM ecg_samples WHERE ecg_id = ? ORDER BY n", [.integer(Int64(id))],
          call: call)
        let rate = row[3].number ?? 0
        let kept = Self.thinned(all.count, to: maximum).map { all[$0] }
        let voltages: [JSONValue] = kept.map { sample in
          let seconds = rate > 0 ? Double(sample[0].integer ?? 0) / rate : 0
          return ["t": SQLiteValue.real(seconds).json, "microvolts": sample[1].json]
        }
        return [
          "recording": ecgRecording(row), "voltages": .array(voltages), "total_points": .integer(all.count),
          "truncated": .bool(kept.count < all.count),
        ]
      })
  }

  /// A recording's fields, from a row of `ecg`'s select.
  private func ecgRecording(_ row: [SQLiteValue]) -> JSONValue {
    let rate = row[3].number
    let samples = row[5].integer ?? 0
    let duration = rate.flatMap { $0 > 0 ? SQLiteValue.real(Double(samples) / $0).json : nil } ?? .null
    return [
      "id": row[0].json, "date": localTime(row[1]), "classification": row[2].json,
      "average_heart_rate": row[9].json,
      "sample_rate_hz": row[3].json, "symptoms": row[4].json, "samples": .integer(samples),
      "duration_s": duration,
      "lead": row[6].json, "unit": row[7].json, "device": row[8].json,
    ]
  }
}
