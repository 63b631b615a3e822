"""Reading a base case for binding: a gzip-transparent view of its files (`Base`) and the
role of each of its patches (inlet, outlet, moving wall, wall, constraint), from names, mesh
types and the velocity and pressure conditions.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.allrun_inputs import resource_files
from tasks.foam.commands import FILE_EDIT
from tasks.foam.geometry import block_cell_counts
from tasks.foam.includes import expand_text
from tasks.foam.m4 import expand_template
from tasks.foam.mesh_file_edits import written_file
from tasks.knowledge.casebase import case_text, m4_mesh_template, read_run_sequence
from tasks.plan.foam_values import VECTOR as _VECTOR
from tasks.plan.foam_values import magnitude as _magnitude


_INCLUDE = re.compile(r'^[ \t]*#include[ \t]+"([^"]+)"[ \t]*;?[ \t]*$', re.M)
_WALL_TYPES = {"wall", "noSlip", "movingWallVelocity", "slip"}
_INLET_TYPES = {"interstitialInletVelocity", "flowRateInletVelocity", "turbulentInlet", "timeVaryingMappedFixedValue",
                "atmBoundaryLayerInletVelocity"}
SIDES = {  # the words of each side of a domain
    "left": ("left", "west"), "right": ("right", "east"), "top": ("top", "upper", "ceiling", "lid", "roof"),
    "bottom": ("bottom", "lower", "floor", "base", "ground"), "front": ("front",), "back": ("back", "rear"),
    "inner": ("inner", "inside", "cylinder", "rotor"), "outer": ("outer", "outside", "stator"),
}


class Base:
    """Read-only view of a base case (gzip-transparent)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._cache: dict[str, str | None] = {}
        self._resources: dict[str, Path] | None = None
        self._points_rewritten: bool | None = None

    def resources(self) -> dict[str, Path]:
        """Files the tutorial's Allrun copies in from beside it (../common/0.orig, ../common/constant):
        the written case has them, so the binder reads them as the case's own."""
        if self._resources is None:
            self._resources = resource_files(self.root) if self.root.is_dir() else {}
        return self._resources

    def text(self, rel: str) -> str | None:
        if rel not in self._cache:
            found = case_text(self.root, rel)
            source = self.resources().get(rel) if found is None else None
            text = case_text(source.parent, source.name) if source is not None and source.is_file() else found
            self._cache[rel] = self._with_patch_includes(rel, text) if rel.split("/")[0] in ("0", "0.orig") else text
        return self._cache[rel]

    def _with_patch_includes(self, rel: str, text: str | None) -> str | None:
        """A field file with the `#include "..."` lines of its boundaryField (motorBike's
        `include/fixedInlet`, `include/frontBackUpperPatches`) replaced by the patches they set,
        so the field's patches are all in view; top-level includes (the case variables of
        `include/initialConditions`) stay, as the macro binder follows them to their home."""
        span = fd.body_span(text, ["boundaryField"]) if text and "#include" in text else None
        if span is None:
            return text
        body = text[span[0]:span[1]]

        def patches(m: re.Match) -> str:  # an include inside a patch (its ABLConditions) is the patch's own
            return self._included(rel, m, 1) if brace_depth(body[:m.start()]) == 0 else m[0]

        return text[:span[0]] + _INCLUDE.sub(patches, body) + text[span[1]:]

    def expanded(self, rel: str, depth: int = 0) -> str | None:
        """The file's text as OpenFOAM reads it: each `#include "file"` (relative to the file's
        folder, or `$FOAM_CASE/...`) replaced by that file's entries (its FoamFile header
        dropped), a few levels deep; an include the case lacks stays as it is."""
        text = self.text(rel)
        if text is None or "#include" not in text or depth > 3:
            return text
        return _INCLUDE.sub(lambda m: self._included(rel, m, depth), text)

    def _included(self, rel: str, m: re.Match, depth: int) -> str:
        name = m[1]
        if name.startswith(("$FOAM_CASE/", "${FOAM_CASE}/")):
            other = name.split("/", 1)[1]
        else:
            other = posixpath.normpath(posixpath.join(posixpath.dirname(rel), name))
        body = self.expanded(other, depth + 1)
        if body is None:
            return m[0]
        return fd.remove_entry(body, ["FoamFile"]) if fd.find(body, ["FoamFile"]) is not None else body

    def field_rels(self, field: str) -> list[str]:
        """Where a field's initial values live: 0.orig/ (restored before a run) and 0/, else
        0/<field>.orig (copied to 0/<field> before a run)."""
        rels = [f"{d}/{field}" for d in ("0.orig", "0") if self.text(f"{d}/{field}") is not None]
        # 0/alpha.water beside 0/alpha.water.orig (the tutorial's setFields output and its source):
        # both keep the stated value, whichever one the run starts from
        return rels + [r for r in (f"0/{field}.orig",) if self.text(r) is not None]

    def fields(self) -> list[str]:
        names: set[str] = set()
        for d in ("0.orig", "0"):
            folder = self.root / d
            if folder.is_dir():
                names |= {p.name.removesuffix(".gz").removesuffix(".orig") for p in folder.iterdir() if p.is_file()}
            names |= {rel.split("/", 1)[1].removesuffix(".gz").removesuffix(".orig") for rel in self.resources()
                      if rel.startswith(f"{d}/") and rel.count("/") == 1}
        return sorted(names)

    def mesh_types(self) -> dict[str, str]:
        """Patch -> mesh type (patch, wall, empty, symmetryPlane, ...) from the blockMeshDict."""
        text = self.text("system/blockMeshDict") or self.text("constant/polyMesh/boundary") or ""
        found = fd.find(text, ["boundary"])
        body = text[found.value_start:found.end] if found and found.kind == "value" else text
        inner = body[body.find("(") + 1: body.rfind(")")] if "(" in body else ""
        return {e.name: (fd.get(inner, [e.name, "type"]) or "patch") for e in fd.entries(inner) if e.kind == "dict"}

    def patch_bcs(self, field: str) -> dict[str, str]:
        rels = self.field_rels(field)
        text = self.expanded(rels[0]) if rels else None  # a patch set in an #include'd file is the field's
        if not text:
            return {}
        body = fd.body_span(text, ["boundaryField"])
        if body is None:
            return {}
        return {e.name: (fd.get(text, ["boundaryField", e.name, "type"]) or "") for e in fd.entries(text, *body)
                if e.kind == "dict"}

    def points_rewritten(self) -> bool:
        """Whether the case's script writes the mesh's points itself after blockMesh (a converter's
        points joined to a header by a shell line, biconic25-55Run35): the blockMeshDict is then the
        mesh's topology, not where its faces lie."""
        if self._points_rewritten is None:
            steps = read_run_sequence(self.root, None) if self.root.is_dir() else []
            self._points_rewritten = any(s.app == FILE_EDIT and (written_file(s.args.split()) or "").endswith(
                "polyMesh/points") for s in steps)
        return self._points_rewritten

    def mesh_text(self) -> str | None:
        """The blockMeshDict as blockMesh reads it: its includes inlined and its `$name` macros
        (`($nx $ny $nz)`, `($L $y1 0)`) replaced by the numbers they stand for."""
        text = self.expanded("system/blockMeshDict")
        return expand_text(fd.strip_comments(text)) if text is not None else None

    def blocks(self) -> tuple[str, list[tuple[int, int, int]]]:
        text = self.mesh_text() or ""
        return text, block_cell_counts(text)

    def _template_mesh_text(self) -> str | None:
        """The blockMeshDict an m4 template expands to, for bases meshed from one (sloshingTank2D);
        only its geometry is read from it: edits go to the template's output when the case is written."""
        rel = m4_mesh_template(self.root) if self.root.is_dir() else None
        text = expand_template(self.root / rel, self.root) if rel is not None else None
        return expand_text(fd.strip_comments(text)) if text is not None else None

    def extents(self) -> list[float] | None:
        """Domain size in x, y, z (metres) from the blockMeshDict vertices (or those of the m4
        template the tutorial expands into it)."""
        text = self.mesh_text() or self._template_mesh_text()
        if not text:
            return None
        scale = fd.get(text, ["convertToMeters"]) or fd.get(text, ["scale"]) or "1"
        try:
            factor = float(scale)
        except ValueError:
            factor = 1.0
        points = [[float(x) * factor for x in m.groups()] for m in _VECTOR.finditer(fd.strip_comments(fd.get(text, ["vertices"]) or ""))]
        if not points:
            return None
        return [max(p[i] for p in points) - min(p[i] for p in points) for i in range(3)]


