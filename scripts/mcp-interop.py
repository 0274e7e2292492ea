#!/usr/bin/env python3
"""Talks to `health-exporter mcp` with the official MCP Python SDK, as an assistant's app does.

The SDK starts the server as a child process over stdio in its default connection mode (it
probes `server/discover`, which the server answers with "method not found", and falls back to
the initialize handshake), lists the tools and resources, calls every tool with real arguments,
and checks the results' structuredContent (which the SDK itself validates against each tool's
outputSchema). Three sessions: one that indexes the export into a fresh cache, one that reuses
it, and one with --no-cache.

    scripts/mcp-interop.py <health-exporter executable> <export.zip>

Prints one line per check and '<n> passed, <m> failed'; exits non-zero on any failure.
"""

import asyncio
import os
import sys
import tempfile
import warnings

from mcp import StdioServerParameters
from mcp.client.stdio import stdio_client

try:
    from mcp import Client  # SDK 2.x

    SDK_2 = True
except ImportError:  # SDK 1.x
    from mcp import ClientSession

    SDK_2 = False

try:
    from mcp.shared.exceptions import MCPError
except ImportError:
    from mcp.shared.exceptions import McpError as MCPError

WEEKS = {}
TOOLS = ["list_types", "summary", "compare", "baseline", "records", "workouts", "workout_route", "labs", "ecg",
         "profile", "query"]
passed = 0
failed = 0


def check(condition, what):
    global passed, failed
    if condition:
        passed += 1
        print(f"ok    {what}")
    else:
        failed += 1
        print(f"FAIL  {what}")


def field(value, *names):
    """An attribute by its 2.x name or its 1.x alias."""
    for name in names:
        if hasattr(value, name):
            return getattr(value, name)
    return None


class Connection:
    """One session with the server, over either major version of the SDK."""

    def __init__(self, parameters, errlog):
        self.parameters = parameters
        self.errlog = errlog

    async def __aenter__(self):
        if SDK_2:
            # The stdio transport the SDK would make of the parameters, with the server's
            # standard error kept; the connection mode is the default ('auto').
            self.client = Client(stdio_client(self.parameters, errlog=self.errlog))
            await self.client.__aenter__()
            self.session = self.client
            self.protocol_version = self.client.protocol_version
            self.server_info = self.client.server_info
            self.capabilities = self.client.server_capabilities
        else:
            self.transport = stdio_client(self.parameters, errlog=self.errlog)
            read, write = await self.transport.__aenter__()
            self.client = ClientSession(read, write)
            await self.client.__aenter__()
            result = await self.client.initialize()
            self.session = self.client
            self.protocol_version = result.protocolVersion
            self.server_info = result.serverInfo
            self.capabilities = result.capabilities
        return self

    async def __aexit__(self, *exc):
        await self.client.__aexit__(*exc)
        if not SDK_2:
            await self.transport.__aexit__(*exc)

    async def call(self, name, arguments=None, progress=None):
        result = await self.session.call_tool(name, arguments or {}, progress_callback=progress)
        return field(result, "structured_content", "structuredContent"), bool(field(result, "is_error", "isError")), result


def parameters(executable, export, cache, temporary, *extra):
    environment = {"XDG_CACHE_HOME": cache, "TMPDIR": temporary, "HOME": cache}
    return StdioServerParameters(
        command=executable, args=["mcp", export, "--time-zone", "America/New_York", *extra], env=environment
    )


