"""Session 12, roles, against the installed tutorials: mistyped patch words, subscripted symbols with
or without a unit, values heading their items and pointer clauses land on the patch they name."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _edits(tutorial: str, solver: str, text: str) -> dict[tuple[str, str], str]:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    return {(e.file, "/".join(e.entry)): e.value for e in binder.edits}


@needs_tutorials
@pytest.mark.parametrize("tutorial, solver, text, file, entry, value", [
    # a patch word mistyped: the base's patch names join the vocabulary
    ("heatTransfer/buoyantPimpleFoam/hotRoom", "buoyantPimpleFoam", "the floro at 310 K, the cieling at 295 K",
     "0.orig/T", "boundaryField/floor/value", "uniform 310"),
    ("compressible/rhoSimpleFoam/squareBend", "rhoSimpleFoam", "temprature at the inelt 320 K, outet presure 1.1 bar",
     "0/T", "boundaryField/inlet/value", "uniform 320"),
    # a subscripted symbol, with a unit or bare
    ("incompressible/pimpleFoam/RAS/TJunction", "pimpleFoam", "p_outlet1 = 8 m2/s2, p_outlet2 = 2 m2/s2",
     "0/p", "boundaryField/outlet2/value", "uniform 2"),
    ("incompressible/pimpleFoam/RAS/TJunction", "pimpleFoam", "p_outlet1=5, p_outlet2=2",
     "0/p", "boundaryField/outlet2/value", "uniform 2"),
    ("compressible/rhoSimpleFoam/squareBend", "rhoSimpleFoam", "T_in=320, p_out=110000",
     "0/T", "boundaryField/inlet/value", "uniform 320"),
    # a value heading its item, items run together
    ("incompressible/pimpleFoam/RAS/TJunction", "pimpleFoam", "T-junction; 10 m2/s2 = outlet1, 3 m2/s2 = outlet2",
     "0/p", "boundaryField/outlet2/value", "uniform 3"),
    ("compressible/rhoPimpleFoam/RAS/angledDuct", "rhoPimpleFoam", "angled duct 1.1e5 Pa: outlet 310 K: inlet",
     "0/T", "boundaryField/inlet/value", "uniform 310"),
    # a pointer clause naming the places of a list in order
    ("compressible/rhoPimpleFoam/RAS/TJunction", "rhoPimpleFoam",
     "Pressure put 1.1 bar and 1.05 bar, this is for first outlet and second outlet in this order",
     "0/p", "boundaryField/outlet2/value", "uniform 105000"),
])
def test_the_value_lands_on_the_patch_named(tutorial: str, solver: str, text: str, file: str, entry: str,
                                            value: str) -> None:
    assert _edits(tutorial, solver, text).get((file, entry)) == value
