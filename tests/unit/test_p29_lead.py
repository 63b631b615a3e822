"""Lead fixes of session 29: the shell lines of a tutorial's Allrun that finish its mesh files (cat, sed, mv)
reproduced in Python where the script has them, the generated Allrun a user can run as it stands, a base whose
points are rewritten after blockMesh has no patch normals from its blockMeshDict, a wall temperature of a
temperature-jump wall, a free-stream pressure on the far field, and the tutorial's own name said in a request."""
from __future__ import annotations

import gzip
import shutil
import subprocess
from urllib.parse import quote

import pytest

from tasks.core.errors import UsageError
from tasks.core.render import render
from tasks.foam.commands import FILE_EDIT, RESTORE_FIELDS
from tasks.foam.mesh_file_edits import (
    UNSUPPORTED,
    SedError,
    apply_file_edit,
    mesh_file_edit,
    parse_sed,
    run_sed,
    shell_line,
)
from tasks.knowledge.casebase import read_run_sequence
from tasks.plan.architect import plan
from tasks.plan.generic import said_as_base_name
from tasks.run.runner import Step
from tasks.run.steps import allrun_line
from tests.conftest import TUTORIALS

_BICONIC = TUTORIALS / "compressible/rhoCentralFoam/biconic25-55Run35"
_BOUNDARY = """
5
(
    inlet
    {
        type            patch;
        nFaces          20;
        startFace       760;
    }
    sideA
    {
        type            patch;
        inGroups        List<word> 1(symmetry);
        nFaces          400;
        startFace       780;
    }
    sideB
    {
        type            symmetry;
        nFaces          400;
        startFace       1180;
    }
    outlet
    {
        type            patch;
        nFaces          20;
        startFace       1580;
    }
)
"""


def _edits(manifest) -> dict[tuple[str, ...], str]:
    return {(e.file, *e.entry): e.value for e in manifest.edits if isinstance(e.value, str)}


# --- sed as GNU sed does it -------------------------------------------------------------------------------------

@pytest.mark.parametrize("script", [
    "/sideA/,/startFace/{\ns/patch/wedge/\n}",
    "/sideA/,/startFace/{s/patch/symmetryPlane/;s/inGroups/xGroups/}",
    r"s/symmetry\([)]*;\)/empty\1/",
    "s/patch/wall/2",
    "s/patch/wall/g",
    "/^ *type/s/patch/wall/",
    "/outlet/,/}/d",
    "3,6!d",
    "$d",
    r"s/\(n\)\(Faces\)/\2-\1-&/",
    "s/[()]//g;/^ *$/d",
    r"s/[[:space:]]\+/ /g",
    r"/inlet/!s/type\s*patch/type cyclic/",
])
def test_sed_scripts_give_what_gnu_sed_gives(script):
    expected = subprocess.run(["sed", script], input=_BOUNDARY, capture_output=True, text=True, check=True).stdout
    assert run_sed(script, _BOUNDARY) == expected


def test_sed_quiet_print_and_extended_expressions_match_gnu_sed():
    quiet = subprocess.run(["sed", "-n", "/(/,/)/p"], input=_BOUNDARY, capture_output=True, text=True).stdout
    assert run_sed("/(/,/)/p", _BOUNDARY, quiet=True) == quiet
    ere = r"s/(side)([AB])/\2\1/g"
    extended = subprocess.run(["sed", "-E", ere], input=_BOUNDARY, capture_output=True, text=True).stdout
    assert run_sed(ere, _BOUNDARY, extended=True) == extended


@pytest.mark.parametrize("script", ["y/abc/xyz/", "/a/a\\text", "s/a/b", "/x/{s/a/b/"])
def test_sed_commands_not_reproduced_are_refused(script):
    with pytest.raises(SedError):
        parse_sed(script)


# --- which script lines are mesh edits ----------------------------------------------------------------------------

