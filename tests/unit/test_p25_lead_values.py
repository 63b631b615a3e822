"""Lead fixes of session 25 on stated values of geometry requests."""
from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.parametric import reynolds_length
from tasks.geometry.text import parse_geometry
from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated


@pytest.mark.parametrize("text, length", [
    ("a 10 cm x 10 cm lid-driven cavity with a 3 cm x 3 cm solid block in its centre; the lid moves at 20 cm/s; "
     "Reynolds number 200 based on the lid speed and the 10 cm side; icoFoam", 0.1),
    ("a 10 cm x 10 cm lid-driven cavity with a 3 cm x 3 cm solid block in its centre; Re 200 based on the 20 cm/s "
     "lid and the block side; icoFoam", 0.03),
    ("2D channel 1 m long and 0.1 m high with a square cylinder of side 2 cm centred at (0.3, 0.05); inlet 0.1 m/s; "
     "Re 100 based on the 20 mm cylinder; pimpleFoam", 0.02),
    ("orifice plate of beta 0.5 in a 6 cm bore pipe, axisymmetric wedge about x, simpleFoam k-omega SST: water at "
     "0.4 m/s, Re 24000 on the pipe diameter; the 4 mm plate starts 2 D after the inlet x = 0, the pipe is 8 D long",
     0.06),
    ("orifice plate with a 30 mm hole in a 6 cm pipe, axisymmetric wedge, simpleFoam: water at 0.4 m/s, Re 12000 "
     "based on the orifice diameter; the 4 mm plate at x = 0.12 m, the pipe 0.48 m long", 0.03),
])
def test_reynolds_number_on_a_length_said_with_its_value(text, length):
    spec = parse_geometry(text)
    assert spec is not None
    assert reynolds_length(text, spec, 1.0)[0] == pytest.approx(length)


TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _bound(tutorial: str, solver: str, text: str) -> tuple[dict[tuple[str, tuple[str, ...]], object], set[str], list[str]]:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    return ({(e.file, tuple(e.entry)): e.value for e in binder.edits}, {b.stated for b in binder.bindings},
            [n.text for n in binder.not_applied])


@needs_tutorials
@pytest.mark.parametrize("tutorial, solver, text, end", [
    ("combustion/reactingFoam/laminar/counterFlowFlame2DLTS", "reactingFoam",
     "counterflow flame with reactingFoam and local time stepping (LTS), fuel at 0.09 m/s; 250 LTS iterations", "250"),
    ("compressible/rhoPimpleFoam/RAS/angledDuctLTS", "rhoPimpleFoam",
     "angled duct, pseudo-transient with local time-stepping, i.e. localEuler; march 120 pseudo-time steps", "120"),
])
def test_one_scheme_said_in_two_wordings_binds_both_and_steps_count(tutorial, solver, text, end):
    edits, bound, left = _bound(tutorial, solver, text)
    assert edits[("system/fvSchemes", ("ddtSchemes", "default"))] == "localEuler"
    assert edits[("system/controlDict", ("endTime",))] == end
    assert not left
    said = [w for w in ("local time stepping", "local time-stepping", "LTS", "localEuler") if w in text]
    assert len(said) >= 2 and all(any(w in b for b in bound) for w in said)


@needs_tutorials
@pytest.mark.parametrize("text, value", [
    ("Please set it up with a mean inlet velocity of 0.06 m/s.", "(0.06 0 0)"),
    ("Could you set the case up with an inlet speed of 0.06 m/s", "(0.06 0 0)"),
    ("planar contraction, the inflow goes up at 0.06 m/s", "(0 0.06 0)"),
])
def test_up_of_a_phrasal_verb_points_nowhere(text, value):
    edits, _, _ = _bound("incompressible/pimpleFoam/laminar/planarContraction", "pimpleFoam", text)
    assert edits[("0/U", ("Uinlet",))] == value


@pytest.mark.parametrize("patch_types, dimension", [
    ([{"front": "empty", "back": "empty", "walls": "noSlip"}], 2),
    ([{"wedge0": "wedge", "inlet": "fixedValue"}], 2),
    ([{"walls": "zeroGradient"}, {"inlet": "fixedValue"}], None),  # constraint types left to setConstraintTypes
])
def test_a_case_one_cell_thick_is_2d_by_its_fields(patch_types, dimension):
    from tasks.plan.select_wholename import dimension_points, fields_dimension
    assert fields_dimension(patch_types) == dimension
    assert dimension_points("multiphase/x/someCase", 3, patch_types) == (-30.0 if dimension == 2 else 0.0)


