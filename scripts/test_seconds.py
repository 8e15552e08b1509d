"""Write tests/seconds.json, each test file's seconds in a run, from the output of
`./scripts/run_tests.sh --durations=0` on standard input.  tests/conftest.py starts the
longest files first, so that the two pytest-xdist processes end together (a long file
started last keeps one process busy alone).  Refresh it when files are added or grow:

    ./scripts/run_tests.sh --durations=0 | .venv/bin/python scripts/test_seconds.py
"""

import collections
import json
import re
import sys
from pathlib import Path

seconds: collections.Counter = collections.Counter()
for line in sys.stdin:
    sys.stdout.write(line)
    found = re.match(r"([\d.]+)s (?:call|setup|teardown)\s+tests/([^:]+)::", line)
    if found:
        seconds[found.group(2)] += float(found.group(1))
if seconds:
    out = Path(__file__).resolve().parent.parent / "tests" / "seconds.json"
    out.write_text(json.dumps({f: round(s, 1) for f, s in sorted(seconds.items())},
                              indent=0) + "\n")
    print(f"{out}: {len(seconds)} files, {sum(seconds.values()):.0f} s in all")
