"""Every shape of the library meshed by real OpenFOAM in the Docker image: the steps of its
MeshBuild run (blockMesh, or gmshToFoam + the patch-type post-step), checkMesh says
"Mesh OK.", and constant/polyMesh/boundary holds the patches the MeshBuild promises. A short
icoFoam run on the channel, cylinder, step, pipe wedge and airfoil proves the patches make a
runnable case."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.geometry.build import build_mesh, run_mesh, write_mesh_system
from tasks.geometry.models import MeshBuild, MeshCommand
from tasks.geometry.quality import parse_check_mesh
from tasks.geometry.spec import make_spec

pytestmark = pytest.mark.integration

OBSTACLES = [
    {"kind": "circle", "center": (0.3, 0.2), "diameter": 0.1},
    {"kind": "square", "center": (0.8, 0.2), "width": 0.1},
    {"kind": "polygon", "vertices": [(1.2, 0.1), (1.4, 0.2), (1.2, 0.3)]},
]
# Small meshes (a few thousand cells at most), one per shape and variant.
SHAPES: dict[str, dict] = {
    "channel": dict(shape="channel", mesh={"cells": [40, 10]}),
    "channel_3d": dict(shape="channel", two_d=False, mesh={"cells": [20, 8, 8]}),
    "rectangle_polygon_outline": dict(shape="rectangle", outline=[(0, 0), (1, 0), (1, 0.3), (0.5, 0.3), (0, 0.1)],
                                      mesh={"cell_size": 0.04}),
    "box": dict(shape="box", mesh={"cells": [10, 10, 10]}),
    "channel_with_obstacles": dict(shape="channel_with_obstacles", obstacles=OBSTACLES, mesh={"resolution": "coarse"}),
    "backward_step": dict(shape="backward_step", mesh={"cells": [60, 20]}),
    "forward_step": dict(shape="forward_step", mesh={"cells": [60, 20]}),
    "sudden_expansion": dict(shape="sudden_expansion", mesh={"cells": [60, 30]}),
    "sudden_contraction": dict(shape="sudden_contraction", mesh={"cells": [60, 30]}),
    "cylinder_crossflow": dict(shape="cylinder_crossflow", mesh={"resolution": "coarse"}),
    "cylinder_free_stream": dict(shape="cylinder_crossflow", dimensions={"free_stream": True},
                                 mesh={"resolution": "coarse"}),
    "naca_airfoil_c": dict(shape="naca_airfoil", dimensions={"naca": "2412", "angle_of_attack": 4, "domain_radius": 5},
                           mesh={"resolution": "coarse"}),
    "naca_airfoil_o": dict(shape="naca_airfoil", dimensions={"domain": "O", "domain_radius": 5},
                           mesh={"resolution": "coarse"}),
    "pipe_wedge": dict(shape="pipe", mesh={"cells": [50, 10]}),
    "pipe_3d": dict(shape="pipe", two_d=False, mesh={"cells": [20, 8]}),
    "annulus": dict(shape="annulus", mesh={"cells": [48, 8]}),
    "annulus_3d": dict(shape="annulus", two_d=False, mesh={"cells": [32, 6, 5]}),
    "t_junction": dict(shape="t_junction", mesh={"resolution": "coarse"}),
    "nozzle": dict(shape="nozzle", mesh={"cells": [40, 10]}),
    "diffuser": dict(shape="diffuser", mesh={"cells": [40, 10]}),
    "lid_driven_cavity": dict(shape="lid_driven_cavity", mesh={"cells": [20, 20]}),
    "lid_driven_cavity_3d": dict(shape="lid_driven_cavity", two_d=False, mesh={"cells": [10, 10, 10]}),
    "heated_cavity_tall": dict(shape="heated_cavity", dimensions={"height": 0.4}, mesh={"cells": [10, 40]}),
    "heated_cavity_from_below": dict(shape="heated_cavity", dimensions={"width": 0.3, "hot_wall": "bottom"},
                                     mesh={"cells": [30, 10]}),
    "duct_section_cells": dict(shape="channel", two_d=False, mesh={"cells": [8, 8], "over_section": True}),
    "channel_rectangular_block": dict(shape="channel_with_obstacles", obstacles=[
        {"kind": "rectangle", "center": (0.6, 0.2), "width": 0.2, "height": 0.06}], mesh={"resolution": "coarse"}),
}
RUN_SOLVER = ("channel", "cylinder_crossflow", "backward_step", "pipe_wedge", "naca_airfoil_c")


@pytest.fixture(scope="module")
def runner(need_docker: None):
    from tasks.run.runner import select_runner

    runner, _ = select_runner("docker", os.environ.get("CASEWRIGHT_IMAGE", "casewright/openfoam:v1912"))
    return runner


def mesh_case(runner, case: Path, build: MeshBuild) -> None:
    from tasks.run.runner import Step

    def run_command(cmd: MeshCommand) -> bool:
        return runner.run(case, Step(command=cmd.command, args=cmd.args), timeout_s=300).status == "ok"

    run_mesh(build, case, run_command)


class MeshedShapes:
    """Copies of the cases the mesh test meshed and checked, with their builds: the solver runs
    start from these instead of meshing the same shape a second time."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.builds: dict[str, MeshBuild] = {}

    def keep(self, name: str, case: Path, build: MeshBuild) -> None:
        shutil.copytree(case, self.root / name, symlinks=True)
        self.builds[name] = build

    def copy(self, name: str, dest: Path) -> MeshBuild | None:
        """The build of `name`, its meshed case copied to dest; None when the mesh test did not
        pass for it in this session (run on its own with -k: the caller meshes it)."""
        if name not in self.builds:
            return None
        shutil.copytree(self.root / name, dest, symlinks=True)
        return self.builds[name]


