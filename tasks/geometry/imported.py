"""A mesh the user brings: a Gmsh .msh (v2 or v4), a Fluent .msh, or a constant/polyMesh folder.

`inspect_mesh` reads what the file says before anything runs (format, patch names, cell
count), refusing what OpenFOAM's converters cannot read; `assign_roles` gives each patch a
role from its name (or the Fluent zone type, or `--patch-role NAME=ROLE`) and refuses a
patch it cannot place; `stage_mesh` puts the mesh into a case with the steps that convert it,
set each patch's polyMesh type to its role's (the converters write `patch` or Fluent's own
types) and check it.
"""

from __future__ import annotations

import logging
import re
import shutil
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tasks.core.errors import RequestError
from tasks.foam.files import GZ, read_bytes, read_text
from tasks.geometry.build import set_patch_types
from tasks.geometry.models import MeshCommand, MeshStep, PatchInfo, Role, SetPatchTypes

log = logging.getLogger(__name__)

MSH_FILE = "mesh.msh"
POLYMESH_FILES = ("points", "faces", "owner", "neighbour", "boundary")

# Role -> the polyMesh patch type it needs.
PATCH_TYPE: dict[str, str] = {
    "inlet": "patch", "outlet": "patch", "wall": "wall", "moving_wall": "wall", "hot_wall": "wall",
    "cold_wall": "wall", "body": "wall", "top": "wall", "bottom": "wall", "empty": "empty",
    "symmetry": "symmetry", "wedge": "wedge",
}
# The words of a patch name (or a --patch-role value) that give its role; checked in order.
ROLE_WORDS: list[tuple[Role, frozenset[str]]] = [
    ("moving_wall", frozenset({"movingwall", "lid", "moving"})),
    ("wall", frozenset({"wall", "walls", "noslip", "body", "obstacle"})),
    ("inlet", frozenset({"inlet", "inlets", "in", "inflow", "velocityinlet", "massflowinlet", "pressureinlet",
                         "inletoutlet"})),
    ("outlet", frozenset({"outlet", "outlets", "out", "outflow", "pressureoutlet"})),
    ("symmetry", frozenset({"symmetry", "symmetryplane", "sym", "symm", "symplane"})),
    ("empty", frozenset({"empty", "frontandback", "frontandbackplanes", "frontback", "defaultfaces"})),
    ("wedge", frozenset({"wedge", "wedgefront", "wedgeback", "frontwedge", "backwedge"})),
]
# Fluent zone types that are not boundary patches (cell zones and interior faces).
_FLUENT_NOT_PATCHES = {"interior", "fluid", "solid", "parent", "interface", "porous-jump", "fan", "radiator"}
ROLE_NAMES = sorted(PATCH_TYPE)


class MeshSource(BaseModel):
    """What a user's mesh file says about itself, read without OpenFOAM."""

    model_config = ConfigDict(extra="forbid")

    path: Path
    format: Literal["gmsh", "fluent", "polyMesh"]
    version: str = ""  # Gmsh "2.2" / "4.1"; Fluent "2d" / "3d"
    binary: bool = False
    patches: list[str]
    hints: dict[str, str] = Field(default_factory=dict)  # patch -> the file's own type (Fluent zone, polyMesh type)
    n_cells: int | None = None

    @property
    def label(self) -> str:
        return {"gmsh": f"Gmsh v{self.version}", "fluent": f"Fluent ({self.version})",
                "polyMesh": "OpenFOAM polyMesh"}[self.format]


class StagedMesh(BaseModel):
    """The imported mesh inside a case: the files written, the steps to run, its patches by role."""

    model_config = ConfigDict(extra="forbid")

    source: MeshSource
    steps: list[MeshStep]
    files: list[str]
    patches: list[PatchInfo]
    assumptions: list[str] = Field(default_factory=list)


# --- reading -----------------------------------------------------------------------------