@pytest.mark.parametrize("text", [
    "3D expansion between square ducts, simpleFoam laminar, origin at the centre of the inlet face. Small duct 16 x 16 mm "
    "(y, z -8..8 mm), x 0..50 mm; big duct 48 x 48 mm (y and z -24..24 mm), x 50..250 mm. Inlet 0.2 m/s, nu 1e-5",
    "Square-to-square enlargement, side 1.6 cm to 4.8 cm, full 3D, simpleFoam laminar: 5 cm of the small duct followed "
    "by 20 cm of the large one, common axis along x; 0.2 m/s in, nu 1e-5",
])
def test_3d_duct_sections_by_size_and_range_or_by_length_of_each(text):
    from tasks.geometry.text_duct_sections import duct_sections
    boxes, _ = duct_sections(text, True)
    assert [tuple(round(v, 6) for v in b) for b in boxes] == [(0.0, 0.05, -0.008, 0.008, -0.008, 0.008),
                                                             (0.05, 0.25, -0.024, 0.024, -0.024, 0.024)]


def test_a_wall_named_by_its_coordinate_on_the_edge_is_that_side():
    from tasks.edit.parametric_heat import coordinate_sides
    bounds = [(0.0, 0.1), (0.0, 0.1), (0.0, 0.01)]
    text = "hot side at x = 0 held at 303.15 K, cold side at x = 10 cm at 283.15 K, floor (y = 0) adiabatic, fin at y = 0.05 m"
    assert coordinate_sides(text, bounds) == ("hot side at left held at 303.15 K, cold side at right at 283.15 K, "
                                              "floor (bottom) adiabatic, fin at y = 0.05 m")
    assert coordinate_sides(text, None) == text


@pytest.mark.parametrize("text, size", [
    ("g = 9.81 m/s^2 downwards; 2 mm grid; simulate 20 s.", 0.002),
    ("use a uniform 5 mm mesh everywhere", 0.005),
    ("a 2 m mesh region around the body", None),
    ("a 10 mm grid independence study follows", None),
])
def test_a_length_before_grid_or_mesh_is_the_cell_size(text, size):
    from tasks.geometry.text_mesh import cell_size
    assert cell_size(text) == (pytest.approx(size) if size else None)


def test_a_colon_after_a_fin_ends_its_words_unless_right_after_its_noun():
    from tasks.geometry.text_wall_fins import fin_words
    text = ("10 cm square box with a half-width baffle, 2 mm thick, sticking out from the middle of the hot wall: hot "
            "side at x = 0 held at 303 K, floor (y = 0) adiabatic")
    start, stop = fin_words(text)
    assert text[start:stop].strip().endswith("middle of the hot wall")
    text = "Heated cavity 0.1 m. Fin: x 0..40 mm, y 49..51 mm, adiabatic. Left wall 30 degC."
    start, stop = fin_words(text)
    assert "49..51" in text[start:stop]


DECAY = "incompressible/pimpleFoam/LES/decayIsoTurb"


@needs_tutorials
@pytest.mark.parametrize("text, n", [
    ("decaying isotropic turbulence, pimpleFoam LES, 24 cells in each direction, run to 0.05 s", "(24 24 24)"),
    ("decaying isotropic turbulence case of pimpleFoam with a 48 x 48 x 24 mesh", "(48 48 24)"),
    ("decaying isotropic turbulence (pimpleFoam LES): 40 cells in x, keep the rest", "(40 64 64)"),
])
def test_cells_of_a_generated_box_go_to_the_generator(text, n):
    from tasks.plan.controls_mesh import mesh_words
    change = mesh_words(TUTORIALS / DECAY, None, text, read_stated(text))
    assert [(e.file, e.entry, e.value) for e in change.edits] == [("constant/createBoxTurbDict", ["N"], n)]


@needs_tutorials
def test_fields_of_a_generated_box_name_its_patches(tmp_path):
    import shutil
    from tasks.edit.caseops_io import field_writing_patches
    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / DECAY, case, ignore=shutil.ignore_patterns("Allrun", "Allclean"))
    assert field_writing_patches(case) == {f"patch{i}": "cyclic" for i in range(6)}  # not the unread blockMeshDict's


@pytest.mark.parametrize("text, side", [
    ("periodic box 565.5 mm each side, thirty-two cells per edge (32768 in total), pimpleFoam LES", 0.5655),
    ("a cube 20 cm per side, icoFoam", 0.2),
    ("periodic box 0.5 m on each side, 32 cells per edge", 0.5),
])
def test_a_box_sized_per_side(text, side):
    spec = parse_geometry(text)
    assert spec.shape == "box" and spec.dims.model_dump() == {"length": side, "height": side, "width": side}


@pytest.mark.parametrize("text, said", [
    ("the water is filled only until 0.5 m height (not 0.7 m) and the water is at 20 degC", ["0.5 m", "20 degC"]),
    ("inlet 2 m/s, not 3 m/s; nu 1e-5 m2/s", ["2 m/s", "1e-5 m2/s"]),
    ("inlet 2 m/s (was 1 m/s)", ["2 m/s"]),
    ("water level 0.4 m (the tutorial value is 0.7 m)", ["0.4 m"]),
    ("the velocity must be not more than 2 m/s", ["2 m/s"]),
])
def test_a_value_said_only_as_the_old_one_is_not_stated(text, said):
    assert [q.text for q in read_stated(text)] == said
