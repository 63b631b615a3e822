"""`$name` macros read as OpenFOAM reads them (tasks.foam.includes), a blockMeshDict whose cell
counts and vertices are variables bound through them, and verification reading them back."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.verify import resolved
from tasks.foam import dictionary as fd
from tasks.foam.geometry import block_cell_counts
from tasks.foam.includes import expand_text, macro_value, single_macro
from tasks.plan.bind import Binder
from tasks.plan.bind_base import Base


@pytest.mark.parametrize("text, want", [
    ("nx 20;\nb ($nx 1 1);\n", "b (20 1 1);"),
    ("nx 20;\nb (${nx} 1 1);\n", "b (20 1 1);"),
    ("L 2;\nx $L;\ny ($x 0 0);\n", "y (2 0 0);"),
    ("inlet { value 3; }\nv $:inlet.value;\n", "v 3;"),
    ("b ($HOME 1);\n", "b ($HOME 1);"),  # an environment variable stays
    ("d { a 1; }\ne $d;\n", "e $d;"),  # a sub-dictionary stays
    ("n #calc \"2*3\";\nb ($n 1);\n", "b ($n 1);"),  # only OpenFOAM evaluates #calc
])
def test_expand_text(text, want):
    assert want in expand_text(text)


@pytest.mark.parametrize("token, name", [("$nx", "nx"), ("${ny}", "ny"), ("$:a.b", ":a.b"), ("nx", None),
                                         ("($nx)", None), ("-$x", None)])
def test_single_macro(token, name):
    assert single_macro(token) == name


def test_macro_value_is_plain():
    assert macro_value("u (1  2 3);\n", "u") == "(1 2 3)"
    assert macro_value("u (1 2 3);\n", "w") is None


_BMD = """FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }
scale 1;
{defs}
vertices
(
    (0 0 0) ($L 0 0) ($L $H 0) (0 $H 0)
    (0 0 0.1) ($L 0 0.1) ($L $H 0.1) (0 $H 0.1)
);
blocks ( hex (0 1 2 3 4 5 6 7) ($nx $ny 1) simpleGrading (1 1 1) );
boundary ( walls { type wall; faces ((0 4 7 3)); } );
"""


def _case(tmp_path: Path, defs: str, include: str | None = None) -> Path:
    (tmp_path / "system").mkdir()
    (tmp_path / "system/blockMeshDict").write_text(_BMD.replace("{defs}", defs))
    if include is not None:
        (tmp_path / "system/meshSettings").write_text(include)
    (tmp_path / "system/controlDict").write_text("application icoFoam;\n")
    return tmp_path


@pytest.mark.parametrize("defs, include, new, where", [
    ("L 2;\nH 1;\nnx 20;\nny 10;", None, [40, 10, 1], {("system/blockMeshDict", "nx"): "40"}),
    ("L 2;\nH 1;\nnx 20;\nny 10;", None, [80, 30, 1], {("system/blockMeshDict", "nx"): "80",
                                                       ("system/blockMeshDict", "ny"): "30"}),
    ('#include "meshSettings"', "L 2;\nH 1;\nnx 20;\nny 10;\n", [20, 64, 1], {("system/meshSettings", "ny"): "64"}),
    ("L 2;\nH 1;\nn 20;\nnx $n;\nny $n;", None, [20, 20, 1], {}),  # unchanged: nothing to write
])
def test_cell_counts_go_to_their_variables(tmp_path, defs, include, new, where):
    base = Base(_case(tmp_path, defs, include))
    text, blocks = base.blocks()
    assert blocks and extents_ok(base)
    binder = Binder(base, "icoFoam", "")
    blocks_raw = fd.get(text, ["blocks"]) or ""
    value = blocks_raw.replace(f"({blocks[0][0]} {blocks[0][1]} 1)", f"({new[0]} {new[1]} {new[2]})")
    binder.set("system/blockMeshDict", ["blocks"], value, "mesh")
    got = {(e.file, e.entry[-1]): e.value for e in binder.edits}
    if where:
        assert got == where
    else:
        assert got in ({}, {("system/blockMeshDict", "blocks"): value}) or not any(
            e.entry == ["nx"] for e in binder.edits)


def extents_ok(base: Base) -> bool:
    return base.extents() == [2.0, 1.0, 0.1]


def test_a_mixed_change_writes_the_list_itself(tmp_path):
    """A new value that changes a literal as well (the grading) is written as the entry."""
    base = Base(_case(tmp_path, "L 2;\nH 1;\nnx 20;\nny 10;"))
    binder = Binder(base, "icoFoam", "")
    binder.set("system/blockMeshDict", ["blocks"], "( hex (0 1 2 3 4 5 6 7) (40 10 1) simpleGrading (2 1 1) )", "m")
    assert [(e.file, e.entry) for e in binder.edits] == [("system/blockMeshDict", ["blocks"])]


@pytest.mark.parametrize("defs, counts", [
    ("L 2;\nH 1;\nnx 20;\nny 10;", [(20, 10, 1)]),
    ("L 2;\nH 1;\nnx ${ny};\nny 7;", [(7, 7, 1)]),
])
def test_verification_reads_counts_through_macros(tmp_path, defs, counts):
    case = _case(tmp_path, defs)
    assert block_cell_counts(resolved(case, case / "system/blockMeshDict")) == counts


@pytest.mark.parametrize("defs, raw, value, changed", [
    ("nx 20;\nny 10;", "(hex (0 1 2 3 4 5 6 7) ($nx $ny 1) simpleGrading (1 1 1))",
     "(hex (0 1 2 3 4 5 6 7) (40 10 1) simpleGrading (1 1 1))", {"nx": "40"}),
    ("L 2;\nH .5;", "(($L 0 0) ($L $H 0))", "((3 0 0) (3 0.5 0))", {"L": "3"}),
    ("L 2;", "(($L 0 0) ($L 1 0))", "((3 0 0) (4 1 0))", {}),  # one variable, two numbers
    ("g ((0.5 0.5 4));\nn 8;", "(hex (0 1) ($n 1 1) simpleGrading (1 $g 1))",
     "(hex (0 1) (16 1 1) simpleGrading (1 ((0.5 0.5 4)) 1))", {"n": "16"}),
    ("n 8;", "(hex (0 1) ($n 1 1))", "(hex (0 1) (16 2 1))", {}),  # a literal changes too
    ("n 8;", "(hex (0 1) (8 1 1))", "(hex (0 1) (16 1 1))", {}),  # no variables
])
def test_list_macro_changes(defs, raw, value, changed):
    from tasks.plan.bind_includes import list_macro_changes
    assert list_macro_changes(defs, raw, value) == changed
