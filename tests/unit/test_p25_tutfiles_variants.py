"""Tutorials whose Allrun prepares files per variant (helmholtzResonance's `run resolved` / `run
modelled` linking blockMeshDict.caseBlocks, turbulentInflow's loop linking 0/inlet), and meshes a
generator other than blockMesh makes (decayIsoTurb's `createBoxTurb -createBlockMesh`): the files a
written case gets, the variant a request names, and restated or new box sides."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tasks.edit.verify import find_stated
from tasks.edit.writer import _copy_base
from tasks.foam.allrun_inputs import own_copies, script_variants
from tasks.foam.files import read_text
from tasks.foam.generated_mesh import box_sides, generated_lengths
from tasks.foam.includes import include_rel
from tasks.plan.controls_mesh import MeshChange
from tasks.plan.domain_generated_resize import resize_generated_box
from tasks.plan.mesh_files import script_variant
from tasks.plan.select_dimensions import has_dimension
from tasks.plan.stated import StatedQuantity

TUT = Path("/usr/share/doc/openfoam-examples/examples")
HELMHOLTZ = TUT / "compressible/rhoPimpleFoam/laminar/helmholtzResonance"
INFLOW = TUT / "verificationAndValidation/turbulentInflow"
DECAY = TUT / "incompressible/pimpleFoam/LES/decayIsoTurb"

pytestmark = pytest.mark.skipif(not HELMHOLTZ.is_dir(), reason="openfoam-examples not installed")


def _side(text: str, value: float) -> StatedQuantity:
    return StatedQuantity(text=text, quantity="length", value=value, unit="m", role="geometry")


def test_function_calls_are_the_variants_with_their_comments():
    variants = script_variants(HELMHOLTZ)
    assert [v.argument for v in variants] == ["resolved", "modelled"]
    assert "boundary condition" in variants[1].comment


@pytest.mark.parametrize("variant", ["resolved", "modelled"])
def test_the_variant_links_its_own_files(variant):
    copies = own_copies(HELMHOLTZ, variant)
    assert copies["system/blockMeshDict.caseBlocks"].name == f"blockMeshDict.{variant}Blocks"
    assert copies["system/blockMeshDict.caseBoundary"].name == f"blockMeshDict.{variant}Boundary"


@pytest.mark.parametrize("base, text, chosen, named", [
    (HELMHOLTZ, "Helmholtz resonator with the plenum modeled by a boundary condition", "modelled", True),
    (HELMHOLTZ, "Helmholtz resonator, fully resolved plenum", "resolved", True),
    (HELMHOLTZ, "Helmholtz resonator, laminar model, end time 0.02 s", "resolved", False),  # a bare noun names none
    (INFLOW, "turbulentInflow with the digital filter inlet", "digitalFilter", True),
    (INFLOW, "turbulentInflow, DFSEM inlet", "DFSEM", True),
    (INFLOW, "turbulentInflow, end time 3 s", "reducedDigitalFilter", False),
])
def test_the_request_names_the_variant_else_the_first(base, text, chosen, named):
    variant, said = script_variant(base, text)
    assert variant == chosen
    assert f"'{chosen}'" in said and ("as the request says" in said) == named and ("first it runs" in said) != named


@pytest.mark.parametrize("variant", ["resolved", "modelled"])
def test_every_include_of_the_copied_case_is_there(tmp_path, variant):
    _copy_base(HELMHOLTZ, tmp_path, None, variant)
    bmd = (tmp_path / "system/blockMeshDict").read_text()
    included = re.findall(r'#include\s+"([^"]+)"', bmd)
    assert included and all((tmp_path / include_rel("system/blockMeshDict", name)).is_file() for name in included)
    assert (tmp_path / "system/blockMeshDict.caseBlocks").read_text() == \
        read_text(HELMHOLTZ / f"system/blockMeshDict.{variant}Blocks")


def test_the_loop_variant_links_the_inlet_it_names(tmp_path):
    _copy_base(INFLOW, tmp_path, None, "DFSEM")
    assert "turbulentDFSEMInlet" in (tmp_path / "0.orig/inlet/U").read_text()


def test_a_generated_box_has_the_generator_sizes_not_the_unread_blockmeshdict():
    gen, sides = box_sides(DECAY)
    assert gen.application == "createBoxTurb" and sides == pytest.approx((0.56548667765,) * 3)
    assert has_dimension(DECAY, 0.5655) and not has_dimension(DECAY, 4.0)  # the shipped channel is not its mesh


def test_a_restated_side_is_verified_in_the_generator_dictionary(tmp_path):
    case = tmp_path / "decay"
    shutil.copytree(DECAY, case)
    assert generated_lengths(case)
    assert find_stated(case, _side("0.5655 m", 0.5655)) == ("constant/createBoxTurbDict", ["L"])
    assert find_stated(case, _side("4 m", 4.0)) is None


def test_a_new_side_is_written_where_the_generator_reads_it():
    change = MeshChange()
    assert resize_generated_box(DECAY, [_side("0.8 m", 0.8)], [None], change)
    assert [(e.file, e.entry, e.value) for e in change.edits] == [("constant/createBoxTurbDict", ["L"], "(0.8 0.8 0.8)")]
    assert not resize_generated_box(HELMHOLTZ, [_side("0.8 m", 0.8)], [None], MeshChange())
