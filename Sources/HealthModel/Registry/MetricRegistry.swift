/// The three registries that decide what can be exported: base metrics, vitals and labs.
///
/// Each is data: adding a metric is one entry here, and the selection, the reading, the CSV rows
/// and `health-exporter metrics` pick it up with no other change.
public struct MetricRegistry: Hashable, Sendable {
  /// Weight, steps, blood glucose, in the order their blocks are written.
  public var baseMetrics: [BaseMetric]
  /// The vitals, in the order their components are written.
  public var vitals: [Vital]
  /// The labs, in registry order (the order of `--labs all`).
  public var labs: [Lab]

  /// A registry of these metrics, vitals and labs.
  public init(baseMetrics: [BaseMetric], vitals: [Vital], labs: [Lab]) {
    self.baseMetrics = baseMetrics
    self.vitals = vitals
    self.labs = labs
  }

  /// The base metric named `optionName` on the command line.
  public func baseMetric(named optionName: String) -> BaseMetric? {
    baseMetrics.first { $0.optionName == optionName }
  }

  /// The vital named `optionName` on the command line.
  public func vital(named optionName: String) -> Vital? {
    vitals.first { $0.optionName == optionName }
  }

  /// The lab whose registry code or alternative code is `code`.
  public func lab(forCode code: String) -> Lab? {
    labs.first { $0.loinc == code || $0.alternativeCodes.contains(code) }
  }

  /// The labs of a panel, in registry order.
  public func labs(in panel: LabPanel) -> [Lab] {
    labs.filter { $0.panel == panel }
  }

  /// Every measure a base metric or vital can write, in block order.
  public var allMeasures: [Measure] {
    baseMetrics.map(\.measure) + vitals.flatMap(\.components)
  }
}

