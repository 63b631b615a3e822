"""Minimal-diff dictionary edits, parsed back by foamlib."""

from __future__ import annotations

import difflib

import pytest

from tasks.foam import dictionary as ft
from tests.conftest import PITZDAILY

FV = """FoamFile { version 2.0; format ascii; class dictionary; object fvSolution; }
// a comment that must survive
solvers
{
    p { solver GAMG; tolerance 1e-06; relTol 0.1; smoother GaussSeidel; }
    "(U|k|epsilon)" { solver smoothSolver; smoother symGaussSeidel; tolerance 1e-05; relTol 0.1; }
}
SIMPLE
{
    consistent      yes;   // SIMPLEC
}
divSchemes { default none; div(phi,U) bounded Gauss linearUpwind grad(U); div((nuEff*dev2(T(grad(U))))) Gauss linear; }
"""


@pytest.mark.parametrize(
    "path,value",
    [
        (["SIMPLE", "consistent"], "yes"),
        (["solvers", "p", "solver"], "GAMG"),
        (["solvers", "(U|k|epsilon)", "relTol"], "0.1"),
        (["divSchemes", "div(phi,U)"], "bounded Gauss linearUpwind grad(U)"),
        (["divSchemes", "div((nuEff*dev2(T(grad(U)))))"], "Gauss linear"),
        (["nope"], None),
    ],
)
def test_get(path, value):
    assert ft.get(FV, path) == value


def test_set_keeps_comments_and_layout():
    new = ft.set_entry(FV, ["SIMPLE", "consistent"], "no")
    diff = [l for l in difflib.unified_diff(FV.splitlines(), new.splitlines(), lineterm="", n=0) if l[:1] in "+-" and l[:3] not in ("+++", "---")]
    assert diff == ["-    consistent      yes;   // SIMPLEC", "+    consistent      no;   // SIMPLEC"]


def test_add_nested_and_remove():
    new = ft.set_entry(FV, ["PIMPLE", "nOuterCorrectors"], "2")
    new = ft.set_entry(new, ["solvers", "(U|k|epsilon)Final"], {"solver": "smoothSolver", "relTol": "0"})
    new = ft.remove_entry(new, ["solvers", "p"])
    assert ft.get(new, ["PIMPLE", "nOuterCorrectors"]) == "2"
    assert ft.keys(new, ["solvers"]) == ["(U|k|epsilon)", "(U|k|epsilon)Final"]
    assert "// a comment that must survive" in new


def test_edits_of_a_real_field_parse_back(tmp_path):
    from foamlib import FoamFieldFile

    src = (PITZDAILY / "0/U")
    if not src.is_file():
        pytest.skip("tutorials not installed")
    text = ft.set_entry(src.read_text(), ["boundaryField", "inlet"],
                        {"type": "uniformFixedValue", "uniformValue": {"type": "sine", "frequency": "10",
                         "amplitude": "5", "scale": "(1 0 0)", "level": "(0 0 0)"}, "value": "uniform (0 0 0)"})
    out = tmp_path / "U"
    out.write_text(text)
    parsed = FoamFieldFile(out)
    assert parsed["boundaryField"]["inlet"]["uniformValue"]["frequency"] == 10
    assert parsed["boundaryField"]["outlet"]["type"] == "zeroGradient"


def test_a_new_entry_goes_below_a_comment_that_ends_the_last_line() -> None:
    text = 'equations\n{\n    U               0.9; // tutorial value\n    ".*"            0.9; // keep me\n}\n'
    out = ft.set_entry(text, ["equations", "k"], "0.7")
    assert out == 'equations\n{\n    U               0.9; // tutorial value\n    ".*"            0.9; // keep me\n' \
                  '    k               0.7;\n}\n'
    assert ft.set_entry("a 1; // c\n", ["b"], "2").startswith("a 1; // c\n\nb")