async def first_session(executable, export, cache, temporary, log):
    with open(log, "w") as errlog:
        async with Connection(parameters(executable, export, cache, temporary), errlog) as server:
            check(server.protocol_version == "2025-11-25", f"the handshake agreed on 2025-11-25 ({server.protocol_version})")
            check(server.server_info.name == "health-exporter", "the server says it is health-exporter")
            tools_capability = field(server.capabilities, "tools")
            check(tools_capability is not None and field(tools_capability, "list_changed", "listChanged") is False,
                  "the tools capability has listChanged false")
            check(field(server.capabilities, "resources") is not None, "the server offers resources")

            listing = await server.session.list_tools()
            names = [tool.name for tool in listing.tools]
            check(names == TOOLS, f"tools/list gives the eleven tools ({', '.join(names)})")
            check(all(field(tool, "output_schema", "outputSchema") for tool in listing.tools), "every tool has an outputSchema")
            check(all(field(tool, "input_schema", "inputSchema")["type"] == "object" for tool in listing.tools),
                  "every tool has an object inputSchema")

            resources = await server.session.list_resources()
            uris = [str(resource.uri) for resource in resources.resources]
            check(uris == ["health://schema", "health://profile"], f"resources/list gives {uris}")

            progress = []

            async def on_progress(value, total, message):
                progress.append((value, message))

            types, error, _ = await server.call("list_types", {}, on_progress)
            check(not error and types["count"] > 10, f"list_types lists {types and types['count']} types")
            check(len(progress) > 0 and all(b[0] > a[0] for a, b in zip(progress, progress[1:])),
                  f"indexing sent {len(progress)} progress notifications, each larger")
            short_names = {entry["short_name"] for entry in types["types"]}
            check({"StepCount", "HeartRate", "BodyMass"} <= short_names, "list_types has steps, heart rate and weight")

            profile, error, _ = await server.call("profile")
            check(not error and profile["biological_sex"] in ("Female", "Male", "Other", "NotSet"),
                  f"profile gives the biological sex ({profile and profile['biological_sex']})")
            check(profile["counts"]["records"] > 1000, f"profile counts {profile['counts']['records']} records")

            counted, error, _ = await server.call("query", {"sql": "SELECT count(*) FROM records WHERE correlation_id IS NULL OR correlation_id IS NOT NULL"})
            check(not error and counted["rows"] == [[profile["counts"]["records"]]], "query counts the records profile counts")
            check(counted["columns"] == ["count(*)"], "query names its columns")

            summaries, _, _ = await server.call("query", {"sql": "SELECT count(*) FROM summaries"})
            check(summaries["rows"][0][0] > 0, f"the database holds {summaries['rows'][0][0]} summary rows")
            summary, error, _ = await server.call("summary", {"metric": "Steps", "period": "day", "limit": 7})
            check(not error and summary["metric"] == "Steps" and summary["count"] == 7,
                  f"summary gives {summary and summary['count']} days of steps")
            check(all(row["unit"] == "steps" for row in summary["rows"]), "summary gives steps in steps")
            check(all(row["value"] > 0 for row in summary["rows"]), "each day of steps counts some steps")

            # compare's weeks against summary's weekly rows, and baseline's quartiles against the
            # daily rows before the latest, computed here.
            weeks, error, _ = await server.call("summary", {"metric": "Steps", "period": "week", "limit": 3})
            check(not error and weeks["count"] == 3, "summary gives three weeks of steps")
            first, second = weeks["rows"][0], weeks["rows"][1]
            compared, error, _ = await server.call(
                "compare", {"metric": "Steps", "period": "week", "first": first["period"], "second": second["period"]})
            row = compared and compared["rows"][0]
            check(not error and row["first"]["value"] == first["value"] and row["second"]["value"] == second["value"],
                  f"compare gives the weeks' totals summary gives ({row and row['first']['value']}, {row and row['second']['value']})")
            check(row["difference"] == second["value"] - first["value"], "compare's difference is the second less the first")
            if WEEKS:
                check(WEEKS.get(first["period"]) == row["first"]["value"] and WEEKS.get(second["period"]) == row["second"]["value"],
                      f"compare's weeks are the summary CSV's ({WEEKS.get(first['period'])}, {WEEKS.get(second['period'])})")
            check(abs(row["percent_change"] - (second["value"] - first["value"]) / first["value"] * 100) < 1e-9,
                  f"compare's change is {row['percent_change']:.2f}%")
            based, error, _ = await server.call("baseline", {"metric": "Resting Heart Rate", "days": 30})
            base = based and based["rows"][0]
            days, _, _ = await server.call(
                "summary", {"metric": "Resting Heart Rate", "period": "day", "limit": 31, "to": base["history_to"]})
            history = sorted(day["value"] for day in days["rows"] if day["period"] >= base["history_from"])
            def quantile(values, p):
                rank = (len(values) - 1) * p
                below = int(rank)
                above = min(below + 1, len(values) - 1)
                return values[below] + (rank - below) * (values[above] - values[below])
            check(not error and base["periods"] == len(history) and abs(base["median"] - quantile(history, 0.5)) < 1e-9
                  and abs(base["lower_quartile"] - quantile(history, 0.25)) < 1e-9
                  and abs(base["upper_quartile"] - quantile(history, 0.75)) < 1e-9,
                  f"baseline's quartiles of {len(history)} days are the ones computed here")
            expected = "below" if base["latest_value"] < base["lower_quartile"] else \
                "above" if base["latest_value"] > base["upper_quartile"] else "inside"
            check(base["position"] == expected, f"baseline places the latest day {expected}")

            records, error, _ = await server.call("records", {"metric": "Heart Rate", "limit": 5, "from": "2026-06-01"})
            check(not error and records["count"] == 5 and records["truncated"] is True, "records gives 5 heart rates, cut")
            check(all(record["start"] >= "2026-06-01" for record in records["records"]), "records starts on the day asked")

            workouts, error, _ = await server.call("workouts", {"limit": 20})
            check(not error and workouts["count"] > 0, f"workouts gives {workouts and workouts['count']} workouts")
            with_route = [workout for workout in workouts["workouts"] if workout["has_route"]]
            check(len(with_route) > 0, "some workouts have routes")
            route, error, _ = await server.call("workout_route", {"workout_id": with_route[0]["id"], "max_points": 50})
            check(not error and route["count"] == 50 and route["total_points"] > 50 and route["truncated"],
                  f"workout_route thins {route and route['total_points']} points to 50")
            check(all(-90 <= point["latitude"] <= 90 for point in route["points"]), "route points have latitudes")

            labs, error, _ = await server.call("labs", {"loinc": "4548-4"})
            check(not error and labs["count"] > 0 and all(result["loinc"] == "4548-4" for result in labs["results"]),
                  f"labs gives {labs and labs['count']} HbA1c results")

            recordings, error, _ = await server.call("ecg")
            check(not error and recordings["count"] > 0, f"ecg lists {recordings and recordings['count']} recordings")
            first_ecg = recordings["recordings"][0]
            voltages, error, _ = await server.call("ecg", {"id": first_ecg["id"], "max_points": 100})
            check(not error and len(voltages["voltages"]) == 100 and voltages["total_points"] == first_ecg["samples"],
                  f"ecg thins {first_ecg['samples']} voltages to 100")
            ends, _, _ = await server.call("query", {"sql": f"""
                SELECT (SELECT microvolts FROM ecg_samples WHERE ecg_id = {first_ecg['id']} ORDER BY n LIMIT 1),
                       (SELECT microvolts FROM ecg_samples WHERE ecg_id = {first_ecg['id']} ORDER BY n DESC LIMIT 1)"""})
            check(voltages["voltages"][0]["microvolts"] == ends["rows"][0][0]
                  and voltages["voltages"][-1]["microvolts"] == ends["rows"][0][1],
                  "ecg keeps the first and last voltage the database holds")

            refused, error, result = await server.call("query", {"sql": "DELETE FROM records"})
            check(error and refused is None and "refused" in result.content[0].text, "query refuses a DELETE")
            timed, error, result = await server.call("records", {"metric": "No Such Thing"})
            check(error and "No type is named" in result.content[0].text, "a bad metric is a tool error")
            try:
                await server.session.call_tool("drop_everything", {})
                check(False, "an unknown tool is a protocol error")
            except MCPError as exception:
                check(exception.error.code == -32602, f"an unknown tool is error -32602 ({exception.error.code})")

            schema = await server.session.read_resource("health://schema")
            text = schema.contents[0].text
            check("CREATE TABLE records" in text, "health://schema holds the records table")
            profile_resource = await server.session.read_resource("health://profile")
            check('"biological_sex"' in profile_resource.contents[0].text, "health://profile is the profile")
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # ping is deprecated for the 2026-07-28 revision only
                await server.session.send_ping()
            check(True, "ping is answered")
    with open(log) as errlog:
        check("indexing" in errlog.read(), "the server logged its indexing on standard error")