def test_the_lines_that_finish_a_mesh_are_read_with_the_scripts_variables():
    values = {"CONST": "constant"}
    assert mesh_file_edit("cat $CONST/pointsHeader $CONST/points.tmp > $CONST/polyMesh/points", values) == \
        ["concat", "constant/polyMesh/points", "constant/pointsHeader", "constant/points.tmp"]
    assert mesh_file_edit("mv ${CONST}/polyMesh/boundary $CONST/polyMesh/boundary.bak", values) == \
        ["move", "constant/polyMesh/boundary", "constant/polyMesh/boundary.bak"]
    assert mesh_file_edit("sed -f constant/sc ./constant/polyMesh/boundary.bak > constant/polyMesh/boundary", {}) == \
        ["sed", "constant/polyMesh/boundary", "constant/polyMesh/boundary.bak", "file:constant/sc"]
    inline = mesh_file_edit("sed -i -e 's/symmetry/empty/g' constant/polyMesh/boundary", {})
    assert inline == ["sed", "constant/polyMesh/boundary", "constant/polyMesh/boundary",
                      "expr:" + quote("s/symmetry/empty/g", safe="")]


@pytest.mark.parametrize("line", [
    "sed -i 's/endTime 5/endTime 10/g' system/controlDict",  # a study's own change between its runs
    "cat system/schemesToTest",
    "mv log.simpleFoam log.first",
    "cp -r system/region.orig system/region",
    "cat << EOF > externalCoupled.control",
])
def test_lines_that_do_not_write_the_mesh_are_no_edits(line):
    assert mesh_file_edit(line, {}) is None


@pytest.mark.parametrize("line", [
    "sed -i 'y/abc/xyz/' constant/polyMesh/boundary",
    "cat constant/*.tmp > constant/polyMesh/points",
    "sed -i -e 's/a/b/' $UNKNOWN/polyMesh/boundary constant/polyMesh/faces",
])
def test_a_mesh_line_that_cannot_be_reproduced_is_recorded_as_such(line):
    edit = mesh_file_edit(line, {})
    assert edit is not None and edit[0] == UNSUPPORTED


def test_the_installed_biconic_script_reads_its_edits_between_its_steps():
    steps = [(s.app, s.args.split()[0] if s.app == FILE_EDIT else "") for s in read_run_sequence(_BICONIC, "rhoCentralFoam")]
    assert steps == [("blockMesh", ""), ("datToFoam", ""), (FILE_EDIT, "concat"), ("collapseEdges", ""),
                     (FILE_EDIT, "move"), (FILE_EDIT, "sed"), ("rhoCentralFoam", "")]


# --- doing the edits -----------------------------------------------------------------------------------------------

def test_edits_write_the_files_as_the_shell_lines_would(tmp_path):
    (tmp_path / "constant/polyMesh").mkdir(parents=True)
    (tmp_path / "constant/head").write_text("HEADER\n")
    (tmp_path / "constant/points.tmp.gz").write_bytes(gzip.compress(b"(0 0 0)\n"))
    (tmp_path / "constant/polyMesh/boundary").write_text(_BOUNDARY)
    (tmp_path / "constant/script").write_text("/sideA/,/startFace/{\ns/patch/wedge/\n}\n")
    apply_file_edit(tmp_path, ["concat", "constant/polyMesh/points", "constant/head", "constant/points.tmp"])
    assert (tmp_path / "constant/polyMesh/points").read_text() == "HEADER\n(0 0 0)\n"
    apply_file_edit(tmp_path, ["move", "constant/polyMesh/boundary", "constant/polyMesh/boundary.bak"])
    apply_file_edit(tmp_path, ["sed", "constant/polyMesh/boundary", "constant/polyMesh/boundary.bak",
                               "file:constant/script"])
    boundary = (tmp_path / "constant/polyMesh/boundary").read_text()
    assert boundary.count("wedge;") == 1 and boundary.count("type            patch;") == 2
    apply_file_edit(tmp_path, ["sed", "constant/polyMesh/boundary", "constant/polyMesh/boundary",
                               "expr:" + quote("s/symmetry;/symmetryPlane;/", safe="")])
    assert "symmetryPlane;" in (tmp_path / "constant/polyMesh/boundary").read_text()


def test_edits_stay_inside_the_case_and_say_what_is_missing(tmp_path):
    (tmp_path / "constant").mkdir()
    with pytest.raises(UsageError, match="inside the case"):
        apply_file_edit(tmp_path, ["concat", "../outside", "constant/a"])
    with pytest.raises(UsageError, match="constant/a is missing"):
        apply_file_edit(tmp_path, ["concat", "constant/polyMesh/points", "constant/a"])
    with pytest.raises(UsageError, match="not reproduced"):
        apply_file_edit(tmp_path, [UNSUPPORTED, quote("sed -i y/a/b/ constant/polyMesh/boundary", safe="")])


