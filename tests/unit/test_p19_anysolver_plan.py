"""Any solver a request names on a shape the geometry layer builds (box duct, channel, step, pipe):
the shape library's families as before, and solvers it has no template for (scalarTransportFoam,
potentialFoam, laplacianFoam, mhdFoam) carried from their installed tutorial
(tasks/edit/parametric_carried.py); a solver whose tutorial cannot be carried is refused, naming
what is missing. Plans and writes the cases, parses them back; no OpenFOAM runs here (the probes
were run natively for a few steps: see the session report)."""

from __future__ import annotations

from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.core.config import get_settings
from tasks.core.errors import RequestError
from tasks.edit.generate import choose_plan
from tasks.edit.writer import write_case
from tasks.plan.manifest import CaseRequest
from tests.conftest import TUTORIALS

# (solver, shape, request): three phrasings per solver (terse, verbose student, other units/order/non-native).
PROBES = [
    ("scalarTransportFoam", "channel",
     "scalarTransportFoam tracer, 3D box duct 0.25 x 0.04 x 0.03 m, U 0.3 m/s, DT 2e-5 m2/s"),
    ("scalarTransportFoam", "channel",
     "Hello, for my course I want to use scalarTransportFoam to see how a dye is carried by a uniform flow of 4 cm/s "
     "along a 2D channel which is 80 cm long and 5 cm high; the dye diffusivity is 1e-6 m^2/s and it enters at "
     "concentration 1."),
    ("scalarTransportFoam", "pipe",
     "pipe, length 600 mm, diameter 25 mm, passive scalar transport (scalarTransportFoam) at 0.15 m/s"),
    ("scalarTransportFoam", "backward_step",
     "please make scalarTransportFoam case: contaminant go over backward facing step, step height 0.01 m, channel "
     "height 0.03 m, upstream length 0.05 m, downstream length 0.3 m, speed 0.5 m/s"),
    ("potentialFoam", "backward_step",
     "potentialFoam over a backward-facing step 0.02 m high in a channel 0.05 m high, 0.1 m upstream and 0.4 m "
     "downstream of the step, inlet 3 m/s"),
    ("potentialFoam", "channel",
     "I need an initial potential flow solution with potentialFoam for a straight two-dimensional channel 1.2 m long "
     "and 0.15 m high with an inflow velocity of 0.8 m/s."),
    ("potentialFoam", "channel", "potentialFoam in a rectangular 3D duct 500 mm long, 60 mm wide, 40 mm high, "
                                 "inflow 25 cm/s"),
    ("laplacianFoam", "channel", "laplacianFoam conduction, 2D channel 0.3 m x 0.06 m, DT 5e-5 m2/s"),
    ("laplacianFoam", "channel",
     "Could you set up laplacianFoam to compute transient heat diffusion in a 3D box duct that is 0.2 m long, 0.05 m "
     "wide and 0.05 m tall, with a thermal diffusivity of 1e-5 m2/s?"),
    ("laplacianFoam", "pipe", "laplacianFoam: a pipe 40 cm long with a 3 cm diameter, diffusivity 2e-4 m^2/s"),
    ("mhdFoam", "channel", "mhdFoam Hartmann flow, channel 1.5 m long, 0.1 m high, inlet 1 m/s"),
    ("mhdFoam", "channel",
     "I want to run mhdFoam for a magnetohydrodynamic flow along a 2D channel of length 2 m and height 20 cm with an "
     "inflow of 0.5 m/s."),
    ("mhdFoam", "channel", "mhdFoam in a 3D box duct 800 mm x 100 mm x 100 mm, velocity 50 cm/s"),
    # the shape library's own families on the same shapes: unchanged
    ("pimpleFoam", "channel", "pimpleFoam transient flow in a 3D box duct 0.3 m long, 0.05 m wide and 0.04 m tall, "
                              "inlet velocity 0.5 m/s"),
    ("simpleFoam", "backward_step",
     "simpleFoam k-epsilon over a backward-facing step 0.02 m high in a channel 0.05 m high, 0.1 m upstream and "
     "0.5 m downstream of the step, inlet 5 m/s"),
    ("pisoFoam", "channel", "pisoFoam laminar flow in a channel 0.5 m long and 0.02 m high at 0.05 m/s"),
    ("icoFoam", "pipe", "icoFoam flow in a pipe 0.2 m long with 10 mm diameter, inlet 0.02 m/s"),
    ("buoyantBoussinesqPimpleFoam", "channel",
     "buoyantBoussinesqPimpleFoam: water in a channel 1 m long and 0.05 m high, inlet 0.01 m/s at 293 K, bottom "
     "wall 313 K"),
    ("buoyantSimpleFoam", "channel",
     "buoyantSimpleFoam air in a channel 0.8 m long and 0.1 m high, inlet 0.3 m/s at 300 K, walls at 330 K"),
    ("rhoSimpleFoam", "channel", "rhoSimpleFoam air flow in a channel 1 m long and 0.1 m high, inlet 20 m/s"),
    ("rhoPimpleFoam", "channel",
     "rhoPimpleFoam air in a 3D box duct 0.5 m long, 0.1 m wide, 0.1 m tall, inlet velocity 10 m/s"),
]
CARRIED = {"scalarTransportFoam", "potentialFoam", "laplacianFoam", "mhdFoam"}


@pytest.fixture()
def tutorials():
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    return TUTORIALS


