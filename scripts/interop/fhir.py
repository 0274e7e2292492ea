"""FHIR R4 read by the fhir.resources R4B models (whose Bundle, Patient and Observation are R4's):
`convert --format fhir` of a generated export, as a Bundle and as Bulk Data NDJSON files, parses
and validates whole; every Observation of a HealthKit measure carries the LOINC code and UCUM unit
of the table below (LOINC, and the FHIR R4 vital-signs profiles); every resource that refers to a
patient refers to the one Patient; the DSTU2 records of the export come out as R4 resources; the
NDJSON files hold the Bundle's resources.

    python fhir.py EXECUTABLE WORKDIR
"""
import collections
import json
import os
import subprocess
import sys

from fhir.resources.R4B import get_fhir_model_class
from fhir.resources.R4B.bundle import Bundle

# LOINC code -> (profile or None, allowed UCUM codes), checked against LOINC's own names and the
# FHIR R4 vital-signs profiles (hl7.org/fhir/R4/observation-vitalsigns.html).
MEASURES = {
    "29463-7": ("bodyweight", {"kg", "[lb_av]", "g"}),
    "8302-2": ("bodyheight", {"cm", "[in_i]"}),
    "39156-5": ("bmi", {"kg/m2"}),
    "41982-0": (None, {"%"}),
    "8867-4": ("heartrate", {"/min"}),
    "40443-4": (None, {"/min"}),
    "80404-7": (None, {"ms"}),
    "59408-5": ("oxygensat", {"%"}),
    "9279-1": ("resprate", {"/min"}),
    "8310-5": ("bodytemp", {"Cel", "[degF]"}),
    "2339-0": (None, {"mg/dL"}),
    "41950-7": (None, {"/d"}),
}
BLOOD_PRESSURE = {"85354-9": {"8480-6", "8462-4"}}


def fail(message):
    print(f"FAILED: {message}")
    sys.exit(1)


def run(*args):
    env = dict(os.environ, HEALTH_EXPORTER_NOW="2026-07-01T04:00:00Z")
    return subprocess.run(list(args), check=True, env=env, capture_output=True, text=True)


def loinc_codes(concept):
    return [c.get("code") for c in concept.get("coding", []) if c.get("system") == "http://loinc.org"]


def check_resource(resource, patient_reference, counts):
    kind = resource["resourceType"]
    counts[kind] += 1
    for key in ("subject", "patient"):
        if key in resource and resource[key] != patient_reference:
            fail(f"{kind}/{resource['id']} refers to {resource[key]}, not the one patient {patient_reference}")
    if kind != "Observation":
        return
    codes = loinc_codes(resource["code"])
    if codes and codes[0] in MEASURES:
        profile, units = MEASURES[codes[0]]
        quantity = resource["valueQuantity"]
        if quantity["system"] != "http://unitsofmeasure.org" or quantity["code"] not in units:
            fail(f"Observation {codes[0]} in {quantity['code']}, expected one of {sorted(units)}")
        profiles = resource.get("meta", {}).get("profile", [])
        if profile and profiles != [f"http://hl7.org/fhir/StructureDefinition/{profile}"]:
            fail(f"Observation {codes[0]} has profiles {profiles}, expected {profile}")
        if profile == "oxygensat" and "2708-6" not in codes:
            fail("an oxygen saturation without the 2708-6 coding the profile requires")
        counts["measured " + codes[0]] += 1
    elif codes and codes[0] in BLOOD_PRESSURE:
        parts = {loinc_codes(c["code"])[0]: c["valueQuantity"] for c in resource["component"]}
        if set(parts) != BLOOD_PRESSURE[codes[0]] or any(q["code"] != "mm[Hg]" for q in parts.values()):
            fail(f"a blood-pressure panel with components {parts}")
        counts["measured 85354-9"] += 1


