"""`build_mesh`: a GeometrySpec becomes the files and steps that make the case's mesh.

Structured shapes get a parametric system/blockMeshDict (steps: blockMesh, checkMesh); the
rest are meshed with Gmsh in this process into a .msh (v2 ASCII) one cell thick, then
`gmshToFoam`, a Python post-step that sets the patch types gmshToFoam cannot know (empty,
wall, symmetryPlane), and checkMesh. Whoever runs the steps calls `apply_post_step` for the
non-command steps (or hands a command runner to `run_mesh`).
"""

from __future__ import annotations

import logging
import math
import re
from pathlib import Path
from typing import Callable

from tasks.core.errors import CaseRunError
from tasks.core.render import render
from tasks.geometry.blocks import render_block_mesh_dict
from tasks.geometry.mesh_limit import check_cells
from tasks.geometry.models import MeshBuild, MeshCommand, MeshStep, PatchInfo, SetPatchTypes
from tasks.geometry.shape_axisym import stepped_pipe_distances
from tasks.geometry.shape_nozzle import nozzle_stations, one_wall_angle, venturi_angles
from tasks.geometry.shape_obstacle_blocks import block_obstacles
from tasks.geometry.shape_obstacle_spacing import obstacle_spacings
from tasks.geometry.shape_ogrid import build_ogrid, is_ogrid
from tasks.geometry.spec import GeometrySpec, resolved_heights
from tasks.geometry.spec_polydomain import polydomain_distances
from tasks.geometry.spec_box_obstacles import BOX_OBSTACLE_DIMENSIONS, box_obstacle_distances
from tasks.geometry.spec_shapes import BLOCK_DIMENSIONS, block_distances

log = logging.getLogger(__name__)

GMSH_SHAPES = frozenset({"channel_with_obstacles", "cylinder_crossflow", "naca_airfoil"})
MSH_FILE = "mesh.msh"
GEOMETRY_RECORD = ".casewright/geometry.json"  # geometry_record, in the case directory


def _gmsh_estimate(spec: GeometrySpec) -> list[tuple[int, int, int]]:
    """The cells a Gmsh mesh of `spec` at its stated cell size would hold, roughly: its extents over
    the size, one cell thick; none when no size or extent is known (Gmsh's own sizing is sane)."""
    h = spec.mesh.cell_size
    extents = [getattr(spec.dims, name, None) for name in ("length", "height")]
    if not h or not all(isinstance(e, (int, float)) and e > 0 for e in extents):
        return []
    return [(math.ceil(extents[0] / h), math.ceil(extents[1] / h), 1)]


def build_mesh(spec: GeometrySpec, case_dir: Path) -> MeshBuild:
    """Write what `case_dir` needs to mesh `spec` and say how to run it."""
    case_dir = Path(case_dir)
    (case_dir / "system").mkdir(parents=True, exist_ok=True)
    assumptions = _given_and_defaulted(spec) + list(spec.notes)
    if (spec.shape in GMSH_SHAPES and not block_obstacles(spec) and not is_ogrid(spec)) or \
            (spec.outline is not None and not _is_box(spec.outline)):
        from tasks.geometry.unstructured import build_unstructured

        check_cells(_gmsh_estimate(spec), f"the Gmsh mesh of the {spec.shape.replace('_', ' ')}",
                    f" at cell size {spec.mesh.cell_size:g} m" if spec.mesh.cell_size else "")
        msh = build_unstructured(spec, case_dir / MSH_FILE)
        if any(spec.origin):  # Gmsh meshes the shape in its own coordinates: move it where the request put it
            path = case_dir / MSH_FILE
            path.write_text(translate_msh(path.read_text(), spec.origin))
            assumptions.append(f"Placed as described: the shape's own coordinates moved by ({spec.origin[0]:g}, "
                               f"{spec.origin[1]:g}) m.")
        types = {p.name: p.type for p in msh.patches if p.type != "patch"}
        steps: list[MeshStep] = [MeshCommand(command="gmshToFoam", args=[MSH_FILE]), SetPatchTypes(types=types),
                                 MeshCommand(command="checkMesh")]
        build = MeshBuild(
            shape=spec.shape, generator="gmsh", steps=steps, files=[MSH_FILE], patches=msh.patches,
            n_cells=msh.n_cells, two_d=True, flow_direction=(1.0, 0.0, 0.0),
            reference_length=msh.reference_length, bounds=msh_bounds(case_dir / MSH_FILE),
            assumptions=assumptions + msh.assumptions,
        )
    else:
        from tasks.geometry.structured import build_structured

        st = build_ogrid(spec) if is_ogrid(spec) else build_structured(spec)
        check_cells([tuple(b["cells"]) for b in st.model.blocks], f"the blockMeshDict of the {spec.shape.replace('_', ' ')}",
                    f" at cell size {spec.mesh.cell_size:g} m" if spec.mesh.cell_size else "")
        text = render_block_mesh_dict(st.model, f"{spec.shape}: {_dims_text(spec)}")
        (case_dir / "system/blockMeshDict").write_text(text)
        patches = [PatchInfo(name=n, type=st.model.patch_types[n], role=st.roles[n]) for n in st.model.patches]
        build = MeshBuild(
            shape=spec.shape, generator="blockMesh",
            steps=[MeshCommand(command="blockMesh"), MeshCommand(command="checkMesh")],
            files=["system/blockMeshDict"], patches=patches, n_cells=st.model.n_cells, two_d=bool(spec.two_d),
            flow_direction=st.flow_direction, reference_length=st.reference_length,
            bounds=st.model.bounds(), assumptions=assumptions + st.assumptions,
        )
    written = write_mesh_system(case_dir)
    if written:
        build.files.extend(written)
        build.assumptions.append("Minimal system/" + ", ".join(Path(w).name for w in written)
                                 + " written so the mesh utilities run; the case writer may replace them.")
    log.info("mesh for %s in %s: %d cells, %d patches (%s)", spec.shape, case_dir, build.n_cells,
             len(build.patches), build.generator)
    return build


