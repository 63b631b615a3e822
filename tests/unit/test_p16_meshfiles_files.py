"""Cell counts land in the blockMesh dictionary the tutorial's Allrun builds the solver's mesh
from (`blockMesh -dict system/blockMeshDict.fine`), on the mesh the request names when there are
several ("the coarse mesh 20 x 20"), each count on its own mesh when it names two."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.foam import geometry
from tasks.foam.allrun_inputs import mesh_dictionaries, solver_mesh_dictionary
from tasks.foam.files import find_file, read_text
from tasks.plan.controls_mesh import mesh_words, resolved_block_cells
from tasks.plan.mesh_files import block_mesh_file, mesh_label, named_dictionary
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
MAPPING = TUTORIALS / "incompressible/icoFoam/cavityMappingTest"
CAVITY = TUTORIALS / "incompressible/icoFoam/cavity/cavity"

BLOCKS = """vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1));
blocks (hex (0 1 2 3 4 5 6 7) ({n} {n} 1) simpleGrading (1 1 1));
boundary (frontAndBack {{ type empty; faces ((0 3 2 1) (4 5 6 7)); }});
"""


def _case(tmp_path: Path, script: str, dicts: dict[str, int]) -> Path:
    case = tmp_path / "case"
    (case / "system").mkdir(parents=True)
    (case / "Allrun").write_text(script)
    for name, n in dicts.items():
        (case / "system" / name).write_text(BLOCKS.format(n=n))
    return case


MAPPING_SCRIPT = """#!/bin/sh
runApplication -s coarseMesh blockMesh -dict system/blockMeshDict.coarse
mkdir constant/coarseMesh
mv constant/polyMesh constant/coarseMesh
runApplication -s fine blockMesh -dict system/blockMeshDict.fine
runApplication $(getApplication)
"""


@pytest.mark.parametrize("script, expected", [
    (MAPPING_SCRIPT, ["system/blockMeshDict.coarse", "system/blockMeshDict.fine"]),
    # the mesh built first is the one moved aside: the solver's comes last
    ("blockMesh -dict system/blockMeshDict.fine\nmv constant/polyMesh constant/fineMesh\n"
     "blockMesh -dict system/blockMeshDict.coarse > log.blockMesh\n",
     ["system/blockMeshDict.fine", "system/blockMeshDict.coarse"]),
    ("runApplication blockMesh\nrunApplication simpleFoam\n", ["system/blockMeshDict"]),
    ("# blockMesh -dict system/blockMeshDict.old\nrunApplication blockMesh -dict ./system/meshDict\n", ["system/meshDict"]),
    ("(cd ../other && blockMesh -case ../other)\n", []),
])
def test_mesh_dictionaries_follow_the_allrun(tmp_path: Path, script: str, expected: list[str]) -> None:
    case = _case(tmp_path, script, {})
    assert mesh_dictionaries(case) == expected
    assert solver_mesh_dictionary(case) == (expected[-1] if expected else None)


@pytest.mark.parametrize("rel, label", [
    ("system/blockMeshDict.fine", "fine"), ("system/blockMeshDict.coarse", "coarse"),
    ("system/blockMeshDict", ""), ("system/blockMeshDict.m4", "m4"),
])
def test_mesh_label(rel: str, label: str) -> None:
    assert mesh_label(rel) == label


@pytest.mark.parametrize("text, expected", [
    ("the coarse mesh at 20 x 20", "system/blockMeshDict.coarse"),
    ("fine grid of 50 by 50", "system/blockMeshDict.fine"),
    ("a coarse-level mesh, 16 x 16", "system/blockMeshDict.coarse"),
    ("50 x 50 cells", None),
    ("coarse mesh 20 x 20 and fine mesh 50 x 50", None),  # both: each count to its own (mesh_words)
])
def test_named_dictionary(text: str, expected: str | None) -> None:
    assert named_dictionary(["system/blockMeshDict.coarse", "system/blockMeshDict.fine"], text) == expected


def test_block_mesh_file_reads_the_allrun(tmp_path: Path) -> None:
    case = _case(tmp_path, MAPPING_SCRIPT, {"blockMeshDict.coarse": 10, "blockMeshDict.fine": 40})
    assert block_mesh_file(case) == "system/blockMeshDict.fine"
    assert block_mesh_file(case, "only the coarse mesh changes: 12 x 12") == "system/blockMeshDict.coarse"


def _counts(change, rel: str) -> list[tuple[int, int, int]]:
    edit = next(e for e in change.edits if e.entry == ["blocks"] and e.file == rel)
    return geometry.block_cells(f"blocks {edit.value};")


# terse, verbose, other word order / non-native: the fine mesh (the solver's) unless the coarse is named
@pytest.mark.parametrize("text, rel, expected", [
    ("cavityMappingTest, fine mesh 50 x 50", "system/blockMeshDict.fine", (50, 50, 1)),
    ("I would like to run the cavity mapping test with icoFoam on a fine mesh of 64 by 64 cells please",
     "system/blockMeshDict.fine", (64, 64, 1)),
    ("mesh 30x30 for cavityMappingTest", "system/blockMeshDict.fine", (30, 30, 1)),
    ("cavityMappingTest with the coarse grid made 16 by 16", "system/blockMeshDict.coarse", (16, 16, 1)),
    ("cavityMappingTest, 80 cells along x", "system/blockMeshDict.fine", (80, 40, 1)),
    ("cavityMappingTest, 32 cells per side", "system/blockMeshDict.fine", (32, 32, 1)),
    ("coarse mesh with 12 cells in each direction", "system/blockMeshDict.coarse", (12, 12, 1)),
])
def test_counts_on_the_allruns_mesh(tmp_path: Path, text: str, rel: str, expected: tuple[int, int, int]) -> None:
    case = _case(tmp_path, MAPPING_SCRIPT, {"blockMeshDict.coarse": 10, "blockMeshDict.fine": 40})
    change = mesh_words(case, None, text, read_stated(text))
    assert not change.not_applied, change.not_applied
    assert _counts(change, rel) == [expected]
    assert all(e.file == rel for e in change.edits)
    assert all(rel in b.how for b in change.bindings)  # the binding says which mesh


@pytest.mark.parametrize("text, coarse, fine", [
    ("cavityMappingTest: coarse mesh 20 x 20 and fine mesh 60 x 60", (20, 20, 1), (60, 60, 1)),
    ("fine grid 100x100, coarse grid 25x25, icoFoam", (25, 25, 1), (100, 100, 1)),
    ("cavityMappingTest icoFoam; mesh coarse 8x8 ; mesh fine 48x48", (8, 8, 1), (48, 48, 1)),
])
def test_each_count_on_the_mesh_it_names(tmp_path: Path, text: str, coarse, fine) -> None:
    case = _case(tmp_path, MAPPING_SCRIPT, {"blockMeshDict.coarse": 10, "blockMeshDict.fine": 40})
    change = mesh_words(case, None, text, read_stated(text))
    assert not change.not_applied
    assert _counts(change, "system/blockMeshDict.coarse") == [coarse]
    assert _counts(change, "system/blockMeshDict.fine") == [fine]


@pytest.mark.skipif(not MAPPING.is_dir(), reason="OpenFOAM tutorials not installed")
def test_installed_mapping_test_binds_the_fine_mesh() -> None:
    text = "icoFoam cavityMappingTest with a fine mesh of 50 x 50"
    change = mesh_words(MAPPING, None, text, read_stated(text))
    assert not change.not_applied
    assert _counts(change, "system/blockMeshDict.fine") == [(50, 50, 1)]
    assert any("blockMeshDict.coarse left as in the tutorial" in a for a in change.assumptions)


@pytest.mark.skipif(not CAVITY.is_dir(), reason="OpenFOAM tutorials not installed")
def test_plain_blockmesh_case_is_unchanged() -> None:
    assert block_mesh_file(CAVITY) == "system/blockMeshDict"
    assert mesh_words(CAVITY, None, "cavity 20 x 20", read_stated("cavity 20 x 20")).edits == []  # the binder's


VARIABLE_BLOCKS = """nx 20; ny 10;
vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 .1) (1 0 .1) (1 1 .1) (0 1 .1) (2 0 0) (2 1 0) (2 0 .1) (2 1 .1));
blocks (
 hex (0 1 2 3 4 5 6 7) ($nx $ny 1) simpleGrading (1 1 1)
 hex (1 8 9 2 5 10 11 6) ($nx $ny 1) simpleGrading (1 1 1)
);
boundary ( fb { type empty; faces ((0 3 2 1) (4 5 6 7) (1 2 9 8) (5 10 11 6)); } );
"""


@pytest.mark.parametrize("text, expected", [
    ("80 x 30 cells", [(40, 30, 1), (40, 30, 1)]),  # totals across the two blocks, each in proportion
    ("a grid of 100 cells along x", [(50, 10, 1), (50, 10, 1)]),
    ("cells of 25 mm everywhere", [(40, 40, 1), (40, 40, 1)]),
])
def test_counts_on_blocks_whose_counts_are_variables(tmp_path: Path, text: str, expected) -> None:
    (tmp_path / "system").mkdir()
    (tmp_path / "system/blockMeshDict").write_text(VARIABLE_BLOCKS)
    change = mesh_words(tmp_path, None, text, read_stated(text))
    assert not change.not_applied
    written = VARIABLE_BLOCKS  # the counts are written where the blocks' variables are defined (nx, ny)
    for edit in change.edits:
        written = fd.set_entry(written, edit.entry, edit.value)
    assert "$nx $ny 1" in written and resolved_block_cells(written) == expected


def test_refinement_still_scales_the_variables(tmp_path: Path) -> None:
    (tmp_path / "system").mkdir()
    (tmp_path / "system/blockMeshDict").write_text(VARIABLE_BLOCKS)
    change = mesh_words(tmp_path, None, "refine the mesh by 2", read_stated("refine the mesh by 2"))
    assert sorted((e.entry[0], e.value) for e in change.edits) == [("nx", "40"), ("ny", "20")]


FORWARD_STEP = TUTORIALS / "compressible/sonicFoam/laminar/forwardStep"
CHARGED_WIRE = TUTORIALS / "electromagnetics/electrostaticFoam/chargedWire"


@pytest.mark.skipif(not FORWARD_STEP.is_dir(), reason="OpenFOAM tutorials not installed")
@pytest.mark.parametrize("base, text", [
    (FORWARD_STEP, "sonicFoam laminar forwardStep with dx = 0.02 m"),
    (FORWARD_STEP, "forward step, I want square cells of 2 cm everywhere"),
    (FORWARD_STEP, "forwardStep: mesh spacing 20 mm"),
    (CHARGED_WIRE, "chargedWire with Δx = 1 mm"),
])
def test_cell_size_on_several_blocks_from_their_lengths(base: Path, text: str) -> None:
    change = mesh_words(base, None, text, read_stated(text))
    assert not change.not_applied
    assert [q.quantity for q in change.taken] == ["length"]
    edit = next(e for e in change.edits if e.entry == ["blocks"])
    before = geometry.block_cells(read_text_of(base))
    after = geometry.block_cells(f"blocks {edit.value};")
    assert len(after) == len(before) and after != before
    assert all(a[2] == 1 for a in after)  # the flat direction of the 2-D mesh keeps its one cell


def read_text_of(base: Path) -> str:
    return read_text(find_file(base / "system", "blockMeshDict"))
