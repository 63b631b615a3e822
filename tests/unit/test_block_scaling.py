"""Block-mesh refinement in tasks/foam/geometry.py: zone-named blocks scaled, commented-out blocks
left as written, the flat axis of a 2-D case (x, y or z) kept at one cell, on synthetic texts and
on real tutorial blockMeshDicts (some meshed natively with blockMesh)."""

from __future__ import annotations

import gzip
import math
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tasks.core.errors import PlanError
from tasks.foam import dictionary as fd
from tasks.foam import geometry as g
from tests.conftest import TUTORIALS

_BOUNDARY_EMPTY = "boundary ( fb { type empty; faces ((0 1 2 3)); } );"
# one cell in z, every face a wall: a 3-D mesh (its default patch a wall, or its z faces listed)
_BOUNDARY_WALL = "defaultPatch { name walls; type wall; }\nboundary ( w { type wall; faces ((0 1 2 3)); } );"
_BOUNDARY_Z_WALLS = "boundary ( w { type wall; faces ((0 3 2 1) (4 5 6 7)); } );"
# damBreak: front and back left to the default patch, which is empty
_BOUNDARY_DEFAULT = "boundary ( w { type wall; faces ((0 1 5 4)); } );"


def _dict(blocks: str, boundary: str = _BOUNDARY_EMPTY) -> str:
    return f"vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) );\nblocks\n(\n{blocks}\n);\n{boundary}\n"


@pytest.mark.parametrize(("blocks", "boundary", "factors", "expected"), [
    # plain block, flat z of a 2-D case kept
    ("hex (0 1 2 3 4 5 6 7) (20 10 1) simpleGrading (1 1 1)", _BOUNDARY_EMPTY, (2, 2, 2), [(40, 20, 1)]),
    # zone-named block scaled (was silently unchanged)
    ("hex (0 1 2 3 4 5 6 7) porosity (20 10 1) simpleGrading (1 1 1)", _BOUNDARY_EMPTY, (2, 2, 2), [(40, 20, 1)]),
    # flat axis x (planarPoiseuille-like): x kept, z refined when it is not flat
    ("hex (0 1 2 3 4 5 6 7) (1 40 8) simpleGrading (1 4 1)", _BOUNDARY_EMPTY, (3, 2, 2), [(1, 80, 16)]),
    # flat axis y
    ("hex (0 1 2 3 4 5 6 7) (10 1 10) simpleGrading (1 1 1)", _BOUNDARY_EMPTY, (2, 2, 2), [(20, 1, 20)]),
    # one cell in z but no empty/wedge patch: a 3-D mesh, z refined
    ("hex (0 1 2 3 4 5 6 7) (10 10 1) simpleGrading (1 1 1)", _BOUNDARY_WALL, (2, 2, 2), [(20, 20, 2)]),
    ("hex (0 1 2 3 4 5 6 7) (10 10 1) simpleGrading (1 1 1)", _BOUNDARY_Z_WALLS, (2, 2, 2), [(20, 20, 2)]),
    # no empty patch named, the front and back faces in the (empty) default patch: 2-D
    ("hex (0 1 2 3 4 5 6 7) (10 10 1) simpleGrading (1 1 1)", _BOUNDARY_DEFAULT, (2, 2, 2), [(20, 20, 1)]),
    # commented-out blocks ignored and left as written
    ("// hex (0 1 2 3 4 5 6 7) (5 5 5) simpleGrading (1 1 1)\nhex (0 1 2 3 4 5 6 7) (10 10 1) simpleGrading (1 1 1)\n"
     "/* hex (0 1 2 3 4 5 6 7) zone (7 7 7) simpleGrading (1 1 1) */", _BOUNDARY_EMPTY, (2, 2, 2), [(20, 20, 1)]),
    # counts on their own line (backwardFacingStep2D layout), two blocks, halving with a floor of one
    ("hex (0 1 2 3 4 5 6 7)\n    (2 65 1)\n simpleGrading (1 1 1)\nhex (0 1 2 3 4 5 6 7) b1 (88 65 1) simpleGrading (1 1 1)",
     _BOUNDARY_EMPTY, (0.5, 0.5, 0.5), [(1, 32, 1), (44, 32, 1)]),
])
def test_scale_block_cells(blocks: str, boundary: str, factors, expected) -> None:
    text = _dict(blocks, boundary)
    out = g.scale_block_cells(text, *factors)
    assert g.block_cells(out) == expected
    # only the counts changed: comments, zone names and gradings are as they were
    assert re.sub(r"\(\s*\d+\s+\d+\s+\d+\s*\)", "()", out) == re.sub(r"\(\s*\d+\s+\d+\s+\d+\s*\)", "()", text)
    assert "// hex (0 1 2 3 4 5 6 7) (5 5 5)" in out or "(5 5 5)" not in text
    assert "zone (7 7 7)" in out or "(7 7 7)" not in text


