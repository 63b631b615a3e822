"""Decomposition: a parallel run (decomposePar, `mpirun -np N solver -parallel`,
reconstructPar) stopped by its decomposition, recognised from the FATAL OpenFOAM v1912 prints
and repaired in system/decomposeParDict or by removing stale processor directories.

The classes, with the message each is known by (tests/unit/data/decomposition/ holds the
real logs):

- `subdomains`: numberOfSubdomains differs from the ranks the solver started on
  ("... decomposeParDict" specifies 3 processors but job was started with 2 processors).
- `divisions`: the n of hierarchicalCoeffs/simpleCoeffs does not multiply to numberOfSubdomains
  ("Wrong number of domain divisions in geomDecomp").
- `stub_method`: scotch, metis or kahip, whose libraries are stubs in Debian's v1912
  ("Attempted to use <scotch> without the scotchDecomp library loaded").
- `unknown_method`: a method v1912 does not know ("Unknown decompositionMethod type hierarchial").
- `missing_dict`: no system/decomposeParDict at all.
- `stale_processors`: processor directories of another rank count
  ("number of processor directories = 2 is not equal to the number of processors = 4").
- `already_decomposed`: decomposePar without -force over existing processor directories.

The rank count to repair towards is the one the case runs on (`.casewright/parallel.json`),
else the solver's, else the dictionary's numberOfSubdomains. The dictionary is edited with
`tasks.run.parallel.edit_decompose_dict` (the edits `run-case --np` makes): numberOfSubdomains,
a geometric method with n split along the longest extents of the mesh. Processor directories
are removed only when Casewright's own decomposePar wrote them (recorded in
.casewright/parallel.json); any other processor directory is the user's, and the patch that
would remove it is refused (see `tasks.review.session.patch_violations`) with what to do.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.review.case import CaseView
from tasks.review.edits import closest
from tasks.review.models import FileEdit, Patch, Problem
from tasks.run.parallel import (
    DECOMPOSE_DICT,
    DEFAULT_METHOD,
    MAX_RANKS,
    RANKS_FILE,
    STUB_METHODS,
    case_split,
    edit_decompose_dict,
    processor_dirs,
    processor_identities,
    split_owned,
)

_SUBDOMAINS = re.compile(r"specifies (\d+) processors but job was started with (\d+) processors")
_DIVISIONS = re.compile(r"Wrong number of domain divisions in geomDecomp:.*?Number of domains\s*:\s*(\d+)"
                        r".*?Wanted decomposition\s*:\s*\(([\d\s]+)\)", re.DOTALL)
_STUB = re.compile(r"Attempted to use <(\w+)> without the (\w+) library loaded")
_UNKNOWN = re.compile(r"Unknown decompositionMethod(?: type)? (\S+)")
_MISSING = re.compile(r'cannot find file "[^"]*system/decomposeParDict"')
_STALE = re.compile(r"number of processor directories = (\d+) is not equal to the number of processors = (\d+)")
_ALREADY = re.compile(r"Case is already decomposed with (\d+) domains")


def decomposition_problem(step: str, message: str, valid_choices: list[str] | None = None) -> Problem | None:
    """The decomposition error class of a FATAL message, or None when it is not one."""
    base: dict = {"kind": "decomposition", "step": step, "message": message, "file": DECOMPOSE_DICT}
    if m := _SUBDOMAINS.search(message):
        return Problem(keyword="subdomains", metrics={"subdomains": float(m[1]), "ranks": float(m[2])}, **base)
    if m := _DIVISIONS.search(message):
        wanted = [int(x) for x in m[2].split()]
        return Problem(keyword="divisions", value=" ".join(map(str, wanted)),
                       metrics={"subdomains": float(m[1]), "divisions": float(_product(wanted))}, **base)
    if m := _STUB.search(message):
        return Problem(keyword="stub_method", value=m[1], **base)
    if m := _UNKNOWN.search(message):
        return Problem(keyword="unknown_method", value=m[1].rstrip(".,;"), valid_choices=list(valid_choices or []),
                       **base)
    if _MISSING.search(message):
        return Problem(keyword="missing_dict", **base)
    if m := _STALE.search(message):
        return Problem(keyword="stale_processors", metrics={"processors": float(m[1]), "ranks": float(m[2])},
                       **{**base, "file": None})
    if m := _ALREADY.search(message):
        return Problem(keyword="already_decomposed", metrics={"processors": float(m[1])}, **{**base, "file": None})
    return None


def _product(values: list[int]) -> int:
    out = 1
    for v in values:
        out *= v
    return out


def _int(text: str | None) -> int | None:
    try:
        return int((text or "").strip().strip('"'))
    except ValueError:
        return None


def target_ranks(problem: Problem, view: CaseView) -> int | None:
    """The rank count the repair aims at: the case's recorded --np, else the ranks the solver
    started on, else the dictionary's numberOfSubdomains."""
    recorded = None
    if text := view.text(RANKS_FILE):
        try:
            recorded = _int(str(json.loads(text).get("np", "")))
        except (ValueError, AttributeError):
            recorded = None
    ranks = int(problem.metrics["ranks"]) if "ranks" in problem.metrics else None
    declared = _int(fd.get(view.text(DECOMPOSE_DICT) or "", ["numberOfSubdomains"]))
    for np in (recorded, ranks, declared, int(problem.metrics.get("subdomains", 0)) or None):
        if np is not None and 2 <= np <= MAX_RANKS:
            return np
    return None


