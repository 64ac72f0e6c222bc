#!/usr/bin/env python3
"""results.py: the test results of .ci/run, from meson's logs.

  results.py failed DIR     the names of DIR's failed tests, one per line
  results.py count DIR...   "passed failed skipped flaky" over the builds
  results.py report DIR...  each flaky and each failed test: build, result,
                            time and its output's last 40 lines

DIR/meson-logs/testlog.json is the whole suite's run; testlog-retry.json,
where there is one, the second run of the tests that failed in it. A test
that failed and then passed is flaky: counted as passed, and reported.

SPDX-License-Identifier: GPL-3.0-or-later
"""
import json
import os
import sys

FAILED = ("FAIL", "TIMEOUT", "ERROR", "UNEXPECTEDPASS")


def read_log(path):
    """The tests of one log, in order: (name, record); a line that is not
    JSON is a failed test of its own."""
    tests = []
    if not os.path.exists(path):
        return tests
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                record = json.loads(line)
            except ValueError:
                record = {"name": "%s:%d" % (path, number), "result": "ERROR",
                          "stdout": "unreadable log line"}
            tests.append((short_name(record.get("name", "?")), record))
    return tests


def short_name(name):
    """meson's "project:suite / name" as meson test takes it: the name."""
    return name.split(" / ")[-1]


def runs(build):
    """Each test's first run and its retry (or None)."""
    logs = os.path.join(build, "meson-logs")
    retried = dict(read_log(os.path.join(logs, "testlog-retry.json")))
    return [(name, first, retried.get(name))
            for name, first in read_log(os.path.join(logs, "testlog.json"))]


def print_tail(record):
    out = (record.get("stdout") or "") + (record.get("stderr") or "")
    for text in out.splitlines()[-40:]:
        print("   | " + text)


def main(argv):
    if len(argv) < 3 or argv[1] not in ("failed", "count", "report"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    command, builds = argv[1], argv[2:]
    if command == "failed":
        for name, first, _ in runs(builds[0]):
            if first.get("result") in FAILED:
                print(name)
        return 0
    passed = failed = skipped = flaky = 0
    for build in builds:
        for name, first, retry in runs(build):
            result = first.get("result")
            if result in FAILED and retry is not None and retry.get("result") == "OK":
                flaky += 1
                passed += 1
                if command == "report":
                    print("== flaky test: %s (%s): %s after %.1f s, passed when run again" % (
                        name, build, result, first.get("duration", 0.0)))
                    print_tail(first)
            elif result in FAILED:
                failed += 1
                if command == "report":
                    print("== failed test: %s (%s): %s after %.1f s%s" % (
                        name, build, result, first.get("duration", 0.0),
                        ", and again when run again" if retry is not None else ""))
                    print_tail(retry if retry is not None else first)
            elif result == "SKIP":
                skipped += 1
            else:
                passed += 1
    if command == "count":
        print(passed, failed, skipped, flaky)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