def inspect_mesh(path: Path) -> MeshSource:
    """Format, patch names and cell count of a Gmsh or Fluent .msh, or of a polyMesh folder
    (a case, its constant/ or constant/polyMesh). Refuses (RequestError) what cannot be read."""
    path = Path(path).expanduser()
    if not path.exists():
        raise RequestError(f"--mesh {path}: no such file or folder")
    if path.is_dir():
        return _inspect_polymesh(path)
    try:
        head = path.open("rb").read(4096)
    except OSError as exc:
        raise RequestError(f"--mesh {path} cannot be read: {exc.strerror}") from None
    stripped = head.lstrip()
    if stripped.startswith(b"$MeshFormat"):
        return _inspect_gmsh(path)
    if stripped.startswith(b"("):
        return _inspect_fluent(path)
    raise RequestError(f"--mesh {path} is neither a Gmsh mesh (a .msh starting with $MeshFormat) nor a Fluent mesh "
                       f"(a .msh of parenthesised sections) nor a polyMesh folder; export it as one of those")


def _inspect_gmsh(path: Path) -> MeshSource:
    data = path.read_bytes()
    m = re.search(rb"\$MeshFormat\s+(\S+)\s+(\d)\s+(\d+)", data[:4096])
    if m is None:
        raise RequestError(f"--mesh {path}: the $MeshFormat section is malformed (expected 'version file-type size')")
    version, binary = m.group(1).decode(), m.group(2) == b"1"
    if not version.startswith(("2.", "4.")):
        raise RequestError(f"--mesh {path} is Gmsh format {version}; gmshToFoam reads versions 2 and 4 "
                           "(in Gmsh: File > Export, Version 2 ASCII)")
    names = re.search(rb"\$PhysicalNames\s+(\d+)\s+(.*?)\$EndPhysicalNames", data, re.DOTALL)
    if names is None:
        raise RequestError(f"--mesh {path} has no $PhysicalNames: gmshToFoam names the patches after physical "
                           "groups, so give every boundary a Physical Surface (3D) or Physical Curve (2D) name")
    groups = [(int(d), n.decode()) for d, _, n in re.findall(rb'(?m)^\s*(\d)\s+(\d+)\s+"([^"]*)"', names.group(2))]
    if not groups:
        raise RequestError(f"--mesh {path}: $PhysicalNames lists no named groups")
    top = max(d for d, _ in groups)
    if top < 3:
        raise RequestError(f"--mesh {path} is a {top}D mesh; gmshToFoam needs 3D cells: extrude it one cell thick "
                           "(Extrude {0, 0, dz} {Layers{1}; Recombine;}) and name the front and back faces")
    patches = [n for d, n in groups if d == top - 1]
    if not patches:
        raise RequestError(f"--mesh {path} names no boundary groups (physical surfaces); name the inlet, outlet, "
                           "walls and so on")
    return MeshSource(path=path, format="gmsh", version=version, binary=binary, patches=patches,
                      n_cells=None if binary else _gmsh_cells(data, version))


def _gmsh_cells(data: bytes, version: str) -> int | None:
    """The number of 3D elements (tetrahedra, hexahedra, prisms, pyramids) of an ASCII .msh."""
    m = re.search(rb"\$Elements\s+(.*?)\$EndElements", data, re.DOTALL)
    if m is None:
        return None
    lines = m.group(1).split(b"\n")
    volume_types = {4, 5, 6, 7}
    try:
        if version.startswith("2."):
            return sum(1 for ln in lines[1:] if ln.split() and int(ln.split()[1]) in volume_types)
        count, i = 0, 1
        while i < len(lines):
            head = lines[i].split()
            if len(head) == 4:
                dim, etype, n = int(head[0]), int(head[2]), int(head[3])
                count += n if dim == 3 and etype in volume_types else 0
                i += n + 1
            else:
                i += 1
        return count
    except (ValueError, IndexError):
        return None


_FLUENT_ZONE = re.compile(r"\(\s*(?:39|45)\s+\(\s*(\d+)\s+([\w-]+)\s+([^\s()]+)")