def translate_msh(text: str, origin: tuple[float, float]) -> str:
    """A Gmsh v2 ASCII mesh with every node moved by (origin x, origin y) in the x-y plane."""
    if "$Nodes" not in text or "$EndNodes" not in text:
        raise CaseRunError("the Gmsh mesh has no $Nodes section to move; re-run the geometry step")
    head, rest = text.split("$Nodes\n", 1)
    nodes, tail = rest.split("$EndNodes", 1)
    lines = nodes.splitlines()
    moved = [lines[0]]
    for line in lines[1:]:
        parts = line.split()
        if len(parts) != 4:
            moved.append(line)
            continue
        x, y = float(parts[1]) + origin[0], float(parts[2]) + origin[1]
        moved.append(f"{parts[0]} {x:.12g} {y:.12g} {parts[3]}")
    return head + "$Nodes\n" + "\n".join(moved) + "\n$EndNodes" + tail


def msh_bounds(path: Path) -> list[tuple[float, float]]:
    """(min, max) per axis of the nodes of a Gmsh v2 ASCII mesh."""
    text = Path(path).read_text()
    block = text[text.index("$Nodes"):text.index("$EndNodes")].splitlines()[2:]
    xyz = [[float(v) for v in line.split()[1:4]] for line in block if line.strip()]
    return [(min(c), max(c)) for c in zip(*xyz)]


# Entries of a shape's dimensions that are not lengths (never a stated length's match).
_NOT_LENGTHS = frozenset({"wedge_angle", "angle_of_attack", "naca", "domain", "free_stream", "axisymmetric",
                          "upstream_cells", "downstream_cells", "across_cells", "radial_cells", "axial_cells"})


