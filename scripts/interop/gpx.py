"""GPX for training apps, read by gpxpy: every file of `convert --format gpx` parses as GPX 1.1,
its points are the database's route points of that workout, and each point's heart rate (Garmin's
TrackPointExtension `hr`) is the one a count of the database's heart-rate records gives: the
reading nearest the point, within five seconds, the earlier of two as near.

    python gpx.py EXECUTABLE WORKDIR
"""
import bisect
import math
import os
import sqlite3
import subprocess
import sys

import gpxpy

TPX = "{http://www.garmin.com/xmlschemas/TrackPointExtension/v1}"


def run(*args):
    env = dict(os.environ, HEALTH_EXPORTER_NOW="2026-07-01T04:00:00Z")
    subprocess.run(list(args), check=True, env=env)


def fail(message):
    print(f"FAILED: {message}")
    sys.exit(1)


def main():
    tool, work = sys.argv[1], sys.argv[2]
    archive = os.path.join(work, "export.zip")
    run(tool, "generate", "--days", "45", "-o", archive, "--quiet")
    run(tool, "convert", archive, "--format", "gpx", "-o", os.path.join(work, "routes"), "--quiet",
        "--time-zone", "America/New_York")
    run(tool, "database", archive, "-o", os.path.join(work, "health.sqlite"), "--quiet",
        "--time-zone", "America/New_York")

    db = sqlite3.connect(os.path.join(work, "health.sqlite"))
    rates = db.execute(
        "SELECT start_unix, value FROM records WHERE type = 'HKQuantityTypeIdentifierHeartRate' "
        "ORDER BY start_unix, id").fetchall()
    times = [t for t, _ in rates]
    workouts = db.execute(
        "SELECT w.id, w.start_unix, COUNT(p.rowid) FROM workouts w JOIN route_points p ON p.workout_id = w.id "
        "GROUP BY w.id ORDER BY w.start_unix").fetchall()

    def expected_rate(when):
        index = bisect.bisect_left(times, when)
        best = None
        if index < len(times):
            best = index
        if index > 0 and (best is None or when - times[index - 1] <= times[best] - when):
            best = index - 1
        if best is None or abs(times[best] - when) > 5:
            return None
        return min(255, max(0, math.floor(rates[best][1] + 0.5)))

    names = sorted(os.listdir(os.path.join(work, "routes")))
    if len(names) != len(workouts):
        fail(f"{len(names)} GPX files for {len(workouts)} workouts with route points in the database")
    points_total = with_rate = 0
    by_start = {}
    for name in names:
        with open(os.path.join(work, "routes", name), encoding="utf-8") as handle:
            gpx = gpxpy.parse(handle)
        if gpx.version != "1.1" or len(gpx.tracks) != 1:
            fail(f"{name}: version {gpx.version}, {len(gpx.tracks)} tracks")
        points = [p for segment in gpx.tracks[0].segments for p in segment.points]
        if not points:
            fail(f"{name}: no points")
        for point in points:
            rate = None
            for extension in point.extensions:
                for child in extension.iter(TPX + "hr"):
                    rate = int(child.text)
            when = int(point.time.timestamp())
            if rate != expected_rate(when):
                fail(f"{name}: the point at {point.time} has heart rate {rate}, expected {expected_rate(when)}")
            with_rate += rate is not None
        points_total += len(points)
        by_start[int(gpx.time.timestamp())] = (name, len(points))
    for workout_id, start, count in workouts:
        name, points = by_start.get(start, (None, None))
        if points != count:
            fail(f"workout {workout_id}: {points} points in {name}, {count} route points in the database")
    if with_rate == 0:
        fail("no point has a heart rate")
    print(f"gpxpy read {len(names)} GPX files: {points_total} points, as many as the database's route points, "
          f"{with_rate} with the heart rate the database's records give")


main()
