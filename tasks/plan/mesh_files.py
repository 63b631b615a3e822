"""Which blockMesh dictionary builds the mesh a tutorial's solver runs on: system/blockMeshDict,
the one its Allrun names (`blockMesh -dict system/blockMeshDict.fine`; of several, the one the
request names: "the coarse mesh"), or a region's (system/solid/blockMeshDict). Reads the base's
folder and its Allrun only.
"""

from __future__ import annotations

import re
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam import geometry
from tasks.foam.allrun_inputs import mesh_dictionaries
from tasks.foam.files import find_file
from tasks.foam.includes import expand_text
from tasks.plan.stated import StatedQuantity

BLOCK_MESH_DICT = "system/blockMeshDict"
MESH_ROLES = ("mesh_cells", "mesh_cells_axis", "mesh_cells_each", "cell_size")  # what a mesh change takes


def block_mesh_file(base_dir: Path, text: str = "") -> str:
    """Where the base's blockMeshDict is, relative to the case: the dictionary the tutorial's Allrun
    builds the solver's mesh from (`blockMesh -dict system/blockMeshDict.fine`; of several, the one
    the request names: "the coarse mesh"), else system/blockMeshDict, else the one region folder of
    system/ that holds one (a multi-region case meshed by `blockMesh -region solid`:
    jouleHeatingSolid); system/blockMeshDict when there is none or several."""
    scripted = [rel for rel in mesh_dictionaries(base_dir) if _has(base_dir, rel)]
    if scripted and scripted != [BLOCK_MESH_DICT]:
        return named_dictionary(scripted, text) or scripted[-1]
    if find_file(base_dir / "system", "blockMeshDict") is not None:
        return BLOCK_MESH_DICT
    system = base_dir / "system"
    regions = sorted(d.name for d in system.iterdir() if d.is_dir() and find_file(d, "blockMeshDict") is not None) \
        if system.is_dir() else []
    return f"system/{regions[0]}/blockMeshDict" if len(regions) == 1 else BLOCK_MESH_DICT


def _has(base_dir: Path, rel: str) -> bool:
    return find_file(base_dir / Path(rel).parent, Path(rel).name) is not None


def mesh_label(rel: str) -> str:
    """The word a dictionary's name gives its mesh: `blockMeshDict.fine` -> "fine", else ""."""
    suffix = rel.rsplit("/", 1)[-1].removeprefix("blockMeshDict").lstrip("._-")
    return suffix if re.fullmatch(r"[A-Za-z]\w*", suffix or "") else ""


def label_mentions(text: str, rels: list[str]) -> list[tuple[int, str]]:
    """(where, dictionary) of each mention of a labelled mesh in the text ("the coarse mesh",
    "fine grid", "mesh (fine)", "grid: coarse"), in order."""
    low = text.lower()
    return sorted((m.start(), rel) for rel in rels if mesh_label(rel) for m in re.finditer(
        rf"\b{re.escape(mesh_label(rel).lower())}[\s-]+(?:\w+[\s-]+)?(?:mesh|grid)\b"
        rf"|\b(?:mesh|grid)\s*[:=(-]?\s*{re.escape(mesh_label(rel).lower())}\b", low))


def named_dictionary(rels: list[str], text: str) -> str | None:
    """Of several mesh dictionaries, the one the request names by its label ("the coarse mesh",
    "coarse grid 20 x 20"); None when it names none or more than one."""
    named = {rel for _, rel in label_mentions(text, rels)}
    return named.pop() if len(named) == 1 else None


def labelled_counts(plain: str, rels: list[str], stated: list[StatedQuantity]) -> dict[str, list[StatedQuantity]]:
    """Mesh dictionary -> the stated counts and sizes said of it, when the request names two or more
    of the tutorial's labelled meshes ("coarse mesh 20 x 20 and fine mesh 50 x 50"): each to the
    label said nearest before it (else after it); {} when it names fewer."""
    low = plain.lower()
    said = label_mentions(low, rels)
    if len({rel for _, rel in said}) < 2:
        return {}
    out: dict[str, list[StatedQuantity]] = {}
    for q in stated:
        at = low.find(q.text.lower())
        if q.role not in MESH_ROLES or at < 0:
            continue
        before = [rel for start, rel in said if start <= at]
        out.setdefault(before[-1] if before else said[0][1], []).append(q)
    return out if len(out) >= 2 else {}


def literal_counts(bmd: str) -> str:
    """The blockMeshDict with its `$name` macros read where they are defined (`($nx $ny 1)` ->
    `(40 20 1)`, vertices too) when some block's counts are variables and every block's counts
    are then numbers; else the text as it is."""
    hexes = len(re.findall(r"\bhex\s*\(", fd.strip_comments(bmd)))
    if hexes == 0 or len(geometry.block_cells(bmd)) == hexes:
        return bmd
    expanded = expand_text(fd.strip_comments(bmd))
    return expanded if len(geometry.block_cells(expanded)) == hexes else bmd
