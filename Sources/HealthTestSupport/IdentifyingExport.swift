/// An export folder that names its person, their devices and their doctors everywhere an export
/// can: the input of the tests of de-identification, which look for each of `secrets` in what
/// every writer makes of it.
package enum IdentifyingExport {
  /// Every text of the export that identifies: names, the date of birth, serial numbers and
  /// other identifiers, addresses, a phone number, the clinic and its server.
  package static let secrets = [
    "Dana", "Kowalczyk", "1979-11-23", "Nov 23", "SYNC-123", "EXT-UUID-456", "SN-789XYZ", "UDI-0001",
    "USER-4242", "Elm Street", "555-0199", "MRN-31337", "Quentin", "Marsh", "ACC-5555", "Lakeside",
    "lakeside.example", "pat-7", "ACT-UUID-1", "withings.example", "RGFuYSBLb3dhbGN6eWs=", "SN-IMPLANT-3",
    "doc-9", "obs-1",
  ]

  /// The export's true dates, which `--shift-days` moves out of every output.
  package static let dates = ["2025-01-04", "2025-01-05", "2025-01-06", "2025-01-10", "2024-12-30"]

  /// The export's files, under `apple_health_export/`.
  package static var fixture: ExportFixture {
    var fixture = ExportFixture()
    let root = "apple_health_export/"
    fixture.add(root + "export.xml", exportXML)
    fixture.add(root + "clinical-records/Patient-0A.json", patient)
    fixture.add(root + "clinical-records/Practitioner-0B.json", practitioner)
    fixture.add(root + "clinical-records/Observation-0C.json", observation)
    fixture.add(root + "clinical-records/Condition-0D.json", condition)
    fixture.add(root + "clinical-records/DocumentReference-0E.json", document)
    fixture.add(root + "electrocardiograms/ecg_2025-01-05.csv", electrocardiogram)
    fixture.add(root + "workout-routes/route_2025-01-05_7.30am.gpx", route)
    return fixture
  }

  static let phone =
    "&lt;&lt;HKDevice: 0x2801&gt;, name:Dana’s iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone16,1, software:18.3&gt;"
  static let cuff =
    "&lt;&lt;HKDevice: 0x2802&gt;, name:Dana’s cuff, manufacturer:OMRON HEALTHCARE, model:BP7450, hardware:1.0, localIdentifier:SN-789XYZ&gt;"

  static let exportXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <HealthData locale="en_US">
     <ExportDate value="2025-01-10 20:00:00 -0500"/>
     <Me HKCharacteristicTypeIdentifierDateOfBirth="1979-11-23" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeAPositive" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
     <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Dana’s Scale" sourceVersion="7.2" device="&lt;&lt;HKDevice: 0x2803&gt;, name:Dana’s Body+, manufacturer:Withings, model:WBS05&gt;" unit="kg" creationDate="2025-01-04 07:01:00 -0500" startDate="2025-01-04 07:00:00 -0500" endDate="2025-01-04 07:00:00 -0500" value="61.5">
      <MetadataEntry key="Withings User Identifier" value="USER-4242"/>
      <MetadataEntry key="Withings Link" value="https://withings.example/u/USER-4242"/>
      <MetadataEntry key="Modified Date" value="2025-01-04 07:05:00 +0000"/>
      <MetadataEntry key="HKWasUserEntered" value="0"/>
     </Record>
     <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Dana’s iPhone" sourceVersion="18.3" device="\(phone)" unit="count" creationDate="2025-01-05 09:00:00 -0500" startDate="2025-01-05 08:00:00 -0500" endDate="2025-01-05 09:00:00 -0500" value="1200">
      <MetadataEntry key="HKMetadataKeySyncIdentifier" value="SYNC-123"/>
      <MetadataEntry key="HKMetadataKeySyncVersion" value="1"/>
      <MetadataEntry key="HKExternalUUID" value="EXT-UUID-456"/>
     </Record>
     <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Dana’s cuff" sourceVersion="7.14" device="\(cuff)" creationDate="2025-01-05 07:31:00 -0500" startDate="2025-01-05 07:30:00 -0500" endDate="2025-01-05 07:30:00 -0500">
      <MetadataEntry key="HKMetadataKeyDeviceSerialNumber" value="SN-789XYZ"/>
      <MetadataEntry key="HKMetadataKeyUDIDeviceIdentifier" value="UDI-0001"/>
      <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Dana’s cuff" sourceVersion="7.14" device="\(cuff)" unit="mmHg" creationDate="2025-01-05 07:31:00 -0500" startDate="2025-01-05 07:30:00 -0500" endDate="2025-01-05 07:30:00 -0500" value="118"/>
      <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Dana’s cuff" sourceVersion="7.14" device="\(cuff)" unit="mmHg" creationDate="2025-01-05 07:31:00 -0500" startDate="2025-01-05 07:30:00 -0500" endDate="2025-01-05 07:30:00 -0500" value="76"/>
     </Correlation>
     <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Dana’s iPhone" sourceVersion="18.3" device="\(phone)" creationDate="2025-01-05 07:31:00 -0500" startDate="2025-01-05 07:00:00 -0500" endDate="2025-01-05 07:30:00 -0500">
      <MetadataEntry key="HKTimeZone" value="America/New_York"/>
      <WorkoutActivity uuid="ACT-UUID-1" startDate="2025-01-05 07:00:00 -0500" endDate="2025-01-05 07:30:00 -0500" duration="30" durationUnit="min"/>
      <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2025-01-05 07:00:00 -0500" endDate="2025-01-05 07:30:00 -0500" sum="5.1" unit="km"/>
      <WorkoutRoute sourceName="Dana’s iPhone" sourceVersion="18.3" creationDate="2025-01-05 07:31:00 -0500" startDate="2025-01-05 07:00:00 -0500" endDate="2025-01-05 07:30:00 -0500">
       <MetadataEntry key="HKMetadataKeySyncIdentifier" value="SYNC-123"/>
       <FileReference path="/workout-routes/route_2025-01-05_7.30am.gpx"/>
      </WorkoutRoute>
     </Workout>
     <ClinicalRecord type="Patient" identifier="pat-7" sourceName="Lakeside Clinic" sourceURL="https://fhir.lakeside.example/DSTU2/Patient/pat-7" fhirVersion="1.0.2" receivedDate="2025-01-06 10:00:00 -0500" resourceFilePath="/clinical-records/Patient-0A.json"/>
     <ClinicalRecord type="Practitioner" identifier="doc-9" sourceName="Lakeside Clinic" sourceURL="https://fhir.lakeside.example/DSTU2/Practitioner/doc-9" fhirVersion="1.0.2" receivedDate="2025-01-06 10:00:00 -0500" resourceFilePath="/clinical-records/Practitioner-0B.json"/>
     <ClinicalRecord type="Condition" identifier="cond-2" sourceName="Lakeside Clinic" sourceURL="https://fhir.lakeside.example/DSTU2/Condition/cond-2" fhirVersion="1.0.2" receivedDate="2025-01-06 10:00:00 -0500" resourceFilePath="/clinical-records/Condition-0D.json"/>
     <ClinicalRecord type="DocumentReference" identifier="doc-3" sourceName="Lakeside Clinic" sourceURL="https://fhir.lakeside.example/R4/DocumentReference/doc-3" fhirVersion="4.0.1" receivedDate="2025-01-06 10:00:00 -0500" resourceFilePath="/clinical-records/DocumentReference-0E.json"/>
     <ClinicalRecord type="Observation" identifier="obs-1" sourceName="Lakeside Clinic" sourceURL="https://fhir.lakeside.example/DSTU2/Observation/obs-1" fhirVersion="1.0.2" receivedDate="2025-01-06 10:00:00 -0500" resourceFilePath="/clinical-records/Observation-0C.json"/>
    </HealthData>

    """

  static let patient = """
    {"resourceType": "Patient", "id": "pat-7",
     "identifier": [{"system": "urn:oid:1.2.3", "value": "MRN-31337"}],
     "name": [{"family": ["Kowalczyk"], "given": ["Dana"]}],
     "telecom": [{"system": "phone", "value": "555-0199"}],
     "address": [{"line": ["12 Elm Street"], "city": "Springfield"}],
     "gender": "female", "birthDate": "1979-11-23"}
    """

  static let practitioner = """
    {"resourceType": "Practitioner", "id": "doc-9", "name": {"family": ["Marsh"], "given": ["Quentin"]}}
    """

  static let observation = """
    {"resourceType": "Observation", "id": "obs-1", "status": "final",
     "identifier": [{"system": "urn:oid:1.2.4", "value": "ACC-5555"}],
     "text": {"status": "generated", "div": "<div>Glucose for Dana Kowalczyk</div>"},
     "category": {"coding": [{"system": "http://hl7.org/fhir/observation-category", "code": "laboratory"}]},
     "code": {"coding": [{"system": "http://loinc.org", "code": "2345-7", "display": "Glucose"}], "text": "Glucose"},
     "subject": {"reference": "https://fhir.lakeside.example/DSTU2/Patient/pat-7", "display": "Dana Kowalczyk"},
     "performer": [{"reference": "Practitioner/doc-9", "display": "Dr. Quentin Marsh"}],
     "effectiveDateTime": "2025-01-06T08:15:00-05:00", "issued": "2025-01-06T12:00:00-05:00",
     "valueQuantity": {"value": 92, "unit": "mg/dL", "system": "http://unitsofmeasure.org", "code": "mg/dL"},
     "comments": "Called Dana at 555-0199",
     "referenceRange": [{"low": {"value": 70, "unit": "mg/dL"}, "high": {"value": 99, "unit": "mg/dL"}}]}
    """

  static let condition = """
    {"resourceType": "Condition", "id": "cond-2",
     "patient": {"reference": "Patient/pat-7", "display": "Dana Kowalczyk"},
     "asserter": {"reference": "Practitioner/doc-9"},
     "contained": [{"resourceType": "Device", "id": "dev1", "serialNumber": "SN-IMPLANT-3"}],
     "code": {"coding": [{"system": "http://snomed.info/sct", "code": "38341003", "display": "Hypertension"}]},
     "clinicalStatus": "active", "verificationStatus": "confirmed",
     "onsetDateTime": "2024-12-30", "dateRecorded": "2025-01-06",
     "notes": "Dana Kowalczyk, seen by Dr. Marsh"}
    """

  static let document = """
    {"resourceType": "DocumentReference", "id": "doc-3", "status": "current",
     "subject": {"reference": "Patient/pat-7"}, "date": "2025-01-06T09:00:00-05:00",
     "type": {"coding": [{"system": "http://loinc.org", "code": "11506-3", "display": "Progress note"}]},
     "content": [{"attachment": {"contentType": "text/plain", "data": "RGFuYSBLb3dhbGN6eWs=",
       "url": "https://fhir.lakeside.example/R4/Binary/b-1"}}]}
    """

  static let electrocardiogram = """
    Name,Dana Kowalczyk
    Date of Birth,"Nov 23, 1979"
    Recorded Date,2025-01-05 07:45:00 -0500
    Classification,Sinus Rhythm
    Symptoms,
    Software Version,2.0
    Device,"Watch7,2"
    Sample Rate,512 hertz


    Lead,Lead I
    Unit,µV

    -10.5
    12.25
    30.0

    """

  static let route = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
     <trk><name>Route 2025-01-05 7:30am</name><trkseg>
      <trkpt lon="-71.060000" lat="42.360000"><ele>10.0</ele><time>2025-01-05T12:00:00Z</time></trkpt>
      <trkpt lon="-71.061000" lat="42.361000"><ele>11.0</ele><time>2025-01-05T12:15:00Z</time></trkpt>
     </trkseg></trk>
    </gpx>

    """
}
