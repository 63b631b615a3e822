"""Value classes of session 23: kinematic pressures on a base whose p has named-unit dimensions
(`[m^2 s^-2]`, TJunctionFan) and in J/kg when the words say pressure; restatements joined by
"that is" / "equivalently"; "N its" as iterations; the cell ceiling a mesh is refused over; a cell
count "across" never the height's direction when the height is also given a count."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.mesh_limit import MAX_CELLS, check_block_mesh_dicts, too_many_cells
from tasks.plan.bind import bind_all
from tasks.plan.controls_axis import count_axis
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _values(tutorial: str, solver: str, text: str) -> tuple[dict[tuple[str, str], str], dict[str, str]]:
    """(file, entry) -> value each stated quantity was bound to; stated text -> why not applied."""
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    return ({(b.file, "/".join(b.entry)): b.value for b in binder.bindings},
            {n.text: n.reason for n in binder.not_applied})


@needs_tutorials
@pytest.mark.parametrize("text,entry,value", [
    # the base's p is `dimensions [m^2 s^-2]`: a kinematic value goes in as it is
    ("inlet total pressure 60 m2/s2", "boundaryField/inlet/p0", "60"),
    ("inlet total pressure 45 J/kg", "boundaryField/inlet/p0", "45"),
])
def test_kinematic_pressure_on_named_unit_dimensions(text, entry, value):
    bound, refused = _values("incompressible/pimpleFoam/RAS/TJunctionFan", "pimpleFoam", text)
    assert not refused
    written = [v for (file, key), v in bound.items() if file.endswith("/p") and key == entry]
    assert written and all(v.split()[-1] == value for v in written)


@needs_tutorials
def test_energy_per_mass_said_of_a_pressure_is_kinematic():
    bound, refused = _values("incompressible/simpleFoam/pitzDaily", "simpleFoam",
                             "outlet static pressure 3 J/kg, inlet 12 m/s")
    assert not refused
    assert bound[("0/p", "boundaryField/outlet/value")].split()[-1] == "3"


def test_latent_heat_stays_an_energy_per_mass():
    kinds = {q.text: q.quantity for q in read_stated("the pressure is 1 bar and the latent heat 334 kJ/kg")}
    assert kinds == {"1 bar": "pressure", "334 kJ/kg": "specific_energy"}


@pytest.mark.parametrize("text", [
    "the rotor turns at 300 rpm -- that is 31.4 rad/s",
    "inlet water at 20 degC, equivalently 293.15 K",
    "inlet speed 5 m/s; in other words 18 km/h",
])
def test_a_restated_value_is_one_quantity(text):
    assert len(read_stated(text)) == 1


@pytest.mark.parametrize("text,count", [
    ("run 300 its", 300), ("2000 SIMPLE its", 2000), ("run it for 400 its then stop", 400), ("500 iters", 500),
])
def test_iteration_abbreviations_set_the_end_time(text, count):
    ends = [q.value for q in read_stated(text) if q.role in ("end_time", "control:endTime")]
    assert ends == [count]


def test_its_as_a_possessive_is_no_count():
    assert all(q.quantity != "iterations" for q in read_stated("At Re = 100 its wake sheds vortices"))


def test_the_cell_ceiling():
    assert too_many_cells([(100, 100, 1)], "mesh") is None
    reason = too_many_cells([(100000, 40000, 1)], "system/blockMeshDict")
    assert reason is not None and "4,000,000,000" in reason and "100000 x 40000 x 1" in reason
    assert too_many_cells([(MAX_CELLS, 1, 1)], "mesh") is None


def test_a_written_block_mesh_over_the_ceiling_is_refused(tmp_path):
    (tmp_path / "system").mkdir()
    (tmp_path / "system/blockMeshDict").write_text(
        "nx 100000;\nblocks ( hex (0 1 2 3 4 5 6 7) ($nx 40000 1) simpleGrading (1 1 1) );\n")
    with pytest.raises(RequestError, match="4,000,000,000 cells"):
        check_block_mesh_dicts(tmp_path)


def test_across_is_level_when_the_height_has_its_own_count():
    text = "65 cells across the width and 200 cells in height"
    extents = [3.81, 8.89, 6.35]  # solidMelting2D: x one cell, y 8.89, z 6.35; gravity along z
    across = count_axis(text, 0, len("65 cells"), up=2, extents=extents, flat={0})
    height = count_axis(text, text.index("200"), text.index("200") + len("200 cells"), up=2, extents=extents, flat={0})
    assert (across, height) == (1, 2)


@needs_tutorials
def test_a_restatement_that_disagrees_is_refused_with_both_values():
    text = "mixerVessel2D with the rotor turning at 120 rpm (31.4 rad/s)"
    bound, refused = _values("multiphase/multiphaseEulerFoam/mixerVessel2D", "multiphaseEulerFoam", text)
    assert bound[("constant/MRFProperties", "MRF1/omega")].split()[-1].startswith("12.566")
    assert "differ" in refused["31.4 rad/s"] and "12.57 rad/s" in refused["31.4 rad/s"]


@needs_tutorials
def test_one_listed_pressure_per_outlet_in_order():
    bound, refused = _values("incompressible/pimpleFoam/RAS/TJunctionFan", "pimpleFoam",
                             "inlet total pressure 60 m2/s2, outlets 30 and 8 m2/s2")
    assert not refused
    assert bound[("0.orig/p", "boundaryField/outlet1/value")].split()[-1] == "30"
    assert bound[("0.orig/p", "boundaryField/outlet2/value")].split()[-1] == "8"
