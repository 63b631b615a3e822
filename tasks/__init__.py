"""Casewright's tasks: the pure work the flows chain together."""

import re

# The planner reads a request with a few thousand regular expressions, many of them built from
# word tables at call time. Python's own cache of compiled expressions holds 512 and drops the
# oldest first, so a request read with more than 512 cycles through it and recompiles every
# expression every time (half of a planning run's CPU time was compiling). A larger cache keeps
# them compiled; each compiled expression is a few kB.
if getattr(re, "_MAXCACHE", 0) < 16384:
    re._MAXCACHE = 16384  # type: ignore[attr-defined]