def brace_depth(text: str) -> int:
    """How many `{` of `text` are still open at its end (comments aside)."""
    plain = fd.strip_comments(text)
    return plain.count("{") - plain.count("}")


def patch_roles(base: Base, velocity_field: str = "U") -> dict[str, str]:
    """Patch -> inlet | outlet | moving_wall | wall | constraint | other, from names, mesh types
    and the velocity and pressure conditions."""
    mesh = base.mesh_types()
    u_bcs = base.patch_bcs(velocity_field)
    p_bcs = base.patch_bcs("p_rgh") or base.patch_bcs("p")
    u_text = next((base.expanded(r) for r in base.field_rels(velocity_field)), None) or ""
    roles: dict[str, str] = {}
    for patch in dict.fromkeys([*mesh, *u_bcs]):
        name, mtype, ubc, pbc = patch.lower(), mesh.get(patch, ""), u_bcs.get(patch, ""), p_bcs.get(patch, "")
        if mtype in ("empty", "wedge", "symmetry", "symmetryPlane", "cyclic", "cyclicAMI", "processor") or \
                ubc in ("empty", "wedge", "symmetry", "symmetryPlane", "cyclic"):
            roles[patch] = "constraint"
            continue
        value = fd.get(u_text, ["boundaryField", patch, "value"]) or ""
        moving = ubc == "movingWallVelocity" or (ubc == "fixedValue" and _magnitude(value) > 0 and
                                                  (mtype == "wall" or "wall" in name or "lid" in name))
        fixed_at_rest = ubc in ("fixedValue", "uniformFixedValue") and bool(_VECTOR.search(value)) and \
            _magnitude(value) == 0 and not re.search(r"inlet|inflow", name)
        if moving:
            roles[patch] = "moving_wall"
        elif fixed_at_rest:  # held at zero velocity: a wall, whatever its condition is called
            roles[patch] = "wall"
        elif ubc in _INLET_TYPES:  # a fluidised bed's distributor plate is a wall of the mesh, an inlet of the flow
            roles[patch] = "inlet"
        elif ubc == "fixedValue" and _magnitude(value) > 0 and mtype != "wall" and \
                not re.search(r"outlet|outflow|^out\b|^out_|exit", name):
            # a fixed, non-zero velocity on an open boundary brings the flow in, whatever its pressure
            # condition (a non-reflecting waveTransmissive inflow)
            roles[patch] = "inlet"
        elif mtype == "wall" or ubc in _WALL_TYPES or "wall" in name:
            roles[patch] = "wall"
        elif re.search(r"inlet|inflow|^in\b|^in_|intake|jet|fuel|air_?in", name) or ubc in (
                "flowRateInletVelocity", "turbulentInlet", "uniformFixedValue", "timeVaryingMappedFixedValue") \
                or (ubc == "fixedValue" and pbc in ("zeroGradient", "fixedFluxPressure", "")):
            roles[patch] = "inlet"
        elif re.search(r"outlet|outflow|^out\b|^out_|exit|atmosphere|open", name) or pbc in (
                "fixedValue", "totalPressure", "prghPressure", "prghTotalPressure", "waveTransmissive"):
            roles[patch] = "outlet"
        else:
            roles[patch] = "other"
    return roles
