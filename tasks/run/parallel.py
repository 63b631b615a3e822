"""One case on N MPI ranks: the decomposeParDict it needs, the environment mpirun runs in, and
the rank count a case remembers (so the Reviewer and later runs use it too).

Debian's OpenFOAM v1912 ships `libscotchDecomp.so` and `libmetisDecomp.so` as the stub
libraries (byte-identical to `/usr/lib/dummy/*`): decomposePar stops with "Attempted to use
<scotch> without the scotchDecomp library loaded". The geometric `hierarchical` method works
everywhere and balances cell counts exactly; it is used here, split along the longest
extents of the mesh and never across the empty direction of a 2-D case.

`.casewright/parallel.json` keeps the rank count (`np`) and the processor directories
Casewright's own decomposePar wrote (`decomposed`): only those may a repair remove.
"""

from __future__ import annotations

import gzip
import json
import math
import re
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tasks.core.errors import UsageError
from tasks.core.render import foam_value, render
from tasks.foam import dictionary as fd
from tasks.foam.casedir import mesh_patches

MAX_RANKS = 64
DECOMPOSE_DICT = "system/decomposeParDict"
RANKS_FILE = ".casewright/parallel.json"
# Methods whose library is a stub in Debian's OpenFOAM v1912 build (see the module docstring).
STUB_METHODS = frozenset({"scotch", "ptscotch", "metis", "kahip"})
GEOMETRIC_METHODS = ("hierarchical", "simple")
DEFAULT_METHOD = "hierarchical"

# OpenMPI inside a container with no network, every capability dropped, maybe as root:
# shared memory between the ranks (no TCP), no cross-memory attach (needs CAP_SYS_PTRACE),
# more ranks than cores allowed (a 2-core machine still runs -np 4), ranks that yield the core
# while they wait and are not bound to one core: on cores shared with other work a polling or
# bound rank waits for its partner (pitzDaily x4 cells, 60 iterations on 2 ranks; load 10:
# 123-135 s polling, 27-64 s yielding, 21-28 s serial; load 3-4: bound 17-25 s, unbound
# 11-19 s, unbound and polling 21-55 s, serial 7-13 s).
MPI_ENVIRONMENT = {
    "OMPI_MCA_mpi_yield_when_idle": "1",
    "OMPI_MCA_hwloc_base_binding_policy": "none",
    "OMPI_MCA_btl": "self,vader",
    "OMPI_MCA_btl_vader_single_copy_mechanism": "none",
    "OMPI_MCA_rmaps_base_oversubscribe": "1",
    "OMPI_ALLOW_RUN_AS_ROOT": "1",
    "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
}


class Decomposition(BaseModel):
    """What was done to system/decomposeParDict before decomposePar."""

    model_config = ConfigDict(extra="forbid")

    subdomains: int
    method: str
    n: tuple[int, int, int] | None = None
    action: Literal["written", "edited", "kept"]
    notes: list[str] = Field(default_factory=list)


def check_ranks(np: int) -> int:
    if not 1 <= np <= MAX_RANKS:
        raise UsageError(f"--np {np}: give a number of MPI ranks from 1 to {MAX_RANKS}")
    return np


# --- pure ---------------------------------------------------------------------------------------------


def prime_factors(n: int) -> list[int]:
    """The prime factors of n, largest first (12 -> [3, 2, 2])."""
    out, p = [], 2
    while n > 1 and p * p <= n:
        while n % p == 0:
            out.append(p)
            n //= p
        p += 1
    if n > 1:
        out.append(n)
    return sorted(out, reverse=True)


def split_axes(extents: Sequence[float], np: int, flat: Sequence[int] = ()) -> tuple[int, int, int]:
    """Subdomains per axis for `np` ranks: each prime factor goes to the axis whose pieces are
    longest so far, never to a flat axis (the empty direction of a 2-D case)."""
    if len(extents) != 3:
        raise ValueError(f"need three extents (x, y, z), got {len(extents)}")
    check_ranks(np)
    free = [a for a in range(3) if a not in flat] or [0]
    n = [1, 1, 1]
    for factor in prime_factors(np):
        axis = max(free, key=lambda a: (extents[a] / n[a], -a))
        n[axis] *= factor
    return n[0], n[1], n[2]