async def second_session(executable, export, cache, temporary, log):
    with open(log, "w") as errlog:
        async with Connection(parameters(executable, export, cache, temporary), errlog) as server:
            profile, error, _ = await server.call("profile")
            check(not error and profile["counts"]["records"] > 1000, "a second session reads the same records")
    with open(log) as errlog:
        check("from its database in the cache" in errlog.read(), "a second session reuses the cached database")
    files = os.listdir(os.path.join(cache, "health-exporter"))
    check(len(files) == 1 and files[0].endswith(".sqlite"), f"the cache holds one database ({files})")
    mode = os.stat(os.path.join(cache, "health-exporter", files[0])).st_mode & 0o777
    check(mode == 0o600, f"the cached database is 0600 ({oct(mode)})")


async def uncached_session(executable, export, cache, temporary, log):
    with open(log, "w") as errlog:
        async with Connection(parameters(executable, export, cache, temporary, "--no-cache"), errlog) as server:
            types, error, _ = await server.call("list_types")
            check(not error and types["count"] > 10, "--no-cache serves the same types")
    check(os.listdir(temporary) == [], "--no-cache leaves nothing in the temporary folder")


async def main():
    global WEEKS
    executable, export = sys.argv[1], sys.argv[2]
    if len(sys.argv) > 3:
        # The summary CSV's weekly steps: period start -> total.
        with open(sys.argv[3], encoding="utf-8") as csv_file:
            rows = [line.rstrip("\n").split(",") for line in csv_file if not line.startswith("###")]
        WEEKS = {row[0]: float(row[2]) for row in rows[1:] if len(row) > 2 and row[1] == "Steps"}
    with tempfile.TemporaryDirectory() as folder:
        cache = os.path.join(folder, "cache")
        temporary = os.path.join(folder, "tmp")
        os.makedirs(temporary)
        log = os.path.join(folder, "server.log")
        await first_session(executable, export, cache, temporary, log)
        await second_session(executable, export, cache, temporary, log)
        await uncached_session(executable, export, cache, temporary, log)
    print(f"mcp-interop: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


asyncio.run(main())