# --- the Allrun a user runs ------------------------------------------------------------------------------------------

def test_the_generated_allrun_does_the_host_steps_in_plain_shell(tmp_path):
    shutil.copytree(_BICONIC / "constant", tmp_path / "constant")
    (tmp_path / "constant/polyMesh").mkdir()
    (tmp_path / "constant/polyMesh/boundary").write_text(_BOUNDARY.replace("sideA", "wedge1"))
    (tmp_path / "constant/points.tmp").write_bytes(gzip.decompress((tmp_path / "constant/points.tmp.gz").read_bytes()))
    (tmp_path / "0.orig").mkdir()
    (tmp_path / "0.orig/U").write_text("U\n")
    edits = [["concat", "constant/polyMesh/points", "constant/pointsHeader", "constant/points.tmp"],
             ["move", "constant/polyMesh/boundary", "constant/polyMesh/boundary.bak"],
             ["sed", "constant/polyMesh/boundary", "constant/polyMesh/boundary.bak", "file:constant/wedgeScr"]]
    lines = [allrun_line(Step(command=RESTORE_FIELDS))] + [allrun_line(Step(command=FILE_EDIT, args=e)) for e in edits]
    script = render("foam/Allrun.j2", steps=lines, shell_steps=lines)
    assert "meshFileEdit" not in script and "restore0Dir" not in script
    (tmp_path / "Allrun").write_text(script)
    subprocess.run(["sh", str(tmp_path / "Allrun")], check=True)
    assert (tmp_path / "0/U").read_text() == "U\n"
    assert "wedge;" in (tmp_path / "constant/polyMesh/boundary").read_text()
    assert (tmp_path / "constant/polyMesh/points").read_bytes().startswith((tmp_path / "constant/pointsHeader").read_bytes())


def test_an_unsupported_edit_stops_the_users_allrun_with_the_line():
    line = shell_line([UNSUPPORTED, quote("sed y/a/b/ x > constant/polyMesh/faces", safe="")])
    result = subprocess.run(["sh", "-c", line], capture_output=True, text=True)
    assert result.returncode != 0 and "not reproduced" in result.stderr


# --- planning on a base whose points are rewritten ------------------------------------------------------------------

def test_a_free_stream_speed_keeps_the_bases_direction_when_its_points_are_rewritten():
    edits = _edits(plan("rhoCentralFoam double cone in hypersonic flow: free stream at 2450 m/s, end time 1e-5 s",
                        TUTORIALS))
    assert edits[("0/U", "boundaryField", "freestream", "value")] == "uniform (2450 0 0)"


def test_a_jump_walls_temperature_is_its_wall_temperature():
    manifest = plan("the biconic25-55Run35 tutorial with the cone wall held at 320 K", TUTORIALS)
    edits = _edits(manifest)
    assert edits[("0/T", "boundaryField", "cone", "Twall")] == "uniform 320"
    assert ("0/T", "boundaryField", "cone") not in {(e.file, *e.entry) for e in manifest.edits}


def test_a_free_stream_pressure_is_the_far_fields():
    edits = _edits(plan("biconic cone with rhoCentralFoam; the free-stream static pressure is 30 Pa", TUTORIALS))
    assert edits[("0/p", "boundaryField", "freestream", "value")] == "uniform 30"
    assert ("0/p", "internalField") not in edits


@pytest.mark.parametrize(("text", "case", "named"), [
    ("25-55 deg", "compressible/rhoCentralFoam/biconic25-55Run35", True),
    ("Run 35", "compressible/rhoCentralFoam/biconic25-55Run35", True),
    ("4 phases", "multiphase/multiphaseEulerFoam/damBreak4phase", True),
    ("2 m/s", "multiphase/interFoam/laminar/mixerVessel2D", False),
    ("35 K", "compressible/rhoCentralFoam/biconic25-55Run35", False),
    ("55 m", "compressible/rhoCentralFoam/biconic25-55Run35", False),
])
def test_a_value_is_the_tutorials_name_only_when_its_words_are(text, case, named):
    assert said_as_base_name(text, case) is named