def geometry_record(spec: GeometrySpec, build: MeshBuild) -> dict:
    """What the case's mesh was built from, kept as .casewright/geometry.json: the shape, its
    dimensions (defaults filled in), its obstacles, where it was placed and the bounds of the mesh.
    The verifier reads stated lengths back from it (`recorded_lengths`) when no blockMeshDict
    holds them (a Gmsh mesh has none)."""
    dimensions = spec.dims.model_dump()
    if spec.shape in ("sudden_expansion", "sudden_contraction", "nozzle", "diffuser"):
        dimensions["inlet_height"], dimensions["outlet_height"] = resolved_heights(spec)  # the defaults filled in
    if spec.outline:  # the outline, not the defaults, sizes the domain
        xs, ys = [p[0] for p in spec.outline], [p[1] for p in spec.outline]
        dimensions.update(length=max(xs) - min(xs), height=max(ys) - min(ys))
    record: dict = {"kind": "gmsh" if build.generator == "gmsh" else "parametric", "shape": spec.shape,
                    "dimensions": dimensions, "cells": build.n_cells}
    defaulted = sorted(k for k, v in spec.dims.model_dump().items() if k not in spec.dims.model_fields_set and v is not None
                       and k not in _UNSAID_FLAGS)
    if defaulted and spec.outline is None:  # the rest of the dimensions are the request's
        record["defaulted"] = defaulted
    if getattr(spec.dims, "axisymmetric", False):  # a round nozzle or stepped pipe: its radii, as a request may give them
        record["radii"] = {"inlet": dimensions["inlet_height"] / 2, "outlet": dimensions["outlet_height"] / 2,
                           **({"throat": dimensions["throat_height"] / 2} if dimensions.get("throat_height") else {})}
    if getattr(spec.dims, "throat_height", None):  # a venturi's taper angles, as a request may give them
        record["angles"] = venturi_angles(*(dimensions[k] for k in ("inlet_height", "throat_height", "outlet_height")),
                                          spec.dims.taper_length, spec.dims.diverging_length or spec.dims.taper_length)
    if spec.shape in ("nozzle", "diffuser") and (slope := one_wall_angle(spec)):  # its walls' angle, as said
        record["angles"] = slope
    if spec.obstacles:
        record["obstacles"] = [o.model_dump(exclude_none=True, exclude={"name"}) for o in spec.obstacles]
    if spec.mesh.cell_size:  # the size the request gave: a count for one direction must not undo it (tasks.plan.bind_run)
        record["cell_size"] = spec.mesh.cell_size
    if spec.mesh.cell_sizes:
        record["cell_sizes"] = dict(zip("xyz", spec.mesh.cell_sizes))  # as said, per axis (axial x, radial y)
    if spec.mesh.over_section and spec.mesh.cells:
        record["section_cells"] = spec.mesh.cells[-2:]  # y by z, as the request gave them
    if any(spec.origin):
        record["origin"] = list(spec.origin)
    distances = relative_distances(spec)
    if distances:
        record["distances"] = distances
    if build.bounds:  # a 2D mesh's z extent is its one-cell thickness, not a length of the shape
        record["bounds"] = {axis: list(b) for axis, b in zip("xy" if build.two_d else "xyz", build.bounds)}
        if spec.mesh.cells and spec.outline is None and spec.shape == "polygon_domain":  # "240 x 40": the spacing along each
            record["cell_sizes"] = {axis: round((b[1] - b[0]) / n, 12) for (axis, b), n in
                                    zip(record["bounds"].items(), spec.mesh.cells) if n}
    return record


def _gaps(prefix: str, box: tuple[float, float, float, float], length: float, height: float) -> dict[str, float]:
    """How far a body whose bounding box is (x0, y0, x1, y1) sits from the inlet, the outlet, the
    floor and the ceiling of a `length` x `height` channel (its surface, and its centre)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return {f"{prefix}upstream": cx, f"{prefix}downstream": length - cx, f"{prefix}below": cy,
            f"{prefix}above": height - cy, f"{prefix}gap_inlet": x0, f"{prefix}gap_outlet": length - x1,
            f"{prefix}gap_floor": y0, f"{prefix}gap_ceiling": height - y1}


def relative_distances(spec: GeometrySpec) -> dict[str, float]:
    """The distances a request may state relative to the shape's parts rather than as its
    dimensions: a body's distance from the inlet, outlet and walls (centre and surface), a
    T-junction's branch position from either end, the total length of a sectioned channel."""
    d = spec.dims
    out: dict[str, float] = {}
    if spec.shape == "cylinder_crossflow" and not is_ogrid(spec):  # an O-grid: its far field radius
        r = d.diameter / 2
        out = _gaps("", (d.center_x - r, d.center_y - r, d.center_x + r, d.center_y + r), d.length, d.height)
    elif spec.shape == "channel_with_obstacles":
        for k, body in enumerate(spec.obstacles):
            pts = body.outline()
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            out.update(_gaps(f"obstacle{k}_", (min(xs), min(ys), max(xs), max(ys)), d.length, d.height))
            if body.kind == "polygon":
                out[f"obstacle{k}_extent_x"], out[f"obstacle{k}_extent_y"] = max(xs) - min(xs), max(ys) - min(ys)
                for j, (x, y) in enumerate(body.vertices or []):
                    out[f"obstacle{k}_vertex{j}_x"], out[f"obstacle{k}_vertex{j}_y"] = x, y
        out.update(_openings(spec))
        out.update(obstacle_spacings(spec.obstacles))  # "4 cm apart centre to centre", "a gap of 2 cm"
    elif spec.shape == "t_junction":
        at = d.branch_position if d.branch_position is not None else d.length / 2
        out = {"branch_position": at, "branch_to_outlet": d.length - at, "inlet_arm": at - d.branch_width / 2,
               "outlet_arm": d.length - at - d.branch_width / 2}
    elif spec.shape in ("backward_step", "forward_step", "sudden_expansion", "sudden_contraction"):
        out = {"total_length": d.upstream_length + d.downstream_length}
    elif spec.shape in ("nozzle", "diffuser"):
        out = {"total_length": nozzle_stations(spec)[0][-1], "taper_end": d.upstream_length + d.taper_length}
    elif spec.shape in BOX_OBSTACLE_DIMENSIONS:  # a 3D duct's box obstacles: sizes, centres, distances
        out = box_obstacle_distances(d)
    elif spec.shape == "stepped_pipe":  # each section's length, diameter, radius and place; a plate's distances
        out = stepped_pipe_distances(d)
    elif spec.shape in BLOCK_DIMENSIONS or spec.shape == "annulus":
        out = block_distances(spec.shape, d)
    elif spec.shape == "polygon_domain":  # its walls' lengths and runs, its extents
        out = polydomain_distances(d)
    elif spec.shape == "channel":  # "Re on the hydraulic diameter 2H": 4 A / P of the section
        depth = None if spec.two_d else (d.depth or d.height)
        out = {"hydraulic_diameter": 2 * d.height if depth is None else 2 * d.height * depth / (d.height + depth)}
    return {k: round(v, 12) for k, v in out.items() if v > 0}


