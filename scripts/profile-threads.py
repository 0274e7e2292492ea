#!/usr/bin/env python3
"""Where each thread of a command spends its time, sampled by perf.

    scripts/profile-threads.py [--frequency 4000] [--top 12] -- COMMAND [ARGUMENT...]

Runs COMMAND under `perf record -e cpu-clock -g` (this machine's kernel allows sampling the
processor clock, not the hardware counters), then prints each thread with at least 1% of the
samples: its seconds of processor time, the functions it spent them in itself, and the functions
it spent them under (its own and those they called) above 4%. The threads are told apart by
their ids, ordered by time; a thread's work is read from its frames (a chunk reader's frames
hold `ChunkedXMLReading.readChunk`, the CSV's formatters `CSVRowFormatter`, the output's writer
`BackgroundOutput`). Needs `perf` (Debian's linux-perf).
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frequency", type=int, default=4000, help="samples a second")
    parser.add_argument("--top", type=int, default=12, help="functions listed per thread")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("name the command to profile after --")
    with tempfile.TemporaryDirectory() as folder:
        data = os.path.join(folder, "perf.data")
        recorded = subprocess.run(
            ["perf", "record", "-q", "-e", "cpu-clock", "-F", str(options.frequency), "-g", "-o", data, "--"]
            + command)
        if recorded.returncode != 0:
            sys.exit(f"perf record or the command failed (status {recorded.returncode})")
        script = subprocess.run(
            ["perf", "script", "-i", data, "-F", "tid,ip,sym"], capture_output=True, text=True, check=True)
    report(script.stdout.splitlines(), options.frequency, options.top)


def report(lines, frequency, top):
    own = collections.defaultdict(collections.Counter)
    under = collections.defaultdict(collections.Counter)
    thread, frames = None, []

    def sample_ends():
        if thread is not None and frames:
            own[thread][frames[0]] += 1
            for frame in set(frames):
                under[thread][frame] += 1

    for line in lines:
        line = line.rstrip()
        if not line:
            sample_ends()
            thread, frames = None, []
            continue
        header = re.match(r"^\s*(\d+)\s*$", line)
        if header:
            thread = header.group(1)
            continue
        parts = line.split(None, 1)
        if len(parts) == 2:
            frames.append(re.sub(r"\+0x[0-9a-f]+$", "", parts[1])[:120])
    sample_ends()
    total = sum(sum(counter.values()) for counter in own.values()) or 1
    print(f"{total / frequency:.2f} s of processor time sampled, {total} samples")
    for thread, counter in sorted(own.items(), key=lambda item: -sum(item[1].values())):
        count = sum(counter.values())
        if count < total / 100:
            continue
        print(f"\nthread {thread}: {count / frequency:.2f} s, {100 * count / total:.1f}% of all")
        for frame, n in counter.most_common(top):
            print(f"  itself {100 * n / count:5.1f}%  {frame}")
        for frame, n in under[thread].most_common(60):
            if n / count > 0.04 and n / count < 0.97:
                print(f"  under  {100 * n / count:5.1f}%  {frame}")


if __name__ == "__main__":
    main()