def _result(description: str, edits: list[FileEdit], source: str, removes: list[str] = ()) -> Patch:
    return Patch(description=description, edits=edits, removes=list(removes), strategy="decomposition",
                 source=source)


def _method_for(problem: Problem, text: str) -> tuple[str, str]:
    """(method, why) for an unknown or stub method: the nearest valid one that v1912 can run,
    else hierarchical."""
    if problem.keyword == "unknown_method":
        usable = [c for c in problem.valid_choices if c not in STUB_METHODS and c not in ("manual", "multiLevel",
                                                                                        "none", "structured")]
        near = closest(problem.value or "", usable or ["hierarchical", "simple"], cutoff=0.75)
        if near:
            return near, f"`{problem.value}` is not a decomposition method; nearest valid: {near}"
        return DEFAULT_METHOD, f"`{problem.value}` is not a decomposition method of v1912"
    method = problem.value or (fd.get(text, ["method"]) or "").strip('"')
    return DEFAULT_METHOD, f"{method} is a stub library in Debian's OpenFOAM v1912"


def repair_dictionary(problem: Problem, view: CaseView) -> Patch | None:
    """Rewrite or edit system/decomposeParDict consistently for the case's rank count."""
    if problem.keyword not in ("subdomains", "divisions", "stub_method", "unknown_method", "missing_dict"):
        return None
    np = target_ranks(problem, view)
    if np is None:
        return None
    n, notes = case_split(Path(view.case_dir), np) if view.case_dir else ((np, 1, 1), [])
    text = view.text(DECOMPOSE_DICT)
    if problem.keyword == "missing_dict" or text is None:
        new, _ = edit_decompose_dict(None, np, n)
        return _result(f"wrote {DECOMPOSE_DICT} for {np} MPI ranks: {DEFAULT_METHOD}, n {n}",
                       [FileEdit(path=DECOMPOSE_DICT, text=new, created=True)],
                       f"tasks/run/parallel.py ({np} ranks split along the longest mesh extents)")
    why = ""
    if problem.keyword in ("stub_method", "unknown_method"):
        method, why = _method_for(problem, text)
        text = fd.set_entry(text, ["method"], method)
    new, decomposition = edit_decompose_dict(text, np, n)
    if new == view.text(DECOMPOSE_DICT):
        return None
    what = {"subdomains": f"numberOfSubdomains -> {np} (the solver runs on {np} ranks)",
            "divisions": f"n ({problem.value}) -> {n} for {np} subdomains",
            "stub_method": f"method {problem.value} -> {decomposition.method}",
            "unknown_method": f"method {problem.value} -> {decomposition.method}",
            }[problem.keyword]
    details = "; ".join([why, *decomposition.notes, *notes] if why else [*decomposition.notes, *notes])
    return _result(f"{DECOMPOSE_DICT}: {what}; {decomposition.subdomains} subdomains, {decomposition.method}"
                   + (f" n {decomposition.n}" if decomposition.n else "") + (f" ({details})" if details else ""),
                   [FileEdit(path=DECOMPOSE_DICT, text=new)],
                   "decomposition log of the run + tasks/run/parallel.py (the --np edits)")


def remove_stale_processors(problem: Problem, view: CaseView) -> Patch | None:
    """Processor directories of an earlier decomposition stop the run: remove them, so the
    re-run decomposes again. The patch names every directory; the session refuses it unless
    Casewright's own decomposePar wrote them all."""
    if problem.keyword not in ("stale_processors", "already_decomposed") or not view.case_dir:
        return None
    case = Path(view.case_dir)
    present = processor_dirs(case)
    if not present:
        return None
    _, theirs = split_owned(processor_identities(case, present), view.text(RANKS_FILE))
    whose = "written by Casewright's earlier decomposePar" if not theirs else \
        f"{len(theirs)} of them not written by Casewright"
    return _result(f"removed {len(present)} stale processor directories ({present[0]}..{present[-1]}, {whose}); "
                   f"the re-run decomposes the case again", [], ".casewright/parallel.json (decomposed)", present)


def decomposition(problem: Problem, view: CaseView) -> Patch | None:
    if problem.kind != "decomposition":
        return None
    return repair_dictionary(problem, view) or remove_stale_processors(problem, view)
