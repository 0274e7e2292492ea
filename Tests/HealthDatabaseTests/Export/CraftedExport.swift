import HealthTestSupport

/// An export made by hand with one of everything an export can hold: records, a correlation with
/// its top-level copies, workouts of both shapes with a GPX route, a missing route file and
/// inline locations, an activity summary, clinical records with their FHIR files, an audiogram,
/// a vision prescription, a state of mind, and two ECG files (one unreadable).
enum CraftedExport {
  static let exportXML = ExportXML.document(
    """
     <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-02-03" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
     <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-01-10 07:00:00 -0500" endDate="2026-01-10 07:00:00 -0500" value="80.5"/>
     <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="2026-01-10 08:00:00 -0500" endDate="2026-01-10 08:00:00 -0500" value="121"/>
     <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Cuff" unit="mmHg" startDate="2026-01-10 08:00:00 -0500" endDate="2026-01-10 08:00:00 -0500" value="79"/>
     <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Cuff" startDate="2026-01-10 08:00:00 -0500" endDate="2026-01-10 08:00:00 -0500">
      <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="2026-01-10 08:00:00 -0500" endDate="2026-01-10 08:00:00 -0500" value="121"/>
      <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Cuff" unit="mmHg" startDate="2026-01-10 08:00:00 -0500" endDate="2026-01-10 08:00:00 -0500" value="79"/>
     </Correlation>
     <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="20" durationUnit="min" sourceName="Watch" startDate="2026-01-10 18:00:00 -0500" endDate="2026-01-10 18:20:00 -0500">
      <WorkoutEvent type="HKWorkoutEventTypeLap" date="2026-01-10 18:10:00 -0500"/>
      <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2026-01-10 18:00:00 -0500" endDate="2026-01-10 18:20:00 -0500" sum="3.1" unit="km"/>
      <WorkoutRoute sourceName="Watch" startDate="2026-01-10 18:00:00 -0500" endDate="2026-01-10 18:20:00 -0500">
       <FileReference path="/workout-routes/route_2026-01-10_6.20pm.gpx"/>
      </WorkoutRoute>
      <WorkoutRoute sourceName="Watch" startDate="2026-01-10 18:00:00 -0500" endDate="2026-01-10 18:20:00 -0500">
       <FileReference path="/workout-routes/route_missing.gpx"/>
      </WorkoutRoute>
     </Workout>
     <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="2" durationUnit="min" totalDistance="0.1" totalDistanceUnit="mi" totalEnergyBurned="10" totalEnergyBurnedUnit="Cal" sourceName="Phone" startDate="2016-11-14 07:25:44 -0700" endDate="2016-11-14 07:27:44 -0700">
      <WorkoutRoute sourceName="Phone" startDate="2016-11-14 07:25:44 -0700" endDate="2016-11-14 07:27:44 -0700">
       <Location date="2016-11-14 07:25:44 -0700" latitude="37.7777" longitude="-122.426" altitude="21.2694" horizontalAccuracy="2.40948" verticalAccuracy="1.67859" course="-1" speed="2.48034"/>
       <Location date="2016-11-14 07:26:44 -0700" latitude="37.7778" longitude="-122.427" altitude="21.3" horizontalAccuracy="2.4" verticalAccuracy="1.6" course="90" speed="2.5"/>
      </WorkoutRoute>
     </Workout>
     <ActivitySummary dateComponents="2026-01-10" activeEnergyBurned="410.5" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="kcal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="25" appleExerciseTimeGoal="30" appleStandHours="9" appleStandHoursGoal="12"/>
     <ClinicalRecord type="Observation" identifier="1" sourceName="Lab One" sourceURL="https://lab.example/Observation/1" fhirVersion="4.0.1" receivedDate="2026-01-12 09:00:00 -0500" resourceFilePath="/clinical-records/Observation-1.json"/>
     <ClinicalRecord type="Observation" identifier="2" sourceName="Lab One" sourceURL="https://lab.example/Observation/2" fhirVersion="4.0.1" receivedDate="2026-01-12 09:00:00 -0500" resourceFilePath="/clinical-records/Observation-2.json"/>
     <ClinicalRecord type="Condition" identifier="3" sourceName="Lab One" sourceURL="https://lab.example/Condition/3" fhirVersion="4.0.1" receivedDate="2026-01-12 09:00:00 -0500" resourceFilePath="/clinical-records/Condition-3.json"/>
     <Audiogram type="HKDataTypeIdentifierAudiogram" sourceName="Mimi" sourceVersion="5" startDate="2026-01-11 10:00:00 -0500" endDate="2026-01-11 10:05:00 -0500">
      <MetadataEntry key="HKMetadataKeyTestLocation" value="home"/>
      <SensitivityPoint frequencyValue="250" frequencyUnit="Hz" leftEarValue="35.0459" leftEarUnit="dBHL" rightEarValue="20" rightEarUnit="dBHL"/>
      <SensitivityPoint frequencyValue="1000" frequencyUnit="Hz" leftEarValue="15" leftEarUnit="dBHL" leftEarMasked="1" leftEarClampingRangeLowerBound="-10" leftEarClampingRangeUpperBound="100" rightEarValue="10" rightEarUnit="dBHL"/>
     </Audiogram>
     <VisionPrescription type="HKVisionPrescriptionTypeGlasses" dateIssued="2025-12-01 00:00:00 -0500" expirationDate="2027-12-01 00:00:00 -0500">
      <RightEye sphere="-1.25" sphereUnit="D" cylinder="-0.5" cylinderUnit="D" axis="90" axisUnit="deg"/>
      <LeftEye sphere="-1" sphereUnit="D"/>
      <Attachment identifier="A-1"/>
     </VisionPrescription>
     <StateOfMind kind="HKStateOfMindKindDailyMood" valence="0.6" labels="calm,grateful" sourceName="Mindfulness" startDate="2026-01-11 21:00:00 -0500" endDate="2026-01-11 21:00:00 -0500"/>
    """)

