"""Inputs a tutorial's Allrun makes (a dictionary from a .template) or copies (a shared surface)
are made and copied the same way, so such a tutorial is a case with a solver and can be the base
of a plan."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam.allrun_inputs import made_files, placeholders, resource_files
from tasks.knowledge.casebase import case_text, find_case_dirs, read_case_summary

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
POISEUILLE = TUTORIALS / "incompressible/pimpleFoam/laminar/planarPoiseuille"

SCRIPT = """#!/bin/sh
steps="40 80"
scheme=upwind
run() {
    n=$1
    sed "s|N_STEPS|$n|g; s|SCHEME_NAME|${scheme}|g" system/controlDict.template > system/controlDict
}
for n in $steps
do
    sed -e 's/CELL_COUNT/$n/g' system/blockMeshDict.template > system/blockMeshDict
done
"""


def _case(tmp_path: Path, script: str = SCRIPT) -> Path:
    case = tmp_path / "case"
    (case / "system").mkdir(parents=True)
    (case / "Allrun").write_text(script)
    (case / "system/controlDict.template").write_text("application icoFoam;\nendTime N_STEPS;\ndiv SCHEME_NAME;\n")
    return case


def test_placeholders_take_the_first_value_the_script_gives(tmp_path):
    case = _case(tmp_path)
    # n is only a function argument in run(), but the loop gives it the list's first word
    assert placeholders(case) == {"N_STEPS": "40", "SCHEME_NAME": "upwind", "CELL_COUNT": "40"}
    assert made_files(case) == {"system/controlDict": "application icoFoam;\nendTime 40;\ndiv upwind;\n"}


def test_a_placeholder_without_a_value_leaves_the_file_unmade(tmp_path):
    case = _case(tmp_path, 'sed "s|N_STEPS|$1|g; s|SCHEME_NAME|$2|g" system/controlDict.template > system/controlDict\n')
    assert made_files(case) == {}
    assert case not in find_case_dirs(tmp_path)


def test_an_existing_file_is_never_replaced(tmp_path):
    case = _case(tmp_path)
    (case / "system/controlDict").write_text("application pisoFoam;\n")
    assert made_files(case) == {}
    assert case_text(case, "system/controlDict") == "application pisoFoam;\n"


@pytest.mark.skipif(not POISEUILLE.is_dir(), reason="openfoam-examples not installed")
def test_the_installed_template_tutorials_are_cases_with_their_solver():
    cases = find_case_dirs(TUTORIALS)
    assert POISEUILLE in cases
    summary = read_case_summary(POISEUILLE, TUTORIALS)
    assert summary.solver == "pimpleFoam"
    assert "laminarModel        Maxwell;" in case_text(POISEUILLE, "constant/turbulenceProperties")
    assert "END_TIME" not in case_text(POISEUILLE, "system/controlDict")


def test_shared_resources_the_allrun_copies_are_found(tmp_path):
    root = tmp_path / "tutorials"
    (root / "resources/geometry").mkdir(parents=True)
    (root / "resources/geometry/part.stl.gz").write_bytes(b"")
    case = root / "mesh/snappy/part"
    (case / "constant/triSurface").mkdir(parents=True)
    (case / "Allrun").write_text("\\cp $FOAM_TUTORIALS/resources/geometry/part.stl.gz constant/triSurface/\n"
                                 "cp ${FOAM_TUTORIALS}/resources/geometry/missing.obj constant/triSurface/\n")
    assert resource_files(case) == {"constant/triSurface/part.stl.gz": root / "resources/geometry/part.stl.gz"}


@pytest.mark.skipif(not POISEUILLE.is_dir(), reason="openfoam-examples not installed")
def test_a_copied_snappy_tutorial_gets_its_surface(tmp_path):
    from tasks.edit.writer import _copy_base

    cyclone = TUTORIALS / "lagrangian/MPPICFoam/cyclone"
    prov = _copy_base(cyclone, tmp_path, None)
    stl = tmp_path / "constant/triSurface/cyclone.stl"
    assert stl.is_file() and stl.read_bytes().lstrip().lower().startswith(b"solid")
    assert "resources/geometry/cyclone.stl.gz" in prov["constant/triSurface/cyclone.stl"]


def test_folders_globs_and_path_variables_are_copied(tmp_path):
    root = tmp_path / "tutorials"
    (root / "resources").mkdir(parents=True)
    shared = root / "solverX/resources"
    (shared / "meshes/duct/polyMesh").mkdir(parents=True)
    (shared / "meshes/duct/polyMesh/points").write_text("()")
    (shared / "meshes/duct/polyMesh/faces.gz").write_bytes(b"")
    (shared / "param/duct").mkdir(parents=True)
    (shared / "param/duct/w0").write_text("0")
    case = root / "solverX/duct/case1"
    case.mkdir(parents=True)
    (case / "Allrun").write_text('shared=$FOAM_TUTORIALS/solverX/resources\n'
                                 '\\cp -r $shared/meshes/duct/polyMesh constant\n'
                                 'cp ${shared}/param/duct/* 0\n'
                                 '#cp $shared/param/other/* 0\n')
    assert resource_files(case) == {
        "constant/polyMesh/faces.gz": shared / "meshes/duct/polyMesh/faces.gz",
        "constant/polyMesh/points": shared / "meshes/duct/polyMesh/points",
        "0/w0": shared / "param/duct/w0",
    }