def _inspect_fluent(path: Path) -> MeshSource:
    text = path.read_bytes().decode("latin-1")
    dim = re.search(r"\(\s*2\s+(\d)\s*\)", text)
    if dim is None or not re.search(r"\(\s*(?:10|2010|3010)\s+\(", text):
        raise RequestError(f"--mesh {path} looks like a Fluent mesh but has no dimension (2 ...) or node (10 ...) "
                           "section; export the mesh again from Fluent (File > Write > Mesh)")
    zones = {name: kind.lower() for _, kind, name in _FLUENT_ZONE.findall(text)}
    patches = {n: k for n, k in zones.items() if k not in _FLUENT_NOT_PATCHES}
    if not patches:
        raise RequestError(f"--mesh {path} has no named boundary zones ((45 (id type name)()) sections)")
    if dim.group(1) == "2":
        patches["frontAndBackPlanes"] = "empty"  # fluentMeshToFoam extrudes a 2D mesh one cell thick
    cells = re.search(r"\(\s*12\s+\(\s*0\s+([0-9a-fA-F]+)\s+([0-9a-fA-F]+)", text)
    n_cells = int(cells.group(2), 16) - int(cells.group(1), 16) + 1 if cells else None
    return MeshSource(path=path, format="fluent", version=f"{dim.group(1)}d", patches=list(patches),
                      hints=patches, n_cells=n_cells)


def polymesh_dir(path: Path) -> Path | None:
    """The polyMesh folder at or under `path` (itself, constant/polyMesh or polyMesh), or None."""
    for cand in (path, path / "constant/polyMesh", path / "polyMesh"):
        if all(_find(cand, n) for n in POLYMESH_FILES):
            return cand
    return None


def _find(folder: Path, name: str) -> Path | None:
    for cand in (folder / name, folder / f"{name}{GZ}"):
        if cand.is_file():
            return cand
    return None


def _inspect_polymesh(path: Path) -> MeshSource:
    folder = polymesh_dir(path)
    if folder is None:
        missing = [n for n in POLYMESH_FILES if not _find(path, n) and not _find(path / "constant/polyMesh", n)]
        raise RequestError(f"--mesh {path} is a folder but not a polyMesh (missing {', '.join(missing)}); give a "
                           "case, its constant/ or its constant/polyMesh folder")
    types = boundary_patches(read_text(_find(folder, "boundary")))  # type: ignore[arg-type]
    if not types:
        raise RequestError(f"--mesh {folder}/boundary lists no patches")
    owner = read_bytes(_find(folder, "owner"))[:2000].decode("latin-1")  # type: ignore[arg-type]
    cells = re.search(r"nCells:\s*(\d+)", owner)
    return MeshSource(path=folder, format="polyMesh", patches=list(types), hints=types,
                      n_cells=int(cells.group(1)) if cells else None)


def boundary_patches(text: str) -> dict[str, str]:
    """Patch name -> type of a constant/polyMesh/boundary file."""
    body = re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.DOTALL)
    body = re.sub(r"FoamFile\s*\{[^}]*\}", "", body)
    patches = {}
    for m in re.finditer(r"([A-Za-z_][\w.:-]*)\s*\{([^{}]*)\}", body):
        kind = re.search(r"\btype\s+(\w+)\s*;", m.group(2))
        patches[m.group(1)] = kind.group(1) if kind else "patch"
    return patches


# --- roles -------------------------------------------------------------------------------

def _words(name: str) -> set[str]:
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", name)
    words = [w for w in re.split(r"[^a-z]+", spaced.lower()) if w]
    return set(words) | {"".join(words)}


def role_from_name(name: str) -> Role | None:
    """The role a patch name (or a role spelled by the user) says, or None."""
    words = _words(name)
    for role, vocabulary in ROLE_WORDS:
        if words & vocabulary:
            return role
    return None