@pytest.mark.parametrize(("blocks", "flat", "empty"), [
    ("hex (0 1 2 3 4 5 6 7) (20 10 1) simpleGrading (1 1 1)", [2], [2]),
    ("hex (0 1 2 3 4 5 6 7) z0 (1 40 1) simpleGrading (1 1 1)", [0, 2], [0, 2]),
    ("hex (0 1 2 3 4 5 6 7) (1 4 1) simpleGrading (1 1 1) hex (0 1 2 3 4 5 6 7) (3 4 1) simpleGrading (1 1 1)", [2], [2]),
    ("// hex (0 1 2 3 4 5 6 7) (4 4 4) simpleGrading (1 1 1)\n hex (0 1 2 3 4 5 6 7) (4 1 4) simpleGrading (1 1 1)", [1], [1]),
])
def test_flat_axes(blocks: str, flat: list[int], empty: list[int]) -> None:
    assert g.flat_axes(_dict(blocks)) == flat
    assert g.empty_axes(_dict(blocks)) == empty
    assert g.empty_axes(_dict(blocks, _BOUNDARY_WALL)) == []
    assert g.empty_axes(_dict(blocks, _BOUNDARY_DEFAULT)) == empty


def test_scale_refuses_counts_it_cannot_read() -> None:
    with pytest.raises(PlanError, match="not plain numbers"):
        g.scale_block_cells(_dict("hex (0 1 2 3 4 5 6 7) ($nx $ny 1) simpleGrading (1 1 1)"), 2, 2, 2)


@pytest.mark.parametrize(("blocks", "cells", "expected"), [
    ("hex (0 1 2 3 4 5 6 7) (20 10 1) simpleGrading (1 1 1)", [40, 30], [(40, 30, 1)]),
    ("hex (0 1 2 3 4 5 6 7) zone (20 10 1) simpleGrading (1 1 1)", [40, 30, 2], [(40, 30, 2)]),
    ("// hex (0 1 2 3 4 5 6 7) (9 9 9) simpleGrading (1 1 1)\nhex (0 1 2 3 4 5 6 7) (20 10 1) simpleGrading (1 1 1)",
     [5, 6], [(5, 6, 1)]),
])
def test_set_single_block_cells(blocks: str, cells: list[int], expected) -> None:
    out = g.set_single_block_cells(_dict(blocks), cells)
    assert g.block_cells(out) == expected
    assert "(9 9 9)" in out or "(9 9 9)" not in blocks


def test_set_single_block_cells_refuses_several_blocks() -> None:
    with pytest.raises(PlanError, match="found 2"):
        g.set_single_block_cells(_dict("hex (0 1 2 3 4 5 6 7) (2 2 1) simpleGrading (1 1 1)\n"
                                       "hex (0 1 2 3 4 5 6 7) (2 2 1) simpleGrading (1 1 1)"), [4, 4])


# --- real tutorials --------------------------------------------------------------------------

_INCOMP = "incompressible"
_CASES = {
    "cavity": (f"{_INCOMP}/icoFoam/cavity/cavity/system/blockMeshDict", [2]),
    "pitzDaily": (f"{_INCOMP}/simpleFoam/pitzDaily/system/blockMeshDict", [2]),
    "planarPoiseuille": (f"{_INCOMP}/pimpleFoam/laminar/planarPoiseuille/system/blockMeshDict", [0, 2]),
    "damBreak": ("multiphase/interFoam/laminar/damBreak/damBreak/system/blockMeshDict", [2]),
    "angledDuct": (f"{_INCOMP}/porousSimpleFoam/angledDuct/implicit/system/blockMeshDict.m4", []),
    "backwardFacingStep2D": (f"{_INCOMP}/simpleFoam/backwardFacingStep2D/system/blockMeshDict", [2]),
}


def _tutorial_dict(rel: str, case: Path) -> Path:
    """The tutorial's blockMeshDict copied into `case`/system (gunzipped, m4-expanded), with
    cavity's controlDict so that blockMesh can run there."""
    src = TUTORIALS / rel
    text = src.read_text() if src.is_file() else gzip.decompress(Path(f"{src}.gz").read_bytes()).decode()
    system = case / "system"
    system.mkdir(parents=True)
    if rel.endswith(".m4"):
        if shutil.which("m4") is None:
            pytest.skip("m4 is not installed")
        text = subprocess.run(["m4"], input=text, capture_output=True, text=True, check=True, timeout=60).stdout
    (system / "blockMeshDict").write_text(text)
    shutil.copy(TUTORIALS / f"{_INCOMP}/icoFoam/cavity/cavity/system/controlDict", system / "controlDict")
    return system / "blockMeshDict"