def _openings(spec: GeometrySpec) -> dict[str, float]:
    """The clear opening between two obstacles one above the other (an orifice plate's two halves, facing baffles)."""
    boxes = [(min(p[0] for p in b.outline()), min(p[1] for p in b.outline()), max(p[0] for p in b.outline()),
              max(p[1] for p in b.outline())) for b in spec.obstacles]
    out = {}
    for i, a in enumerate(boxes):
        for j, b in enumerate(boxes[i + 1:], i + 1):
            if a[0] < b[2] and b[0] < a[2]:  # they overlap along x
                out[f"obstacle{i}_{j}_opening"] = max(a[1], b[1]) - min(a[3], b[3])
    return out


def recorded_fraction(fraction: float, record: dict) -> tuple[list[str], float, str] | None:
    """A body's length in a geometry record that is `fraction` of the channel's own length or height ("an opening half
    the channel height", "baffles reaching 40 % across"): (its entry, its value, how it was sized); None when none is."""
    if record.get("shape") != "channel_with_obstacles" or not 0 < fraction < 1:
        return None
    lengths = recorded_lengths(record)
    wholes = [(path, v) for path, v in lengths if path[0] == "dimensions" and v > 0]
    for path, part in lengths:
        if path[0] in ("obstacles", "distances") and part > 0:
            for whole_path, whole in wholes:
                if abs(part / whole - fraction) <= 1e-6 * fraction:
                    return path, part, f"{'/'.join(path)} = {fraction:g} x {whole_path[-1]} ({whole:g} m)"
    return None


