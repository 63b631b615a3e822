"""A tutorial's Allrun that copies or links the case's own files to a name the case does not ship
(`cp -r system/wallFilmRegion.orig system/wallFilmRegion`, `(cd 0 && ln -snf "inlet.$model"
inlet)`) gives a copied case those files, made in Python; nothing of the script is run."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.writer import _copy_base, restore_zero
from tasks.foam.allrun_inputs import own_copies, resource_files
from tasks.foam.files import read_bytes, read_text

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
HOT_BOXES = TUTORIALS / "lagrangian/reactingParcelFoam/hotBoxes"
INFLOW = TUTORIALS / "verificationAndValidation/turbulentInflow"

pytestmark = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def test_a_folder_copied_from_its_pristine_copy_is_listed():
    copies = own_copies(HOT_BOXES)
    assert sorted(copies) == ["system/wallFilmRegion/decomposeParDict", "system/wallFilmRegion/fvSchemes",
                              "system/wallFilmRegion/fvSolution"]
    assert copies["system/wallFilmRegion/fvSchemes"] == HOT_BOXES / "system/wallFilmRegion.orig/fvSchemes"


def test_a_copied_case_gets_the_folder_its_film_region_reads(tmp_path):
    _copy_base(HOT_BOXES, tmp_path, None)
    written = tmp_path / "system/wallFilmRegion/fvSolution"
    assert written.is_file()
    assert written.read_bytes() == read_bytes(HOT_BOXES / "system/wallFilmRegion.orig/fvSolution")
    assert "solvers" in written.read_text()


def test_a_link_in_a_loop_takes_the_first_value_and_goes_into_0_orig():
    copies = own_copies(INFLOW)
    # models="reducedDigitalFilter digitalFilter DFSEM": the first pass links inlet.reducedDigitalFilter
    assert copies["0.orig/inlet/U"] == INFLOW / "0.orig/inlet.reducedDigitalFilter/U"
    assert copies["constant/boundaryData/inlet/points"] == \
        INFLOW / "constant/boundaryData/inlet.reducedDigitalFilter/points"
    assert not any(rel.startswith("0/") for rel in copies)  # restore0Dir makes 0/ from 0.orig/
    assert not any("DFSEM" in str(src) or "/inlet.digitalFilter" in str(src) for src in copies.values())


def test_a_copied_case_has_the_inlet_its_fields_include(tmp_path):
    _copy_base(INFLOW, tmp_path, None)
    restore_zero(tmp_path)
    assert '#include            "inlet/U"' in (tmp_path / "0/U").read_text()
    included = tmp_path / "0/inlet/U"
    assert included.read_text() == read_text(INFLOW / "0.orig/inlet.reducedDigitalFilter/U")
    mapped = tmp_path / "constant/boundaryData/inlet/0/UMean"  # written decompressed
    assert mapped.read_bytes() == read_bytes(INFLOW / "constant/boundaryData/inlet.reducedDigitalFilter/0/UMean.gz")


def test_a_copy_of_a_gzipped_file_keeps_its_suffix_for_the_writer():
    motor_bike = TUTORIALS / "incompressible/adjointOptimisationFoam/shapeOptimisation/motorBike"
    assert own_copies(motor_bike) == {
        "constant/controlPoints/boxcpsBsplines0.gz": motor_bike / "constant/controlPoints.org/boxcpsBsplines0.gz"}


@pytest.mark.parametrize("rel", [
    "incompressible/simpleFoam/turbulentFlatPlate",  # only outside a test, and edited by foamDictionary -set after
    "multiphase/compressibleInterDyMFoam/laminar/sphereDrop",  # into constant/polyMesh, which blockMesh writes anew
    "combustion/fireFoam/LES/smallPoolFire2D",  # cp 0/ph_rgh.orig 0/ph_rgh: the run's restore does it
    "verificationAndValidation/schemes/weightedFluxExample",  # templates: made_files makes them
    "incompressible/pimpleFoam/RAS/wingMotion",  # a sibling's mesh, made only by running the sibling
    "incompressible/icoFoam/cavity",  # a folder of several cases
])
def test_copies_the_case_cannot_take_as_they_stand_are_not_listed(rel):
    assert own_copies(TUTORIALS / rel) == {}


def test_a_script_copies_and_links_inside_the_case_only(tmp_path):
    case = tmp_path / "case"
    (case / "system").mkdir(parents=True)
    (case / "constant/shared").mkdir(parents=True)
    (case / "constant/shared/data").write_text("a\n")
    (case / "system/fvSchemes.coarse").write_text("coarse\n")
    (case / "system/fvSchemes.fine").write_text("fine\n")
    (case / "system/controlDict").write_text("shipped\n")
    (case / "Allrun").write_text(
        "#!/bin/sh\n"
        "level=coarse\n"
        "cp system/fvSchemes.$level system/fvSchemes\n"
        "(cd constant && ln -s shared linked)\n"
        "ln -s ../outside constant/outside\n"
        "cp ../../etc/passwd system/passwd\n"
        "cp system/fvSchemes.fine system/controlDict\n"
        "# cp system/fvSchemes.fine system/commented\n"
        "cp system/fvSchemes.$unknown system/other\n"
    )
    assert own_copies(case) == {
        "system/fvSchemes": case / "system/fvSchemes.coarse",
        "constant/linked/data": case / "constant/shared/data",
    }


def test_a_resource_the_package_ships_gzipped_is_found():
    steady = TUTORIALS / "incompressible/lumpedPointMotion/building/steady"
    assert resource_files(steady) == {
        "constant/triSurface/building_wtc2.obj.gz": TUTORIALS / "resources/geometry/building_wtc2.obj.gz"}
