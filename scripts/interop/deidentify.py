"""`--deidentify` checked with readers nobody here wrote: a generated export (given device serial
numbers in its blood-pressure correlations) is written as a database, a FHIR R4 Bundle and
Parquet tables, plain and de-identified. Every identifying text of the input, found in the input
itself (the person's given and family names and date of birth from its Patient resources and its
ECG headers, the device owners' source and device names, the clinics' names and server
addresses, the references to the patients, the serial numbers, other apps' user identifiers), is searched for
in SQLite's own dump of the de-identified database, in the Bundle that the fhir.resources R4B
models validate, and in every text column pyarrow reads: none may be there, while the plain
outputs hold them. Every reading is still there: the same records and values in both databases
(moved by exactly the shift with --shift-days), the same Observations' values in both Bundles,
the same rows in both sets of tables. The real export's DSTU2 records, where present, are checked
the same way.

    python deidentify.py EXECUTABLE WORKDIR
"""
import collections
import glob
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys

import pyarrow.parquet as pq
from fhir.resources.R4B.bundle import Bundle


def fail(message):
    print(f"FAILED: {message}")
    sys.exit(1)


def run(*args):
    env = dict(os.environ, HEALTH_EXPORTER_NOW="2026-07-01T04:00:00Z")
    return subprocess.run(list(args), check=True, env=env, capture_output=True, text=True)


def secrets_of(folder):
    """Every identifying text the export at `folder` holds, read from its own files."""
    found = set()
    with open(os.path.join(folder, "export.xml"), encoding="utf-8") as handle:
        xml = handle.read()
    birth = re.search(r'HKCharacteristicTypeIdentifierDateOfBirth="([^"]+)"', xml)
    if birth and birth.group(1):
        found.add(birth.group(1))
    for name in re.findall(r'sourceName="([^"]+)"', xml):
        if "’s" in name or "'s" in name:
            found.add(name.split("’s")[0].split("'s")[0] + "’s")
    for name in re.findall(r'name:([^,&]+)', xml):
        if "’s" in name:
            found.add(name)
    for kind, provider, url in re.findall(
            r'<ClinicalRecord type="(\w+)" identifier="[^"]*" sourceName="([^"]+)" sourceURL="([^"]*)"', xml):
        found.add(provider)
        if url:
            found.add(url.split("/")[2])
    found.update(re.findall(r'key="(?:HKMetadataKeyDeviceSerialNumber|Withings User Identifier)" value="([^"]+)"', xml))
    for path in glob.glob(os.path.join(folder, "clinical-records", "Patient-*.json")):
        with open(path, encoding="utf-8") as handle:
            patient = json.load(handle)
        found.add("Patient/" + patient["id"])
        for name in patient.get("name", []):
            family = name.get("family", [])
            found.update(family if isinstance(family, list) else [family])
            found.update(name.get("given", []))
        if patient.get("birthDate"):
            found.add(patient["birthDate"])
    for path in glob.glob(os.path.join(folder, "electrocardiograms", "*.csv")):
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("Name,") and line.strip() != "Name,":
                    found.update(line.strip().split(",", 1)[1].split())
                if line.startswith("Date of Birth,"):
                    found.add(line.strip().split(",", 1)[1].strip('"').split(",")[0])
    return sorted(s for s in found if s)


def add_serial_numbers(folder):
    """Gives each blood-pressure correlation of the export a device serial number."""
    path = os.path.join(folder, "export.xml")
    with open(path, encoding="utf-8") as handle:
        xml = handle.read()
    count = 0

    def serial(match):
        nonlocal count
        count += 1
        return match.group(0) + f'\n  <MetadataEntry key="HKMetadataKeyDeviceSerialNumber" value="SN-CUFF-{count:04d}"/>'
    xml = re.sub(r'<Correlation type="HKCorrelationTypeIdentifierBloodPressure"[^>]*>', serial, xml)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(xml)
    return count


def dump(database):
    shell = shutil.which("sqlite3")
    if shell:
        check = subprocess.run([shell, database, "PRAGMA integrity_check;"], capture_output=True, text=True)
        if check.stdout.strip() != "ok":
            fail(f"integrity_check of {database}: {check.stdout.strip()}")
        return subprocess.run([shell, database, ".dump"], check=True, capture_output=True, text=True).stdout
    with sqlite3.connect(database) as connection:
        return "\n".join(connection.iterdump())


def query(database, sql):
    with sqlite3.connect(database) as connection:
        return connection.execute(sql).fetchall()


def expect_none(name, text, secrets):
    found = [s for s in secrets if s in text]
    if found:
        fail(f"the de-identified {name} holds {found}")


def observations(bundle_text):
    values = collections.Counter()
    for entry in json.loads(bundle_text)["entry"]:
        resource = entry["resource"]
        if resource["resourceType"] == "Observation" and "valueQuantity" in resource:
            codes = [c.get("code") for c in resource["code"].get("coding", [])]
            values[(tuple(codes), resource["valueQuantity"]["value"], resource["valueQuantity"].get("code"))] += 1
    return values


def parquet_text(folder):
    tables = {}
    text = []
    for path in sorted(glob.glob(os.path.join(folder, "*.parquet"))):
        table = pq.read_table(path)
        tables[os.path.basename(path)] = table.num_rows
        for column in table.column_names:
            if str(table.schema.field(column).type) in ("string", "large_string", "dictionary<values=string, indices=int32, ordered=0>"):
                text.extend(str(v) for v in table.column(column).to_pylist() if v is not None)
    return tables, "\n".join(text)