def parse_role_option(value: str) -> tuple[str, Role]:
    """`NAME=ROLE` of --patch-role."""
    name, sep, role_text = value.partition("=")
    if not sep or not name.strip() or not role_text.strip():
        raise RequestError(f"--patch-role {value!r}: write NAME=ROLE, e.g. --patch-role left=inlet")
    role = role_text.strip() if role_text.strip() in PATCH_TYPE else role_from_name(role_text.strip())
    if role is None:
        raise RequestError(f"--patch-role {value!r}: unknown role {role_text.strip()!r}; roles: {', '.join(ROLE_NAMES)}")
    return name.strip(), role  # type: ignore[return-value]


def assign_roles(source: MeshSource, given: dict[str, str]) -> dict[str, Role]:
    """Each patch's role: --patch-role first, then its name, then the file's own type (a Fluent
    zone type, a polyMesh wall/empty/symmetry type). A patch left without one is refused."""
    unknown_given = sorted(set(given) - set(source.patches))
    if unknown_given:
        raise RequestError(f"--patch-role names {', '.join(unknown_given)}, not a patch of {source.path} "
                           f"(patches: {', '.join(source.patches)})")
    roles: dict[str, Role] = {}
    for patch in source.patches:
        role = given.get(patch) or role_from_name(patch) or role_from_name(source.hints.get(patch, ""))
        if role is not None:
            roles[patch] = role  # type: ignore[assignment]
    missing = [p for p in source.patches if p not in roles]
    if missing:
        raise RequestError(
            f"the role of patch{'es' if len(missing) > 1 else ''} {', '.join(missing)} of {source.path} is unknown "
            f"(patches: {', '.join(source.patches)}); name each with --patch-role NAME=ROLE, e.g. "
            f"--patch-role {missing[0]}=wall (roles: {', '.join(ROLE_NAMES)})")
    return roles


# --- the inlet's direction ------------------------------------------------------------------

Vector = tuple[float, float, float]


def inward_direction(source: MeshSource, patch: str) -> Vector | None:
    """The unit normal of a (flat) patch pointing into the mesh, from the file's own points and
    faces; None when the patch is curved or the file cannot be read for it (binary polyMesh)."""
    try:
        reader = {"gmsh": _gmsh_faces, "fluent": _fluent_faces, "polyMesh": _polymesh_faces}[source.format]
        faces, centre = reader(source, patch)
    except (ValueError, IndexError, KeyError, OSError) as exc:
        log.info("no inlet direction from %s (%s)", source.path, exc)
        return None
    if not faces:
        return None
    total, weight, mid = [0.0, 0.0, 0.0], 0.0, [0.0, 0.0, 0.0]
    for pts in faces:  # Newell's normal: area-weighted, whatever the winding of each face
        n = [0.0, 0.0, 0.0]
        for a, b in zip(pts, pts[1:] + pts[:1]):
            n[0] += (a[1] - b[1]) * (a[2] + b[2])
            n[1] += (a[2] - b[2]) * (a[0] + b[0])
            n[2] += (a[0] - b[0]) * (a[1] + b[1])
        ref = total if any(total) else n
        sign = 1.0 if sum(x * y for x, y in zip(n, ref)) >= 0 else -1.0
        total = [t + sign * x for t, x in zip(total, n)]
        area = sum(x * x for x in n) ** 0.5
        weight += area
        mid = [m + area * sum(p[i] for p in pts) / len(pts) for i, m in enumerate(mid)]
    length = sum(x * x for x in total) ** 0.5
    if weight == 0 or length < 0.99 * weight:  # the faces do not share one normal: not flat
        return None
    normal = [x / length for x in total]
    offsets = [sum(n * sum(p[i] for p in pts) / len(pts) for i, n in enumerate(normal)) for pts in faces]
    scale = max(abs(c) for pts in faces for p in pts for c in p) or 1.0
    if max(offsets) - min(offsets) > 1e-6 * scale:  # parallel faces in two planes (top and bottom walls)
        return None
    mid = [m / weight for m in mid]
    if sum((c - m) * n for c, m, n in zip(centre, mid, normal)) < 0:
        normal = [-x for x in normal]
    return tuple(round(x, 12) + 0.0 for x in normal)  # type: ignore[return-value]


