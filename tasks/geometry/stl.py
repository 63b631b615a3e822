"""A body given as an STL (ASCII or binary): its bounds set a background blockMesh box around
it, and snappyHexMesh refines to a target cell size at the surface and adds wall layers whose
first height comes from a flat-plate y+ estimate."""

from __future__ import annotations

import math
import re
import struct
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, PositiveFloat

from tasks.core.errors import RequestError
from tasks.core.render import render
from tasks.geometry.blocks import Quad, Section, extruded, render_block_mesh_dict, sweep
from tasks.geometry.build import write_mesh_system
from tasks.geometry.models import MeshBuild, MeshCommand, PatchInfo

Triangle = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]


def read_stl(path: Path) -> list[Triangle]:
    """The triangles of an ASCII or binary STL file (RequestError naming the file when it is
    missing, unreadable, not an STL, or has no triangles or non-finite coordinates)."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise RequestError(f"{path}: no such STL file") from None
    except OSError as exc:
        raise RequestError(f"{path} cannot be read: {exc.strerror}") from None
    triangles = _parse_stl(path, data)
    if not triangles:
        raise RequestError(f"{path} holds no triangles; export the body's surface again")
    if not all(math.isfinite(c) for t in triangles for p in t for c in p):
        raise RequestError(f"{path} has non-finite vertex coordinates (nan or inf); repair the surface and export it again")
    return triangles


def _parse_stl(path: Path, data: bytes) -> list[Triangle]:
    if len(data) >= 84:
        (n,) = struct.unpack_from("<I", data, 80)
        if len(data) == 84 + 50 * n:  # binary: the size is exact
            return [tuple(tuple(struct.unpack_from("<3f", data, 84 + 50 * i + 12 + 12 * k)) for k in range(3))  # type: ignore[misc]
                    for i in range(n)]
    text = data.decode("ascii", errors="replace")
    if not text.lstrip().lower().startswith("solid"):
        raise RequestError(f"{path} is neither a binary STL (size does not match its triangle count) nor an "
                           f"ASCII STL (no 'solid' header)")
    nums = re.findall(r"vertex\s+(\S+)\s+(\S+)\s+(\S+)", text)
    if not nums or len(nums) % 3:
        raise RequestError(f"{path}: an ASCII STL needs three 'vertex' lines per facet (found {len(nums)})")
    try:
        pts = [tuple(float(c) for c in v) for v in nums]
    except ValueError as exc:
        raise RequestError(f"{path}: a vertex coordinate is not a number ({exc})") from None
    return [(pts[i], pts[i + 1], pts[i + 2]) for i in range(0, len(pts), 3)]  # type: ignore[misc]


def write_stl(path: Path, triangles: list[Triangle], binary: bool = False, name: str = "body") -> None:
    """Write triangles as an STL (normals from the vertex order)."""
    def normal(t: Triangle) -> tuple[float, float, float]:
        a, b, c = t
        u = [b[i] - a[i] for i in range(3)]
        v = [c[i] - a[i] for i in range(3)]
        n = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
        s = math.sqrt(sum(x * x for x in n)) or 1.0
        return (n[0] / s, n[1] / s, n[2] / s)

    if binary:
        out = bytearray(b"casewright".ljust(80, b" ")) + struct.pack("<I", len(triangles))
        for t in triangles:
            out += struct.pack("<12fH", *normal(t), *t[0], *t[1], *t[2], 0)
        Path(path).write_bytes(bytes(out))
        return
    lines = [f"solid {name}"]
    for t in triangles:
        lines += [f"  facet normal {' '.join(f'{c:g}' for c in normal(t))}", "    outer loop",
                  *[f"      vertex {p[0]:.9g} {p[1]:.9g} {p[2]:.9g}" for p in t], "    endloop", "  endfacet"]
    Path(path).write_text("\n".join(lines + [f"endsolid {name}", ""]))


def stl_bounds(triangles: list[Triangle]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    if not triangles:
        raise RequestError("the STL has no triangles")
    pts = [p for t in triangles for p in t]
    lo, hi = tuple(min(p[i] for p in pts) for i in range(3)), tuple(max(p[i] for p in pts) for i in range(3))
    if max(h - l for h, l in zip(hi, lo)) <= 0:
        raise RequestError("the STL has no extent (every vertex at one point)")
    return lo, hi


def first_layer_height(speed: float, length: float, nu: float, y_plus: float) -> float:
    """Wall distance of y+ = `y_plus` from a flat-plate estimate over `length` (White:
    Cf = 0.026 Re^-1/7; u_tau = U sqrt(Cf/2))."""
    if speed <= 0 or length <= 0 or nu <= 0 or y_plus <= 0:
        raise RequestError("a y+ estimate needs a positive speed, length, viscosity and y+")
    cf = 0.026 * (speed * length / nu) ** (-1 / 7)
    return y_plus * nu / (speed * math.sqrt(cf / 2))


class SnappySpec(BaseModel):
    """How to mesh around an STL body. Lengths in metres; padding in body lengths."""

    model_config = ConfigDict(extra="forbid")

    cell_size: PositiveFloat | None = None  # at the surface; default body length / 20
    background_cells_across: int = Field(4, ge=1)  # background cells across the body
    upstream: PositiveFloat = 3.0
    downstream: PositiveFloat = 6.0
    lateral: PositiveFloat = 3.0
    speed: PositiveFloat | None = None  # with nu: wall layers sized for y_plus
    nu: PositiveFloat | None = None
    y_plus: PositiveFloat = 30.0
    n_layers: int = Field(3, ge=0)
    expansion: float = Field(1.2, ge=1.0, le=2.0)


def build_snappy(stl_path: Path, case_dir: Path, spec: SnappySpec | None = None) -> MeshBuild:
    """Copy the STL into constant/triSurface and write blockMeshDict + snappyHexMeshDict."""
    spec = spec or SnappySpec()
    case_dir = Path(case_dir)
    triangles = read_stl(stl_path)
    lo, hi = stl_bounds(triangles)
    size = max(h - l for h, l in zip(hi, lo))
    body = re.sub(r"\W", "_", Path(stl_path).stem) or "body"
    if not body[0].isalpha():
        body = "body_" + body
    h_bg = size / spec.background_cells_across
    target = spec.cell_size or size / 20
    level = max(0, math.ceil(math.log2(h_bg / target) - 1e-9))
    dom_lo = (lo[0] - spec.upstream * size, lo[1] - spec.lateral * size, lo[2] - spec.lateral * size)
    dom_hi = (hi[0] + spec.downstream * size, hi[1] + spec.lateral * size, hi[2] + spec.lateral * size)
    cells = [max(1, math.ceil((dom_hi[i] - dom_lo[i]) / h_bg)) for i in range(3)]

    section = Section([(dom_lo[0], dom_lo[1]), (dom_hi[0], dom_lo[1]), (dom_hi[0], dom_hi[1]), (dom_lo[0], dom_hi[1])],
                      [Quad((0, 1, 2, 3), (cells[0], cells[1]))])
    how = extruded(dom_hi[2] - dom_lo[2], cells[2], 1.0, "sides", "sides")
    how.to_xyz = lambda u, v, w: (u, v, dom_lo[2] + w * (dom_hi[2] - dom_lo[2]))

    def classify(a, b) -> str:
        if abs(a[0] - dom_lo[0]) < 1e-12 and abs(b[0] - dom_lo[0]) < 1e-12:
            return "inlet"
        if abs(a[0] - dom_hi[0]) < 1e-12 and abs(b[0] - dom_hi[0]) < 1e-12:
            return "outlet"
        return "sides"

    model = sweep(section, how, classify, {"inlet": "patch", "outlet": "patch", "sides": "symmetry"})
    (case_dir / "system").mkdir(parents=True, exist_ok=True)
    (case_dir / "constant/triSurface").mkdir(parents=True, exist_ok=True)
    surface_file = f"{body}.stl"
    # as ASCII, one solid named after the body: the case writer parses constant/ back, and
    # snappyHexMesh then names the wall patch `body` whatever the file's solids were called
    write_stl(case_dir / "constant/triSurface" / surface_file, triangles, binary=False, name=body)
    (case_dir / "system/blockMeshDict").write_text(render_block_mesh_dict(model, f"background box around {body}"))

    notes = [f"Background box {cells[0]} x {cells[1]} x {cells[2]} cells of {h_bg:.4g} m around the body "
             f"({spec.upstream:g} body lengths upstream, {spec.downstream:g} downstream, {spec.lateral:g} to the sides; "
             f"body length {size:.4g} m from the STL bounds); the flow runs along +x.",
             f"Surface refinement level {level}: {h_bg / 2 ** level:.4g} m at the body "
             f"(target {target:.4g} m{'' if spec.cell_size else ', body length / 20'}).",
             "The four sides are one `symmetry` patch (free stream)."]
    layers = spec.n_layers if spec.speed and spec.nu else 0
    first = 0.0
    if layers:
        first = first_layer_height(spec.speed, size, spec.nu, spec.y_plus)  # type: ignore[arg-type]
        notes.append(f"{layers} wall layers, the first {first:.3g} m thick for y+ {spec.y_plus:g} "
                     f"(flat-plate estimate at U {spec.speed:g} m/s over {size:.4g} m, nu {spec.nu:g} m2/s).")
    else:
        notes.append("No wall layers." if not spec.n_layers else
                     "No wall layers: give the speed and viscosity to size them for a target y+.")
    location = tuple(dom_lo[i] + 0.413 * h_bg for i in range(3))
    (case_dir / "system/snappyHexMeshDict").write_text(render(
        "foam/geometry/snappyHexMeshDict.j2", description=f"{body}: level {level}, {layers} layers",
        add_layers=bool(layers), surface_file=surface_file, body=body, max_cells=2_000_000, level=level,
        location_in_mesh=[round(c, 9) for c in location], n_layers=layers, first_layer=first or 1e-3,
        expansion=spec.expansion, min_thickness=(first or 1e-3) / 10, foam_class="dictionary", location="system",
        object="snappyHexMeshDict", provenance="shape library"))
    files = ["system/blockMeshDict", "system/snappyHexMeshDict", f"constant/triSurface/{surface_file}"]
    files += write_mesh_system(case_dir)
    patches = [PatchInfo(name="inlet", type="patch", role="inlet"), PatchInfo(name="outlet", type="patch", role="outlet"),
               PatchInfo(name="sides", type="symmetry", role="symmetry"), PatchInfo(name=body, type="wall", role="body")]
    return MeshBuild(
        shape="stl", generator="snappyHexMesh",
        steps=[MeshCommand(command="blockMesh"), MeshCommand(command="snappyHexMesh", args=["-overwrite"]),
               MeshCommand(command="checkMesh")],
        files=files, patches=patches, n_cells=model.n_cells, two_d=False, reference_length=size,
        assumptions=notes + [f"n_cells counts the background mesh ({model.n_cells}); snappyHexMesh adds the "
                             f"refinement (read the count from checkMesh)."],
    )