def _vertex(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> tuple[float, float]:
    """A sampled wall's crest: the vertex (x to 5 significant digits, the samples' spacing leaves it known no
    better; and its height) of the parabola through its highest sample and the two beside it."""
    (x0, y0), (x1, y1), (x2, y2) = a, b, c
    den = (x1 - x0) * (y1 - y2) - (x1 - x2) * (y1 - y0)
    if den == 0:
        return x1, y1
    x = x1 - 0.5 * ((x1 - x0) ** 2 * (y1 - y2) - (x1 - x2) ** 2 * (y1 - y0)) / den
    # the parabola's height there (Lagrange form through the three samples)
    y = (y0 * (x - x1) * (x - x2) / ((x0 - x1) * (x0 - x2)) + y1 * (x - x0) * (x - x2) / ((x1 - x0) * (x1 - x2)) +
         y2 * (x - x0) * (x - x1) / ((x2 - x0) * (x2 - x1)))
    return float(f"{x:.5g}"), y


def recorded_lengths(record: dict) -> list[tuple[list[str], float]]:
    """Every length a geometry record holds, with its entry path: the dimensions, each obstacle's
    size, radius and centre coordinates, the placement, and the mesh's coordinates and extents."""
    out: list[tuple[list[str], float]] = []
    for key, value in (record.get("dimensions") or {}).items():
        if key not in _NOT_LENGTHS and isinstance(value, (int, float)) and not isinstance(value, bool):
            out.append((["dimensions", key], float(value)))
            if key == "diameter":
                out.append((["dimensions", "radius"], float(value) / 2))
    out += [(["radii", side], float(value)) for side, value in (record.get("radii") or {}).items()]
    out += [(["cell_sizes", axis], float(value)) for axis, value in (record.get("cell_sizes") or {}).items()]
    dims = record.get("dimensions") or {}
    for k, vertex in enumerate(dims.get("vertices") or []):  # a polygon domain's corners
        if isinstance(vertex, (list, tuple)) and len(vertex) == 2:
            out += [(["dimensions", "vertices", str(k), axis], float(v)) for axis, v in zip("xy", vertex)]
    for k, curve in enumerate(dims.get("curves") or []):  # a curved wall: its crests and troughs, where the crests are
        pts = [(float(p[0]), float(p[1])) for p in curve if isinstance(p, (list, tuple)) and len(p) == 2]
        ys = [p[1] for p in pts]
        if len(ys) >= 3:
            crests = [_vertex(*pts[i - 1:i + 2]) for i in range(1, len(ys) - 1)
                      if ys[i] >= ys[i - 1] and ys[i] >= ys[i + 1] and ys[i] > min(ys)]
            top = max([y for _, y in crests] + [max(ys)])
            top = float(f"{top:.5g}")
            out += [(["dimensions", "curves", str(k), "max"], top), (["dimensions", "curves", str(k), "min"], min(ys)),
                    (["dimensions", "curves", str(k), "rise"], float(f"{top - min(ys):.5g}")),
                    (["dimensions", "curves", str(k), "amplitude"], float(f"{(top - min(ys)) / 2:.5g}"))]
            out += [(["dimensions", "curves", str(k), "crest", str(i)], x) for i, (x, _) in enumerate(crests)]
    for key in ("parts", "solids"):  # a union's rectangles, the solid bodies inside it
        for k, part in enumerate((record.get("dimensions") or {}).get(key) or []):
            if isinstance(part, (list, tuple)) and len(part) >= 4:
                for axis, (lo, hi) in zip("xyz", zip(part[0::2], part[1::2])):
                    out += [(["dimensions", key, str(k), axis, name], round(float(v), 12)) for name, v in
                            (("min", lo), ("max", hi), ("extent", hi - lo), ("centre", (lo + hi) / 2))]
    for k, body in enumerate(record.get("obstacles") or []):
        for key in ("width", "height", "diameter"):
            if key in body:
                out.append((["obstacles", str(k), key], float(body[key])))
        if "diameter" in body:
            out.append((["obstacles", str(k), "radius"], float(body["diameter"]) / 2))
        for axis, value in zip("xy", body.get("center") or ()):
            out.append((["obstacles", str(k), "center", axis], float(value)))
        half = {"x": body.get("width"), "y": body.get("height", body.get("width"))} if body.get("kind") in ("rectangle", "square") \
            else {}
        for axis, value in zip("xy", body.get("center") or ()):  # a block's faces: "from x = 0.08 m to x = 0.12 m"
            if half.get(axis):
                out += [(["obstacles", str(k), "faces", axis, "min"], round(float(value) - half[axis] / 2, 12)),
                        (["obstacles", str(k), "faces", axis, "max"], round(float(value) + half[axis] / 2, 12))]
        out += [(["obstacles", str(k), "sizes", key], float(value)) for key, value in (body.get("sizes") or {}).items()]
        corners = body.get("vertices") or []
        for i, (a, b) in enumerate(zip(corners, corners[1:] + corners[:1])):  # a polygon's sides ("hexagon of side 5 cm")
            out.append((["obstacles", str(k), "vertices", str(i)], math.dist(a, b)))
    for key, value in (record.get("distances") or {}).items():
        out.append((["distances", key], float(value)))
    for axis, value in zip("xy", record.get("origin") or ()):
        out.append((["origin", axis], float(value)))
    for axis, (lo, hi) in (record.get("bounds") or {}).items():
        out += [(["bounds", axis, "min"], float(lo)), (["bounds", axis, "max"], float(hi)),
                (["bounds", axis, "extent"], float(hi) - float(lo))]
    return out


def write_mesh_system(case_dir: Path, application: str = "icoFoam", delta_t: float = 0.001,
                      end_time: float = 0.005, write_interval: int = 1000, overwrite: bool = False) -> list[str]:
    """Write minimal system/controlDict, fvSchemes and fvSolution where missing (all with
    `overwrite`); the relative paths written."""
    written = []
    context = {"controlDict": dict(application=application, delta_t=delta_t, end_time=end_time,
                                   write_interval=write_interval),
               "fvSchemes": dict(ddt="steadyState" if application.startswith("simple") else "Euler"),
               "fvSolution": {}}
    for name, extra in context.items():
        path = Path(case_dir) / "system" / name
        if path.exists() and not overwrite:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render(f"foam/geometry/{name}.j2", foam_class="dictionary", location="system",
                               object=name, provenance="shape library", **extra))
        written.append(f"system/{name}")
    return written


