"""Counts each operation's successful cases in a contract run and fails when one has none.

Reads the API document and the run's HAR file. A case succeeded when its status is one
the document gives the operation outside 4xx and 5xx (200, or 301, 302 and 308 for a
redirect, 304 for a cached answer). Prints one line per operation: its successful cases
and all its cases. Further arguments name operations ("GET /api/openapi.json") the caller
requested with success outside the run, each counted as one case.
"""

import json
import re
import sys
from collections import Counter
from urllib.parse import urlsplit


def main(document_path: str, har_path: str, *fetched: str) -> int:
    with open(document_path, encoding="utf-8") as f:
        document = json.load(f)
    with open(har_path, encoding="utf-8") as f:
        entries = json.load(f)["log"]["entries"]

    operations = {}
    for path, item in document["paths"].items():
        pattern = re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$")
        for method, operation in item.items():
            successes = {int(s) for s in operation.get("responses", {}) if s.isdigit() and int(s) < 400}
            operations[(method.upper(), path)] = (pattern, successes)

    cases, succeeded = Counter(), Counter()
    for entry in entries:
        method = entry["request"]["method"]
        path = urlsplit(entry["request"]["url"]).path
        key = (method, path) if (method, path) in operations else None
        if key is None:
            key = next(
                (k for k, (pattern, _) in operations.items() if k[0] == method and pattern.match(path)),
                None,
            )
        if key is None:
            continue
        cases[key] += 1
        if entry["response"]["status"] in operations[key][1]:
            succeeded[key] += 1

    for label in fetched:
        method, path = label.split(" ", 1)
        cases[(method, path)] += 1
        succeeded[(method, path)] += 1

    missing = []
    for key in sorted(operations):
        method, path = key
        print(f"{succeeded[key]:5} of {cases[key]:5} succeeded  {method} {path}")
        if succeeded[key] == 0:
            missing.append(f"{method} {path}")
    total = sum(succeeded.values())
    print(f"{total} successful cases of {sum(cases.values())}, over {len(operations)} operations")
    if missing:
        print("operations with no successful case:", *missing, sep="\n  ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
