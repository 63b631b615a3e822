"""Minimal-diff dictionary edits, parsed back by foamlib."""

from __future__ import annotations

import difflib

import pytest

from tasks.foam import dictionary as fd
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
    assert fd.get(FV, path) == value


def test_set_keeps_comments_and_layout():
    new = fd.set_entry(FV, ["SIMPLE", "consistent"], "no")
    diff = [l for l in difflib.unified_diff(FV.splitlines(), new.splitlines(), lineterm="", n=0) if l[:1] in "+-" and l[:3] not in ("+++", "---")]
    assert diff == ["-    consistent      yes;   // SIMPLEC", "+    consistent      no;   // SIMPLEC"]


def test_add_nested_and_remove():
    new = fd.set_entry(FV, ["PIMPLE", "nOuterCorrectors"], "2")
    new = fd.set_entry(new, ["solvers", "(U|k|epsilon)Final"], {"solver": "smoothSolver", "relTol": "0"})
    new = fd.remove_entry(new, ["solvers", "p"])
    assert fd.get(new, ["PIMPLE", "nOuterCorrectors"]) == "2"
    assert fd.keys(new, ["solvers"]) == ["(U|k|epsilon)", "(U|k|epsilon)Final"]
    assert "// a comment that must survive" in new


def test_edits_of_a_real_field_parse_back(tmp_path):
    from foamlib import FoamFieldFile

    src = (PITZDAILY / "0/U")
    if not src.is_file():
        pytest.skip("tutorials not installed")
    text = fd.set_entry(src.read_text(), ["boundaryField", "inlet"],
                        {"type": "uniformFixedValue", "uniformValue": {"type": "sine", "frequency": "10",
                         "amplitude": "5", "scale": "(1 0 0)", "level": "(0 0 0)"}, "value": "uniform (0 0 0)"})
    out = tmp_path / "U"
    out.write_text(text)
    parsed = FoamFieldFile(out)
    assert parsed["boundaryField"]["inlet"]["uniformValue"]["frequency"] == 10
    assert parsed["boundaryField"]["outlet"]["type"] == "zeroGradient"


def test_a_new_entry_goes_below_a_comment_that_ends_the_last_line() -> None:
    text = 'equations\n{\n    U               0.9; // tutorial value\n    ".*"            0.9; // keep me\n}\n'
    out = fd.set_entry(text, ["equations", "k"], "0.7")
    assert out == 'equations\n{\n    U               0.9; // tutorial value\n    ".*"            0.9; // keep me\n' \
                  '    k               0.7;\n}\n'
    assert fd.set_entry("a 1; // c\n", ["b"], "2").startswith("a 1; // c\n\nb")


@pytest.mark.parametrize(
    "key,written",
    [("div(phi,U)", "div(phi,U)"), ("alpha.water", "alpha.water"), ("laplacian((1|A(U)),p)", "laplacian((1|A(U)),p)"),
     ("(U|k|epsilon)", '"(U|k|epsilon)"'), (".*", '".*"'), ('"(U|k)Final"', '"(U|k)Final"'), ("p_rgh", "p_rgh")],
)
def test_one_quoting_rule(key, written):
    """A key is quoted only when OpenFOAM would not read it as one word: quoting
    `div(phi,U)` would make it a regular expression that no longer matches itself."""
    assert fd.quote_key(key) == written
    text = fd.set_entry("divSchemes\n{\n}\n", ["divSchemes", key], "Gauss linear")
    assert fd.get(text, ["divSchemes", fd.unquote(written)]) == "Gauss linear"
    assert fd.parse_error(text) is None


def test_regex_keys_and_the_last_definition():
    text = 'solvers { "(U|k|epsilon)" { solver PBiCG; } U { solver smoothSolver; } }\nnu 1;\nnu 2;\n'
    assert fd.get(text, ["nu"]) == "2"  # OpenFOAM reads the last definition
    assert fd.get(text, ["solvers", "k", "solver"], regex=True) == "PBiCG"
    assert fd.get(text, ["solvers", "U", "solver"], regex=True) == "smoothSolver"  # exact key wins
    assert fd.get(text, ["solvers", "k", "solver"]) is None


def test_a_malformed_file_still_shows_its_entries():
    text = "FoamFile { version 2.0; }\napplication icoFoam\nstartTime 0;\nPISO\n{\n    nCorrectors 2;\n"
    keys = [e.name for e in fd.entries(text)]
    assert keys[:3] == ["FoamFile", "application", "PISO"]
    assert fd.get(text, ["PISO", "nCorrectors"]) == "2"
    assert fd.parse_error(text) is not None


def test_entries_carry_their_leading_comments():
    text = "a 1;\n// about b\nb 2;\n"
    b = fd.entries(text)[1]
    assert text[b.lead_start:b.end].strip() == "// about b\nb 2;"
    assert text[b.key_start:b.end] == "b 2;"