def edit_decompose_dict(text: str | None, np: int, n: tuple[int, int, int]) -> tuple[str, Decomposition]:
    """The decomposeParDict for `np` ranks: a new one (text None), or the case's own with
    numberOfSubdomains set, a stub method replaced by hierarchical, and the n of a geometric
    method matched to np. Minimal edits; the rest of the user's file stays."""
    vector = foam_value(list(n))
    if text is None:
        body = render("foam/decomposeParDict.j2", foam_class="dictionary", object="decomposeParDict",
                      location="system", provenance=f"{np} MPI ranks", subdomains=np, method=DEFAULT_METHOD, n=list(n))
        return body, Decomposition(subdomains=np, method=DEFAULT_METHOD, n=n, action="written")
    notes: list[str] = []
    new = fd.set_entry(text, ["numberOfSubdomains"], str(np))
    method = (fd.get(new, ["method"]) or "").strip('"')
    if method in STUB_METHODS or not method:
        notes.append(f"method {method or '(none)'} -> {DEFAULT_METHOD}: "
                     + (f"{method} is a stub library in Debian's OpenFOAM v1912" if method else "no method given"))
        new = fd.set_entry(new, ["method"], DEFAULT_METHOD)
        method = DEFAULT_METHOD
    uses_n = method in GEOMETRIC_METHODS
    if uses_n:
        coeffs = next((c for c in (f"{method}Coeffs", "coeffs") if fd.find(new, [c]) is not None), None)
        if coeffs is None:
            new = fd.set_entry(new, [f"{method}Coeffs"], {"n": vector, "order": "xyz"})
        else:
            new = fd.set_entry(new, [coeffs, "n"], vector)
    action = "kept" if new == text else "edited"
    return new, Decomposition(subdomains=np, method=method, n=n if uses_n else None, action=action, notes=notes)


# --- the case on disk ----------------------------------------------------------------------------------

_POINT = re.compile(rb"\(\s*([-+0-9.eE]+)\s+([-+0-9.eE]+)\s+([-+0-9.eE]+)\s*\)")


def mesh_extents(case: Path) -> tuple[list[float], list[int]] | None:
    """The bounding-box extents of constant/polyMesh/points and the flat axes (the smallest
    extent when the mesh has an empty or wedge patch); None for a binary or missing file."""
    poly = case / "constant" / "polyMesh"
    path = next((p for p in (poly / "points", poly / "points.gz") if p.is_file()), None)
    if path is None:
        return None
    raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    head, _, body = raw.partition(b"}")
    if re.search(rb"format\s+binary", head):
        return None
    lo, hi = [math.inf] * 3, [-math.inf] * 3
    for m in _POINT.finditer(body):
        for a in range(3):
            v = float(m[a + 1])
            lo[a], hi[a] = min(lo[a], v), max(hi[a], v)
    if not math.isfinite(lo[0]):
        return None
    extents = [h - low for low, h in zip(lo, hi, strict=True)]
    two_d = any(t in ("empty", "wedge") for t in mesh_patches(case).values())
    flat = [min(range(3), key=lambda a: extents[a])] if two_d else []
    return extents, flat


def case_split(case: Path, np: int) -> tuple[tuple[int, int, int], list[str]]:
    """Subdomains per axis for `np` ranks of the case's mesh (x and y when it cannot be read)."""
    found = mesh_extents(case)
    extents, flat = found if found is not None else ([1.0, 1.0, 1.0], [2])
    notes = [] if found is not None else ["mesh points unreadable (binary?) or not made yet: split along x and y only"]
    return split_axes(extents, np, flat), notes


def prepare_decomposition(case: Path, np: int) -> Decomposition:
    """Write or edit system/decomposeParDict for `np` ranks (run after the mesh exists)."""
    n, notes = case_split(case, np)
    path = case / DECOMPOSE_DICT
    text = path.read_text() if path.is_file() else None
    new, decomposition = edit_decompose_dict(text, np, n)
    decomposition.notes.extend(notes)
    if new != text:
        path.write_text(new)
    return decomposition


def _record(case: Path) -> dict:
    path = case / RANKS_FILE
    try:
        data = json.loads(path.read_text()) if path.is_file() else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _save_record(case: Path, data: dict) -> None:
    path = case / RANKS_FILE
    if not data:
        path.unlink(missing_ok=True)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, sort_keys=True) + "\n")


def recorded_ranks(case: Path) -> int:
    """The rank count the case was last run with (1 when never run in parallel)."""
    try:
        return check_ranks(int(_record(case)["np"]))
    except (ValueError, KeyError, TypeError, UsageError):
        return 1


def record_ranks(case: Path, np: int) -> None:
    """Remember `np` for later runs of the case (the Reviewer's re-runs, `run-case` without --np)."""
    data = _record(case)
    if np == 1:
        data.pop("np", None)
    else:
        data["np"] = check_ranks(np)
    _save_record(case, data)


# --- processor directories: which ones Casewright wrote -------------------------------------------