@pytest.mark.parametrize("name", list(_CASES))
def test_tutorial_refined_keeps_flat_axes(name: str, tmp_path: Path) -> None:
    rel, flat = _CASES[name]
    if not (TUTORIALS / rel).is_file() and not (TUTORIALS / f"{rel}.gz").is_file():
        pytest.skip(f"tutorial {rel} not installed")
    path = _tutorial_dict(rel, tmp_path)
    text = path.read_text()
    before = g.block_cells(text)
    assert before and g.empty_axes(text) == flat
    out = g.scale_block_cells(text, 2, 2, 2)
    after = g.block_cells(out)
    assert after == [tuple(c if axis in flat else 2 * c for axis, c in enumerate(b)) for b in before]
    assert fd.get(out, ["blocks"]) is not None and fd.get(out, ["vertices"]) is not None
    assert g.block_mesh_patches(out) == g.block_mesh_patches(text)


def _block_mesh_cells(case: Path) -> int:
    env = {**os.environ, "WM_PROJECT_DIR": os.environ.get("WM_PROJECT_DIR", "/usr/share/openfoam")}
    run = subprocess.run(["blockMesh", "-case", str(case)], capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    found = re.search(r"nCells:\s*(\d+)", run.stdout)
    assert found, run.stdout[-2000:]
    return int(found[1])


@pytest.mark.skipif(shutil.which("blockMesh") is None, reason="blockMesh is not installed")
@pytest.mark.parametrize("name", ["cavity", "pitzDaily", "planarPoiseuille", "angledDuct"])
def test_refined_tutorial_meshes_with_block_mesh(name: str, tmp_path: Path) -> None:
    rel, flat = _CASES[name]
    if not (TUTORIALS / rel).is_file() and not (TUTORIALS / f"{rel}.gz").is_file():
        pytest.skip(f"tutorial {rel} not installed")
    path = _tutorial_dict(rel, tmp_path)
    out = g.scale_block_cells(path.read_text(), 2, 2, 2)
    path.write_text(out)
    expected = sum(math.prod(b) for b in g.block_cells(out))
    assert expected == sum(math.prod(b) for b in g.block_cells(path.read_text()))
    assert _block_mesh_cells(tmp_path) == expected == 2 ** (3 - len(flat)) * sum(
        math.prod(b) for b in g.block_cells(_tutorial_dict_text(rel)))


def _tutorial_dict_text(rel: str) -> str:
    src = TUTORIALS / rel
    text = src.read_text() if src.is_file() else gzip.decompress(Path(f"{src}.gz").read_bytes()).decode()
    if rel.endswith(".m4"):
        text = subprocess.run(["m4"], input=text, capture_output=True, text=True, check=True, timeout=60).stdout
    return text


@pytest.mark.parametrize(("name", "totals"), [("pitzDaily", [18 + 180 + 25, 30 + 27, 1]), ("cavity", [20, 20, 1])])
def test_axis_totals_of_tutorials(name: str, totals: list[int], tmp_path: Path) -> None:
    rel, _ = _CASES[name]
    assert g.axis_totals(_tutorial_dict(rel, tmp_path).read_text()) == totals


# --- casedir.mesh_patches: a case with neither polyMesh/boundary nor blockMeshDict ----------------

from tasks.foam.casedir import field_patches, mesh_patches  # noqa: E402

_FIELD = """FoamFile {{ version 2.0; format ascii; class volScalarField; object {name}; }}
dimensions [0 2 -2 0 0 0 0];
internalField uniform 0;
boundaryField
{{
{body}
}}
"""


def _case_with_fields(root: Path, folder: str, fields: dict[str, str]) -> Path:
    (root / "system").mkdir(parents=True, exist_ok=True)
    (root / folder).mkdir(parents=True, exist_ok=True)
    for name, body in fields.items():
        (root / folder / name).write_text(_FIELD.format(name=name, body=body))
    return root


@pytest.mark.parametrize(("folder", "fields", "expected"), [
    ("0", {"p": "inlet { type zeroGradient; } outlet { type fixedValue; value uniform 0; } "
                "sides { type empty; } wall1 { type zeroGradient; }",
           "U": "inlet { type fixedValue; value uniform (1 0 0); } outlet { type zeroGradient; } "
                "sides { type empty; } wall1 { type noSlip; }"},
     {"inlet": "patch", "outlet": "patch", "sides": "empty", "wall1": "patch"}),
    ("0.orig", {"p": "axis { type symmetryPlane; } front { type wedge; } back { type wedge; } "
                     "left { type cyclicAMI; } sym { type symmetry; } out { type totalPressure; p0 uniform 0; }"},
     {"axis": "symmetryPlane", "front": "wedge", "back": "wedge", "left": "cyclicAMI", "sym": "symmetry", "out": "patch"}),
    # regular-expression and group keys and #include lines name no patch
    ("0", {"p": '#includeEtc "caseDicts/setConstraintTypes"\n"(inlet|outlet)" { type zeroGradient; } '
                '".*" { type zeroGradient; } "wall.*" { type zeroGradient; } top { type calculated; }'},
     {"top": "patch"}),
    ("0", {}, {}),
])
def test_casedir_mesh_patches_from_fields(tmp_path: Path, folder: str, fields: dict[str, str], expected) -> None:
    case = _case_with_fields(tmp_path, folder, fields)
    assert mesh_patches(case) == expected
    assert field_patches(case) == expected
    assert mesh_patches(case, fields=False) == {}


def test_casedir_mesh_patches_prefers_the_block_mesh_dict(tmp_path: Path) -> None:
    case = _case_with_fields(tmp_path, "0", {"p": "lid { type zeroGradient; } other { type zeroGradient; }"})
    (case / "system/blockMeshDict").write_text(_dict("hex (0 1 2 3 4 5 6 7) (2 2 1) simpleGrading (1 1 1)"))
    assert mesh_patches(case) == {"fb": "empty"}


def test_casedir_mesh_patches_of_the_elbow_tutorial() -> None:
    elbow = TUTORIALS / "incompressible/icoFoam/elbow"
    if not (elbow / "0/U").is_file():
        pytest.skip("elbow tutorial not installed")
    assert not (elbow / "constant/polyMesh/boundary").exists() and not (elbow / "system/blockMeshDict").exists()
    assert mesh_patches(elbow) == {"wall-4": "patch", "velocity-inlet-5": "patch", "velocity-inlet-6": "patch",
                                   "pressure-outlet-7": "patch", "wall-8": "patch", "frontAndBackPlanes": "empty"}


# --- request.final_model ---------------------------------------------------------------------------

from tasks.plan.request import final_model  # noqa: E402


@pytest.mark.parametrize(("text", "families", "model"), [
    # a model named as the target
    ("swap kEpsilon for kOmegaSST", None, "kOmegaSST"),
    ("swap out the k-epsilon model for k-omega SST on the step", None, "kOmegaSST"),
    ("trade Smagorinsky for WALE", None, "WALE"),
    ("exchange kOmega for realizable k-epsilon", None, "realizableKE"),
    ("replace kEpsilon with realizableKE", None, "realizableKE"),
    ("replace k-epsilon with k-omega SST", None, "kOmegaSST"),
    ("kEpsilon -> kOmegaSST", None, "kOmegaSST"),
    ("turbulence model: k-epsilon → Spalart-Allmaras, 2000 iterations", None, "SpalartAllmaras"),
    ("kOmegaSST => laminar", None, "laminar"),
    ("switch from kEpsilon to realizableKE", None, "realizableKE"),
    ("use kOmegaSST instead of kEpsilon", None, "kOmegaSST"),
    ("an LES with WALE rather than Smagorinsky", None, "WALE"),
    ("make it laminar", None, "laminar"),
    ("kEpsilon for the step", None, "kEpsilon"),
    # a family named as the target: its usual model, only when families are asked for
    ("use RANS instead of LES", True, "kOmegaSST"),
    ("run it with RANS rather than LES", True, "kOmegaSST"),
    ("switch to LES", True, "Smagorinsky"),
    ("switch from LES to RANS", True, "kOmegaSST"),
    ("replace the LES model with RANS", True, "kOmegaSST"),
    ("go back to large eddy simulation", True, "Smagorinsky"),
    ("change the velocity to 5 m/s and switch to LES", True, "Smagorinsky"),
    ("LES -> RANS", True, "kOmegaSST"),
    ("use RANS instead of LES", False, None),
    ("switch to LES", False, None),
    # a family mentioned, not asked for
    ("an LES of the channel at Re_tau 395", True, None),
    ("flow over a cylinder, no turbulence words", True, None),
])
def test_request_final_model(text: str, families: bool | None, model: str | None) -> None:
    if families is None:
        assert final_model(text) == final_model(text, families=False) == model
    else:
        assert final_model(text, families=families) == model