# --- a steady gas mixer: regex patch keys, the inlet left, the outlet's level -----------------------------------

_INJECTOR = "the rhoSimpleFoam injectorPipe tutorial"


def test_an_inlet_temperature_reaches_inlets_the_field_sets_through_a_regex_key():
    edits = _edits(plan(f"{_INJECTOR}: both inlets at 330 K, 50 iterations", TUTORIALS))
    assert edits[("0.orig/T", "boundaryField", "inlet.*", "value")] == "uniform 330"


def test_the_flow_rate_of_the_inlet_left_is_the_one_no_word_names():
    manifest = plan(f"{_INJECTOR}: the air stream carries 0.1 kg/s and the injected one 0.004 kg/s", TUTORIALS)
    edits = _edits(manifest)
    assert edits[("0.orig/U", "boundaryField", "inlet_air", "massFlowRate")] == "constant 0.1"
    assert edits[("0.orig/U", "boundaryField", "inlet_fuel", "massFlowRate")] == "constant 0.004"
    assert not manifest.not_applied


def test_a_gas_outlet_tied_to_the_start_level_moves_it_with_it():
    edits = _edits(plan(f"{_INJECTOR} with the outlet at 1.5 bar", TUTORIALS))
    assert edits[("0.orig/p", "boundaryField", "outlet", "value")] == "uniform 150000"
    assert edits[("0.orig/p", "internalField")] == "uniform 150000"
    kept = _edits(plan(f"{_INJECTOR} with the outlet at 1.5 bar and an initial pressure of 1.4 bar", TUTORIALS))
    assert kept[("0.orig/p", "internalField")] == "uniform 140000"


def test_a_free_stream_pressure_no_inlet_holds_is_the_domains_level():
    edits = _edits(plan("sonicFoam nacaAirfoil with a far-field pressure of 0.8 bar", TUTORIALS))
    assert edits[("0/include/initialConditions", "pressure")] == "80000"


# --- dictionaries as OpenFOAM reads them ------------------------------------------------------------------------

def test_a_key_said_twice_is_read_as_its_last_definition():
    from tasks.foam import dictionary as fd

    assert fd.top_level_values("endTime 0.4;\ndeltaT 1e-4;\n// SIMPLE\nendTime 100;\n")["endTime"] == "100"


def test_an_entry_added_to_a_block_of_includes_keeps_them():
    from tasks.foam import dictionary as fd

    text = 'functions\n{\n    #include "abort"\n    #include "sampling"\n}\n'
    out = fd.set_entry(text, ["functions", "probe"], {"type": "probes"})
    assert '#include "abort"' in out and '#include "sampling"' in out
    assert fd.get(out, ["functions", "probe", "type"]) == "probes"


# --- geometry: a cavity by its ranges, a sharp bend by its corner and its end, a body by its front side, a tee ----

def _geo(text: str):
    from tasks.geometry.text import parse_geometry

    return parse_geometry(text)


def _pocket(spec) -> tuple[float, ...]:
    """The channel's and the pocket's boxes (x0, x1, y0, y1) of a channel with a cavity, however it is built."""
    if spec.shape == "rectilinear":
        channel, pocket = spec.dimensions["parts"]
        return (*channel, *pocket)
    d = spec.dimensions
    top = d["cavity_wall"] == "ceiling"
    y0, y1 = (d["height"], d["height"] + d["cavity_depth"]) if top else (-d["cavity_depth"], 0.0)
    return (0.0, d["length"], 0.0, d["height"], d["cavity_start"], d["cavity_start"] + d["cavity_width"], y0, y1)