PROCESSOR_DIR = re.compile(r"processor(\d+)")


def processor_dirs(case: Path) -> list[str]:
    """The processor<N> directories of the case, in rank order."""
    if not case.is_dir():
        return []
    names = [p.name for p in case.iterdir() if p.is_dir() and PROCESSOR_DIR.fullmatch(p.name)]
    return sorted(names, key=lambda n: int(n[len("processor"):]))


DECOMPOSED_MARK = ".casewright-decomposed"  # in each processor directory Casewright's decomposePar wrote


def processor_identities(case: Path, names: Sequence[str] | None = None) -> dict[str, str]:
    """name -> the Casewright mark inside each processor directory ("" without one), of all
    the case's processor directories or of the names given that exist."""
    names = processor_dirs(case) if names is None else names
    out: dict[str, str] = {}
    for name in names:
        if (case / name).is_dir():
            mark = case / name / DECOMPOSED_MARK
            out[name] = mark.read_text().strip() if mark.is_file() else ""
    return out


def record_decomposition(case: Path) -> list[str]:
    """After Casewright's own decomposePar succeeded: mark the processor directories it wrote
    with a fresh token, kept in .casewright/parallel.json; only directories that carry it may a
    repair later remove (see `split_owned`). OpenFOAM ignores the mark (not a time directory)."""
    names = processor_dirs(case)
    token = uuid.uuid4().hex
    for name in names:
        (case / name / DECOMPOSED_MARK).write_text(token + "\n")
    data = _record(case)
    data["decomposed"] = {"token": token, "dirs": names}
    _save_record(case, data)
    return names


def split_owned(present: dict[str, str], record_text: str | None) -> tuple[list[str], list[str]]:
    """(ours, not ours): of the processor directories present (name -> their mark), those that
    Casewright's decomposePar wrote according to the .casewright/parallel.json text (recorded
    name, recorded token), and the others. A directory the user made again under the same name
    has no mark: it is theirs."""
    try:
        recorded = json.loads(record_text).get("decomposed") if record_text else None
    except (ValueError, AttributeError):
        recorded = None
    if not isinstance(recorded, dict) or not recorded.get("token"):
        return [], list(present)
    dirs = set(recorded.get("dirs") or [])
    ours = [n for n, mark in present.items() if n in dirs and mark == recorded["token"]]
    return ours, [n for n in present if n not in ours]


def owned_processor_dirs(case: Path) -> tuple[list[str], list[str]]:
    """`split_owned` of the case on disk."""
    path = case / RANKS_FILE
    return split_owned(processor_identities(case), path.read_text() if path.is_file() else None)


# --- ranks asked for in words ---------------------------------------------------------------------

_NP_WORDS = re.compile(r"(?<![\w-])-{0,2}np\s*[=:]?\s*(\d+)\b", re.IGNORECASE)


def requested_ranks(text: str, stated: Sequence[float] = ()) -> int | None:
    """The MPI ranks a request asks for: `np 2` / `-np 4` in its text, else the first rank
    count the request extractor found ("on 2 cores", "with 4 processes"); None when it names none."""
    m = _NP_WORDS.search(text)
    if m:
        return int(m[1])
    for value in stated:
        if value >= 1 and float(value).is_integer():
            return int(value)
    return None


def choose_ranks(explicit: int | None, requested: int | None, cores: int | None) -> tuple[int, list[str]]:
    """The rank count to run on, and warnings: an explicit --np wins over the request's; more
    ranks than cores run (oversubscribed, slower) with a warning."""
    notes: list[str] = []
    np = explicit if explicit is not None else (requested or 1)
    if explicit is not None and requested is not None and requested != explicit:
        notes.append(f"--np {explicit} overrides the {requested} MPI ranks the request asks for")
    if np > MAX_RANKS:
        raise UsageError(f"the request asks for {np} MPI ranks: at most {MAX_RANKS}; pass --np to choose fewer")
    check_ranks(np)
    if cores and np > cores:
        notes.append(f"{np} MPI ranks on {cores} cores: the ranks share cores (oversubscribed), "
                     f"so the run is slower than on {cores}")
    return np, notes


def nothing_to_reconstruct(case: Path) -> bool:
    """The parallel run wrote no time after the start (endTime before the first write):
    reconstructPar would stop with "No times selected", so there is nothing to gather."""
    first = case / "processor0"
    if not first.is_dir():
        return False
    times = [p.name for p in first.iterdir() if p.is_dir() and re.fullmatch(r"[-+]?\d+(\.\d+)?([eE][-+]?\d+)?", p.name)]
    return all(float(t) <= 0 for t in times)
