"""Iteration counts written with words between the number and "iterations" ("400 SST iterations",
"1500 steady-state SIMPLE iterations", "500 more iterations") or as a verb ("iterate 300 times"):
written the one way the count grammar reads, "N iterations". Pure."""

from __future__ import annotations

import re

# words that may stand between a count and "iterations": a model, a solver, "more" (the algorithm's own
# words, "2000 SIMPLE iterations", "2 outer iterations", are read by tasks/plan/controls_run.py)
_BETWEEN = (r"(?:solver|[a-z]+Foam|SST|laminar|RANS|RAS|k[- ]epsilon|k[- ]omega(?:[- ]SST)?|more|further|additional"
            r"|extra|total)")
_WORDS_THEN_ITERATIONS = re.compile(rf"(?<![\w.])(?P<n>\d+)(?P<w>(?:[ \t]+{_BETWEEN}){{1,3}})[ \t]+(?P<it>iterations?|iters?)\b",
                                    re.I)
_ITERATE_TIMES = re.compile(r"\biterat(?:e|ing)[ \t]+(?:(?:it|the\s+solver|the\s+solution)[ \t]+)?(?:for[ \t]+)?"
                            r"(?P<n>\d+)[ \t]+times\b", re.I)


# a count of iterations as a symbol and its value: "n_iter = 1000", "N_iter: 500", "nIter = 200", "iter = 300"
# (not "maxIter": a linear solver's limit)
# (not "maxIter": a linear solver's limit; the word "iterations: 800" is a key of its own, read elsewhere)
_ITER_SYMBOL = re.compile(r"(?<![\w.])(?:(?:[nN](?:um)?_?)?[iI]ters?(?![A-Za-z])|[nN](?:um)?_[iI]terations)\s*(?:=|:|≈)\s*(?P<n>\d+)(?![\d.,]\d)")


# "its" as the short of iterations after a count ("300 its", "2000 SIMPLE its", "1.5k its"); never the possessive
# ("at Re 100 its wake sheds"): only at the clause's end or before a word that cannot be its noun
_ITS = re.compile(r"(?<![\w.])(?P<n>\d+(?:\.\d+)?[kK]|\d+)(?P<w>(?:[ \t]+(?:SIMPLEC?|simplec?|steady(?:[- ]state)?|pseudo[- ]time|"
                  r"solver|more|further|additional|extra|total|outer|non-?linear)){0,2})[ \t]+its\b"
                  r"(?=\s*(?:$|[^\w\s]|(?:then|and|or|of|in|on|for|to|with|at|max(?:imum)?|total|each|only|per|"
                  r"before|after|until|should|is|are|will|steady|SIMPLE|simple|from|starting)\b))")

# "write every 50 its": an interval, read unit-less by tasks/plan/controls_run.py as it always was
_EVERY = re.compile(r"\b(?:every|each|per)\s*$", re.I)


def iteration_forms(text: str) -> str:
    """`text` with "400 SST iterations" -> "400 iterations (SST)", "iterate 300 times" ->
    "iterate 300 iterations", "n_iter = 1000" -> "1000 iterations" and "2000 SIMPLE its" ->
    "2000 SIMPLE iterations"."""
    text = _ITS.sub(lambda m: m[0] if _EVERY.search(m.string, 0, m.start()) else f"{m['n']}{m['w']} iterations", text)
    text = _ITER_SYMBOL.sub(lambda m: f"{m['n']} iterations", text)
    text = _WORDS_THEN_ITERATIONS.sub(lambda m: f"{m['n']} {m['it']} ({m['w'].strip()})", text)
    return _ITERATE_TIMES.sub(lambda m: f"iterate {m['n']} iterations", text)