extension MetricRegistry {
  /// The registries of the CSV contract (`registries.md`), plus further vitals.
  public static let standard = MetricRegistry(
    baseMetrics: [
      BaseMetric(
        optionName: "weight",
        measure: Measure(
          name: "Weight", healthKitType: HealthKitIdentifier.bodyMass, unit: .weight, decimals: 2),
        isSelectedByDefault: true),
      BaseMetric(
        optionName: "steps",
        measure: Measure(
          name: "Steps", healthKitType: HealthKitIdentifier.stepCount, unit: .fixed(.steps),
          decimals: 0, rounding: .towardZero),
        isSelectedByDefault: true),
      BaseMetric(
        optionName: "glucose",
        measure: Measure(
          name: "Blood Glucose", healthKitType: HealthKitIdentifier.bloodGlucose,
          unit: .fixed(.milligramsPerDeciliter), decimals: 0, minimumKept: 20, hasMealTime: true),
        isSelectedByDefault: false),
    ],
    vitals: [
      Vital(
        optionName: "blood-pressure", displayName: "Blood Pressure",
        components: [
          Measure(
            name: "Blood Pressure Systolic", healthKitType: HealthKitIdentifier.bloodPressureSystolic,
            unit: .fixed(.millimetersOfMercury), decimals: 0, appearsInCorrelations: true),
          Measure(
            name: "Blood Pressure Diastolic",
            healthKitType: HealthKitIdentifier.bloodPressureDiastolic,
            unit: .fixed(.millimetersOfMercury), decimals: 0, appearsInCorrelations: true),
        ]),
      Vital(
        optionName: "resting-heart-rate", displayName: "Resting Heart Rate",
        components: [
          Measure(
            name: "Resting Heart Rate", healthKitType: HealthKitIdentifier.restingHeartRate,
            unit: .fixed(.beatsPerMinute), decimals: 0)
        ]),
      Vital(
        optionName: "heart-rate-variability", displayName: "Heart Rate Variability (SDNN)",
        components: [
          Measure(
            name: "Heart Rate Variability (SDNN)",
            healthKitType: HealthKitIdentifier.heartRateVariabilitySDNN,
            unit: .fixed(.milliseconds), decimals: 0)
        ]),
      Vital(
        optionName: "oxygen-saturation", displayName: "Oxygen Saturation (SpO₂)",
        components: [
          Measure(
            name: "Oxygen Saturation", healthKitType: HealthKitIdentifier.oxygenSaturation,
            unit: .fixed(.percent), decimals: 1)
        ]),
      Vital(
        optionName: "respiratory-rate", displayName: "Respiratory Rate",
        components: [
          Measure(
            name: "Respiratory Rate", healthKitType: HealthKitIdentifier.respiratoryRate,
            unit: .fixed(.breathsPerMinute), decimals: 1)
        ]),
      Vital(
        optionName: "body-temperature", displayName: "Body Temperature",
        components: [
          Measure(
            name: "Body Temperature", healthKitType: HealthKitIdentifier.bodyTemperature,
            unit: .temperature, decimals: 1)
        ]),
      // Beyond the contract's six: the further vitals registries.md welcomes, each with the unit
      // and precision a clinician reads them in.
      Vital(
        optionName: "heart-rate", displayName: "Heart Rate",
        components: [
          Measure(
            name: "Heart Rate", healthKitType: "HKQuantityTypeIdentifierHeartRate",
            unit: .fixed(.beatsPerMinute), decimals: 0)
        ]),
      Vital(
        optionName: "walking-heart-rate", displayName: "Walking Heart Rate Average",
        components: [
          Measure(
            name: "Walking Heart Rate Average",
            healthKitType: "HKQuantityTypeIdentifierWalkingHeartRateAverage",
            unit: .fixed(.beatsPerMinute), decimals: 0)
        ]),
      Vital(
        optionName: "vo2-max", displayName: "VO2 Max",
        components: [
          Measure(
            name: "VO2 Max", healthKitType: "HKQuantityTypeIdentifierVO2Max",
            unit: .fixed(.milliliterPerKilogramMinute), decimals: 1)
        ]),
      Vital(
        optionName: "body-fat", displayName: "Body Fat Percentage",
        components: [
          Measure(
            name: "Body Fat Percentage", healthKitType: "HKQuantityTypeIdentifierBodyFatPercentage",
            unit: .fixed(.percent), decimals: 1)
        ]),
      Vital(
        optionName: "bmi", displayName: "Body Mass Index",
        components: [
          Measure(
            name: "Body Mass Index", healthKitType: "HKQuantityTypeIdentifierBodyMassIndex",
            unit: .fixed(.kilogramsPerSquareMeter), decimals: 1)
        ]),
      Vital(
        optionName: "height", displayName: "Height",
        components: [
          Measure(
            name: "Height", healthKitType: "HKQuantityTypeIdentifierHeight", unit: .length,
            decimals: 1)
        ]),
    ],
    labs: [
      Lab(
        name: "Hemoglobin A1C", loinc: "4548-4",
        alternativeCodes: ["17856-6", "4549-2", "17855-8", "96595-4", "59261-8"],
        panel: .other, decimals: 2),
      Lab(
        name: "Total Cholesterol", loinc: "2093-3", alternativeCodes: ["14647-2"],
        panel: .lipid, decimals: 0),
      Lab(
        name: "HDL Cholesterol", loinc: "2085-9", alternativeCodes: ["14646-4"],
        panel: .lipid, decimals: 0),
      Lab(
        name: "LDL Cholesterol", loinc: "2089-1",
        alternativeCodes: ["13457-7", "18262-6", "96259-7", "18261-8", "22748-8"],
        panel: .lipid, decimals: 0),
      Lab(
        name: "Triglycerides", loinc: "2571-8", alternativeCodes: ["3043-7", "14927-8", "3048-6"],
        panel: .lipid, decimals: 0),
      Lab(
        name: "WBC", loinc: "6690-2", alternativeCodes: ["26464-8", "804-5", "33256-9"],
        panel: .cbc, decimals: 2),
      Lab(
        name: "RBC", loinc: "789-8", alternativeCodes: ["26453-1", "790-6"],
        panel: .cbc, decimals: 2),
      Lab(
        name: "Hemoglobin", loinc: "718-7", alternativeCodes: ["20509-6", "59260-0"],
        panel: .cbc, decimals: 1),
      Lab(
        name: "Hematocrit", loinc: "4544-3", alternativeCodes: ["20570-8", "4545-0", "31100-1"],
        panel: .cbc, decimals: 1),
      Lab(
        name: "Platelets", loinc: "777-3", alternativeCodes: ["26515-7", "778-1"],
        panel: .cbc, decimals: 0),
      Lab(
        name: "MCV", loinc: "787-2", alternativeCodes: ["30428-7"],
        panel: .cbc, decimals: 1),
      Lab(
        name: "MCH", loinc: "785-6", alternativeCodes: ["28539-5"],
        panel: .cbc, decimals: 1),
      Lab(
        name: "MCHC", loinc: "786-4", alternativeCodes: ["28540-3"],
        panel: .cbc, decimals: 1),
      Lab(
        name: "RDW", loinc: "788-0", alternativeCodes: ["30385-9"],
        panel: .cbc, decimals: 1),
      Lab(
        name: "Fasting Glucose", loinc: "1558-6",
        alternativeCodes: ["14771-0", "1557-8", "1556-0", "76629-5", "1554-5"],
        panel: .cmp, decimals: 0),
      Lab(
        name: "BUN", loinc: "3094-0", alternativeCodes: ["6299-2", "14937-7", "59570-2"],
        panel: .cmp, decimals: 0),
      Lab(
        name: "Creatinine", loinc: "2160-0", alternativeCodes: ["38483-4", "14682-9", "59826-8", "77140-2"],
        panel: .cmp, decimals: 2),
      Lab(
        name: "eGFR", loinc: "33914-3", alternativeCodes: ["77147-7", "62238-1", "98979-8", "69405-9"],
        panel: .cmp, decimals: 0),
      Lab(
        name: "Sodium", loinc: "2951-2", alternativeCodes: ["2947-0", "77139-4"],
        panel: .cmp, decimals: 0),
      Lab(
        name: "Potassium", loinc: "2823-3", alternativeCodes: ["6298-4", "77142-8"],
        panel: .cmp, decimals: 1),
      Lab(
        name: "Chloride", loinc: "2075-0", alternativeCodes: ["2069-3"],
        panel: .cmp, decimals: 0),
      Lab(
        name: "CO2 / Bicarbonate", loinc: "2028-9",
        alternativeCodes: ["1963-8", "20565-8", "1959-6", "77143-6"],
        panel: .cmp, decimals: 0),
      Lab(
        name: "Calcium", loinc: "17861-6", alternativeCodes: ["2000-8", "49765-1"],
        panel: .cmp, decimals: 1),
      Lab(name: "Total Protein", loinc: "2885-2", panel: .cmp, decimals: 1),
      Lab(
        name: "Albumin", loinc: "1751-7", alternativeCodes: ["54347-0", "61151-7", "61152-5"],
        panel: .cmp, decimals: 1),
      Lab(
        name: "Bilirubin Total", loinc: "1975-2",
        alternativeCodes: ["42719-5", "14631-6", "54363-7", "77137-8"],
        panel: .cmp, decimals: 1),
      Lab(
        name: "ALT", loinc: "1742-6", alternativeCodes: ["1743-4", "1744-2"],
        panel: .cmp, decimals: 0),
      Lab(
        name: "AST", loinc: "1920-8", alternativeCodes: ["30239-8", "88112-8"],
        panel: .cmp, decimals: 0),
      Lab(
        name: "Alkaline Phosphatase", loinc: "6768-6", alternativeCodes: ["1783-0"],
        panel: .cmp, decimals: 0),
      Lab(
        name: "TSH", loinc: "3016-3", alternativeCodes: ["11580-8", "11579-0"],
        panel: .thyroid, decimals: 2),
      Lab(
        name: "Free T4", loinc: "3024-7", alternativeCodes: ["14920-3"],
        panel: .thyroid, decimals: 2),
      Lab(
        name: "Free T3", loinc: "3051-0", alternativeCodes: ["14928-6"],
        panel: .thyroid, decimals: 2),
      Lab(
        name: "25-OH Vitamin D", loinc: "1989-3", alternativeCodes: ["62292-8"],
        panel: .other, decimals: 0),
      Lab(
        name: "Vitamin B12", loinc: "2132-9", alternativeCodes: ["14685-2"],
        panel: .other, decimals: 0),
      Lab(
        name: "Ferritin", loinc: "2276-4", alternativeCodes: ["24373-3"],
        panel: .other, decimals: 0),
      Lab(
        name: "Iron", loinc: "2498-4", alternativeCodes: ["14798-3"],
        panel: .other, decimals: 0),
      Lab(
        name: "TIBC", loinc: "2500-7", alternativeCodes: ["14800-7"],
        panel: .other, decimals: 0),
      Lab(
        name: "hs-CRP", loinc: "30522-7", alternativeCodes: ["71426-1"],
        panel: .other, decimals: 2),
    ]
  )

  /// Decimal places for a lab code the registry does not know.
  public static let unknownLabDecimals = 2
}
