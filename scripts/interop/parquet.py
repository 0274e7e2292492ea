"""What pyarrow, pandas and DuckDB make of `convert --format parquet` (run by scripts/standards-interop).

Generates three exports with the tool (two in New York, one in Berlin), converts each to Parquet
tables with a participant id of its own and builds its database, then checks that:
  - every table of every folder reads with pyarrow (page checksums verified) and pandas;
  - each table has as many rows as the database's table of the same input (records, workouts,
    route_points, ecg_samples, lab_results, summaries), queried with Python's sqlite3;
  - the columns have their types: timestamps tz-aware UTC in microseconds, text as strings, dates
    as dates; time_zone is the zone the database names, participant the id given;
  - the values are the database's: start_date in Unix seconds, the sums of values by type, the
    summaries row for row;
  - text is dictionary-encoded and pages GZIP-compressed, with statistics;
  - ONE DuckDB statement over read_parquet('WORK/out/*/records.parquet') counts each participant's
    records exactly;
  - scripts/study converts a folder of the three exports the same way, and refuses bad arguments.
Exits non-zero, naming every mismatch.

    python scripts/interop/parquet.py EXECUTABLE WORKDIR
"""

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import duckdb
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

executable, work = sys.argv[1], Path(sys.argv[2])
root = Path(__file__).resolve().parents[2]
failures = []
# The tool reads no one's settings here, and the export's own zone is the one each export names.
environment = {k: v for k, v in os.environ.items() if k not in ("TZ", "XDG_CONFIG_HOME")}
environment["HOME"] = str(work / "home")
environment["HEALTH_EXPORTER_NOW"] = "2026-07-01T12:00:00Z"

TABLES = ["records", "workouts", "route_points", "ecg_samples", "lab_results", "summaries"]
# participant: (seed, days, the generator's zone)
PARTICIPANTS = {
    "P1": (11, 60, "America/New_York"),
    "P2": (22, 45, "America/New_York"),
    "P3": (33, 30, "Europe/Berlin"),
}


def fail(message):
    failures.append(message)
    print("MISMATCH: " + message)


def run(*arguments, **options):
    result = subprocess.run(
        [str(a) for a in arguments], capture_output=True, text=True, env=environment, **options)
    if result.returncode != 0:
        sys.exit(f"{' '.join(map(str, arguments))} failed ({result.returncode}): {result.stderr.strip()}")
    return result


def database_count(database, table):
    return database.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def check_types(participant, table, arrow, zone):
    for field in arrow.schema:
        if field.name.endswith("_date") and field.name not in ("period_start",) or field.name == "time":
            if field.type != pa.timestamp("us", tz="UTC"):
                fail(f"{participant} {table}.{field.name} is {field.type}, not timestamp[us, tz=UTC]")
    strings = ["time_zone", "participant"] + {"records": ["type", "unit", "source_name"],
                                              "summaries": ["period", "metric", "sources"],
                                              "lab_results": ["loinc", "name"]}.get(table, [])
    for name in strings:
        if arrow.schema.field(name).type != pa.string():
            fail(f"{participant} {table}.{name} is {arrow.schema.field(name).type}, not string")
    if table == "summaries" and arrow.schema.field("period_start").type != pa.date32():
        fail(f"{participant} summaries.period_start is {arrow.schema.field('period_start').type}, not date32")
    zones = set(arrow.column("time_zone").to_pylist())
    if arrow.num_rows and zones != {zone}:
        fail(f"{participant} {table}.time_zone holds {zones}, not {{{zone!r}}}")
    if arrow.num_rows and set(arrow.column("participant").to_pylist()) != {participant}:
        fail(f"{participant} {table}.participant holds {set(arrow.column('participant').to_pylist())}")


def check_encoding(participant, folder):
    metadata = pq.ParquetFile(folder / "records.parquet").metadata
    for group in range(metadata.num_row_groups):
        for index in range(metadata.num_columns):
            column = metadata.row_group(group).column(index)
            if column.compression != "GZIP":
                fail(f"{participant} records.{column.path_in_schema} is {column.compression}, not GZIP")
            if column.path_in_schema in ("type", "time_zone", "participant") \
                    and "RLE_DICTIONARY" not in column.encodings:
                fail(f"{participant} records.{column.path_in_schema} is not dictionary-encoded: {column.encodings}")
            if column.path_in_schema == "start_date" and not column.statistics.has_min_max:
                fail(f"{participant} records.start_date has no statistics")


