"""A user's mesh read before anything runs: Gmsh v2/v4 and Fluent .msh files and polyMesh
folders give their format, patch names and cell count; patches get roles by name, by the
file's own type or by --patch-role, and a patch without one is refused; bad files are refused
with exit 2 and nothing written. The helpers here write the test meshes (Gmsh through its
Python library, Fluent by hand) and the integration tests import them."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest
from typer.testing import CliRunner

from flows.cli import app
from tasks.core.errors import RequestError
from tasks.geometry.imported import (
    assign_roles,
    boundary_patches,
    inspect_mesh,
    inward_direction,
    parse_role_option,
    role_from_name,
    stage_mesh,
)
from tasks.geometry.models import MeshCommand, SetPatchTypes
from tasks.geometry.stl import read_stl, write_stl

CHANNEL_PATCHES = ("inlet", "outlet", "walls", "frontAndBack")


def write_gmsh_channel(path: Path, version: float, names: tuple[str, str, str, str] = CHANNEL_PATCHES,
                       nx: int = 20, ny: int = 5, length: float = 1.0, height: float = 0.1, dz: float = 0.01,
                       binary: bool = False) -> Path:
    """A 2D channel of nx x ny quads extruded one cell thick (hexahedra), written by the gmsh
    library as format `version` (2.2 or 4.1). Physical groups: x-min, x-max, y-min + y-max,
    z-min + z-max named by `names`, the volume `fluid`."""
    import gmsh

    gmsh.initialize(["-noenv"], readConfigFiles=False)
    try:
        gmsh.option.setNumber("General.Terminal", 0)
        gmsh.model.add("channel")
        g = gmsh.model.geo
        p = [g.addPoint(0, 0, 0), g.addPoint(length, 0, 0), g.addPoint(length, height, 0), g.addPoint(0, height, 0)]
        lines = [g.addLine(p[0], p[1]), g.addLine(p[1], p[2]), g.addLine(p[2], p[3]), g.addLine(p[3], p[0])]
        surface = g.addPlaneSurface([g.addCurveLoop(lines)])
        for curve, n in zip(lines, (nx, ny, nx, ny)):
            g.mesh.setTransfiniteCurve(curve, n + 1)
        g.mesh.setTransfiniteSurface(surface)
        g.mesh.setRecombine(2, surface)
        extruded = g.extrude([(2, surface)], 0, 0, dz, numElements=[1], recombine=True)
        g.synchronize()
        bottom, right, top, left = (e[1] for e in extruded[2:6])
        groups = {names[0]: [left], names[1]: [right], names[2]: [bottom, top], names[3]: [surface, extruded[0][1]]}
        for name, tags in groups.items():
            gmsh.model.setPhysicalName(2, gmsh.model.addPhysicalGroup(2, tags), name)
        gmsh.model.setPhysicalName(3, gmsh.model.addPhysicalGroup(3, [extruded[1][1]]), "fluid")
        gmsh.model.mesh.generate(3)
        gmsh.option.setNumber("Mesh.MshFileVersion", version)
        gmsh.option.setNumber("Mesh.Binary", int(binary))
        gmsh.write(str(path))
    finally:
        gmsh.finalize()
    return path


FLUENT_TYPES = {"interior": 2, "wall": 3, "pressure-inlet": 4, "pressure-outlet": 5, "symmetry": 7, "velocity-inlet": 10}


def write_fluent_box(path: Path, nx: int = 20, ny: int = 5, nz: int = 1, lengths=(1.0, 0.1, 0.01),
                     zones=(("inlet", "velocity-inlet"), ("outlet", "pressure-outlet"), ("walls", "wall"),
                            ("frontAndBack", "symmetry"))) -> Path:
    """An ASCII Fluent mesh of a box of nx x ny x nz hexahedra (indices in hexadecimal, as
    Fluent writes them). Boundary zones: x-min, x-max, y-min + y-max, z-min + z-max."""
    def node(i: int, j: int, k: int) -> int:
        return 1 + i + (nx + 1) * (j + (ny + 1) * k)

    def cell(i: int, j: int, k: int) -> int:
        return 1 + i + nx * (j + ny * k) if 0 <= i < nx and 0 <= j < ny and 0 <= k < nz else 0

    def face(nodes: list[int], plus: int, minus: int) -> tuple[list[int], int, int]:
        # the right-hand normal of the node order points to c0; a boundary face's c1 is 0
        return (nodes, plus, minus) if plus else (nodes[::-1], minus, 0)

    interior: list = []
    groups: list[list] = [[], [], [], []]
    for i in range(nx + 1):
        for j in range(ny):
            for k in range(nz):
                f = face([node(i, j, k), node(i, j + 1, k), node(i, j + 1, k + 1), node(i, j, k + 1)],
                         cell(i, j, k), cell(i - 1, j, k))
                (groups[0] if i == 0 else groups[1] if i == nx else interior).append(f)
    for j in range(ny + 1):
        for k in range(nz):
            for i in range(nx):
                f = face([node(i, j, k), node(i, j, k + 1), node(i + 1, j, k + 1), node(i + 1, j, k)],
                         cell(i, j, k), cell(i, j - 1, k))
                (groups[2] if j in (0, ny) else interior).append(f)
    for k in range(nz + 1):
        for i in range(nx):
            for j in range(ny):
                f = face([node(i, j, k), node(i + 1, j, k), node(i + 1, j + 1, k), node(i, j + 1, k)],
                         cell(i, j, k), cell(i, j, k - 1))
                (groups[3] if k in (0, nz) else interior).append(f)
    n_nodes, n_cells = (nx + 1) * (ny + 1) * (nz + 1), nx * ny * nz
    n_faces = len(interior) + sum(len(g) for g in groups)
    out = ['(0 "casewright test box")', "(2 3)", f"(10 (0 1 {n_nodes:x} 0 3))", f"(12 (0 1 {n_cells:x} 0 0))",
           f"(13 (0 1 {n_faces:x} 0 0))", f"(10 (1 1 {n_nodes:x} 1 3)("]
    out += [f"{i * lengths[0] / nx:.9g} {j * lengths[1] / ny:.9g} {k * lengths[2] / nz:.9g}"
            for k in range(nz + 1) for j in range(ny + 1) for i in range(nx + 1)]
    out += ["))", f"(12 (2 1 {n_cells:x} 1 4))"]
    first, names = 1, ["(45 (2 fluid fluid)())"]
    for zone, (faces, (name, kind)) in enumerate([(interior, ("interior-fluid", "interior")), *zip(groups, zones)],
                                                 start=3):
        last = first + len(faces) - 1
        out.append(f"(13 ({zone:x} {first:x} {last:x} {FLUENT_TYPES[kind]:x} 4)(")
        out += [" ".join(f"{v:x}" for v in (*nodes, c0, c1)) for nodes, c0, c1 in faces]
        out.append("))")
        names.append(f"(45 ({zone} {kind} {name})())")
        first = last + 1
    Path(path).write_text("\n".join(out + names) + "\n")
    return Path(path)


def write_polymesh_stub(folder: Path, patches: dict[str, str], n_cells: int = 100) -> Path:
    """The five files of a polyMesh folder (only `boundary` and owner's header are real)."""
    folder.mkdir(parents=True)
    for name in ("points", "faces", "neighbour"):
        (folder / name).write_text(f"FoamFile {{ version 2.0; format ascii; class dummy; object {name}; }}\n0()\n")
    (folder / "owner").write_text('FoamFile { version 2.0; format ascii; class labelList; '
                                  f'note "nPoints:10  nCells:{n_cells}  nFaces:5  nInternalFaces:0"; object owner; }}\n0()\n')
    (folder / "boundary").write_text(
        "FoamFile\n{\n    version 2.0;\n    format ascii;\n    class polyBoundaryMesh;\n    object boundary;\n}\n"
        f"{len(patches)}\n(\n" + "".join(
            f"    {n}\n    {{\n        type {t};\n        inGroups List<word> 1({t});\n        nFaces 1;\n"
            f"        startFace 0;\n    }}\n" for n, t in patches.items()) + ")\n")
    return folder


@pytest.mark.parametrize("name,role", [
    ("inlet", "inlet"), ("in", "inlet"), ("velocity-inlet-5", "inlet"), ("Inflow", "inlet"),
    ("outlet", "outlet"), ("out", "outlet"), ("pressure-outlet", "outlet"), ("outflow_1", "outlet"),
    ("wall", "wall"), ("walls", "wall"), ("lowerWall", "wall"), ("movingWall", "moving_wall"), ("lid", "moving_wall"),
    ("symmetry", "symmetry"), ("symmetryPlane", "symmetry"), ("sym-top", "symmetry"),
    ("empty", "empty"), ("frontAndBack", "empty"), ("frontAndBackPlanes", "empty"), ("wedge0", "wedge"),
    ("left", None), ("patch7", None), ("inside", None), ("top", None),
])
def test_role_from_name(name, role):
    assert role_from_name(name) == role


@pytest.mark.parametrize("value,expected", [("left=inlet", ("left", "inlet")), ("x = velocity-inlet", ("x", "inlet")),
                                            ("b=moving_wall", ("b", "moving_wall")), ("s=symmetryPlane", ("s", "symmetry"))])
def test_patch_role_option(value, expected):
    assert parse_role_option(value) == expected


@pytest.mark.parametrize("value,phrase", [("left", "write NAME=ROLE"), ("=wall", "write NAME=ROLE"),
                                          ("left=porous", "unknown role 'porous'")])
def test_patch_role_option_refused(value, phrase):
    with pytest.raises(RequestError, match=phrase):
        parse_role_option(value)


@pytest.mark.parametrize("version", [2.2, 4.1])
def test_gmsh_file_gives_format_patches_and_cells(tmp_path, version):
    source = inspect_mesh(write_gmsh_channel(tmp_path / "c.msh", version))
    assert source.format == "gmsh" and source.version == str(version) and not source.binary
    assert source.patches == list(CHANNEL_PATCHES)
    assert source.n_cells == 100
    assert assign_roles(source, {}) == {"inlet": "inlet", "outlet": "outlet", "walls": "wall", "frontAndBack": "empty"}


def test_binary_gmsh_is_staged_as_ascii_v2(tmp_path):
    source = inspect_mesh(write_gmsh_channel(tmp_path / "c.msh", 4.1, binary=True))
    assert source.binary
    staged = stage_mesh(source, assign_roles(source, {}), tmp_path / "case")
    head = (tmp_path / "case/mesh.msh").read_bytes()[:40].decode()
    assert head.split()[1:3] == ["2.2", "0"]
    assert inspect_mesh(tmp_path / "case/mesh.msh").n_cells == 100
    assert any("rewritten as ASCII" in a for a in staged.assumptions)


def test_fluent_file_gives_zones_as_patches(tmp_path):
    source = inspect_mesh(write_fluent_box(tmp_path / "f.msh", zones=(
        ("left", "velocity-inlet"), ("right", "pressure-outlet"), ("walls", "wall"), ("frontAndBack", "symmetry"))))
    assert source.format == "fluent" and source.version == "3d" and source.n_cells == 100
    assert source.patches == ["left", "right", "walls", "frontAndBack"]
    # the names say nothing of left and right: the Fluent zone types do
    assert assign_roles(source, {}) == {"left": "inlet", "right": "outlet", "walls": "wall", "frontAndBack": "empty"}
    staged = stage_mesh(source, assign_roles(source, {}), tmp_path / "case")
    assert staged.steps == [MeshCommand(command="fluentMeshToFoam", args=["mesh.msh"]),
                            SetPatchTypes(types={"left": "patch", "right": "patch", "walls": "wall",
                                                 "frontAndBack": "empty"}),
                            MeshCommand(command="checkMesh")]


@pytest.mark.parametrize("where", ["case", "constant", "polyMesh"])
def test_polymesh_folder_is_copied_with_types_set(tmp_path, where):
    case = tmp_path / "given"
    write_polymesh_stub(case / "constant/polyMesh", {"in": "patch", "sideA": "wall", "front": "empty"}, n_cells=42)
    path = {"case": case, "constant": case / "constant", "polyMesh": case / "constant/polyMesh"}[where]
    source = inspect_mesh(path)
    assert source.format == "polyMesh" and source.n_cells == 42 and source.patches == ["in", "sideA", "front"]
    roles = assign_roles(source, {"sideA": "symmetry"})
    assert roles == {"in": "inlet", "sideA": "symmetry", "front": "empty"}
    staged = stage_mesh(source, roles, tmp_path / "new")
    assert staged.steps == [MeshCommand(command="checkMesh")]
    assert boundary_patches((tmp_path / "new/constant/polyMesh/boundary").read_text()) == {
        "in": "patch", "sideA": "symmetry", "front": "empty"}
    from foamlib import FoamFile

    assert FoamFile(tmp_path / "new/constant/polyMesh/boundary")[None][1][1]["type"] == "symmetry"


def test_a_patch_without_a_role_is_refused_with_the_names(tmp_path):
    source = inspect_mesh(write_gmsh_channel(tmp_path / "c.msh", 2.2, names=("left", "right", "walls", "frontAndBack")))
    with pytest.raises(RequestError) as refused:
        assign_roles(source, {})
    message = str(refused.value)
    assert "patches left, right" in message and "--patch-role left=wall" in message
    assert "patches: left, right, walls, frontAndBack" in message
    with pytest.raises(RequestError, match="--patch-role names nope, not a patch"):
        assign_roles(source, {"nope": "wall"})
    assert assign_roles(source, {"left": "inlet", "right": "outlet"})["right"] == "outlet"


@pytest.mark.parametrize("kind", ["gmsh2", "gmsh4", "fluent"])
def test_inlet_direction_points_into_the_mesh(tmp_path, kind):
    names = ("outlet", "inlet", "walls", "frontAndBack")  # the inlet on the x-max side: flow along -x
    if kind == "fluent":
        path = write_fluent_box(tmp_path / "m.msh", zones=tuple(zip(names, ("pressure-outlet", "velocity-inlet",
                                                                             "wall", "symmetry"))))
    else:
        path = write_gmsh_channel(tmp_path / "m.msh", 2.2 if kind == "gmsh2" else 4.1, names=names)
    source = inspect_mesh(path)
    assert inward_direction(source, "inlet") == pytest.approx((-1.0, 0.0, 0.0))
    assert inward_direction(source, "outlet") == pytest.approx((1.0, 0.0, 0.0))
    assert inward_direction(source, "walls") is None  # two parallel planes: no one normal


@pytest.mark.parametrize("content,phrase", [
    (b"", "neither a Gmsh mesh"),
    (b"hello world", "neither a Gmsh mesh"),
    (b"$MeshFormat\n1.0 0 8\n$EndMeshFormat\n", "Gmsh format 1.0"),
    (b"$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n0\n$EndNodes\n", "has no $PhysicalNames"),
    (b'$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$PhysicalNames\n2\n1 1 "inlet"\n2 2 "fluid"\n$EndPhysicalNames\n',
     "is a 2D mesh"),
    (b"(0 \"x\")\n(45 (3 wall w)())\n", "no dimension (2 ...) or node (10 ...)"),
])
def test_invalid_msh_is_refused(tmp_path, content, phrase):
    path = tmp_path / "bad.msh"
    path.write_bytes(content)
    with pytest.raises(RequestError, match=phrase.replace("(", r"\(").replace(")", r"\)").replace("$", r"\$")):
        inspect_mesh(path)


def test_missing_and_incomplete_mesh_refused(tmp_path):
    with pytest.raises(RequestError, match="no such file or folder"):
        inspect_mesh(tmp_path / "nope.msh")
    (tmp_path / "case/constant/polyMesh").mkdir(parents=True)
    (tmp_path / "case/constant/polyMesh/points").write_text("")
    with pytest.raises(RequestError, match="not a polyMesh \\(missing faces, owner, neighbour, boundary\\)"):
        inspect_mesh(tmp_path / "case")


def ascii_facet(first_vertex: bytes) -> bytes:
    return (b"solid x\n facet normal 0 0 1\n  outer loop\n   vertex " + first_vertex
            + b"\n   vertex 1 0 0\n   vertex 0 1 0\n  endloop\n endfacet\nendsolid x\n")


@pytest.mark.parametrize("content,phrase", [
    (ascii_facet(b"0 0 zero"), "not a number"),
    (ascii_facet(b"0 0 nan"), "non-finite"),
    (b"casewright".ljust(80) + struct.pack("<I", 0), "holds no triangles"),
    (b"\x00" * 200, "neither a binary STL"),
])
def test_invalid_stl_is_refused(tmp_path, content, phrase):
    path = tmp_path / "bad.stl"
    path.write_bytes(content)
    with pytest.raises(RequestError, match=phrase):
        read_stl(path)


# --- the CLI refuses before anything starts, and writes nothing -------------------------------

def _refused(tmp_path: Path, *args: str) -> str:
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["new", "steady flow, simpleFoam, inlet 1 m/s", "-o", str(out), *args, "--json"])
    assert result.exit_code == 2, result.output
    payload = json.loads(result.stdout)
    assert not out.exists(), "a refused command writes nothing"
    return payload["error"]