def _bounds_centre(points) -> list[float]:
    return [(min(p[i] for p in points) + max(p[i] for p in points)) / 2 for i in range(3)]


def _gmsh_faces(source: MeshSource, patch: str):
    import gmsh

    gmsh.initialize(["-noenv"], readConfigFiles=False)
    try:
        gmsh.option.setNumber("General.Terminal", 0)
        gmsh.open(str(source.path))
        tags, coords, _ = gmsh.model.mesh.getNodes()
        xyz = {int(t): tuple(float(c) for c in coords[3 * i: 3 * i + 3]) for i, t in enumerate(tags)}
        faces = []
        for dim, tag in gmsh.model.getPhysicalGroups(2):
            if gmsh.model.getPhysicalName(dim, tag) != patch:
                continue
            for entity in gmsh.model.getEntitiesForPhysicalGroup(dim, tag):
                types, _, nodes = gmsh.model.mesh.getElements(dim, entity)
                for etype, enodes in zip(types, nodes):
                    n = {2: 3, 3: 4}.get(int(etype))
                    if n is None:
                        raise ValueError(f"element type {etype} on {patch}")
                    faces += [[xyz[int(v)] for v in enodes[i: i + n]] for i in range(0, len(enodes), n)]
        return faces, _bounds_centre(list(xyz.values()))
    except Exception as exc:  # noqa: BLE001 - gmsh raises a plain Exception carrying its message
        raise ValueError(str(exc)) from None
    finally:
        gmsh.finalize()