@pytest.fixture(scope="module")
def meshed(tmp_path_factory: pytest.TempPathFactory) -> MeshedShapes:
    return MeshedShapes(tmp_path_factory.mktemp("meshed"))


@pytest.mark.parametrize("name", list(SHAPES))
def test_shape_meshes_with_checkmesh_ok_and_promised_patches(runner, tmp_path, name, meshed):
    spec = make_spec(**SHAPES[name])
    case = tmp_path / name
    build = build_mesh(spec, case)
    assert 0 < build.n_cells <= 6000, f"test meshes stay small, got {build.n_cells}"
    assert build.steps[-1] == MeshCommand(command="checkMesh")

    mesh_case(runner, case, build)

    quality = parse_check_mesh((case / "log.checkMesh").read_text())
    assert quality.ok, f"checkMesh failed for {name}: {quality.problems}"
    assert quality.n_cells == build.n_cells
    boundary = {patch: entry for patch, entry in FoamFile(case / "constant/polyMesh/boundary")[None]}
    promised = {p.name: p.type for p in build.patches}
    assert {n: e["type"] for n, e in boundary.items() if e["nFaces"] > 0} == promised
    if build.two_d:
        assert any(p.role in ("empty", "wedge") for p in build.patches)
    if name in RUN_SOLVER:
        meshed.keep(name, case, build)


def write_fields(case: Path, build: MeshBuild, speed: float) -> None:
    """Uniform U and p with a condition for every patch, chosen by its role."""
    u_bc = {"inlet": f"type fixedValue; value uniform ({speed} 0 0);", "outlet": "type zeroGradient;",
            "top": "type slip;", "bottom": "type slip;", "symmetry": "type symmetryPlane;",
            "empty": "type empty;", "wedge": "type wedge;"}
    p_bc = {"outlet": "type fixedValue; value uniform 0;", "symmetry": "type symmetryPlane;",
            "empty": "type empty;", "wedge": "type wedge;"}
    for field, cls, dims, internal, table, default in (
        ("U", "volVectorField", "[0 1 -1 0 0 0 0]", "(0 0 0)", u_bc, "type noSlip;"),
        ("p", "volScalarField", "[0 2 -2 0 0 0 0]", "0", p_bc, "type zeroGradient;"),
    ):
        patches = "\n".join(f"    {p.name} {{ {table.get(p.role, default)} }}" for p in build.patches)
        (case / "0").mkdir(exist_ok=True)
        (case / "0" / field).write_text(
            f"FoamFile {{ version 2.0; format ascii; class {cls}; object {field}; }}\n"
            f"dimensions {dims};\ninternalField uniform {internal};\nboundaryField\n{{\n{patches}\n}}\n")
    (case / "constant").mkdir(exist_ok=True)
    (case / "constant/transportProperties").write_text(
        "FoamFile { version 2.0; format ascii; class dictionary; object transportProperties; }\n"
        "nu [0 2 -1 0 0 0 0] 1e-03;\n")


@pytest.mark.parametrize("name", RUN_SOLVER)
def test_shape_case_runs_five_icofoam_steps(runner, tmp_path, name, meshed):
    from tasks.run.runner import Step

    case = tmp_path / name
    build = meshed.copy(name, case)
    if build is None:  # run on its own (-k): mesh it here
        build = build_mesh(make_spec(**SHAPES[name]), case)
        mesh_case(runner, case, build)
    speed = 0.1
    dt = 0.2 * (build.reference_length / 100) / speed
    write_mesh_system(case, application="icoFoam", delta_t=dt, end_time=5 * dt, write_interval=5, overwrite=True)
    write_fields(case, build, speed)

    result = runner.run(case, Step(command="icoFoam"), timeout_s=300)
    log = (case / "log.icoFoam").read_text()
    assert result.status == "ok", log[-2000:]
    assert len(re.findall(r"(?m)^Time = ", log)) == 5
    assert "nan" not in log.lower()
    assert log.rstrip().endswith("End")


def test_stl_body_meshes_with_snappy_and_layers(runner, tmp_path):
    from tasks.geometry.stl import SnappySpec, build_snappy, write_stl
    from tests.unit.test_shapes_stl import cube

    stl = tmp_path / "cube.stl"
    write_stl(stl, cube((0.0, 0.0, 0.0), 0.1), binary=True)
    case = tmp_path / "case"
    spec = SnappySpec(cell_size=0.025, background_cells_across=2, upstream=1, downstream=2, lateral=1,
                      speed=1.0, nu=1e-5, n_layers=2)
    build = build_snappy(stl, case, spec)
    mesh_case(runner, case, build)

    quality = parse_check_mesh((case / "log.checkMesh").read_text())
    assert quality.ok, quality.problems
    assert build.n_cells < quality.n_cells < 20000  # refined around the body
    boundary = dict(FoamFile(case / "constant/polyMesh/boundary")[None])
    assert {n: e["type"] for n, e in boundary.items()} == {p.name: p.type for p in build.patches}
    layers = re.search(r"(?m)^cube\s+\d+\s+([\d.]+)", (case / "log.snappyHexMesh").read_text())
    assert layers and float(layers.group(1)) > 0, "snappyHexMesh added no wall layers"