def apply_post_step(case_dir: Path, step: SetPatchTypes) -> None:
    """Do a Python step of a MeshBuild on the case (after the command before it has run)."""
    path = Path(case_dir) / "constant/polyMesh/boundary"
    if not path.is_file():
        raise CaseRunError(f"cannot set patch types: {path} is missing (did gmshToFoam run?)")
    path.write_text(set_patch_types(path.read_text(), step.types))


def set_patch_types(text: str, types: dict[str, str]) -> str:
    """constant/polyMesh/boundary text with the named patches' types set (physicalType and
    inGroups dropped so the new type holds)."""
    for name, new_type in types.items():
        m = re.search(rf"(?m)^(\s*){re.escape(name)}\s*\{{([^{{}}]*)\}}", text)
        if m is None:
            found = re.findall(r"(?m)^\s*([A-Za-z_][\w.]*)\s*\{", text)
            raise CaseRunError(f"constant/polyMesh/boundary has no patch {name!r} (patches: {', '.join(found)})")
        indent = m.group(1).strip("\n") + "    "
        body = re.sub(r"\n\s*(type|physicalType|inGroups)\s[^;]*;", "", m.group(2))
        body = f"\n{indent}type            {new_type};" + (
            f"\n{indent}inGroups        List<word> 1({new_type});" if new_type in ("wall", "empty", "wedge") else "") + body
        text = text[:m.start(2)] + body + text[m.end(2):]
    return text


def run_mesh(build: MeshBuild, case_dir: Path, run_command: Callable[[MeshCommand], bool]) -> None:
    """Run a MeshBuild's steps in order: commands through `run_command` (True when the
    command succeeded), Python post-steps here. Raises CaseRunError at the first failure."""
    for step in build.steps:
        if isinstance(step, SetPatchTypes):
            apply_post_step(case_dir, step)
        elif not run_command(step):
            raise CaseRunError(f"{step.command} failed in {case_dir} while meshing the {build.shape}; "
                               f"see {Path(case_dir) / ('log.' + step.command)}")


def _is_box(outline: list[tuple[float, float]]) -> bool:
    pts = list(dict.fromkeys((float(x), float(y)) for x, y in outline))
    xs, ys = {p[0] for p in pts}, {p[1] for p in pts}
    return len(pts) == 4 and len(xs) == 2 and len(ys) == 2


def _dims_text(spec: GeometrySpec) -> str:
    return ", ".join(f"{k} {v:g}" if isinstance(v, float) else f"{k}: {len(v)} given" if k == "curves" else f"{k} {v}"
                     for k, v in spec.dims.model_dump().items() if v is not None and v != [] and v is not False)


_UNSAID_FLAGS = frozenset({"split_inlet"})  # a layout the words make, never a size left at its default


def _given_and_defaulted(spec: GeometrySpec) -> list[str]:
    dims = spec.dims
    if spec.outline is not None:
        return ["The domain is the given outline (its vertices); length and height follow from it."]
    defaulted = [k for k, v in dims.model_dump().items() if k not in dims.model_fields_set and v is not None
                 and k not in _UNSAID_FLAGS]
    if not defaulted:
        return []
    values = ", ".join(f"{k} = {getattr(dims, k):g}" if isinstance(getattr(dims, k), float) else
                       f"{k} = {getattr(dims, k)}" for k in defaulted)
    return [f"Not given, so the library default was used: {values} (lengths in metres)."]
