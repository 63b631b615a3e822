"""Every dictionary of every installed tutorial is read whole by Casewright's scanner and written back
without loss; a file the checkers (foamlib, PyFoam) cannot read in the base does not block a
request that edits it, while an edit that breaks a file is still refused."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest

from tasks.core.errors import PlanError
from tasks.edit.writer import parse_back, parse_problem
from tasks.foam import dictionary as fd
from tasks.foam.roundtrip import dictionary_tree, render_tree, round_trip_loss, structure_problem

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
_DIRS = ("system", "constant", "0", "0.orig")
_GEOMETRY = (".stl", ".obj", ".vtk", ".vtp", ".eMesh", ".ftr", ".stp", ".step", ".nas", ".csv", ".dat")
_DATA_BYTES = 500_000  # compressed size: a larger file is a data list (surface points, a table)


def _dictionary_files() -> list[Path]:
    """system/, constant/ and 0/ files of every installed tutorial, no mesh and no m4 source."""
    out = []
    for path in sorted(TUTORIALS.rglob("*")):
        parts = path.relative_to(TUTORIALS).parts
        if not path.is_file() or "polyMesh" in parts or not any(d in _DIRS for d in parts[:-1]):
            continue
        if ".m4" in path.name:  # m4 macro source that m4 turns into a blockMeshDict: not a dictionary
            continue
        if "triSurface" in parts or path.name.removesuffix(".gz").endswith(_GEOMETRY) or \
                path.stat().st_size > _DATA_BYTES:
            continue  # surfaces and bulk data lists (points, tables): no dictionary to edit
        out.append(path)
    return out


def _text(path: Path) -> str | None:
    raw = path.read_bytes()
    raw = gzip.decompress(raw) if path.suffix == ".gz" else raw
    return None if b"\0" in raw[:2000] else raw.decode("utf-8", errors="replace")


def test_every_tutorial_dictionary_reads_back_without_loss():
    files = _dictionary_files()
    assert len(files) > 5000
    lost = {}
    for path in files:
        text = _text(path)
        if text is not None and (loss := round_trip_loss(text)):
            lost[str(path.relative_to(TUTORIALS))] = loss
    assert lost == {}


@pytest.mark.parametrize("text", [
    'a 1;\n"(U|k)" { solver smoothSolver; }\n#include "x"\nb { #includeEtc "y" c $a; }\n',
    'code #{ int a = 1; }#;\nlist ( { a 1; } { b 2; } );\n${:name}\nd [0 1 -1 0 0 0 0] 2;\n',
    "postPro1\n{\n    #includeEtc \"caseDicts/postProcessing/visualization/runTimePostPro.cfg\"\n    ${__settings}\n}\n",
])
def test_tree_round_trip(text):
    tree = dictionary_tree(text)
    assert dictionary_tree(render_tree(tree)) == tree
    assert structure_problem(text) is None


@pytest.mark.parametrize("broken, says", [("a { b 1;\n", "unclosed"), ("a 1; }\n", "unmatched"), ("l ( 1 2;\n", "unclosed")])
def test_structure_problems_are_named(broken, says):
    assert says in (structure_problem(broken) or "")


# tutorials from the probe list whose files neither foamlib nor PyFoam reads
UNREADABLE = [
    ("incompressible/pimpleFoam/LES/decayIsoTurb", "constant/turbulenceProperties", ["LES", "printCoeffs"], "off"),
    ("compressible/rhoSimpleFoam/gasMixing/injectorPipe", "system/avg-tracer0", ["avg-tracer0-0.25", "enabled"],
     "false"),
    ("compressible/rhoSimpleFoam/squareBend", "system/samplingDebug", ["samplingDebug", "enabled"], "false"),
]


@pytest.mark.parametrize("base, rel, entry, value", UNREADABLE)
def test_an_edited_file_the_checkers_cannot_read_in_the_base_does_not_block(tmp_path, base, rel, entry, value):
    source = TUTORIALS / base
    case = tmp_path / "case"
    (case / rel).parent.mkdir(parents=True)
    text = _text(next(p for p in (source / rel, source / f"{rel}.gz") if p.is_file()))
    edited = fd.set_entry(text, entry, value)
    (case / rel).write_text(edited)
    assert parse_problem(case / rel) is not None  # the checkers' limit, before and after the edit
    with pytest.raises(PlanError, match="does not parse"):
        parse_back(case, [rel])  # without the base to compare with: refused as before
    parse_back(case, [rel], source)
    (case / rel).write_text(edited + "\n}\n")  # an edit that breaks the file is still refused
    with pytest.raises(PlanError, match="unmatched"):
        parse_back(case, [rel], source)


def test_a_readable_base_file_is_still_checked(tmp_path):
    source = TUTORIALS / "incompressible/simpleFoam/pitzDaily"
    case = tmp_path / "case"
    shutil.copytree(source / "system", case / "system")
    (case / "system/fvSolution").write_text((case / "system/fvSolution").read_text() + "\nbroken {\n")
    with pytest.raises(PlanError, match="does not parse"):
        parse_back(case, ["system/fvSolution"], source)