def main():
    tool, work = sys.argv[1], sys.argv[2]
    archive = os.path.join(work, "export.zip")
    run(tool, "generate", "--days", "45", "-o", archive, "--quiet")
    bundle_path = os.path.join(work, "bundle.json")
    line = run(tool, "convert", archive, "--format", "fhir", "-o", bundle_path,
               "--time-zone", "America/New_York").stderr.strip()
    print(line)
    run(tool, "convert", archive, "--format", "fhir", "-o", os.path.join(work, "bulk"), "--quiet",
        "--time-zone", "America/New_York")

    with open(bundle_path, encoding="utf-8") as handle:
        text = handle.read()
    bundle = Bundle.model_validate_json(text)
    if bundle.type != "collection":
        fail(f"a Bundle of type {bundle.type}")
    document = json.loads(text)
    patients = [e for e in document["entry"] if e["resource"]["resourceType"] == "Patient"]
    if len(patients) != 1:
        fail(f"{len(patients)} patients in the Bundle")
    reference = {"reference": patients[0]["fullUrl"]}
    if len({e["fullUrl"] for e in document["entry"]}) != len(document["entry"]):
        fail("two entries share a fullUrl")
    counts = collections.Counter()
    for entry in document["entry"]:
        check_resource(entry["resource"], reference, counts)
    for code in ["29463-7", "8867-4", "41950-7", "85354-9", "2339-0"]:
        if counts["measured " + code] == 0:
            fail(f"no Observation {code} in the Bundle of a generated export")
    # The generated export holds DSTU2 records (a laboratory's) beside R4 ones: all come out R4.
    for kind in ["Condition", "AllergyIntolerance", "Immunization", "MedicationRequest"]:
        if counts[kind] == 0:
            fail(f"no {kind} in the Bundle")

    bulk = os.path.join(work, "bulk")
    bulk_counts = collections.Counter()
    for name in sorted(os.listdir(bulk)):
        kind = name.removesuffix(".ndjson")
        model = get_fhir_model_class(kind)
        with open(os.path.join(bulk, name), encoding="utf-8") as handle:
            for number, line_text in enumerate(handle, 1):
                resource = model.model_validate_json(line_text)
                if resource.get_resource_type() != kind:
                    fail(f"{name}, line {number}: a {resource.get_resource_type()}")
                bulk_counts[kind] += 1
                value = json.loads(line_text)
                for key in ("subject", "patient"):
                    if key in value and value[key] != {"reference": f"Patient/{patients[0]['resource']['id']}"}:
                        fail(f"{name}, line {number}: {key} is {value[key]}")
    bundle_kinds = {k: v for k, v in counts.items() if not k.startswith("measured ")}
    if dict(bulk_counts) != bundle_kinds:
        fail(f"the NDJSON files hold {dict(bulk_counts)}, the Bundle {bundle_kinds}")
    print(f"fhir.resources (R4B models) validated the Bundle of {len(document['entry'])} resources and "
          f"{len(os.listdir(bulk))} NDJSON files holding the same: " +
          ", ".join(f"{v} {k}" for k, v in sorted(bundle_kinds.items())))

    # A real export's health records, all DSTU2 (a hospital's test patient): converted to R4 whole.
    real = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "real-exports",
                        "symptomatic-clinical-scenarios__apple_health_export")
    if not os.path.isdir(real):
        print(f"SKIPPED the real export's DSTU2 records: {os.path.normpath(real)} is absent")
        return
    real_bundle = os.path.join(work, "real.json")
    print(run(tool, "convert", real, "--format", "fhir", "-o", real_bundle).stderr.strip())
    with open(real_bundle, encoding="utf-8") as handle:
        text = handle.read()
    Bundle.model_validate_json(text)
    kinds = collections.Counter(e["resource"]["resourceType"] for e in json.loads(text)["entry"])
    for kind in ["Condition", "AllergyIntolerance", "Immunization", "MedicationRequest", "Observation"]:
        if kinds[kind] == 0:
            fail(f"no {kind} from the real export's DSTU2 records")
    print("fhir.resources validated the real export's records converted from DSTU2: " +
          ", ".join(f"{v} {k}" for k, v in sorted(kinds.items())))


main()