def check(tool, work, folder, label, secrets, parquet=True):
    plain, deidentified = os.path.join(work, label + "-plain"), os.path.join(work, label + "-deidentified")
    os.makedirs(plain)
    os.makedirs(deidentified)
    zone = ["--time-zone", "America/New_York"]
    run(tool, "database", folder, "-o", os.path.join(plain, "health.sqlite"), "-q", *zone)
    line = run(tool, "database", folder, "-o", os.path.join(deidentified, "health.sqlite"), "--deidentify",
               *zone).stderr.strip()
    print(line)
    plain_dump = dump(os.path.join(plain, "health.sqlite"))
    missing = [s for s in secrets if s not in plain_dump]
    if len(missing) == len(secrets):
        fail(f"the plain database holds none of {secrets}")
    expect_none("database", dump(os.path.join(deidentified, "health.sqlite")), secrets)
    readings = "SELECT type, value, unit, start_unix, end_unix FROM records ORDER BY 1, 4, 2, 5"
    if query(os.path.join(plain, "health.sqlite"), readings) != query(os.path.join(deidentified, "health.sqlite"), readings):
        fail("the de-identified database's records differ from the plain one's")
    labs = "SELECT loinc, name, value, unit, effective_unix, reference_low, reference_high FROM lab_results ORDER BY 1, 5, 3"
    if query(os.path.join(plain, "health.sqlite"), labs) != query(os.path.join(deidentified, "health.sqlite"), labs):
        fail("the de-identified database's lab results differ from the plain one's")
    if query(os.path.join(deidentified, "health.sqlite"), "SELECT deidentified FROM export_info") != [(1,)]:
        fail("export_info.deidentified is not 1")
    shifted = os.path.join(deidentified, "shifted.sqlite")
    run(tool, "database", folder, "-o", shifted, "--deidentify", "--shift-days", "-364", "-q", *zone)
    moved = [(t, v, u, s + 364 * 86400, e + 364 * 86400) for t, v, u, s, e in query(shifted, readings)]
    if sorted(moved) != sorted(query(os.path.join(plain, "health.sqlite"), readings)):
        fail("--shift-days -364 did not move every record by exactly 364 days")
    shifted_dump = dump(shifted)
    expect_none("database moved by 364 days", shifted_dump, secrets)
    true_days = sorted({d for d in re.findall(r"\d{4}-\d{2}-\d{2}", plain_dump)})
    moved_days = set(re.findall(r"\d{4}-\d{2}-\d{2}", shifted_dump))
    kept_days = [d for d in true_days if d in moved_days and d[:4] >= "2026"]
    if kept_days:
        fail(f"the database moved by -364 days still holds the true days {kept_days[:5]}")
    count = query(os.path.join(plain, "health.sqlite"), "SELECT count(*) FROM records")[0][0]
    print(f"sqlite3: {count} records in both databases, the same values; none of {len(secrets)} identifying texts "
          f"in the de-identified ones (one moved by -364 days, every record by exactly that)")

    run(tool, "convert", folder, "--format", "fhir", "-o", os.path.join(plain, "bundle.json"), "-q", *zone)
    run(tool, "convert", folder, "--format", "fhir", "-o", os.path.join(deidentified, "bundle.json"), "-q",
        "--deidentify", *zone)
    with open(os.path.join(deidentified, "bundle.json"), encoding="utf-8") as handle:
        bundle_text = handle.read()
    Bundle.model_validate_json(bundle_text)
    expect_none("FHIR Bundle", bundle_text, secrets)
    with open(os.path.join(plain, "bundle.json"), encoding="utf-8") as handle:
        plain_bundle = handle.read()
    if observations(plain_bundle) != observations(bundle_text):
        fail("the de-identified Bundle's Observations differ from the plain one's")
    print(f"fhir.resources validated the de-identified Bundle: {sum(observations(bundle_text).values())} "
          f"Observations with the plain Bundle's codes, values and units, none of the identifying texts")

    if not parquet:
        return
    run(tool, "convert", folder, "--format", "parquet", "-o", os.path.join(plain, "tables"), "-q", *zone)
    run(tool, "convert", folder, "--format", "parquet", "-o", os.path.join(deidentified, "tables"), "-q",
        "--deidentify", *zone)
    plain_tables, plain_text = parquet_text(os.path.join(plain, "tables"))
    if not any(s in plain_text for s in secrets):
        fail("the plain tables hold none of the identifying texts")
    tables, text = parquet_text(os.path.join(deidentified, "tables"))
    expect_none("Parquet tables", text, secrets)
    plain_tables.pop("route_points.parquet", None)
    routes = tables.pop("route_points.parquet", 0)
    if tables != plain_tables or routes != 0:
        fail(f"the de-identified tables hold {tables} (and {routes} route points), the plain ones {plain_tables}")
    print(f"pyarrow read the de-identified tables: the plain rows ({', '.join(f'{k} {v}' for k, v in sorted(tables.items()))}), "
          f"no route points, none of the identifying texts")


def main():
    tool, work = sys.argv[1], sys.argv[2]
    export = os.path.join(work, "export")
    run(tool, "generate", "--days", "20", "-o", export + "/", "--quiet")
    serials = add_serial_numbers(export)
    secrets = secrets_of(export)
    for expected in ["SN-CUFF-0001", "’s"]:
        if not any(expected in s for s in secrets):
            fail(f"found no {expected!r} among the export's identifying texts {secrets}")
    print(f"a generated export with {serials} serial numbers; its identifying texts: {', '.join(secrets[:12])}, …")
    check(tool, work, export, "generated", secrets)

    real = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "real-exports",
                        "symptomatic-clinical-scenarios__apple_health_export")
    if not os.path.isdir(real):
        print(f"SKIPPED the real export's records: {os.path.normpath(real)} is absent")
        return
    real_secrets = secrets_of(real)
    print(f"the real export's identifying texts: {', '.join(real_secrets)}")
    check(tool, work, real, "real", real_secrets, parquet=False)


main()
