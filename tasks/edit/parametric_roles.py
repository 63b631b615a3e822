"""Patch roles a request changes on a generated shape, and where its inflows go.

The shape library gives each opening a default role (a T-junction: inlet on the left, outlets
at the right end and at the top of the branch). A request may feed the flow through an opening
the library made an outlet ("the branch is a second inlet", "a second stream enters through the
branch", "fed at 2 cm/s through the side branch"): that opening becomes an inlet, renamed so
(`branchOutlet` -> `branchInlet`), and each stated inflow speed is placed on the inlet its own
words name, entering along the inward normal of that patch. A top or bottom wall the request
makes a symmetry plane or a slip wall ("the top boundary is a symmetry plane") becomes a
symmetryPlane patch.

Pure functions over text, `PatchInfo`s and blockMeshDict text; `feed_openings` and `mirror_sides` apply
them to a scratch case (its blockMeshDict and the MeshBuild's patches).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.geometry.models import MeshBuild, PatchInfo
from tasks.plan.bind_inlet_normals import patch_inward_normal
from tasks.plan.stated import StatedQuantity

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_INFLOW = (r"inlets?|inflows?|enters?|entering|fed|feeds?|feeding|supplied|supply|supplies|supplying|injected|injects?|"
           r"injecting|comes?\s+in|"
           r"coming\s+in|flows?\s+in(?:to)?|into")
_JOINS = r"\band\b|\bwhile\b|\bwhereas\b|\bbut\b"
_OUTFLOW = r"outlets?|outflows?|leaves?|leaving|exits?|exiting|discharges?|out\s+of"
# the words that name each opening of a shape, by the patch's name (lower case, without in/outlet)
_OPENING_WORDS = {"branch": r"branch(?:es)?|side\s+(?:branch|arm|inlet|channel|pipe)|tee|second\s+(?:inlet|stream)|"
                            r"(?:top|upper|vertical)\s+(?:branch|arm|channel)",
                  "": r"main(?:\s+(?:inlet|channel|pipe|duct|stream))?|left|first\s+(?:inlet|stream)|primary"}


@dataclass(frozen=True)
class Inflow:
    quantity: StatedQuantity
    patch: str


def _opening_key(name: str) -> str:
    return re.sub(r"(?i)(inlet|outlet)$", "", name).lower()


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"[;\n]|\.(?=\s|$)", text.lower()) if s.strip()]


_MERGING = re.compile(r"\b(?:combining|merging|converging|confluence|(?:streams?|flows?)\s+(?:merge|merging|combine|"
                      r"combining|meet|meeting|join|joining)|mixing\s+(?:tee|t-junction|junction))\b")
_DIVIDING = re.compile(r"\b(?:dividing|splitting|diverging|branching\s+off|splits?)\b")


def merging_said(text: str) -> bool:
    """The request calls the junction a combining one ("combining tee", "merging T-junction", "two
    streams merge", "mixing tee") and never a dividing one: its branch feeds flow in."""
    low = text.lower()
    return bool(_MERGING.search(low)) and not _DIVIDING.search(low)


def inflow_openings(text: str, patches: list[PatchInfo]) -> list[str]:
    """The outlet patches the request feeds flow through: a sentence naming the opening (by its
    words, e.g. "branch") with inflow words and no outflow words of its own ("the branch is a
    second inlet", "a second stream enters through the branch")."""
    out = []
    for p in patches:
        if p.role != "outlet":
            continue
        key = _opening_key(p.name)
        words = _OPENING_WORDS.get(key)
        if not key or words is None:
            continue
        main = _OPENING_WORDS[""]
        if key == "branch" and (merging_said(text) or _DIVIDING.search(text.lower())):
            if merging_said(text):  # "combining tee"; a dividing one ("the flow splits into the branch") feeds none
                out.append(p.name)
            continue
        for sentence in _sentences(text):
            listed = re.search(r"\binlets?\s*:", sentence)  # "inlets: main at x = 0 ..., branch at y = -4 in ..."
            if listed and any(re.search(rf"\b(?:{words})\b", c) and not re.search(rf"\b(?:{_OUTFLOW})\b", c)
                              for c in re.split(r",|\band\b", sentence[listed.end():])):
                out.append(p.name)
                break
            clauses = [c for c in re.split(r",|\band\b|\bwhile\b|\bwhereas\b", sentence) if c.strip()] + [""]
            for clause, then in zip(clauses, clauses[1:]):
                if not re.search(rf"\b(?:{words})\b", clause) or re.search(rf"\b(?:{_OUTFLOW})\b", clause):
                    continue
                # "the branch is a second inlet"; "a side branch ... and feeding 2 cm/s into it" (the next clause
                # feeds without naming an opening of its own: not "and the main inlet 1 m/s")
                if re.search(rf"\b(?:{_INFLOW})\b", clause) or (
                        re.search(rf"\b(?:{_INFLOW})\b", then) and
                        not re.search(rf"\b(?:{_OUTFLOW}|inlets?)\b|\b(?:{main})\s+inlet", then)):
                    out.append(p.name)
                    break
            if p.name in out:
                break
    return out


def inlet_name(name: str) -> str:
    """The name an outlet patch takes when it becomes an inlet (branchOutlet -> branchInlet)."""
    renamed = re.sub(r"Outlet$", "Inlet", name)
    return renamed if renamed != name else f"{name}Inlet"


def rename_patch(block_mesh_dict: str, old: str, new: str) -> str:
    """A blockMeshDict with the boundary patch `old` named `new`."""
    pattern = re.compile(rf"(?m)^(\s*){re.escape(old)}(\s*\n?\s*\{{)")
    if not pattern.search(block_mesh_dict):
        raise ValueError(f"the blockMeshDict has no patch {old!r} to rename")
    return pattern.sub(rf"\g<1>{new}\g<2>", block_mesh_dict, count=1)


def inward_normal(block_mesh_dict: str, patch: str) -> tuple[float, float, float]:
    """The unit normal pointing into the domain of a blockMeshDict patch (its first face: the
    vertex order of a boundary face makes its normal point out of the block)."""
    text = fd.strip_comments(block_mesh_dict)
    points = [tuple(float(x) for x in m) for m in
              re.findall(rf"\(\s*({_NUM})\s+({_NUM})\s+({_NUM})\s*\)", fd.get(text, ["vertices"]) or "")]
    body = fd.get(text, ["boundary", patch, "faces"])
    if body is None:
        m = re.search(rf"\b{re.escape(patch)}\s*\{{[^{{}}]*?faces\s*\(\s*\(([\d\s]+)\)", text)
        ids = [int(i) for i in m.group(1).split()] if m else []
    else:
        m = re.search(r"\(([\d\s]+)\)", body)
        ids = [int(i) for i in m.group(1).split()] if m else []
    if len(ids) < 3 or max(ids) >= len(points):
        raise ValueError(f"cannot read the faces of patch {patch!r} from the blockMeshDict")
    a, b, c = (points[i] for i in ids[:3])
    u = [b[k] - a[k] for k in range(3)]
    v = [c[k] - b[k] for k in range(3)]
    n = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
    size = sum(x * x for x in n) ** 0.5
    if size == 0:
        raise ValueError(f"the first face of patch {patch!r} is degenerate")
    return tuple(-x / size + 0.0 for x in n)  # type: ignore[return-value]


def place_inflows(text: str, stated: list[StatedQuantity], inlets: list[str]) -> list[Inflow]:
    """Each stated inlet speed on the inlet its own words name (the words since the previous
    speed, in its sentence, nearest last); with two inlets and one speed unnamed, it goes to the
    inlet the others left. Empty with fewer than two inlets."""
    speeds = [q for q in stated if q.role == "inlet_velocity"]
    if len(inlets) < 2 or not speeds:
        return []
    words = {n: _OPENING_WORDS.get(_opening_key(n)) or re.escape(_opening_key(n)) for n in inlets}
    low = text.lower()
    start = 0
    placed: dict[int, str] = {}
    for i, q in enumerate(speeds):
        at = low.find(q.text.lower(), start)
        at = at if at >= 0 else low.find(q.text.lower())
        before = low[start:at] if at >= start else low[:max(at, 0)]
        stops = list(re.finditer(r"[;\n]|\.(?=\s|$)", before))
        before = before[stops[-1].end():] if stops else before
        after = re.split(rf"[;,\n]|\.(?=\s|$)|{_JOINS}", low[at + len(q.text):])[0] if at >= 0 else ""
        start = at + len(q.text) if at >= 0 else start
        own = re.split(rf",|{_JOINS}", before)[-1]  # "... 1 m/s into the main duct and 2 m/s up the branch"
        hits = [(m.end(), n) for n, w in words.items() for m in re.finditer(rf"\b(?:{w})\b", own)]
        hits += [(len(before) + 1000 - m.start(), n) for n, w in words.items()
                 for m in re.finditer(rf"\b(?:{w})\b", after)] if not hits else []
        hits += [(m.end(), n) for n, w in words.items() for m in re.finditer(rf"\b(?:{w})\b", before)] \
            if not hits else []
        if hits:
            placed[i] = max(hits)[1]
    free = [n for n in inlets if n not in placed.values()]
    for i, _ in enumerate(speeds):
        if i not in placed and len(free) == 1:
            placed[i] = free.pop()
    return [Inflow(speeds[i], n) for i, n in sorted(placed.items())]


def aim_inlets(scratch: Path, inlets: list[str], speed: float) -> list[str]:
    """Each of these inlets of a blockMesh shape held along the shape's flow direction (the field
    writer's default) set along its own inward normal at `speed` instead (a side branch fed with no
    speed of its own faces y, not x); the patches changed."""
    bmd, u = scratch / "system/blockMeshDict", scratch / "0/U"
    if not bmd.is_file() or not u.is_file():
        return []
    mesh, text = bmd.read_text(), u.read_text()
    aimed = []
    for name in inlets:
        inward = patch_inward_normal(mesh, name)
        old = fd.get(text, ["boundaryField", name, "value"])
        if inward is None or old is None or not re.search(r"\(", old):
            continue
        value = "uniform (" + " ".join(f"{speed * c + 0.0:.6g}" for c in inward) + ")"
        if " ".join(old.split()) != value:
            text = fd.set_entry(text, ["boundaryField", name, "value"], value)
            aimed.append(name)
    u.write_text(text)
    return aimed


# --- sides the request makes symmetry planes -------------------------------------------------------

_SYMMETRY = r"symmetry(?:\s+plane)?|symmetric(?:al)?\s+(?:boundary|plane|condition)|free[\s-]*slip|" \
            r"(?<![\w-])(?<!no\s)slip|frictionless|shear[\s-]*free|inviscid\s+wall"
_SIDE_OF = {"top": r"top|upper|ceiling|lid", "bottom": r"bottom|lower|floor|base"}


def symmetry_sides(text: str, patches: list[PatchInfo]) -> list[str]:
    """The wall patches on a side (role top or bottom) that the request makes a symmetry plane or a
    slip wall ("the top boundary is a symmetry plane", "free-slip upper wall", "top: symmetry"): the
    side's words and symmetry words in one clause, no words of the other side between them."""
    out = []
    for p in patches:
        if p.role not in _SIDE_OF or p.type != "wall":
            continue
        side = _SIDE_OF[p.role]
        for sentence in _sentences(text):
            for clause in re.split(r",|\band\b(?!\s+bottom|\s+top)|\bwhile\b|\bbut\b", sentence):
                if re.search(rf"\b(?:{side})\b", clause) and re.search(rf"\b(?:{_SYMMETRY})\b", clause) and \
                        not re.search(r"\b(?:about|around|along)\s+(?:the\s+)?(?:y|x|axis|centre|center)", clause):
                    out.append(p.name)
                    break
            if p.name in out:
                break
    return out


def set_patch_type(block_mesh_dict: str, patch: str, new_type: str) -> str:
    """A blockMeshDict with the boundary patch `patch` of type `new_type`."""
    pattern = re.compile(rf"(?ms)^(\s*{re.escape(patch)}\s*\{{\s*type\s+)\w+(\s*;)")
    if not pattern.search(block_mesh_dict):
        raise ValueError(f"the blockMeshDict has no patch {patch!r} with a type to set")
    return pattern.sub(rf"\g<1>{new_type}\g<2>", block_mesh_dict, count=1)


# --- the writers: a scratch case's blockMeshDict and patch list ---------------------------------------

def feed_openings(text: str, scratch: Path, build: MeshBuild) -> list[str]:
    """The openings of a blockMesh shape the request feeds flow through (a T-junction's branch):
    renamed as inlets in the blockMeshDict and in `build.patches` (role inlet); their new names."""
    bmd = scratch / "system/blockMeshDict"
    openings = inflow_openings(text, build.patches) if build.generator == "blockMesh" and bmd.is_file() else []
    if not openings:
        return []
    dictionary = bmd.read_text()
    names = []
    for old in openings:
        new = inlet_name(old)
        dictionary = rename_patch(dictionary, old, new)
        build.patches = [p.model_copy(update={"name": new, "role": "inlet"}) if p.name == old else p
                         for p in build.patches]
        names.append(new)
    bmd.write_text(dictionary)
    return names


def mirror_sides(text: str, scratch: Path, build: MeshBuild) -> list[str]:
    """The top or bottom walls of a blockMesh shape the request makes symmetry planes or slip walls:
    symmetryPlane in the blockMeshDict and in `build.patches` (role symmetry); their names."""
    bmd = scratch / "system/blockMeshDict"
    sides = symmetry_sides(text, build.patches) if build.generator == "blockMesh" and bmd.is_file() else []
    if not sides:
        return []
    dictionary = bmd.read_text()
    for name in sides:
        dictionary = set_patch_type(dictionary, name, "symmetryPlane")
    bmd.write_text(dictionary)
    build.patches = [p.model_copy(update={"type": "symmetryPlane", "role": "symmetry"}) if p.name in sides else p
                     for p in build.patches]
    return sides
