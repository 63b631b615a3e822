"""Patch rules for meshing dictionaries: blockMeshDict vertices and block syntax, and
snappyHexMesh quality gates that are stricter than OpenFOAM's own defaults."""

from __future__ import annotations

import re

import numpy as np

from tasks.foam import dictionary as fd
from tasks.foam.defaults import defaults
from tasks.review.case import CaseView, first_number
from tasks.review.edits import patch
from tasks.review.models import Patch, Problem

# Corner k of a hex block sits at these local coordinates (OpenFOAM's vertex ordering).
HEX_CORNERS = ((0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0), (0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1))
_VERTEX = re.compile(r"\(\s*([-+0-9.eE]+)\s+([-+0-9.eE]+)\s+([-+0-9.eE]+)\s*\)")
_HEX = re.compile(r"hex\s*\(([^)]*)\)")
RELAXED_MAX_NON_ORTHO = 75.0


def _corner(known: dict[int, tuple[float, float, float]], corner: int) -> tuple[float, ...] | None:
    """Position of hex corner `corner` from the known corners of the same block, assuming
    the block is a parallelepiped (a box, possibly sheared): P = P0 + i*ex + j*ey + k*ez."""
    if len(known) < 4:
        return None
    rows = np.array([[1.0, *HEX_CORNERS[c]] for c in known])
    points = np.array([known[c] for c in known])
    if np.linalg.matrix_rank(rows) < 4:
        return None
    coeffs, *_ = np.linalg.lstsq(rows, points, rcond=None)
    return tuple(float(x) for x in np.array([1.0, *HEX_CORNERS[corner]]) @ coeffs)


def _fmt(x: float) -> str:
    """A coordinate as written in a blockMeshDict; a least-squares -1e-17 is 0, never "-0"."""
    return f"{round(x, 9) + 0.0:.6g}"


def restore_block_vertices(problem: Problem, view: CaseView) -> Patch | None:
    """Blocks refer to vertex labels past the end of `vertices`: rebuild the missing corners
    of each hex from its other corners and append them in label order."""
    rel = problem.file or "system/blockMeshDict"
    text = view.text(rel)
    node = fd.find(text, ["vertices"]) if text else None
    blocks = fd.find(text, ["blocks"]) if text else None
    if text is None or node is None or blocks is None or node.kind != "value":
        return None
    body = fd.strip_comments(text[node.value_start : node.value_end])
    vertices = [tuple(float(x) for x in m.groups()) for m in _VERTEX.finditer(body)]
    hexes = [[int(x) for x in m[1].split()] for m in _HEX.finditer(fd.strip_comments(text[blocks.value_start : blocks.value_end]))]
    wanted = sorted({label for h in hexes for label in h if label >= len(vertices)})
    if not wanted or wanted != list(range(len(vertices), wanted[-1] + 1)):
        return None
    points: dict[int, tuple[float, ...]] = dict(enumerate(vertices))
    for label in wanted:
        for h in hexes:
            if label not in h or len(h) != 8:
                continue
            known = {k: points[v] for k, v in enumerate(h) if v in points}
            found = _corner(known, h.index(label))  # type: ignore[arg-type]
            if found is not None:
                points[label] = found
                break
        else:
            return None
    raw = text[node.value_start : node.value_end]
    close = node.value_start + raw.rfind(")")
    line_start = text.rfind("\n", 0, close) + 1
    last = list(_VERTEX.finditer(text, node.value_start, close))
    indent = re.match(r"[ \t]*", text[text.rfind("\n", 0, last[-1].start()) + 1 :]).group() if last else "    "  # type: ignore[union-attr]
    lines = "".join(f"{indent}({' '.join(_fmt(c) for c in points[label])})\n" for label in wanted)
    if text[line_start:close].strip():  # `... (0 1 0.1) );` on one line
        new = text[:close] + "\n" + lines + text[close:]
    else:
        new = text[:line_start] + lines + text[line_start:]
    added = ", ".join(f"{label}: ({' '.join(_fmt(c) for c in points[label])})" for label in wanted)
    return patch(f"rebuilt missing blockMeshDict vertices from the hex corners ({added})", {rel: new}, view)


def fix_block_syntax(problem: Problem, view: CaseView) -> Patch | None:
    """`hex (0 1 2 3 4 5 6 7) (20, 20, 1)` or `(20 20)`: no commas, three cell counts."""
    rel = problem.file or "system/blockMeshDict"
    text = view.text(rel)
    node = fd.find(text, ["blocks"]) if text else None
    if text is None or node is None:
        return None
    original = text[node.value_start : node.value_end]
    # commas inside one-line lists: `(20, 20, 1)` -> `(20 20 1)`
    segment = re.sub(r"\(([^()\n]*,[^()\n]*)\)", lambda m: "(" + " ".join(m[1].replace(",", " ").split()) + ")",
                     original)

    def cells(m: re.Match[str]) -> str:
        counts = m[3].split()
        if len(counts) == 2 and all(c.isdigit() for c in counts):
            counts.append("1")
        return f"{m[1]}{m[2] or ''}({' '.join(counts)})"

    segment = re.sub(r"(hex\s*\([^)]*\)\s*)([A-Za-z_]\w*\s*)?\(([^()]*)\)", cells, segment)
    if segment == original:
        return None
    new = text[: node.value_start] + segment + text[node.value_end :]
    return patch(f"fixed the block syntax in {rel} (no commas, three cell counts)", {rel: new}, view)


def _stricter(have: float, want: float, sense: str) -> bool:
    return (sense == "max" and have < want) or (sense == "min" and have > want)


def _relax(text: str, base: list[str]) -> tuple[str, list[str]]:
    changed: list[str] = []
    for key, gate in defaults().mesh_quality.items():
        have = first_number(fd.get(text, base + [key]))
        if have is not None and _stricter(have, float(gate.value), gate.sense):
            text = fd.set_entry(text, base + [key], gate.value)
            changed.append(f"{key} {have:g} -> {gate.value}")
    relaxed = first_number(fd.get(text, base + ["relaxed", "maxNonOrtho"]))
    if relaxed is not None and relaxed < RELAXED_MAX_NON_ORTHO:
        text = fd.set_entry(text, base + ["relaxed", "maxNonOrtho"], f"{RELAXED_MAX_NON_ORTHO:g}")
        changed.append(f"relaxed/maxNonOrtho {relaxed:g} -> {RELAXED_MAX_NON_ORTHO:g}")
    return text, changed


def relax_mesh_quality(problem: Problem, view: CaseView) -> Patch | None:
    """Quality gates stricter than v1912's meshQualityDict.cfg are set to its values, in
    system/meshQualityDict and in snappyHexMeshDict's meshQualityControls."""
    changes: dict[str, str] = {}
    notes: list[str] = []
    for rel, base in (("system/meshQualityDict", []), ("system/snappyHexMeshDict", ["meshQualityControls"])):
        text = view.text(rel)
        if text is None:
            continue
        new, changed = _relax(text, base)
        if changed:
            changes[rel] = new
            notes.append(f"{rel}: " + ", ".join(changed))
    return patch("relaxed mesh-quality gates to the canonical values (" + "; ".join(notes) + ")",
                 changes, view) if changes else None