def _plan(text: str, out: Path):
    return choose_plan(CaseRequest(text=text, out_dir=out), get_settings(), llm=None)


@pytest.mark.parametrize(("solver", "shape", "text"), PROBES, ids=[f"{s}-{i}" for i, (s, _, _) in enumerate(PROBES)])
def test_solver_on_shape_is_planned(tutorials, tmp_path, solver, shape, text):
    out = tmp_path / "case"
    m = _plan(text, out)
    assert (m.solver, m.recipe) == (solver, f"geometry:{shape}")
    stated_lengths = [b for b in m.bindings if b.file == ".casewright/geometry.json"]
    assert stated_lengths, "the shape's stated sizes are bound to the built geometry"
    if solver not in CARRIED:
        return
    write_case(m, out, tutorials)
    patches = {p.name for p in m.patches}
    for field in (out / "0").iterdir():
        text_ = field.read_text()
        assert "nonuniform" not in text_, f"0/{field.name} keeps a list sized for the tutorial's mesh"
        parsed = FoamFile(field)
        assert set(parsed["boundaryField"]) == patches  # type: ignore[arg-type]
    control = FoamFile(out / "system/controlDict")
    assert control["application"] == solver
    assert "blockMesh" in m.steps[0] and m.steps[-1] == solver


def test_tracer_rides_on_the_stated_velocity_with_the_stated_diffusivity(tutorials, tmp_path):
    out = tmp_path / "case"
    m = _plan("scalarTransportFoam: dye in a 2D channel 0.4 m long and 0.05 m high, flow 0.2 m/s, "
              "diffusivity 3e-6 m2/s, concentration 2 at the inlet", out)
    write_case(m, out, tutorials)
    u = FoamFile(out / "0/U")
    assert list(u["internalField"]) == pytest.approx([0.2, 0, 0])  # the carried field rides on the stated flow
    assert list(u["boundaryField"]["inlet"]["value"]) == pytest.approx([0.2, 0, 0])  # type: ignore[index]
    assert FoamFile(out / "constant/transportProperties")["DT"] == pytest.approx(3e-6)
    assert FoamFile(out / "0/T")["boundaryField"]["inlet"]["value"] == pytest.approx(2)  # type: ignore[index]
    assert FoamFile(out / "system/controlDict")["endTime"] == pytest.approx(4.0)  # 2 flow-throughs of 0.4 m at 0.2 m/s
    assert any(b.entry == ["DT"] for b in m.bindings)


@pytest.mark.parametrize(("text", "named"), [
    ("nonNewtonianIcoFoam channel 0.5 m long, 0.05 m high, inlet velocity 0.1 m/s", "no outlet patch"),
    ("electrostaticFoam in a 3D box duct 0.1 m long, 0.1 m wide, 0.1 m tall", "no outlet patch"),
])
def test_solver_that_cannot_be_carried_is_refused_naming_what_is_missing(tutorials, tmp_path, text, named):
    with pytest.raises(RequestError, match=named):
        _plan(text, tmp_path / "case")


# --- a carried solver the words call for without naming it --------------------------------------

@pytest.mark.parametrize(("text", "solver"), [
    ("A tracer carried by a given velocity of 0.1 m/s through a 3D box duct 0.35 x 0.06 x 0.03 m, passive scalar "
     "only, no flow solution needed", "scalarTransportFoam"),
    ("dye advected by a prescribed uniform velocity of 5 cm/s along a channel 1 m long and 10 cm high",
     "scalarTransportFoam"),
    ("potential flow in a channel 1 m long and 0.1 m high, inflow 2 m/s", "potentialFoam"),
    ("heat conduction in a 2D channel 0.3 m long and 0.05 m high, diffusivity 1e-5 m2/s", "laplacianFoam"),
    # a tracer in a flow that is solved: the flow solver with the library's passive scalar
    ("laminar flow in a channel 1 m long and 0.1 m high at 0.01 m/s with a dye tracer injected at the inlet",
     "icoFoam"),
])
def test_carried_solver_implied_by_the_words(tutorials, tmp_path, text, solver):
    assert _plan(text, tmp_path / "case").solver == solver


# --- a tutorial whose mesh the plan changes: its fields of the old mesh cannot stay -----------------

def test_changed_tutorial_mesh_makes_mesh_sized_fields_uniform(tutorials, tmp_path):
    """scalarTransportFoam's pitzDaily ships a solved 0/U of 12225 cells: a changed mesh would abort
    ("size 12225 is not equal to the given value of 600"); the field becomes its inflow value."""
    out = tmp_path / "case"
    m = _plan("scalarTransportFoam pitzDaily tutorial with DT 1e-4 m2/s, mesh 30 x 20 cells", out)
    assert m.base_tutorial == "basic/scalarTransportFoam/pitzDaily"
    write_case(m, out, tutorials)
    assert "nonuniform" not in (out / "0/U").read_text()
    assert list(FoamFile(out / "0/U")["internalField"]) == pytest.approx([10, 0, 0])
    assert any("cannot follow the changed mesh" in w for w in m.warnings)


def test_unchanged_tutorial_mesh_keeps_its_fields(tutorials, tmp_path):
    out = tmp_path / "case"
    m = _plan("scalarTransportFoam pitzDaily tutorial with DT 1e-4 m2/s", out)
    write_case(m, out, tutorials)
    assert "nonuniform" in (out / "0/U").read_text()
