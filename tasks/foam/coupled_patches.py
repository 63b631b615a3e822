"""The patches a case's mesh will have when its solver starts, before the mesh is built.

The blockMeshDict's patches are not the final ones when a later step of the case's sequence
makes or removes patches: createBaffles adds its baffles' patches (`patches { master { name
ACMI1_couple; type cyclicACMI; } }`, or `<baffle>_master` / `<baffle>_slave` for `patchPairs`)
and may take over a boundary patch whose faces topoSet put in a faceZone (`patchToFace couple1`
with `internalFacesOnly false`: couple1 is gone after it); createPatch makes the patches of its
`patches ( { name ...; patchInfo { type ...; } constructFrom patches; patches (a b); } )` list
and drops the source patches it empties. Reads files only.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from tasks.foam import dictionary as fd
from tasks.foam.casedir import mesh_patches
from tasks.foam.coupled_steps import steps_before_restore
from tasks.foam.physics import physics

_PAIR_SIDES = ("master", "slave")
# one topoSet action (a `{ ... }` with at most one nested sourceInfo block), and the patch its
# patchToFace source names (`patch couple1;`, or the older `sourceInfo { name couple1; }`)
_ACTION = re.compile(r"\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}")
_FACE_PATCH = re.compile(r"\bpatch\s+\"?([^\s\";]+)\"?\s*;|sourceInfo\s*\{[^}]*?\bname\s+\"?([^\s\";]+)\"?\s*;")
_CREATE_PATCH_ITEM = re.compile(r"\bname\s+([\w.:-]+)\s*;(.*?)(?=\bname\s+[\w.:-]+\s*;\s*patchInfo|\Z)", re.S)
_INFO_TYPE = re.compile(r"patchInfo\s*\{[^}]*?\btype\s+(\w+)\s*;", re.S)
_FROM_SET = re.compile(r"constructFrom\s+set\b")
# mesh steps that make, merge or replace boundary patches in ways no dictionary read here tells
_MESH_MAKERS = ("snappyHexMesh", "mirrorMesh", "extrudeMesh", "mergeMeshes", "foamyHexMesh", "cartesianMesh",
                "refineWallLayer", "moveDynamicMesh")
_SOURCES = re.compile(r"constructFrom\s+patches\s*;.*?\bpatches\s*\(([^)]*)\)", re.S)


class PatchForecast(BaseModel):
    """`present`: patch -> mesh type the solver will find; `maybe_gone`: blockMeshDict patches a
    later step may take over (createBaffles on a faceZone made from them, createPatch's sources);
    `made`: the patches that step makes; `filled`: those of them made while the fields are in
    0/ (the step writes their entries itself: TJunctionFan's createBaffles after restore0Dir,
    from its patchFields); `changer`: the step that changes them (None when the blockMeshDict's
    patches are final)."""

    model_config = ConfigDict(extra="forbid")

    present: dict[str, str]
    maybe_gone: dict[str, str]
    made: dict[str, str] = {}
    filled: dict[str, str] = {}
    changer: str | None = None


def sequence_commands(case: Path) -> list[str]:
    """The commands of the case's recorded sequence (.casewright/steps.json), else of its Allrun*
    scripts' lines (first word of each line, `runApplication X` as X)."""
    steps = case / ".casewright/steps.json"
    if steps.is_file():
        return [s[0] for s in json.loads(steps.read_text()) if s]
    words: list[str] = []
    for script in sorted(case.glob("Allrun*")):
        for line in script.read_text(errors="replace").splitlines():
            parts = line.split()
            if parts and parts[0] in ("runApplication", "runParallel") and len(parts) > 1:
                parts = parts[1:]
            if parts and not parts[0].startswith("#"):
                words.append(parts[0])
    return words


def baffle_patches(text: str) -> dict[str, str]:
    """Patch -> type a createBafflesDict makes: each baffle's `patches` entries (name, type) or
    its `patchPairs` (<baffle>_master and <baffle>_slave of the pair's type)."""
    out: dict[str, str] = {}
    text = fd.strip_comments(text)
    for baffle in fd.keys(text, ["baffles"]):
        for side in fd.keys(text, ["baffles", baffle, "patches"]) if fd.find(text, ["baffles", baffle, "patches"]) else []:
            name = (fd.get(text, ["baffles", baffle, "patches", side, "name"]) or "").strip()
            if name and name not in out:  # the first side names the type (a slave repeating it is not used)
                out[name] = (fd.get(text, ["baffles", baffle, "patches", side, "type"]) or "patch").strip()
        if fd.find(text, ["baffles", baffle, "patchPairs"]) is not None:
            kind = (fd.get(text, ["baffles", baffle, "patchPairs", "type"]) or "patch").strip()
            out.update({f"{baffle}_{side}": kind for side in _PAIR_SIDES})
    return out


def created_and_sources(text: str) -> tuple[dict[str, str], list[str]]:
    """Patch -> type a createPatchDict makes, and the source patches it moves faces from."""
    body = fd.get(fd.strip_comments(text), ["patches"]) or ""
    made: dict[str, str] = {}
    sources: list[str] = []
    for m in _CREATE_PATCH_ITEM.finditer(body):
        kind = _INFO_TYPE.search(m.group(2))
        made[m.group(1)] = kind.group(1) if kind else "patch"
        src = _SOURCES.search(m.group(2))
        sources += src.group(1).split() if src else []
    return made, sources


def faces_taken(case: Path) -> list[str]:
    """Boundary patches whose faces topoSet gathers (patchToFace) for a createBaffles that may
    turn boundary faces into baffles (internalFacesOnly false)."""
    baffles, sets = case / "system/createBafflesDict", case / "system/topoSetDict"
    if not baffles.is_file() or not sets.is_file():
        return []
    if (fd.get(baffles.read_text(errors="replace"), ["internalFacesOnly"]) or "false").strip() in ("true", "yes", "on"):
        return []
    actions = [m.group(1) for m in _ACTION.finditer(fd.strip_comments(sets.read_text(errors="replace")))]
    found = [_FACE_PATCH.search(a) for a in actions if re.search(r"\bsource\s+patchToFace\b", a)]
    return [m.group(1) or m.group(2) for m in found if m is not None]


def solver_start_patches(case: Path) -> PatchForecast:
    """The patches the solver will find: the built mesh's when it exists, else the
    blockMeshDict's with what the sequence's createBaffles and createPatch make and take."""
    base = mesh_patches(case, fields=False)
    if (case / "constant/polyMesh/boundary").is_file():
        return PatchForecast(present=base, maybe_gone={})
    commands = sequence_commands(case)
    # steps that run with no fields in 0/: those before a restore marker of a case keeping 0.orig/
    fieldless = set(steps_before_restore(commands)) if (case / "0.orig").is_dir() else set()
    made: dict[str, str] = {}
    filled: dict[str, str] = {}
    gone: list[str] = []
    changer = None
    if "createBaffles" in commands and (case / "system/createBafflesDict").is_file():
        baffles = baffle_patches((case / "system/createBafflesDict").read_text(errors="replace"))
        made.update(baffles)
        filled.update({} if "createBaffles" in fieldless else baffles)
        gone += faces_taken(case)
        changer = "createBaffles"
    if "createPatch" in commands and (case / "system/createPatchDict").is_file():
        created, sources = created_and_sources((case / "system/createPatchDict").read_text(errors="replace"))
        made.update(created)
        filled.update({} if "createPatch" in fieldless else created)
        gone += sources
        changer = changer or "createPatch"
    taken = {p: t for p, t in base.items() if any(fd.key_matches(g, p) or g == p for g in gone) and p not in made}
    present = {p: t for p, t in base.items() if p not in taken} | made
    return PatchForecast(present=present, maybe_gone=taken, made=made, filled=filled, changer=changer)


def unforeseen_changer(case: Path) -> str | None:
    """A step of the case's sequence that changes patches in a way the forecast does not model,
    if any: the forecast's patches are then not final. That is a patch changer of canonical
    physics.yaml (extrudeToRegionMesh, splitMeshRegions, subsetMesh, ...) or a mesh step that
    makes or merges patches (snappyHexMesh, mirrorMesh, ...) other than createBaffles and
    createPatch read from their dictionary, or a createPatch that takes faces from a set (they
    may empty any patch)."""
    if (case / "constant/polyMesh/boundary").is_file():
        return None
    commands = sequence_commands(case)
    modelled = {c for c in ("createBaffles", "createPatch") if (case / f"system/{c}Dict").is_file()}  # dictionary read
    patch_dict = case / "system/createPatchDict"
    if patch_dict.is_file() and _FROM_SET.search(fd.strip_comments(patch_dict.read_text(errors="replace"))):
        modelled.discard("createPatch")
    changers = [*physics().patch_changers, *_MESH_MAKERS]
    return next((c for c in changers if c in commands and c not in modelled), None)