@pytest.mark.parametrize(("text", "boxes"), [
    ("pimpleFoam 2D channel x 0..0.8, y 0..0.1 m with a rectangular recess cut into the bottom wall, x 0.3..0.4, "
     "y -0.04..0; inflow 0.05 m/s", (0, 0.8, 0, 0.1, 0.3, 0.4, -0.04, 0)),
    ("icoFoam 2D channel x 0..1, y 0..0.1 m with a notch in the upper wall at x 0.4..0.5, y 0.1..0.15; inlet 0.01 m/s",
     (0, 1, 0, 0.1, 0.4, 0.5, 0.1, 0.15)),
    ("icoFoam 2D duct x 0..0.6, y 0..0.04 m with an open cavity (a trench) below its floor, x 0.25..0.3, y -0.03..0; "
     "inflow 0.02 m/s", (0, 0.6, 0, 0.04, 0.25, 0.3, -0.03, 0)),
])
def test_a_channel_and_its_wall_pocket_given_by_coordinate_ranges(text, boxes):
    assert _pocket(_geo(text)) == pytest.approx(boxes)


def test_a_size_before_the_pockets_noun_and_its_word_after():
    d = _geo("channel 0.4 m long and 40 mm high, a 20 mm groove width: groove 20 x 20 mm in the floor starting "
             "100 mm downstream of the inlet; icoFoam, inlet 0.02 m/s").dimensions
    assert d["cavity_width"] == pytest.approx(0.02) and d["length"] == pytest.approx(0.4)


def test_a_sharp_bend_by_its_outer_corner_and_the_end_of_its_second_leg():
    spec = _geo("simpleFoam, a 40 mm x 40 mm square duct in 3D with a mitred 90 degree elbow: the first run is 50 cm "
                "along x from the origin to the outer wall of the corner, then the duct turns up along y and the "
                "upright leg ends 60 cm from the origin (y = 0.6 m); air 3 m/s; 5 mm cells")
    d = spec.dimensions
    assert (d["width"], d["inlet_length"], d["outlet_length"]) == pytest.approx((0.04, 0.46, 0.56))
    assert tuple(spec.origin) == pytest.approx((0.46, 0.0))


def test_a_sharp_bends_second_leg_up_to_a_coordinate():
    d = _geo("2D sharp 90 degree bend 0.1 m wide: inlet leg along +x from x = 0 (y 0..0.1), outlet leg along +y in "
             "x 0.4..0.5 up to y = 0.9; icoFoam 0.01 m/s").dimensions
    assert d["outlet_length"] == pytest.approx(0.8)


def test_a_wall_body_placed_by_its_front_side():
    spec = _geo("2D channel 2 m long and 0.2 m high from the origin, a rib 2 cm thick and 4 cm high on the floor, "
                "its upstream side 50 cm from the inlet; pimpleFoam 0.1 m/s")
    (rib,) = spec.obstacles
    assert rib.center[0] == pytest.approx(0.51)


def test_a_tee_branch_leaving_a_wall_between_two_stations_is_a_branch():
    spec = _geo("simpleFoam 2D T-junction: the main channel is 1 m long (x from 0 to 1 m) and 0.1 m high; a branch "
                "of the same width leaves the upper wall between x = 0.4 m and x = 0.5 m and extends straight up to "
                "y = 0.5 m; inflow 0.01 m/s")
    assert spec.shape == "t_junction"
    assert spec.dimensions["branch_position"] == pytest.approx(0.45)
    assert spec.dimensions["branch_length"] == pytest.approx(0.4)


def test_a_tee_branch_by_its_upstream_wall_and_its_tops_coordinate():
    d = _geo("T-junction in 2D, simpleFoam: main run 80 cm along x from the origin, a branch 4 cm wide whose "
             "upstream wall is 30 cm from the inlet, the branch rises 30 cm above the run's top wall (top at "
             "y = 36 cm); 1 cm/s").dimensions
    assert d["branch_position"] == pytest.approx(0.32) and d["width"] == pytest.approx(0.06)


def test_sizes_listed_by_side_after_a_bore_are_no_run_lengths():
    from tasks.geometry.text_lengths import named_lengths

    found = named_lengths("bore 60 mm upstream, 30 mm downstream, 80 mm straight inlet section")
    assert found.get("downstream_length") is None and found.get("upstream_length") != pytest.approx(0.06)


def test_a_total_length_from_a_coordinate_places_the_inlet():
    spec = _geo("axisymmetric converging nozzle: bore 60 mm upstream, 30 mm downstream, 40 mm straight inlet "
                "section, 60 mm long cone, 100 mm straight outlet section, total 200 mm along x from x = 0; "
                "pimpleFoam 0.01 m/s, 5 degree wedge")
    assert spec.origin[0] == pytest.approx(0.0)
    assert spec.dimensions["downstream_length"] == pytest.approx(0.1)


