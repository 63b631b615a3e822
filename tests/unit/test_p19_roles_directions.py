"""A speed stated without a direction enters along the inward normal of its inlet as built: the
normals of blockMesh patches (tutorials and shapes), a base vector that lies in the patch's plane
replaced, each stated speed of a multi-inlet shape placed on the inlet its own words name, and the
inlets no speed names aimed into the domain."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.parametric_roles import aim_inlets, inflow_openings, merging_said, place_inflows
from tasks.foam import dictionary as fd
from tasks.geometry.models import PatchInfo
from tasks.knowledge.casebase import case_text
from tasks.plan.bind import bind_all
from tasks.plan.bind_inlet_normals import inflow_direction, patch_inward_normal
from tasks.plan.stated import StatedQuantity, read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

# a combining tee built by the shape library: main channel x 0..0.3, y 0..0.02; branch below, x 0.14..0.16
TEE = """
convertToMeters 1;
vertices
(
    (0 0 0) (0.14 0 0) (0.14 0.02 0) (0 0.02 0)
    (0.16 0 0) (0.16 0.02 0) (0.3 0 0) (0.3 0.02 0)
    (0.16 -0.1 0) (0.14 -0.1 0)
    (0 0 0.001) (0.14 0 0.001) (0.14 0.02 0.001) (0 0.02 0.001)
    (0.16 0 0.001) (0.16 0.02 0.001) (0.3 0 0.001) (0.3 0.02 0.001)
    (0.16 -0.1 0.001) (0.14 -0.1 0.001)
);
blocks
(
    hex (0 1 2 3 10 11 12 13) (14 2 1) simpleGrading (1 1 1)
    hex (1 4 5 2 11 14 15 12) (2 2 1) simpleGrading (1 1 1)
    hex (4 6 7 5 14 16 17 15) (14 2 1) simpleGrading (1 1 1)
    hex (9 8 4 1 19 18 14 11) (2 10 1) simpleGrading (1 1 1)
);
boundary
(
    walls { type wall; faces ((0 1 11 10) (2 3 13 12) (1 9 19 11)); }
    inlet { type patch; faces ((3 0 10 13)); }
    outlet { type patch; faces ((6 7 17 16)); }
    branchInlet { type patch; faces ((8 9 19 18)); }
    frontAndBack { type empty; faces ((0 3 2 1) (10 11 12 13)); }
);
"""


@pytest.mark.parametrize(
    "patch,normal",
    [("inlet", [1.0, 0.0, 0.0]), ("outlet", [-1.0, 0.0, 0.0]), ("branchInlet", [0.0, 1.0, 0.0]),
     ("walls", None)],  # walls face several ways: no one normal
)
def test_the_inward_normal_of_a_shape_patch(patch, normal):
    assert patch_inward_normal(TEE, patch) == normal


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,patch,normal",
    [
        ("combustion/reactingFoam/laminar/counterFlowFlame2D", "fuel", [1.0, 0.0, 0.0]),
        ("combustion/reactingFoam/laminar/counterFlowFlame2D", "air", [-1.0, 0.0, 0.0]),
        ("incompressible/pimpleFoam/RAS/TJunction", "outlet1", [0.0, 1.0, 0.0]),
        ("incompressible/pimpleFoam/RAS/TJunction", "outlet2", [0.0, -1.0, 0.0]),
        ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "hot", [-1.0, 0.0, 0.0]),
        ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "topAndBottom", None),
    ],
)
def test_the_inward_normal_of_a_tutorial_patch(tutorial, patch, normal):
    assert patch_inward_normal(case_text(TUTORIALS / tutorial, "system/blockMeshDict") or "", patch) == normal


@pytest.mark.parametrize(
    "base,inward,expected",
    [
        ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 1.0, 0.0]),  # the tutorial's x on a patch facing y
        ([-1.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 0.0, 0.0]),  # pointing out of the domain
        ([0.8, 0.6, 0.0], [1.0, 0.0, 0.0], [0.8, 0.6, 0.0]),  # an angled inflow that enters: kept
        (None, [0.0, 0.0, -1.0], [0.0, 0.0, -1.0]),  # a resting inlet
        ([1.0, 0.0, 0.0], None, [1.0, 0.0, 0.0]),  # no normal known: the base's
    ],
)
def test_the_direction_of_an_unspoken_inflow(base, inward, expected):
    assert inflow_direction(base, inward) == expected


def _speeds(*texts: str) -> list[StatedQuantity]:
    return [StatedQuantity(text=t, quantity="velocity", value=1.0, unit="m/s", role="inlet_velocity") for t in texts]


@pytest.mark.parametrize(
    "text,speeds,placed",
    [
        # terse, one list with a header
        ("combining tee: inlets: main at x = 0 with 0.1 ft/s (+x), branch at y = -4 in with 0.1 ft/s (+y); outlet",
         ("0.1 ft/s", "0.1 ft/s"), ["inlet", "branchInlet"]),
        # the words after each speed name its inlet; the same speed twice
        ("Merging T-junction: 3.048 cm/s into the main duct along +x and 3.048 cm/s up the branch; outflow at the end",
         ("3.048 cm/s", "3.048 cm/s"), ["inlet", "branchInlet"]),
        # verbose student
        ("Water enters the main channel at x = 0 at 0.05 m/s and the bottom end of the branch at 0.04 m/s.",
         ("0.05 m/s", "0.04 m/s"), ["inlet", "branchInlet"]),
        # the branch first, other units
        ("the side branch is fed at 20 cm/s while the main stream comes in at 1 m/s",
         ("20 cm/s", "1 m/s"), ["branchInlet", "inlet"]),
    ],
)
def test_each_stated_speed_goes_to_the_inlet_its_words_name(text, speeds, placed):
    assert [f.patch for f in place_inflows(text, _speeds(*speeds), ["inlet", "branchInlet"])] == placed


@pytest.mark.parametrize(
    "text,fed",
    [
        ("combining tee, 2D, main channel 0.3 m, branch from below", ["branchOutlet"]),
        ("a merging T-junction of two water streams", ["branchOutlet"]),
        ("two streams merge in a tee junction", ["branchOutlet"]),
        ("T-junction; inlets: main at 1 m/s, branch at 0.5 m/s; outlet at the right end", ["branchOutlet"]),
        ("dividing tee: the flow splits into the branch", []),
        ("a T-junction with the inlet on the left, 1 m/s", []),
    ],
)
def test_a_combining_junction_feeds_its_branch(text, fed):
    patches = [PatchInfo(name="inlet", type="patch", role="inlet"), PatchInfo(name="outlet", type="patch", role="outlet"),
               PatchInfo(name="branchOutlet", type="patch", role="outlet")]
    assert inflow_openings(text, patches) == fed


def test_merging_words():
    assert merging_said("Combining tee") and not merging_said("a dividing tee where streams merge")


def test_an_inlet_no_speed_names_is_aimed_into_the_domain(tmp_path):
    (tmp_path / "system").mkdir()
    (tmp_path / "0").mkdir()
    (tmp_path / "system/blockMeshDict").write_text(TEE)
    (tmp_path / "0/U").write_text("boundaryField\n{\n    inlet { type fixedValue; value uniform (2 0 0); }\n"
                                  "    branchInlet { type fixedValue; value uniform (2 0 0); }\n}\n")
    assert aim_inlets(tmp_path, ["inlet", "branchInlet"], 2.0) == ["branchInlet"]
    text = (tmp_path / "0/U").read_text()
    assert fd.get(text, ["boundaryField", "branchInlet", "value"]) == "uniform (0 2 0)"
    assert fd.get(text, ["boundaryField", "inlet", "value"]) == "uniform (2 0 0)"


@needs_tutorials
@pytest.mark.parametrize(
    "text,fuel,air",
    [
        ("counterFlowFlame2D, fuel 0.15 m/s, air 0.2 m/s", "uniform (0.15 0 0)", "uniform (-0.2 0 0)"),
        ("counter-flow flame: each inlet 30 cm/s", "uniform (0.3 0 0)", "uniform (-0.3 0 0)"),
        ("laminar counterflow flame, both feeds enter at 0.25 m/s", "uniform (0.25 0 0)", "uniform (-0.25 0 0)"),
    ],
)
def test_counterflow_speeds_enter_through_each_inlet(text, fuel, air):
    binder = bind_all(TUTORIALS / "combustion/reactingFoam/laminar/counterFlowFlame2D", "reactingFoam", text,
                      read_stated(text))
    got = {b.entry[1]: b.value for b in binder.bindings if b.file == "0/U"}
    assert (got.get("fuel"), got.get("air")) == (fuel, air)


@pytest.mark.parametrize("v,inward,out", [([0, -1, 0], [0, 1, 0], True), ([1, 0, 0], [0, 1, 0], False),
                                          ([1, 0, 0], None, False)])
def test_a_velocity_leaving_through_its_inlet(v, inward, out):
    from tasks.plan.bind_inlet_normals import leaves_through

    assert leaves_through(v, inward) is out


def _tee_base(root: Path) -> Path:
    """A tee case whose inlets the base (a tutorial made for another geometry) holds along x."""
    for sub in ("system", "0", "constant"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    (root / "system/blockMeshDict").write_text("FoamFile { version 2.0; format ascii; class dictionary; "
                                              "object blockMeshDict; }\n" + TEE)
    patches = {"walls": ("noSlip;", "zeroGradient;"), "inlet": ("fixedValue; value uniform (1 0 0);", "zeroGradient;"),
               "branchInlet": ("fixedValue; value uniform (1 0 0);", "zeroGradient;"),
               "outlet": ("zeroGradient;", "fixedValue; value uniform 0;"), "frontAndBack": ("empty;", "empty;")}
    for field, cls, dims, internal, i in (("U", "volVectorField", "[0 1 -1 0 0 0 0]", "(0 0 0)", 0),
                                          ("p", "volScalarField", "[0 2 -2 0 0 0 0]", "0", 1)):
        body = "".join(f"    {p} {{ type {bc[i]} }}\n" for p, bc in patches.items())
        (root / f"0/{field}").write_text(f"FoamFile {{ version 2.0; format ascii; class {cls}; object {field}; }}\n"
                                         f"dimensions {dims};\ninternalField uniform {internal};\n"
                                         f"boundaryField\n{{\n{body}}}\n")
    return root


@pytest.mark.parametrize(
    "text,expected",
    [
        ("main inlet 2 m/s, branchInlet 0.5 m/s", {"inlet": "uniform (2 0 0)", "branchInlet": "uniform (0 0.5 0)"}),
        ("The water enters through the inlet at 2 m/s and through the branch inlet at 0.5 m/s.",
         {"inlet": "uniform (2 0 0)", "branchInlet": "uniform (0 0.5 0)"}),
        ("inflow speed 300 cm/s", {"inlet": "uniform (3 0 0)", "branchInlet": "uniform (0 3 0)"}),
        ("inlet 2 m/s in +x, branchInlet 0.5 m/s along +y", {"inlet": "uniform (2 0 0)",
                                                              "branchInlet": "uniform (0 0.5 0)"}),
    ],
)
def test_a_speed_without_a_direction_enters_along_the_inlets_normal(tmp_path, text, expected):
    binder = bind_all(_tee_base(tmp_path), "pimpleFoam", text, read_stated(text))
    assert {b.entry[1]: b.value for b in binder.bindings if b.file == "0/U"} == expected
    assert not binder.not_applied