def test_cli_unknown_patch_role_exit_2_lists_patches(tmp_path):
    msh = write_gmsh_channel(tmp_path / "c.msh", 2.2, names=("left", "right", "walls", "frontAndBack"))
    error = _refused(tmp_path, "--mesh", str(msh))
    assert "patches left, right" in error and "--patch-role NAME=ROLE" in error


@pytest.mark.parametrize("args,phrase", [
    (["--mesh", "{tmp}/nope.msh"], "no such file or folder"),
    (["--geometry", "{tmp}/nope.stl"], "no such STL file"),
    (["--geometry", "{tmp}/bad.stl"], "neither a binary STL"),
    (["--mesh", "{tmp}/bad.stl"], "neither a Gmsh mesh"),
    (["--geometry", "{tmp}/cube.stl", "--mesh", "{tmp}/bad.stl"], "not both"),
    (["--geometry", "{tmp}/cube.stl", "--patch-role", "a=wall"], "--patch-role is for --mesh"),
    (["--patch-role", "a=wall"], "give --mesh FILE too"),
])
def test_cli_bad_input_exit_2(tmp_path, args, phrase):
    (tmp_path / "bad.stl").write_text("not an stl")
    write_stl(tmp_path / "cube.stl", [((0, 0, 0), (1, 0, 0), (0, 1, 0))])
    assert phrase in _refused(tmp_path, *[a.replace("{tmp}", str(tmp_path)) for a in args])