def test_a_body_in_an_enclosure_sized_in_its_second_mention():
    spec = _geo("Natural convection around a heated square rod in a square cavity (2D): cavity 30 cm x 30 cm from the "
                "origin, rod 6 cm x 6 cm at the centre at 320 K, cavity walls at 290 K, gravity along -y; "
                "buoyantBoussinesqPimpleFoam, 1 cm grid")
    (rod,) = spec.obstacles
    assert (rod.center, rod.width) == (pytest.approx((0.15, 0.15)), pytest.approx(0.06))


def test_part_counts_said_part_by_part_along_the_pipe():
    from tasks.geometry.text_part_cells import slashed_along

    assert slashed_along("30 cells along the inlet duct, 60 along the taper and 90 along the outlet duct") == [30, 60, 90]
    assert slashed_along("40 cells along the inlet duct and 30 across it") is None


def test_a_round_pipe_said_section_by_section_with_a_cone_is_a_nozzle_or_diffuser():
    nozzle = _geo("axisymmetric, axis along x: pipe R 30 mm for x 0..0.1, cone reducing to R 15 mm over x 0.1..0.2, "
                  "pipe R 15 mm x 0.2..0.5; pimpleFoam 0.01 m/s")
    assert nozzle.shape == "nozzle"
    d = nozzle.dimensions
    assert (d["inlet_height"], d["outlet_height"], d["upstream_length"], d["taper_length"], d["downstream_length"]) == \
        pytest.approx((0.06, 0.03, 0.1, 0.1, 0.3))
    diffuser = _geo("axisymmetric pipe: D 20 mm from x = 0 to x = 0.1 m, then a conical expansion from x = 0.1 m to "
                    "x = 0.2 m, then D 40 mm from x = 0.2 m to x = 0.6 m; simpleFoam 1 m/s")
    assert diffuser.shape == "diffuser" and diffuser.dimensions["downstream_length"] == pytest.approx(0.4)


# --- a wall heated while the others stay insulated; a free plate is no partition ---------------------------------

_RHO_CAVITY = TUTORIALS / "compressible/rhoPimpleFoam/RAS/cavity"


@pytest.mark.parametrize("text", [
    "Drive the lid at 2 m/s and heat it to 340 K (the other walls stay adiabatic)",
    "the lid moves at 2 m/s; the lid is kept at 340 K while the rest remain insulated",
])
def test_a_wall_heated_while_the_others_stay_insulated_is_the_only_one_held(text):
    from tasks.plan.bind import bind_all
    from tasks.plan.stated import read_stated

    binder = bind_all(_RHO_CAVITY, "rhoPimpleFoam", text, read_stated(text))
    held = {tuple(b.entry) for b in binder.bindings if b.file == "0/T"}
    assert held == {("boundaryField", "movingWall", "value")}, binder.not_applied


def test_a_remark_in_brackets_keeps_no_value_in_a_modify():
    from tasks.edit.modify_stated import kept_said

    assert not kept_said("heat the lid to 340 K (the other walls stay adiabatic)", "340 K")
    assert kept_said("the lid stays at 340 K", "340 K")


def test_a_plate_inside_the_channel_by_its_ranges_stands_free():
    spec = _geo("icoFoam, 2D channel x 0..0.8, y 0..0.05 m; a thin plate (y 0.023..0.027) from x = 0.1 to x = 0.2 m; "
                "inlet 0.02 m/s")
    (plate,) = spec.obstacles
    assert plate.center == pytest.approx((0.15, 0.025)) and plate.width == pytest.approx(0.1)


# --- ranking: a mesh built in 3D by its blockMeshDict, a block is an obstacle ------------------------------------

def test_a_blockmesh_built_in_three_dimensions_says_3d():
    from tasks.plan.select_wholename import mesh_dimension

    assert mesh_dimension(str(TUTORIALS / "multiphase/interFoam/laminar/damBreakWithObstacle")) == 3
    assert mesh_dimension(str(TUTORIALS / "incompressible/icoFoam/cavity/cavity")) == 2
    assert mesh_dimension(str(TUTORIALS / "compressible/sonicFoam/RAS/nacaAirfoil")) is None  # a converted mesh


