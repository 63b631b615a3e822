"""The diffusivity's face interpolation named in words ("harmonic interpolation", "harmonic mean
of the conductivity"): `Gauss harmonic <snGrad>` in every laplacian scheme of the base, each
keeping its own surface-normal gradient; never a stated word silently dropped."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_schemes_words import scheme_mentions
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize("text,names", [
    ("use harmonic interpolation of DT", [("diffusivity", "harmonic")]),
    ("the conductivity jumps between the two materials: take the harmonic mean at the faces", [("diffusivity", "harmonic")]),
    ("Gauss linear corrected laplacian with a harmonic average for the diffusivity",
     [("laplacian", "corrected"), ("diffusivity", "harmonic")]),
    ("the arithmetic mean of the diffusivity, uncorrected laplacian", [("diffusivity", "linear"), ("laplacian", "uncorrected")]),
    ("a harmonic oscillation of the inlet at 2 Hz", []),  # no scheme
])
def test_interpolation_words(text, names):
    found = [(m.kind, m.name) for m in scheme_mentions(text) if m.kind in ("diffusivity", "laplacian")]
    assert found == names


@needs_tutorials
@pytest.mark.parametrize("case,solver,text,entries", [
    ("basic/laplacianFoam/flange", "laplacianFoam", "flange with harmonic interpolation of the diffusivity DT",
     {"laplacian(DT,T)": "Gauss harmonic corrected"}),
    ("verificationAndValidation/schemes/weightedFluxExample", "laplacianFoam",
     "two-material conduction, harmonic mean for the diffusivity at the faces",
     {"laplacian(DT,T)": "Gauss harmonic corrected"}),
    ("incompressible/simpleFoam/pitzDaily", "simpleFoam", "pitzDaily with harmonic interpolation and uncorrected laplacian",
     {"default": "Gauss harmonic uncorrected"}),
])
def test_the_laplacian_interpolation_is_set(case, solver, text, entries):
    binder = bind_all(TUTORIALS / case, solver, text, read_stated(text))
    got = {e.entry[-1]: e.value for e in binder.edits if e.entry[:1] == ["laplacianSchemes"]}
    assert {k: got.get(k) for k in entries} == entries
    assert not binder.not_applied