  static let route = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
      <trk><name>Route 2026-01-10 6:20pm</name><trkseg>
        <trkpt lon="-73.9665" lat="40.7812"><ele>16.88</ele><time>2026-01-10T23:00:00Z</time><extensions><speed>3.1</speed><course>243.8</course><hAcc>4.4</hAcc><vAcc>2.6</vAcc></extensions></trkpt>
        <trkpt lon="-73.9666" lat="40.7811"><ele>16.9</ele><time>2026-01-10T23:00:01Z</time><extensions><speed>3.2</speed><course>243.7</course><hAcc>3.6</hAcc><vAcc>3.3</vAcc></extensions></trkpt>
        <trkpt lon="-73.9667" lat="40.7810"><ele>17.0</ele><time>2026-01-10T23:00:02Z</time><extensions><speed>3.3</speed><course>243.6</course><hAcc>3.5</hAcc><vAcc>3.2</vAcc></extensions></trkpt>
      </trkseg></trk>
    </gpx>
    """

  static func ecg(_ samples: String) -> String {
    "Name\nDate of Birth,\"Feb 3, 1980\"\nRecorded Date,2026-01-11 20:55:07 -0500\nClassification,Sinus Rhythm\n"
      + "Symptoms,\nSoftware Version,2.0\nDevice,\"Watch7,2\"\nSample Rate,512 hertz\n\n\nLead,Lead I\nUnit,µV\n\n"
      + samples
  }

  static var fixture: ExportFixture {
    var fixture = ExportFixture()
    fixture.add("apple_health_export/export.xml", exportXML)
    fixture.add("apple_health_export/workout-routes/route_2026-01-10_6.20pm.gpx", route)
    fixture.add(
      "apple_health_export/electrocardiograms/ecg_2026-01-11.csv", ecg("-107.825\n-121.163\n0\n12.5\n3\n"))
    fixture.add("apple_health_export/electrocardiograms/ecg_2026-01-11_1.csv", ecg("1\n2\noops\n"))
    fixture.add(
      "apple_health_export/clinical-records/Observation-1.json",
      """
      {"resourceType" : "Observation", "status" : "final",
       "code" : {"coding" : [{"system" : "http://loinc.org", "code" : "4548-4"}], "text" : "Hemoglobin A1c"},
       "effectiveDateTime" : "2026-01-09T08:30:00-05:00", "valueQuantity" : {"value" : 5.7, "unit" : "%"}}
      """)
    fixture.add(
      "apple_health_export/clinical-records/Observation-2.json",
      """
      {"resourceType" : "Observation", "status" : "final",
       "code" : {"coding" : [{"system" : "http://loinc.org", "code" : "2947-0"}, {"system" : "http://loinc.org", "code" : "99999-9"}], "text" : "Sodium [Moles/volume] in Blood"},
       "issued" : "2026-01-09", "valueQuantity" : {"value" : 139, "code" : "mmol/L"}}
      """)
    fixture.add(
      "apple_health_export/clinical-records/Condition-3.json",
      "{\"resourceType\" : \"Condition\", \"code\" : {\"text\" : \"Seasonal allergy\"}}")
    return fixture
  }
}