def _fluent_faces(source: MeshSource, patch: str):
    text = source.path.read_bytes().decode("latin-1")
    zone = next(int(z) for z, _, name in _FLUENT_ZONE.findall(text) if name == patch)
    points: dict[int, tuple[float, ...]] = {}
    for m in re.finditer(r"\(\s*10\s+\(\s*[0-9a-fA-F]+\s+([0-9a-fA-F]+)\s+([0-9a-fA-F]+)\s+\w+\s*\w*\s*\)\s*\(([^()]*)\)",
                         text):
        values = [float(v) for v in m.group(3).split()]
        nd = 3 if len(values) == 3 * (int(m.group(2), 16) - int(m.group(1), 16) + 1) else 2
        for i in range(len(values) // nd):
            points[int(m.group(1), 16) + i] = (*values[nd * i: nd * i + nd], 0.0)[:3]
    section = re.search(rf"\(\s*13\s+\(\s*{zone:x}\s+[0-9a-fA-F]+\s+[0-9a-fA-F]+\s+[0-9a-fA-F]+\s+([0-9a-fA-F]+)\s*\)\s*\(([^()]*)\)",
                        text, re.IGNORECASE)
    if section is None or not points:
        return [], [0.0, 0.0, 0.0]
    mixed, faces = int(section.group(1), 16) == 0, []
    for line in section.group(2).strip().splitlines():
        ids = [int(v, 16) for v in line.split()]
        nodes = ids[1: 1 + ids[0]] if mixed else ids[:-2]
        faces.append([points[i] for i in nodes])
    return faces, _bounds_centre(list(points.values()))


def _polymesh_faces(source: MeshSource, patch: str):
    folder = source.path
    boundary = read_text(_find(folder, "boundary"))  # type: ignore[arg-type]
    entry = re.search(rf"(?m)^\s*{re.escape(patch)}\s*\{{([^{{}}]*)\}}", boundary)
    start, count = (int(re.search(rf"\b{k}\s+(\d+)", entry.group(1)).group(1)) for k in ("startFace", "nFaces"))  # type: ignore[union-attr]
    points_text, faces_text = (read_text(_find(folder, n)) for n in ("points", "faces"))  # type: ignore[arg-type]
    if "binary" in points_text[:600] or "binary" in faces_text[:600]:
        raise ValueError("a binary polyMesh")
    number = r"([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)"
    points = [tuple(float(c) for c in t) for t in re.findall(rf"\(\s*{number}\s+{number}\s+{number}\s*\)",
                                                                  points_text[points_text.find("}"):])]
    faces_list = re.findall(r"\d+\s*\(([\d\s]+)\)", faces_text[faces_text.find("}"):])
    faces = [[points[int(v)] for v in f.split()] for f in faces_list[start: start + count]]
    return faces, _bounds_centre(points)


# --- staging -----------------------------------------------------------------------------

def stage_mesh(source: MeshSource, roles: dict[str, Role], case_dir: Path) -> StagedMesh:
    """Put the mesh into `case_dir` and say how to finish it: gmshToFoam or fluentMeshToFoam on
    mesh.msh and the patch types after it, or the polyMesh copied with its types set now;
    checkMesh last."""
    case_dir = Path(case_dir)
    types = {p: PATCH_TYPE[r] for p, r in roles.items()}
    patches = [PatchInfo(name=p, type=types[p], role=r) for p, r in roles.items()]
    notes = [f"mesh imported from {source.path.name} ({source.label}"
             + (f", {source.n_cells} cells" if source.n_cells else "") + "); patch roles: "
             + ", ".join(f"{p} {r}" for p, r in roles.items())]
    if source.format == "polyMesh":
        target = case_dir / "constant/polyMesh"
        target.mkdir(parents=True, exist_ok=True)
        files = []
        for item in sorted(source.path.iterdir()):
            if item.is_file():
                name = item.name.removesuffix(GZ)
                (target / name).write_bytes(read_bytes(item))
                files.append(f"constant/polyMesh/{name}")
        boundary = target / "boundary"
        boundary.write_text(set_patch_types(boundary.read_text(errors="replace"), types))
        steps: list[MeshStep] = [MeshCommand(command="checkMesh")]
        notes.append("constant/polyMesh copied as it is; only the patch types were set to the roles'")
    else:
        msh = case_dir / MSH_FILE
        msh.parent.mkdir(parents=True, exist_ok=True)
        if source.format == "gmsh" and source.binary:
            write_gmsh_ascii(source.path, msh)
            notes.append("the binary Gmsh file was rewritten as ASCII v2.2 (gmshToFoam reads ASCII only)")
        else:
            shutil.copyfile(source.path, msh)
        converter = "gmshToFoam" if source.format == "gmsh" else "fluentMeshToFoam"
        steps = [MeshCommand(command=converter, args=[MSH_FILE]), SetPatchTypes(types=types)]
        steps.append(MeshCommand(command="checkMesh"))
        files = [MSH_FILE]
        notes.append(f"{converter} converts {MSH_FILE}; the patch types are then set to the roles' "
                     f"({', '.join(f'{p} {t}' for p, t in types.items())})")
    log.info("staged %s mesh %s in %s: %d patches", source.format, source.path, case_dir, len(patches))
    return StagedMesh(source=source, steps=steps, files=files, patches=patches, assumptions=notes)


def write_gmsh_ascii(src: Path, dest: Path) -> None:
    """Rewrite a Gmsh mesh as ASCII format 2.2 with the gmsh library."""
    import gmsh

    gmsh.initialize(["-noenv"], readConfigFiles=False)
    try:
        gmsh.option.setNumber("General.Terminal", 0)
        gmsh.open(str(src))
        gmsh.option.setNumber("Mesh.MshFileVersion", 2.2)
        gmsh.option.setNumber("Mesh.Binary", 0)
        gmsh.write(str(dest))
    except Exception as exc:  # noqa: BLE001 - gmsh raises a plain Exception carrying its message
        raise RequestError(f"--mesh {src}: Gmsh could not read it ({exc})") from None
    finally:
        gmsh.finalize()
