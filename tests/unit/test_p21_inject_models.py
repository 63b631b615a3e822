"""Stated injection quantities bound to whatever injection model the base tutorial has (session 21):
look-up-table rows, cone angles, injector positions and directions, parcel counts, and refusals
that name what the model holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.foam.function1 import with_function1
from tasks.plan.bind import bind_all
from tasks.plan.bind_cloud_cone import cone_entry
from tasks.plan.bind_cloud_place import stated_places
from tasks.plan.bind_cloud_rates import parcel_counts
from tasks.plan.bind_cloud_table import TABLE, render_rows, split_flow, table_columns, table_rows
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

_FILTER = ("lagrangian/reactingParcelFoam/filter", "reactingParcelFoam")
_SPLASH = ("lagrangian/reactingParcelFoam/splashPanel", "reactingParcelFoam")
_SPRAY = ("lagrangian/sprayFoam/aachenBomb", "sprayFoam")
_CONE = ("lagrangian/reactingParcelFoam/hotBoxes", "reactingParcelFoam")
_CYCLONE = ("lagrangian/MPPICFoam/cyclone", "MPPICFoam")
_GOLDSCHMIDT = ("lagrangian/DPMFoam/Goldschmidt", "DPMFoam")
_TABLE = "constant/parcelInjectionProperties"
_INJ = ["subModels", "injectionModels", "model1"]


def _bind(case: tuple[str, str], text: str):
    return bind_all(TUTORIALS / case[0], case[1], text, read_stated(text))


def _rows(binder, rel: str = _TABLE) -> list[list[str]]:
    """The table as the plan leaves it, read back through the dictionary reader."""
    body = [e.value for e in binder.edits if e.file == rel and e.entry == TABLE][-1]
    base = (TUTORIALS / _FILTER[0] / _TABLE).read_text()
    written = with_function1(base, TABLE, body)
    assert fd.parse_error(written) is None
    return table_rows(fd.get(written, TABLE), table_columns("reactingMultiphaseLookupTableInjection"))


def _value(binder, rel: str, entry: list[str]) -> str | None:
    found = [e.value for e in binder.edits if e.file == rel and e.entry == entry]
    return found[-1] if found else None


def _reason(binder, part: str) -> str:
    return next((n.reason for n in binder.not_applied if part in n.text), "")


# --- pure functions ---------------------------------------------------------------------------------------

def test_a_table_is_read_as_rows_of_its_columns() -> None:
    columns = table_columns("reactingMultiphaseLookupTableInjection")
    rows = table_rows("(0 1 2) (0 -5 0) 0.001 1000 0.002 300 4200 (0 1 0) () (1) ()\n"
                      "(0 1 3) (0 -5 0) 0.001 1000 0.002 300 4200 (0 1 0) () (1) ()", columns)
    assert [r[columns.index("x")] for r in rows] == ["(0 1 2)", "(0 1 3)"]
    assert rows[0][columns.index("T")] == "300"
    assert table_rows("(0 1 2) (0 -5 0) 0.001", columns) is None  # a layout that fills no whole row
    assert table_columns("kinematicLookupTableInjection") == ["x", "U", "d", "rho", "mDot"]
    assert table_columns("patchInjection") is None
    assert render_rows([["(0 0 0)", "1"]]) == "\n    (0 0 0) 1\n"


def test_a_mass_flow_is_shared_in_the_rows_proportions() -> None:
    rows = [["a", "0.1"], ["b", "0.3"]]
    assert split_flow(rows, 1, 0.008) == ["0.002", "0.006"]
    assert split_flow([["a", "0"], ["b", "0"]], 1, 0.01) == ["0.005", "0.005"]


@pytest.mark.parametrize("words,value,want", [
    ("the spray cone half-angle is 12 degrees", 12.0, ("thetaOuter", 12.0, False)),
    ("a spray cone angle of 30 deg", 30.0, ("thetaOuter", 15.0, True)),
    ("inner cone half angle 5 deg", 5.0, ("thetaInner", 5.0, False)),
    ("the wall is inclined at 12 degrees", 12.0, None),
])
def test_a_cone_angle_is_its_entry_from_the_axis(words: str, value: float, want) -> None:
    assert cone_entry(words, value) == want


def test_places_are_read_from_injection_sentences_only() -> None:
    found = stated_places("the injector is at (10 20 30) mm. gravity acts along -y. particles are injected "
                          "along -z. the inlet velocity is (1 0 0) m/s.", [0.0, -1.0, 0.0])
    assert [(p.kind, p.vector) for p in found] == [("position", (0.01, 0.02, 0.03)), ("direction", (0.0, 0.0, -1.0))]
    said = stated_places("particles are injected at 7 m/s in the direction (0 0 -2).")
    assert said[0].kind == "direction" and said[0].vector == (0.0, 0.0, -1.0) and said[0].speed == 7.0
    assert stated_places("particles are injected at (0 -3 0) m/s.") == []  # a velocity, not a place


def test_parcel_counts_are_told_from_rates() -> None:
    assert parcel_counts("inject 5000 parcels in total.") == ([("5000", 5000.0)], [], [])
    assert parcel_counts("inject 2000 parcels per second.") == ([], [], [])
    assert parcel_counts("300 parcels per injector") == ([], [("300", 300.0)], [])
    assert parcel_counts("each parcel holds 10 particles") == ([], [], [("10", 10.0)])


# --- look-up-table injections: the rows of constant/parcelInjectionProperties -----------------------------

@needs_tutorials
def test_a_droplet_size_is_every_rows_diameter() -> None:
    binder = _bind(_FILTER, "Droplets 50 micron in diameter are injected.")
    rows = _rows(binder)
    assert len(rows) == 4 and {r[2] for r in rows} == {"5e-05"}
    assert not binder.not_applied


@needs_tutorials
def test_a_speed_keeps_each_rows_direction() -> None:
    binder = _bind(_FILTER, "Particles are injected at 7 m/s.")
    first = [float(c) for c in _rows(binder)[0][1].strip("()").split()]
    assert abs(sum(c * c for c in first) ** 0.5 - 7) < 1e-4
    assert first[0] > 0 and first[1] > 0  # the base's (0.5 0.25 0) way


@needs_tutorials
def test_a_temperature_goes_to_the_rows_and_t0() -> None:
    binder = _bind(_SPLASH, "The particles are injected at 350 K.")
    assert _value(binder, "constant/reactingCloud1Properties", ["constantProperties", "T0"]) == "350"
    assert _rows(binder)[0][5] == "350"


@needs_tutorials
def test_a_mass_flow_goes_to_mass_total_and_the_rows() -> None:
    binder = _bind(_FILTER, "Inject 0.004 kg/s of particles.")
    assert _value(binder, "constant/reactingCloud1Properties", _INJ + ["massTotal"]) == "0.004"  # over 1 s
    assert [r[4] for r in _rows(binder)] == ["0.001"] * 4


@needs_tutorials
def test_a_position_moves_a_single_row_and_is_refused_for_several() -> None:
    one = _bind(_SPLASH, "The injector is at (0.04 0.02 0.08) m.")
    assert _rows(one)[0][0] == "(0.04 0.02 0.08)"
    several = _bind(_FILTER, "The injector is at (0.04 0.02 0.08) m.")
    assert "4 injectors" in _reason(several, "(0.04 0.02 0.08)")


# --- cone and nozzle injections ------------------------------------------------------------------------------

@needs_tutorials
def test_a_cone_angle_is_theta_outer_and_no_mesh_angle() -> None:
    binder = _bind(_SPRAY, "The spray cone angle is 30 deg.")
    assert _value(binder, "constant/sprayCloudProperties", _INJ + ["thetaOuter"]) == "constant 15"
    assert not binder.not_applied
    refused = _bind(_CYCLONE, "The spray cone half-angle is 12 degrees.")
    assert "patchInjection" in _reason(refused, "12 degrees") and "mesh" not in _reason(refused, "12 degrees")


@needs_tutorials
def test_a_nozzle_takes_a_position_and_a_direction() -> None:
    binder = _bind(_SPRAY, "The nozzle is at (0 0.09 0) m and the fuel is injected in the direction (0 -1 1).")
    rel = "constant/sprayCloudProperties"
    assert _value(binder, rel, _INJ + ["position"]) == "(0 0.09 0)"
    assert _value(binder, rel, _INJ + ["direction"]) == "(0 -0.707107 0.707107)"


@needs_tutorials
def test_a_direction_turns_u0_with_its_speed_and_a_stated_speed_agrees() -> None:
    turned = _bind(_CYCLONE, "Particles are injected along -y.")
    assert _value(turned, "constant/kinematicCloudProperties", _INJ + ["U0"]) == "(0 -10 0)"
    both = _bind(_CYCLONE, "Particles are injected at 7 m/s in the direction (0 0 -1).")
    assert _value(both, "constant/kinematicCloudProperties", _INJ + ["U0"]) == "(0 0 -7)"
    assert not both.not_applied


@needs_tutorials
def test_a_parcel_rate_is_parcels_per_injector_of_a_cone() -> None:
    binder = _bind(_CONE, "Inject 2000 parcels per second.")
    assert _value(binder, "constant/reactingCloud1Properties", _INJ + ["parcelsPerInjector"]) == "40000"  # x 20 s


@needs_tutorials
def test_a_parcel_count_is_a_rate_over_the_duration() -> None:
    binder = _bind(_CYCLONE, "Inject 5000 parcels in total.")
    assert _value(binder, "constant/kinematicCloudProperties", _INJ + ["parcelsPerSecond"]) == "1250"  # over 4 s


@needs_tutorials
def test_a_total_parcel_count_is_shared_by_models_and_injectors() -> None:
    two_models = _bind(("lagrangian/MPPICFoam/injectionChannel", "MPPICFoam"), "Inject 6000 parcels in total.")
    rel = "constant/kinematicCloudProperties"
    for model in ("model1", "model2"):  # 3000 each over 60 s
        assert _value(two_models, rel, ["subModels", "injectionModels", model, "parcelsPerSecond"]) == "50"
    two_injectors = _bind(_CONE, "Inject 5000 parcels in total.")
    assert _value(two_injectors, "constant/reactingCloud1Properties", _INJ + ["parcelsPerInjector"]) == "2500"
    each = _bind(_CONE, "300 parcels per injector.")
    assert _value(each, "constant/reactingCloud1Properties", _INJ + ["parcelsPerInjector"]) == "300"


# --- refusals that say what the model holds --------------------------------------------------------------

@needs_tutorials
def test_a_particle_mass_flow_of_a_manual_injection_is_refused_not_an_inlets() -> None:
    binder = _bind(_GOLDSCHMIDT, "Inject 0.003 kg/s of particles.")
    assert not any("massFlowRate" in e.entry for e in binder.edits)
    assert "manualInjection" in _reason(binder, "0.003 kg/s")


@needs_tutorials
def test_particles_per_parcel_need_a_fixed_basis() -> None:
    fixed = _bind(("lagrangian/MPPICFoam/column", "MPPICFoam"), "Each parcel holds 10 particles.")
    assert _value(fixed, "constant/kinematicCloudProperties", _INJ + ["nParticle"]) == "10"
    by_mass = _bind(_CYCLONE, "Each parcel holds 10 particles.")
    assert "parcelBasisType mass" in _reason(by_mass, "10")


@needs_tutorials
def test_a_kinematic_clouds_particle_temperature_is_refused() -> None:
    binder = _bind(_CYCLONE, "The particles are injected at 350 K.")
    assert "kinematic" in _reason(binder, "350 K")
    assert not binder.edits


@needs_tutorials
def test_several_row_values_combine_in_one_table(tmp_path: Path) -> None:
    binder = _bind(_FILTER, "Droplets 80 micron, injected at 3 m/s at 320 K.")
    body = _value(binder, _TABLE, TABLE)
    written = with_function1((TUTORIALS / _FILTER[0] / _TABLE).read_text(), TABLE, body)
    (tmp_path / "table").write_text(written)
    rows = table_rows(fd.get((tmp_path / "table").read_text(), TABLE), table_columns(
        "reactingMultiphaseLookupTableInjection"))
    assert {r[2] for r in rows} == {"8e-05"} and {r[5] for r in rows} == {"320"}
    assert {round(sum(float(c) ** 2 for c in r[1].strip("()").split()) ** 0.5, 4) for r in rows} == {3.0}
