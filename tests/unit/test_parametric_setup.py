"""What makes a shape-library case run: the smallest cell read from its blockMeshDict or Gmsh
mesh, a deltaT for Co 0.5 on it (adjustTimeStep for the PIMPLE family, a stated deltaT kept and
warned about), free-stream far-field BCs, the Rayleigh relations, quad-dominant Gmsh meshes
with about area / h^2 cells. Every edited dictionary is parsed back with foamlib."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.edit import parametric_setup as setup
from tasks.edit.parametric import far_field
from tasks.geometry.build import build_mesh
from tasks.geometry.models import MeshBuild, PatchInfo
from tasks.geometry.spec import make_spec
from tasks.plan.stated import StatedQuantity

BLOCK_MESH = """FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }
convertToMeters 0.1;
vertices ( (0 0 0) (10 0 0) (10 1 0) (0 1 0) (0 0 0.1) (10 0 0.1) (10 1 0.1) (0 1 0.1) );
blocks ( hex (0 1 2 3 4 5 6 7) (100 20 1) simpleGrading (1 ((0.5 0.5 4) (0.5 0.5 0.25)) 1) );
edges ();
boundary ();
"""

CONTROL = """FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }
application {solver};
startFrom startTime;
startTime 0;
stopAt endTime;
endTime 0.5;
deltaT 0.005;
writeControl timeStep;
writeInterval 20;
"""

SOLUTION = """FoamFile { version 2.0; format ascii; class dictionary; object fvSolution; }
solvers { p { solver PCG; preconditioner DIC; tolerance 1e-6; relTol 0; } }
PIMPLE { nOuterCorrectors 1; nCorrectors 2; }
"""


def _case(tmp_path: Path, solver: str) -> Path:
    (tmp_path / "system").mkdir(parents=True)
    (tmp_path / "system/blockMeshDict").write_text(BLOCK_MESH)
    (tmp_path / "system/controlDict").write_text(CONTROL.replace("{solver}", solver))
    (tmp_path / "system/fvSolution").write_text(SOLUTION)
    return tmp_path


def test_smallest_cell_of_a_graded_block_mesh():
    # y: 0.1 m in two halves of 10 cells graded 4 toward the middle -> first cell of a half
    k = 4 ** (1 / 9)
    first = 0.05 * (k - 1) / (k ** 10 - 1)
    assert setup.smallest_cell_block_mesh(BLOCK_MESH) == pytest.approx(first)
    assert setup.smallest_cell_block_mesh(BLOCK_MESH.replace("((0.5 0.5 4) (0.5 0.5 0.25))", "1")) == \
        pytest.approx(0.005)  # 1 m / 100 in x, 0.1 m / 20 in y; the one-cell z direction does not count


def test_smallest_cell_of_a_gmsh_mesh_is_about_the_size_asked_for(tmp_path):
    spec = make_spec(shape="channel_with_obstacles", dimensions={"length": 1.0, "height": 0.2},
                     obstacles=[{"kind": "rectangle", "center": [0.3, 0.1], "width": 0.05, "height": 0.05}],
                     mesh={"cell_size": 0.01})
    build = build_mesh(spec, tmp_path)
    h = setup.smallest_cell(tmp_path)
    assert h is not None and 0.003 < h <= 0.0101
    area = 1.0 * 0.2 - 0.05 * 0.05
    assert 0.8 * area / 0.01 ** 2 < build.n_cells < 1.3 * area / 0.01 ** 2  # quads, not twice as many triangles


@pytest.mark.parametrize("speed, h, co, expected", [(1.0, 0.01, None, 0.005), (0.05, 0.002, 0.5, 0.02),
                                                    (3.0, 0.001, 1.0, 0.0002)])
def test_time_step_is_a_round_number_for_the_courant_target(speed, h, co, expected):
    dt = setup.time_step(speed, h, co)
    assert dt == pytest.approx(expected)
    assert speed * dt / h <= (co or 0.5) + 1e-12


def test_time_step_needs_positive_inputs():
    with pytest.raises(ValueError, match="positive speed and cell size"):
        setup.time_step(0.0, 0.01)


def test_piso_solver_gets_a_fixed_step_for_co_half(tmp_path):
    case = _case(tmp_path, "icoFoam")
    choice = setup.set_time_step(case, "icoFoam", 2.0, None, False)
    control = FoamFile(case / "system/controlDict")
    h = setup.smallest_cell_block_mesh(BLOCK_MESH)
    assert control["deltaT"] == pytest.approx(choice.delta_t)
    assert 2.0 * control["deltaT"] / h <= 0.5
    assert "adjustTimeStep" not in control
    assert control["writeControl"] == "runTime" and control["writeInterval"] == pytest.approx(0.1)  # same write times
    assert "Co = U deltaT / h" in choice.assumptions[0]


def test_pimple_solver_adjusts_its_step_under_max_co(tmp_path):
    case = _case(tmp_path, "pimpleFoam")
    setup.set_time_step(case, "pimpleFoam", 1.0, None, False)
    control = FoamFile(case / "system/controlDict")
    assert control["adjustTimeStep"] is True
    assert control["maxCo"] == pytest.approx(0.5)
    assert control["writeControl"] == "adjustableRunTime"


def test_a_stated_time_step_is_kept_and_a_high_courant_number_warned(tmp_path):
    case = _case(tmp_path, "icoFoam")
    choice = setup.set_time_step(case, "icoFoam", 10.0, 0.01, False)
    assert choice.delta_t == 0.01 and choice.assumptions == []
    assert "Co =" in choice.warnings[0] and "keeps Co <= 1" in choice.warnings[0]
    assert FoamFile(case / "system/controlDict")["deltaT"] == pytest.approx(0.005)  # the binder writes 0.01


def test_a_stated_time_step_is_not_adjusted_away(tmp_path):
    case = _case(tmp_path, "pimpleFoam")
    control = case / "system/controlDict"
    control.write_text(control.read_text() + "adjustTimeStep yes;\nmaxCo 5;\n")
    choice = setup.set_time_step(case, "pimpleFoam", 0.1, 0.001, False)
    assert FoamFile(control)["adjustTimeStep"] is False and "kept" in choice.assumptions[0]
    assert choice.warnings == []


def test_steady_solver_has_no_time_step(tmp_path):
    assert setup.set_time_step(_case(tmp_path, "simpleFoam"), "simpleFoam", 1.0, None, False).delta_t is None


def test_fit_write_interval_when_it_does_not_fit_the_run(tmp_path):
    case = _case(tmp_path, "pimpleFoam")
    setup.set_time_step(case, "pimpleFoam", 1.0, None, False)
    assert setup.fit_write_interval(case, 0.05)  # the template writes every 0.1 s
    assert FoamFile(case / "system/controlDict")["writeInterval"] == pytest.approx(0.0025)
    assert not setup.fit_write_interval(case, 0.1)
    assert setup.fit_write_interval(case, 20.0)  # 8000 writes
    assert FoamFile(case / "system/controlDict")["writeInterval"] == pytest.approx(1.0)


FIELD = """FoamFile { version 2.0; format ascii; class vol%(cls)sField; object %(name)s; }
dimensions [0 1 -1 0 0 0 0];
internalField uniform %(zero)s;
boundaryField
{
    inlet { type fixedValue; value uniform %(value)s; }
    outlet { type zeroGradient; }
    top { type fixedValue; value uniform %(value)s; }
    airfoil { type %(wall)s; }
    frontAndBack { type empty; }
}
"""


def test_far_field_patches_become_free_stream(tmp_path):
    (tmp_path / "0").mkdir()
    for name, cls, zero, value, wall in (("U", "Vector", "(0 0 0)", "(10 0 0)", "noSlip"),
                                         ("p", "Scalar", "0", "0", "zeroGradient"),
                                         ("nuTilda", "Scalar", "0", "1e-4", "zeroGradient"),
                                         ("nut", "Scalar", "0", "0", "nutUSpaldingWallFunction")):
        (tmp_path / "0" / name).write_text(FIELD % {"cls": cls, "name": name, "zero": zero, "value": value, "wall": wall})
    changed = setup.set_free_stream(tmp_path, ["inlet", "outlet", "top"], {"U": "(10 0 0)", "nuTilda": "1e-4"})
    assert set(changed) == {"0/U", "0/p", "0/nuTilda"}
    u, p, nut = (FoamFile(tmp_path / "0" / n) for n in ("U", "p", "nut"))
    for patch in ("inlet", "outlet", "top"):
        assert u["boundaryField"][patch]["type"] == "freestreamVelocity"
        assert list(u["boundaryField"][patch]["freestreamValue"]) == [10, 0, 0]
        assert p["boundaryField"][patch]["type"] == "freestreamPressure"
    assert list(u["internalField"]) == [10, 0, 0]
    assert u["boundaryField"]["airfoil"]["type"] == "noSlip"
    assert nut["boundaryField"]["top"]["type"] == "fixedValue"  # nut is left as written


def test_far_field_only_for_open_top_and_bottom():
    airfoil = [PatchInfo(name="inlet", type="patch", role="inlet"), PatchInfo(name="outlet", type="patch", role="outlet"),
               PatchInfo(name="airfoil", type="wall", role="body"), PatchInfo(name="top", type="patch", role="top"),
               PatchInfo(name="bottom", type="patch", role="bottom")]
    assert far_field(airfoil) == ["inlet", "outlet", "top", "bottom"]
    channel = [PatchInfo(name="inlet", type="patch", role="inlet"), PatchInfo(name="top", type="wall", role="top"),
               PatchInfo(name="bottom", type="symmetryPlane", role="symmetry")]
    assert far_field(channel) == []


def test_rayleigh_relations_invert_each_other():
    g, beta, length, nu, pr = 9.81, 3.33e-3, 0.1, 1.568e-5, 0.71
    dt = setup.delta_t_for_rayleigh(1e5, g, beta, length, nu, pr)
    assert setup.rayleigh(g, beta, dt, length, nu, pr) == pytest.approx(1e5)
    b = setup.beta_for_rayleigh(2e5, g, 20.0, length, nu, pr)
    assert setup.rayleigh(g, b, 20.0, length, nu, pr) == pytest.approx(2e5)
    assert setup.buoyancy_speed(g, beta, dt, length) == pytest.approx(math.sqrt(g * beta * dt * length))
    with pytest.raises(ValueError, match="must be positive"):
        setup.delta_t_for_rayleigh(1e5, g, 0.0, length, nu, pr)


def test_keep_dims():
    assert setup.keep_dims("[0 0 0 -1 0 0 0] 3e-03", 0.00333) == "[0 0 0 -1 0 0 0] 0.00333"
    assert setup.keep_dims("1e-03", 0.00333) == "0.00333"


TRANSPORT = """FoamFile { version 2.0; format ascii; class dictionary; object transportProperties; }
transportModel Newtonian;
nu 1e-03;
beta 1e-03;
TRef 300;
Pr 1.0;
Prt 1.0;
"""


def _cavity_build() -> MeshBuild:
    patches = [PatchInfo(name="hotWall", type="wall", role="hot_wall"),
               PatchInfo(name="coldWall", type="wall", role="cold_wall"),
               PatchInfo(name="adiabaticWalls", type="wall", role="wall"),
               PatchInfo(name="frontAndBack", type="empty", role="empty")]
    return MeshBuild(shape="heated_cavity", generator="blockMesh", steps=[], files=[], patches=patches, n_cells=400,
                     two_d=True, reference_length=0.1)


def _stated(role: str, value: float, text: str) -> StatedQuantity:
    return StatedQuantity(text=text, quantity="x", value=value, role=role)


@pytest.mark.parametrize("given, hot, cold", [
    ([("rayleigh", 1e5, "Ra = 1e5")], None, None),  # dT from Ra about TRef
    ([("rayleigh", 1e5, "Ra = 1e5"), ("hot_wall_temperature", 310.0, "310 K"),
      ("cold_wall_temperature", 290.0, "290 K")], 310.0, 290.0),  # beta from Ra
])
def test_boussinesq_numbers_make_the_stated_rayleigh_number_hold(tmp_path, given, hot, cold):
    (tmp_path / "constant").mkdir()
    (tmp_path / "constant/transportProperties").write_text(TRANSPORT)
    notes: list[str] = []
    heat = setup.set_boussinesq(tmp_path, "a heated cavity", [_stated(*g) for g in given], _cavity_build(),
                                1.568e-5, notes)
    tp = FoamFile(tmp_path / "constant/transportProperties")
    t_hot, t_cold = heat.walls["hotWall"], heat.walls["coldWall"]
    assert t_hot > t_cold and (hot is None or (t_hot, t_cold) == (hot, cold))
    ra = setup.rayleigh(9.81, tp["beta"], t_hot - t_cold, 0.1, 1.568e-5, tp["Pr"])
    assert ra == pytest.approx(1e5, rel=1e-5)
    assert tp["TRef"] == pytest.approx((t_hot + t_cold) / 2)
    assert heat.bindings and heat.bindings[0].stated == "Ra = 1e5"
    assert heat.speed == pytest.approx(setup.buoyancy_speed(9.81, tp["beta"], t_hot - t_cold, 0.1))


def test_boussinesq_without_a_rayleigh_number_defaults_a_ten_kelvin_difference(tmp_path):
    (tmp_path / "constant").mkdir()
    (tmp_path / "constant/transportProperties").write_text(TRANSPORT)
    notes: list[str] = []
    heat = setup.set_boussinesq(tmp_path, "a heated cavity", [], _cavity_build(), 1e-3, notes)
    assert heat.walls == {"hotWall": 305.0, "coldWall": 295.0} and heat.t_ref == 300.0
    assert any("10 K difference" in n for n in notes)


def test_a_rayleigh_number_the_fluid_and_temperatures_contradict_is_not_applied(tmp_path):
    (tmp_path / "constant").mkdir()
    (tmp_path / "constant/transportProperties").write_text(TRANSPORT)
    stated = [_stated("rayleigh", 2e5, "Ra = 2e5"), _stated("hot_wall_temperature", 303.15, "303.15 K"),
              _stated("cold_wall_temperature", 283.15, "283.15 K")]
    heat = setup.set_boussinesq(tmp_path, "air, beta 3.3e-3 1/K, Ra = 2e5", stated, _cavity_build(), 1.5e-5, [])
    tp = FoamFile(tmp_path / "constant/transportProperties")
    assert tp["beta"] == pytest.approx(3.3e-3) and tp["Pr"] == pytest.approx(0.707)  # the stated beta, air's Pr
    assert heat.walls == {"hotWall": 303.15, "coldWall": 283.15} and tp["TRef"] == pytest.approx(293.15)
    assert [n.text for n in heat.refused] == ["Ra = 2e5"] and "gives Ra = " in heat.refused[0].reason
