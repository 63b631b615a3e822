"""A stated start value ("initially 400 K") on a field whose inflow boundary reads the initial
field through a macro (`value $internalField;`, `inletValue uniform $Tinlet;` beside `internalField
uniform $Tinlet;`): the internal field takes the value, the inflow keeps the base's number (it is
not what the request set), an outlet's backflow keeps following the inside, and a stated inflow
value still wins over the kept one. Real tutorial files; the written field is read back."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.foam.includes import expand_text
from tasks.plan.bind import bind_all
from tasks.plan.bind_base import Base
from tasks.plan.bind_internal_readers import imposed_readers, keeps_own_variable
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

_SB = "compressible/rhoSimpleFoam/squareBend"
_T3A = "incompressible/simpleFoam/T3A"
_BUMP = "incompressible/simpleFoam/bump2D"
_NACA = "compressible/rhoPimpleFoam/RAS/aerofoilNACA0012"
_CYL = "basic/overPotentialFoam/cylinder/cylinderAndBackground"


def _written(tutorial: str, solver: str, text: str, field: str, tmp_path: Path) -> tuple[str, list[str]]:
    """The field file as the plan leaves it, its #includes inlined, with the plan's assumptions."""
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    for folder in ("0.orig", "0"):
        if (TUTORIALS / tutorial / folder).is_dir():
            shutil.copytree(TUTORIALS / tutorial / folder, tmp_path / folder)
    rel = Base(tmp_path).field_rels(field)[0]
    if not (tmp_path / rel).is_file():
        pytest.skip(f"{tutorial} stores {rel} compressed")
    for edit in binder.edits:
        path = tmp_path / edit.file
        if path.is_file() and isinstance(edit.value, str):
            path.write_text(fd.set_entry(path.read_text(), edit.entry, edit.value))
    return Base(tmp_path).expanded(rel) or "", binder.assumptions


def _value(text: str, entry: list[str]) -> list[float]:
    """The numbers an entry resolves to, through `$internalField` and the file's own variables."""
    raw = fd.get(text, entry) or ""
    for _ in range(3):
        raw = expand_text(raw.replace("$internalField", fd.get(text, ["internalField"]) or ""), text)
    return [float(x) for x in raw.replace("uniform", "").strip(" ()").split()]


@needs_tutorials
@pytest.mark.parametrize("tutorial, solver, text, field, internal, patch, key, kept", [
    (_SB, "rhoSimpleFoam", "Start the domain at 400 K initially.", "T", [400], "inlet", "value", [1000]),
    (_T3A, "simpleFoam", "initial velocity 4 m/s", "U", [4, 0, 0], "inlet", "value", [5.4, 0, 0]),
    (_BUMP, "simpleFoam", "initial turbulent kinetic energy 0.005 m2/s2", "k", [0.005], "inlet", "value", [1.08e-3]),
    (_NACA, "rhoPimpleFoam", "Initial temperature 320 K while the freestream air stays as it is.", "T", [320],
     "freestream", "inletValue", [298]),
    # `uniform $flowVelocity` from include/initialConditions, the inlet reading `$internalField`
    (_CYL, "overPotentialFoam", "initial velocity 2.5 m/s", "U", [2.5, 0, 0], "inlet", "value", [1, 0, 0]),
])
def test_the_start_value_leaves_the_inflow_it_shared(tmp_path, tutorial, solver, text, field, internal, patch, key,
                                                      kept):
    written, notes = _written(tutorial, solver, text, field, tmp_path)
    assert _value(written, ["internalField"]) == pytest.approx(internal)
    assert _value(written, ["boundaryField", patch, key]) == pytest.approx(kept)
    assert any(patch in n and "keep" in n for n in notes) or tutorial == _NACA, notes


@needs_tutorials
def test_an_outlets_backflow_still_follows_the_start_value(tmp_path):
    written, _ = _written(_SB, "rhoSimpleFoam", "initial temperature of 450 K", "T", tmp_path)
    assert _value(written, ["boundaryField", "outlet", "inletValue"]) == pytest.approx([450])


@needs_tutorials
def test_a_stated_inflow_value_wins_over_the_kept_one(tmp_path):
    written, _ = _written(_SB, "rhoSimpleFoam", "Start with the duct at 500 K, gas entering at 1100 K.", "T", tmp_path)
    assert _value(written, ["internalField"]) == pytest.approx([500])
    assert _value(written, ["boundaryField", "inlet", "value"]) == pytest.approx([1100])


def test_imposed_readers():
    text = """internalField uniform $Tin;
boundaryField
{
    inlet { type fixedValue; value $internalField; }
    far { type inletOutlet; inletValue uniform $Tin; value $inletValue; }
    outlet { type inletOutlet; inletValue $internalField; value $internalField; }
    wall { type zeroGradient; value $internalField; }
}
"""
    roles = {"inlet": "inlet", "far": "other", "outlet": "outlet", "wall": "wall"}
    assert imposed_readers(text, "internalField", roles) == [("inlet", "value")]
    assert imposed_readers(text, "Tin", roles) == [("far", "inletValue")]
    assert keeps_own_variable(text, roles)
    alone = text.replace("inletValue uniform $Tin;", "inletValue uniform 300;")
    assert keeps_own_variable(alone, roles)  # the inlet's `$internalField` reads $Tin too
    assert not keeps_own_variable(alone.replace("fixedValue; value $internalField", "fixedValue; value 300"), roles)


@needs_tutorials
def test_a_value_with_no_start_words_still_moves_the_inflow_that_reads_it(tmp_path):
    written, _ = _written(_BUMP, "simpleFoam", "turbulent kinetic energy 0.003 m2/s2", "k", tmp_path)
    assert _value(written, ["internalField"]) == pytest.approx([0.003])
    assert _value(written, ["boundaryField", "inlet", "value"]) == pytest.approx([0.003])