def check_values(participant, folder, database):
    con = duckdb.connect()
    records = folder / "records.parquet"
    # Generated exports are dated to the second: the instants are the database's Unix seconds.
    ours = con.execute(f"SELECT sum(epoch(start_date))::BIGINT, sum(epoch(end_date))::BIGINT FROM '{records}'").fetchone()
    theirs = database.execute("SELECT sum(start_unix), sum(end_unix) FROM records").fetchone()
    if tuple(ours) != tuple(theirs):
        fail(f"{participant} records' start and end seconds sum to {ours}, the database's to {theirs}")
    ours = dict(con.execute(f"SELECT type, round(sum(value), 6) FROM '{records}' GROUP BY 1").fetchall())
    theirs = dict(database.execute("SELECT type, round(sum(value), 6) FROM records GROUP BY 1").fetchall())
    if ours != theirs:
        fail(f"{participant} records' values by type differ from the database's: "
             f"{ {k: (ours.get(k), theirs.get(k)) for k in set(ours) | set(theirs) if ours.get(k) != theirs.get(k)} }")
    columns = "period, period_start, type, metric, value, unit, minimum, maximum, count, sources"
    ours = con.execute(
        f"SELECT period, strftime(period_start, '%Y-%m-%d'), type, metric, value, unit, minimum, maximum, count, sources "
        f"FROM '{folder / 'summaries.parquet'}' ORDER BY ALL").fetchall()
    theirs = sorted(database.execute(f"SELECT {columns} FROM summaries").fetchall(),
                    key=lambda row: tuple("" if v is None else str(v) for v in row))
    ours = sorted(ours, key=lambda row: tuple("" if v is None else str(v) for v in row))
    if ours != theirs:
        different = sum(1 for a, b in zip(ours, theirs) if a != b)
        fail(f"{participant} summaries differ from the database's: {different} rows, {len(ours)} against {len(theirs)}")


# Three exports, their tables and their databases.
(work / "out").mkdir()
expected = {}
for participant, (seed, days, zone) in PARTICIPANTS.items():
    archive = work / f"{participant}.zip"
    run(executable, "generate", "--days", days, "--seed", seed, "--time-zone", zone, "-o", archive, "-q")
    line = run(executable, "convert", archive, "--format", "parquet", "--participant", participant,
               "-o", work / "out" / participant).stderr.strip()
    print(line)
    run(executable, "database", archive, "-o", work / f"{participant}.sqlite", "-q")
    database = sqlite3.connect(work / f"{participant}.sqlite")
    database_zone = database.execute("SELECT time_zone FROM export_info").fetchone()[0]
    if database_zone != zone:
        fail(f"{participant}: the database's zone is {database_zone}, the export's {zone}")
    folder = work / "out" / participant
    for table in TABLES:
        path = folder / f"{table}.parquet"
        arrow = pq.ParquetFile(path, page_checksum_verification=True).read()
        frame = pd.read_parquet(path)
        rows = database_count(database, table)
        if arrow.num_rows != rows or len(frame) != rows:
            fail(f"{participant} {table}: pyarrow reads {arrow.num_rows} rows, pandas {len(frame)}, "
                 f"the database has {rows}")
        if rows == 0 and table != "lab_results":
            fail(f"{participant} {table}: a generated export has rows in it")
        check_types(participant, table, arrow, zone)
        for name, dtype in frame.dtypes.items():
            if name.endswith("_date") and name != "period_start" and str(dtype) != "datetime64[us, UTC]":
                fail(f"{participant} {table}.{name} reads in pandas as {dtype}, not datetime64[us, UTC]")
    check_encoding(participant, folder)
    check_values(participant, folder, database)
    expected[participant] = database_count(database, "records")
    print(f"{participant}: {', '.join(f'{t} {database_count(database, t)}' for t in TABLES)} rows, as the database")

# Every participant at once, in one statement.
statement = (f"SELECT participant, count(*) AS records FROM read_parquet('{work}/out/*/records.parquet') "
             "GROUP BY participant ORDER BY participant")
counted = dict(duckdb.sql(statement).fetchall())
if counted != expected:
    fail(f"DuckDB counts the participants' records as {counted}, the databases as {expected}")
print(f"DuckDB, one statement over out/*/records.parquet: {counted}")

# scripts/study: the same exports, named by their files, converted in parallel.
study = work / "study"
study.mkdir()
names = {"alice": "P1", "bob": "P2", "carol": "P3"}
for name, participant in names.items():
    shutil.copy(work / f"{participant}.zip", study / f"{name}.zip")
study_environment = dict(environment, HEALTH_EXPORTER=executable)
result = subprocess.run([root / "scripts" / "study", study, work / "study-out"], capture_output=True, text=True,
                        env=study_environment)
if result.returncode != 0:
    fail(f"scripts/study failed ({result.returncode}): {result.stderr.strip()}")
counted = dict(duckdb.sql(
    f"SELECT participant, count(*) FROM read_parquet('{work}/study-out/*/records.parquet') GROUP BY 1").fetchall())
if counted != {name: expected[participant] for name, participant in names.items()}:
    fail(f"scripts/study's tables count {counted}")
print(f"scripts/study: {counted}")
again = subprocess.run([root / "scripts" / "study", study, work / "study-out"], capture_output=True, text=True,
                       env=study_environment)
if again.returncode != 0 or again.stderr.count("exists, skipped") != 3:
    fail(f"scripts/study run again does not skip the three done: {again.stderr.strip()}")
usage = subprocess.run([root / "scripts" / "study"], capture_output=True, text=True, env=study_environment)
if usage.returncode != 64 or not usage.stderr.startswith("usage: scripts/study FOLDER OUT"):
    fail(f"scripts/study without arguments: exit {usage.returncode}, {usage.stderr.strip()!r}")

if failures:
    print(f"parquet: {len(failures)} mismatches")
    sys.exit(1)
print(f"parquet: pyarrow {pa.__version__}, pandas {pd.__version__} and DuckDB {duckdb.__version__} "
      "read every table as the database counts it")