def test_a_solid_bodys_noun_is_also_an_obstacle():
    from tasks.plan.select_words import words_of

    assert "obstacle" in words_of("a tank with a brick standing on its floor")


def test_a_3d_collapse_of_water_around_a_cube_plans_on_the_tutorial_with_the_obstacle():
    from tasks.plan.generic import choose_base
    from tasks.plan.request import build_context

    ctx = build_context("three-dimensional dam break in a closed cubic tank 1 m across, a square block stands in the "
                        "middle of the floor, interFoam, 0.05 s", TUTORIALS)
    assert choose_base(ctx)[0].record.case == "multiphase/interFoam/laminar/damBreakWithObstacle"


# --- particles said by a pronoun ----------------------------------------------------------------------------------

def test_a_pronoun_for_particles_named_before_it_is_their_noun():
    from tasks.plan.particle_pronouns import with_particle_antecedents as written

    assert written("release the bubbles at the bottom and make them 3 mm across") == \
        "release the bubbles at the bottom and make the bubbles 3 mm across"
    assert written("the particles strike the walls; keep them at 300 K") == \
        "the particles strike the walls; keep them at 300 K"  # another plural noun in between, another sentence
    assert written("keep them at 300 K") == "keep them at 300 K"


def test_values_said_of_particles_by_a_pronoun_go_to_the_cloud():
    edits = _edits(plan("splashPanel tutorial with reactingParcelFoam: spray the droplets downwards at 6 m/s, make "
                        "them bigger, 0.8 mm across, and hotter, at 320 K", TUTORIALS))
    row = edits[("constant/parcelInjectionProperties", "(")] if ("constant/parcelInjectionProperties", "(") in edits \
        else next(v for k, v in edits.items() if k[0] == "constant/parcelInjectionProperties")
    assert "0.0008" in row and "320" in row


# --- a solver's longer phrase, a length a rate is said per ----------------------------------------------------------

def test_a_solvers_longer_phrase_said_names_it_over_the_shorter_one_inside():
    from tasks.plan.select_words import solver_hints

    hints = solver_hints("a sharp-interface geometric VOF run of a sloshing tank")
    assert hints.get("interIsoFoam", 0) > hints.get("interFoam", 0)
    assert solver_hints("a VOF run of a sloshing tank").get("interFoam", 0) > 0


def test_a_length_a_rate_is_said_per_is_no_size():
    from tasks.plan.stated import read_stated

    said = read_stated("inflow 3 m3/s (per the 1 m width of the 2D slice), end time 5 s")
    assert [q.text for q in said if q.quantity == "length"] == []


def test_a_flow_rate_reads_no_place_of_the_item_after_and():
    edits = _edits(plan(f"{_INJECTOR}: set the main air inlet to 0.1 kg/s and the small fuel inlet (which carries the "
                        "tracer) to 0.006 kg/s", TUTORIALS))
    assert edits[("0.orig/U", "boundaryField", "inlet_air", "massFlowRate")] == "constant 0.1"
    assert edits[("0.orig/U", "boundaryField", "inlet_fuel", "massFlowRate")] == "constant 0.006"


def test_a_free_stream_pressure_said_after_its_speed_in_a_list():
    edits = _edits(plan("rhoPimpleFoam NACA 0012 aerofoil: free stream 120 m/s, T 290 K, p 95000 Pa, endTime 0.01 s",
                        TUTORIALS))
    assert "95000" in " ".join(v for k, v in edits.items() if k[0] == "0/p")


def test_a_pipes_length_from_its_one_range_along_the_axis():
    assert _geo("pimpleFoam round pipe D = 30 mm running from x = 0 to x = 1.2 m, 0.01 m/s").dimensions["length"] == \
        pytest.approx(1.2)


def test_like_bodies_listed_by_x_on_the_floor_stand_on_it():
    spec = _geo("simpleFoam 2D channel 2 m long and 0.25 m high with two square ribs of side 5 cm sitting on the floor "
                "at x = 0.5 m and x = 1 m")
    assert [tuple(o.center) for o in spec.obstacles] == [pytest.approx((0.5, 0.025)), pytest.approx((1.0, 0.025))]
    centred = _geo("simpleFoam 2D channel 2 m long and 0.25 m high with two 5 cm square cylinders at x = 0.5 m and "
                   "x = 1 m on the centreline")
    assert [o.center[1] for o in centred.obstacles] == pytest.approx([0.125, 0.125])


