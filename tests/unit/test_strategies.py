"""The Reviewer's general strategies (tasks/review/strategies/) on the installed v1912
tutorials: the dialect table's v1912 side exists in the installation, the syntax repairs
leave every valid tutorial dictionary unchanged and repair each class of defect, and the
tutorial reference finds the solver's tutorials."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.foam.files import read_text
from tasks.review.case import CaseView
from tasks.review.models import Problem
from tasks.review.strategies.dialect import dialects, translate_text
from tasks.review.strategies.numerics import SYMMETRIC_ONLY, block_topology, initial_fields, matrix_solvers
from tasks.review.strategies.syntax import FIXERS, repair_text
from tasks.review.strategies.tutorials import installed_applications, ranked, tutorial_root, tutorials_for

ROOT = tutorial_root()
needs_tutorials = pytest.mark.skipif(not ROOT.is_dir(), reason=f"OpenFOAM tutorials not installed at {ROOT}")


def _tutorial_files(name: str) -> list[Path]:
    return [p for p in ROOT.rglob(name + "*") if p.parent.name in ("constant", "system")
            and p.name.removesuffix(".gz") == name]


@needs_tutorials
def test_dialect_v1912_side_exists_in_the_installation() -> None:
    d = dialects()
    for row in d.files:
        if row.to is not None:
            assert _tutorial_files(row.to.rsplit("/", 1)[-1]), f"{row.to} is in no installed tutorial"
    for row in d.keywords + d.values:
        texts = [read_text(p) for p in _tutorial_files(row.file.rsplit("/", 1)[-1])[:200]]
        want = row.to
        assert any(re.search(rf"(?m)^\s*{re.escape(want)}\b" if row in d.keywords else rf"\b{re.escape(want)}\s*;", t)
                   for t in texts), f"{row.file}: {want} is read by no installed tutorial"
        for value in row.values.values():
            assert any(re.search(rf"\b{re.escape(value)}\s*;", t) for t in texts), value
    apps = installed_applications()
    for module in d.applications.values():
        for choice in module.values():
            for solver in choice.values():
                assert solver in apps or shutil.which(solver), f"{solver} is not an installed v1912 solver"


def test_dialect_keywords_translate() -> None:
    text = "simulationType RASModel;\nRAS\n{\n    model kEpsilon;\n    turbulence on;\n}\n"
    new, notes = translate_text("constant/turbulenceProperties", text)
    assert fd.get(new, ["RAS", "RASModel"]) == "kEpsilon" and fd.get(new, ["simulationType"]) == "RAS"
    new, _ = translate_text("constant/transportProperties", "viscosityModel  constant;\nnu 1e-05;\n")
    assert fd.get(new, ["transportModel"]) == "Newtonian"


@needs_tutorials
def test_syntax_repairs_leave_valid_tutorial_dictionaries_unchanged() -> None:
    files = [p for sub in ("incompressible", "multiphase", "heatTransfer", "compressible") for p in (ROOT / sub).rglob("*")
             if p.is_file() and p.parent.name in ("system", "constant", "0", "0.orig") and p.stat().st_size < 100_000]
    assert len(files) > 500
    changed = []
    for p in files:
        text = read_text(p)
        if "FoamFile" not in text:
            continue
        for name, fixer in FIXERS:
            if name != "missing `;`" and fixer(text, p.name) != text:
                changed.append((str(p.relative_to(ROOT)), name))
    assert not changed, changed[:5]


CONTROL = """FoamFile
{
    version     2.0;
    format      ascii;
    class       dictionary;
    object      controlDict;
}

application     icoFoam;
startTime       0;
endTime         0.5;
deltaT          0.005;
writeControl    timeStep;
writeInterval   20;
runTimeModifiable true;
"""


@pytest.mark.parametrize("broken, defect", [
    (CONTROL.replace("deltaT          0.005;", "deltaT          0.005"), "missing `;`"),
    ("```cpp\n" + CONTROL + "```\n", "markdown fences"),
    ("Here is the corrected controlDict for you:\n\n" + CONTROL, "prose lines"),
    (CONTROL.replace("runTimeModifiable true;", "runTimeModifiable True;"), "foreign tokens"),
    (CONTROL.replace("deltaT          0.005;", "deltaT = 0.005;"), "foreign tokens"),
    (CONTROL.replace("endTime         0.5;", 'endTime         "0.5";'), "foreign tokens"),
    (CONTROL.replace("application", "# the solver\napplication"), "shell-style comments"),
    (CONTROL.replace("startTime", "/* times\nstartTime"), "unclosed comment"),
    (CONTROL.replace("    object      controlDict;\n}", "    object      controlDict;\n"), "braces"),
], ids=["semicolon", "fence", "prose", "bool", "equals", "quoted", "hash", "comment", "brace"])
def test_syntax_repair_classes(broken: str, defect: str) -> None:
    fixed, used = repair_text(broken, "system/controlDict")
    assert defect in used
    assert fd.parse_error(fixed) is None
    for key in ("application", "startTime", "deltaT", "writeInterval"):
        assert fd.get(fixed, [key]) == fd.get(CONTROL, [key]), key


@pytest.mark.parametrize("broken, want", [
    ("internalField   uniform [0 0 0];", "internalField   uniform (0 0 0);"),
    ("internalField   uniform 0 0 0;", "internalField   uniform (0 0 0);"),
    ("dimensions      [0, 1, -1, 0, 0, 0, 0];", "dimensions      [0 1 -1 0 0 0 0];"),
    ("    (0.5, 0, 0)", "    (0.5 0 0)"),
    ("    (0.5 0 0", "    (0.5 0 0)"),
])
def test_list_syntax(broken: str, want: str) -> None:
    assert repair_text(broken + "\n", "0/U")[0].rstrip("\n").endswith(want)


@needs_tutorials
def test_tutorials_indexed_by_solver() -> None:
    assert len(tutorials_for("simpleFoam")) >= 10 and len(installed_applications()) >= 50
    view = CaseView.from_texts({"system/controlDict": CONTROL})
    assert ranked(view)[0].application == "icoFoam"


def test_matrix_solvers_and_initial_fields() -> None:
    fv = ("solvers\n{\n    p\n    {\n        solver PCG;\n        preconditioner DIC;\n    }\n"
          "    U\n    {\n        solver PCG;\n        preconditioner DIC;\n    }\n}\n")
    view = CaseView.from_texts({"system/fvSolution": fv, "system/controlDict": CONTROL})
    found = matrix_solvers(Problem(kind="unknown_type", step="x", message="m"), view)
    assert found is not None
    new = found.edits[0].text
    assert fd.get(new, ["solvers", "U", "solver"]) == SYMMETRIC_ONLY["PCG"]
    assert fd.get(new, ["solvers", "p", "solver"]) == "PCG"  # the symmetric pressure matrix keeps it
    eps = "dimensions [0 2 -3 0 0 0 0];\ninternalField uniform -3;\nboundaryField\n{\n}\n"
    view = CaseView.from_texts({"0/epsilon": eps, "system/controlDict": CONTROL})
    found = initial_fields(Problem(kind="divergence", step="x", message="m"), view)
    assert found is not None and fd.get(found.edits[0].text, ["internalField"]) == "uniform 3"


BLOCKS = """vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1) );
blocks ( hex (0 3 2 1 4 7 6 5) (20 0 1) simpleGrading (1 1 1) );
boundary ( lid { type wall; faces ( (3 7 6 9) ); } );
"""


def test_block_topology() -> None:
    view = CaseView.from_texts({"system/blockMeshDict": BLOCKS, "system/controlDict": CONTROL})
    msg = "Block hex (0 3 2 1 4 7 6 5) (20 0 1) simpleGrading (1(1) 1(1) 1(1)) is inside-out"
    found = block_topology(Problem(kind="fatal", step="blockMesh", message=msg), view)
    assert found is not None and "hex (0 1 2 3 4 5 6 7) (20 20 1)" in found.edits[0].text
    fixed = CaseView.from_texts({"system/blockMeshDict": found.edits[0].text, "system/controlDict": CONTROL})
    msg = "Point label 9 out of range 0..7 on patch lid, face 0"
    found = block_topology(Problem(kind="mesh_vertices", step="blockMesh", message=msg), fixed)
    assert found is not None and "(3 7 6 2)" in found.edits[0].text


def _field(name: str, patches: dict[str, str], internal: str = "uniform 0") -> str:
    body = "".join(f"    {p}\n    {{\n        type            {t};\n    }}\n" for p, t in patches.items())
    return (f"FoamFile\n{{\n    version 2.0;\n    format ascii;\n    class volScalarField;\n    object {name};\n}}\n"
            f"dimensions [0 2 -2 0 0 0 0];\ninternalField {internal};\nboundaryField\n{{\n{body}}}\n")


BOUNDARY = ("FoamFile\n{\n    version 2.0;\n    format ascii;\n    class polyBoundaryMesh;\n    object boundary;\n}\n"
            "2\n(\n    inlet\n    {\n        type patch;\n    }\n    outlet\n    {\n        type patch;\n    }\n)\n")


def test_patch_names_the_field_that_disagrees_is_renamed() -> None:
    from tasks.review.strategies.consistency import patch_names
    view = CaseView.from_texts({
        "constant/polyMesh/boundary": BOUNDARY, "system/controlDict": CONTROL,
        "0/p": _field("p", {"inlet": "zeroGradient", "Outlet": "fixedValue"}),
        "0/k": _field("k", {"inlet": "zeroGradient", "outlet": "zeroGradient"})})
    found = patch_names(Problem(kind="missing_patch", step="x", message="m", file="0/p", keyword="outlet"), view)
    assert found is not None and found.files() == ["0/p"] and "outlet" in fd.keys(found.edits[0].text, ["boundaryField"])


def test_bc_entry_value_from_the_internal_field() -> None:
    from tasks.review.strategies.consistency import bc_entries
    view = CaseView.from_texts({"constant/polyMesh/boundary": BOUNDARY, "system/controlDict": CONTROL,
                                "0/p": _field("p", {"inlet": "zeroGradient", "outlet": "fixedValue"}, "uniform 3")})
    found = bc_entries(Problem(kind="fatal", step="x", message="Essential entry 'value' missing on patch outlet",
                               file="0/p"), view)
    assert found is not None and fd.get(found.edits[0].text, ["boundaryField", "outlet", "value"]) == "uniform 3"