def test_a_tee_branch_said_to_point_down_lies_below():
    d = _geo("simpleFoam T-junction: main channel 0.8 m long and 0.05 m wide, a side branch 0.05 m wide and 0.3 m long "
             "0.4 m from the inlet, going straight down").dimensions
    assert d.get("branch_below") is True


# --- modify: a surface tension or contact angle changed relative to the case's --------------------------------------

_CAPILLARY = TUTORIALS / "multiphase/interFoam/laminar/capillaryRise"


def _modified(tmp_path, request: str) -> dict[tuple[str, ...], str]:
    from tasks.edit.modify import plan_changes
    from tasks.edit.modify_state import read_state

    from tasks.edit.modify_steps import unpack_dictionaries

    case = tmp_path / "case"
    if not case.exists():
        shutil.copytree(_CAPILLARY, case)
        unpack_dictionaries(case)  # as `casewright modify` does first
    return {(e.file, *e.entry): e.value for e in plan_changes(read_state(case), request).edits}


def test_a_percentage_of_the_surface_tension_is_a_factor_not_a_value(tmp_path):
    from tasks.edit.patch_words import surface_tension

    assert surface_tension("the surface tension +50%") is None and surface_tension("sigma x3") is None
    assert surface_tension("surface tension 30 mN/m") == (pytest.approx(0.03), "surface tension 30 mN/m")
    edits = _modified(tmp_path, "raise the surface tension by 40 %")
    assert list(edits.values()) == ["0.09899484"]


def test_a_factor_before_a_named_property_and_a_scaled_contact_angle(tmp_path):
    edits = _modified(tmp_path, "triple the surface tension and make the contact angle 20 % smaller")
    assert edits[("constant/transportProperties", "sigma")] == "0.2121318"
    assert {v for k, v in edits.items() if k[-1] == "theta0"} == {"36"}


@pytest.mark.parametrize(("tutorial", "request_text", "key", "old", "new"), [
    ("lagrangian/icoUncoupledKinematicParcelFoam/hopper/hopperInitialState", "make the particles 20 % bigger",
     "value", "0.006", "0.0072"),
    ("lagrangian/MPPICFoam/injectionChannel", "halve the particle diameter", "expectation", "650e-6", "0.000325"),
])
def test_a_particle_size_changed_relative_to_the_cases_own(tmp_path, tutorial, request_text, key, old, new):
    from tasks.edit.modify import plan_changes
    from tasks.edit.modify_state import read_state
    from tasks.edit.modify_steps import unpack_dictionaries

    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / tutorial, case)
    unpack_dictionaries(case)
    plan = plan_changes(read_state(case), request_text)
    scaled = {e.entry[-1]: e.value for e in plan.edits if "sizeDistribution" in e.entry}
    assert scaled[key] == new, plan.edits


def test_a_body_named_but_not_read_is_refused_with_what_to_state():
    from tasks.core.errors import RequestError

    with pytest.raises(RequestError, match="the baffle in the channel is named.*state the size"):
        _geo("icoFoam 2D channel 1 m long, 0.1 m high, with a thin baffle hanging from the ceiling at x = 0.4 m")


@pytest.mark.parametrize("text", [
    "2D channel 1.2 x 0.15 m (x 0..1.2, y 0..0.15), square rib 30 x 30 mm on the bottom wall at x 0.5..0.53, icoFoam",
    "a plain channel 120 cm by 15 cm from the origin with a single rib: a 3 cm x 3 cm rib standing on the floor "
    "between x = 50 cm and x = 53 cm; icoFoam",
])
def test_a_wall_rib_by_its_section_and_its_x_span(text):
    spec = _geo(text)
    assert spec.dimensions["length"] == pytest.approx(1.2)
    (rib,) = spec.obstacles
    assert (rib.center, rib.width, rib.height) == (pytest.approx((0.515, 0.015)), pytest.approx(0.03), pytest.approx(0.03))
