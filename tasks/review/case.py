"""A read-only view of a case's dictionaries for the Reviewer's rules, and what they derive
from it: mesh patches and their roles, field copies, blockMesh geometry, value estimates.

`CaseView.load` is the only function here that reads the disk; rules get a view and never
touch files, so unit tests build one from a dict of texts (`CaseView.from_texts`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from tasks.foam import dictionary as fd
from tasks.foam.casedir import top_level_entries
from tasks.foam.defaults import defaults
from tasks.foam.physics import is_steady, nice_floor, solver_family

_MAX_BYTES = 2_000_000
_SKIP_DIRS = ("constant/polyMesh/", "constant/triSurface/", "constant/extendedFeatureEdgeMesh/",
              "constant/geometry/")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_VECTOR = re.compile(r"\(\s*([^()]*?)\s*\)")
CONSTRAINT_TYPES = ("empty", "symmetry", "symmetryPlane", "cyclic", "cyclicAMI", "wedge", "processor")
WALL_ROLES = ("wall", "movingWall", "heatedWall")


@dataclass(frozen=True)
class CaseView:
    """Case-relative path -> text for the dictionaries, fields and hints of one case."""

    texts: Mapping[str, str]
    dirs: frozenset[str] = field(default_factory=frozenset)
    case_dir: str = ""

    # --- construction --------------------------------------------------------------

    @classmethod
    def load(cls, case_dir: Path) -> "CaseView":
        case_dir = Path(case_dir)
        texts: dict[str, str] = {}
        dirs: set[str] = set()
        for sub in ("system", "constant", "0", "0.orig", ".casewright"):
            base = case_dir / sub
            if not base.is_dir():
                continue
            dirs.add(sub)
            for path in sorted(base.rglob("*")):
                rel = path.relative_to(case_dir).as_posix()
                if path.is_dir():
                    dirs.add(rel)
                    continue
                if rel.startswith(_SKIP_DIRS) and rel != "constant/polyMesh/boundary":
                    continue
                if rel.startswith(".casewright/") and rel.count("/") > 1:
                    continue  # history and backups
                if path.suffix == ".gz" or path.stat().st_size > _MAX_BYTES:
                    continue
                try:
                    texts[rel] = path.read_text()
                except UnicodeDecodeError:
                    continue
        return cls(texts=texts, dirs=frozenset(dirs), case_dir=str(case_dir))

    @classmethod
    def from_texts(cls, texts: Mapping[str, str], dirs: tuple[str, ...] = ()) -> "CaseView":
        found = {p.rsplit("/", 1)[0] for p in texts if "/" in p}
        return cls(texts=dict(texts), dirs=frozenset(found | set(dirs)))

    # --- files ---------------------------------------------------------------------

    def text(self, rel: str) -> str | None:
        return self.texts.get(rel)

    def has(self, rel: str) -> bool:
        return rel in self.texts

    def control(self, key: str) -> str | None:
        text = self.text("system/controlDict")
        return top_level_entries(text).get(key) if text else None

    @property
    def application(self) -> str:
        return (self.control("application") or "").strip('"')

    @property
    def steady(self) -> bool:
        return is_steady(self.application)

    @property
    def family(self) -> str:
        return solver_family(self.application)

    def number(self, rel: str, path: list[str]) -> float | None:
        text = self.text(rel)
        value = fd.get(text, path) if text else None
        return first_number(value)

    # --- fields --------------------------------------------------------------------

    def field_dir(self) -> str:
        """Where a new field file goes: `0.orig` when the case keeps pristine copies there."""
        return "0.orig" if "0.orig" in self.dirs else "0"

    def field_copies(self, name: str) -> list[str]:
        """Every file that holds field `name`: 0/X, its 0/X.orig and 0.orig/X."""
        return [p for p in (f"0/{name}", f"0/{name}.orig", f"0.orig/{name}") if p in self.texts]

    def field_names(self) -> list[str]:
        names: set[str] = set()
        for rel in self.texts:
            top, _, name = rel.partition("/")
            if top in ("0", "0.orig") and "/" not in name and name:
                names.add(name[: -len(".orig")] if name.endswith(".orig") else name)
        return sorted(names)

    def field_text(self, name: str) -> str | None:
        copies = self.field_copies(name)
        return self.text(copies[0]) if copies else None

    def internal_value(self, name: str) -> str | None:
        """The `uniform X` value of a field's internalField (X only), if uniform."""
        text = self.field_text(name)
        value = fd.get(text, ["internalField"]) if text else None
        if value and value.startswith("uniform"):
            return value[len("uniform"):].strip()
        return None

    # --- mesh ----------------------------------------------------------------------

    def patches(self) -> dict[str, str]:
        """Mesh patch name -> type, from constant/polyMesh/boundary, else blockMeshDict."""
        boundary = self.text("constant/polyMesh/boundary")
        if boundary:
            return _list_of_dicts(boundary, boundary.find("(", _after_header(boundary)))
        bmd = self.text("system/blockMeshDict") or self.text("constant/polyMesh/blockMeshDict")
        if bmd:
            node = fd.find(bmd, ["boundary"])
            if node is not None and node.kind == "value":
                return _list_of_dicts(bmd, bmd.find("(", node.value_start))
        return {}

    def role(self, patch: str) -> str | None:
        return patch_role(patch, self.patches().get(patch, "patch"), self.family)

    def turbulence(self) -> tuple[str, str]:
        """(simulationType, model name); ("laminar", "laminar") when not turbulent."""
        text = self.text("constant/turbulenceProperties") or self.text("constant/momentumTransport") or ""
        sim = (fd.get(text, ["simulationType"]) or "laminar").strip()
        if sim in ("RAS", "LES"):
            model = fd.get(text, [sim, f"{sim}Model"]) or fd.get(text, [sim, "model"])
            return sim, (model or "").strip()
        return "laminar", "laminar"


def _after_header(text: str) -> int:
    node = fd.find(text, ["FoamFile"])
    return node.end if node else 0


def _list_of_dicts(text: str, open_paren: int) -> dict[str, str]:
    if open_paren < 0:
        return {}
    depth, close = 0, len(text)
    for i in range(open_paren, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                close = i
                break
    out: dict[str, str] = {}
    for node in fd.entries(text, open_paren + 1, close):
        if node.kind == "dict":
            ptype = fd.get(text[node.body_start : node.body_end], ["type"])
            out[fd.unquote(node.key)] = (ptype or "patch").strip()
    return out


def patch_role(name: str, mesh_type: str, family: str = "incompressible") -> str | None:
    """A patch's role for the BC selector: its constraint type, else its mesh type and name."""
    if mesh_type in CONSTRAINT_TYPES:
        return mesh_type
    n = name.lower()
    if mesh_type == "wall" or "wall" in n or n in ("floor", "ceiling"):
        return "movingWall" if any(w in n for w in ("moving", "lid")) else "wall"
    if "lid" in n:
        return "movingWall"
    for role, words in (("inlet", ("inlet", "inflow")), ("outlet", ("outlet", "outflow")),
                        ("atmosphere", ("atmosphere", "open"))):
        if any(w in n for w in words):
            return role
    if n == "top" and family == "multiphase":
        return "atmosphere"
    return None


# --- numbers -------------------------------------------------------------------------


def first_number(value: str | None) -> float | None:
    """The last plain number of a value (`nu [0 2 -1 0 0 0 0] 1e-05` -> 1e-05)."""
    if not value:
        return None
    cleaned = re.sub(r"\[[^\]]*\]", " ", value)
    found = _NUMBER.findall(cleaned)
    return float(found[-1]) if found else None


def vector_magnitudes(text: str) -> list[float]:
    """|v| of every `uniform (x y z)` in a field file."""
    out: list[float] = []
    for m in re.finditer(r"uniform\s*\(\s*([^()]*?)\s*\)", text):
        nums = [float(x) for x in _NUMBER.findall(m[1])]
        if len(nums) == 3:
            out.append(math.sqrt(sum(x * x for x in nums)))
    return out


# --- blockMesh geometry --------------------------------------------------------------


@dataclass
class BlockGeometry:
    vertices: list[tuple[float, float, float]]
    blocks: list[tuple[list[int], list[int]]]  # (8 vertex labels, cell counts)
    scale: float


def block_geometry(text: str) -> BlockGeometry | None:
    """Vertices, hex blocks and scale of a blockMeshDict with literal coordinates."""
    node = fd.find(text, ["vertices"])
    blocks_node = fd.find(text, ["blocks"])
    if node is None or blocks_node is None or node.kind != "value":
        return None
    raw = text[node.value_start : node.value_end]
    inner = raw[raw.find("(") + 1 : raw.rfind(")")]
    vertices = []
    for m in _VECTOR.finditer(fd.strip_comments(inner)):
        nums = _NUMBER.findall(m[1])
        if len(nums) != 3 or len(m[1].split()) != 3:
            return None  # $macros or #calc: not a literal list
        vertices.append((float(nums[0]), float(nums[1]), float(nums[2])))
    blocks = []
    braw = fd.strip_comments(text[blocks_node.value_start : blocks_node.value_end])
    for m in re.finditer(r"hex\s*\(([^)]*)\)\s*(?:[A-Za-z_]\w*\s*)?\(([^)]*)\)", braw):
        labels = [int(x) for x in re.findall(r"-?\d+", m[1])]
        cells = [int(x) for x in re.findall(r"\d+", m[2])]
        blocks.append((labels, cells))
    scale = first_number(fd.get(text, ["scale"]) or fd.get(text, ["convertToMeters"])) or 1.0
    return BlockGeometry(vertices=vertices, blocks=blocks, scale=scale)


def min_cell_size(geometry: BlockGeometry) -> float | None:
    """The smallest mean cell edge over all blocks (2-D thin directions ignored), in metres."""
    sizes: list[float] = []
    for labels, cells in geometry.blocks:
        if len(labels) != 8 or len(cells) != 3 or max(labels) >= len(geometry.vertices):
            continue
        v = [geometry.vertices[i] for i in labels]
        edges = (_dist(v[0], v[1]), _dist(v[0], v[3]), _dist(v[0], v[4]))
        for length, n in zip(edges, cells):
            if n > 1 and length > 0:
                sizes.append(length * geometry.scale / n)
    return min(sizes) if sizes else None


def domain_length(geometry: BlockGeometry) -> float | None:
    """The smallest non-thin extent of the vertex bounding box, in metres."""
    if not geometry.vertices:
        return None
    spans = [max(c) - min(c) for c in zip(*geometry.vertices)]
    thick = [s for s in spans if s > 0]
    if not thick:
        return None
    big = max(thick)
    usable = [s for s in thick if s > 0.1 * big] or thick
    return min(usable) * geometry.scale


def _dist(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b)))


def velocity_scale(view: CaseView) -> float | None:
    text = view.field_text("U")
    mags = [m for m in vector_magnitudes(text)] if text else []
    return max(mags) if mags and max(mags) > 0 else None


def estimate_delta_t(view: CaseView, courant: float | None = None) -> float | None:
    """deltaT for a Courant number of `courant` (the canonical target, 0.5, by default):
    smallest cell over the largest velocity."""
    if view.steady:
        return 1.0
    courant = defaults().target_courant if courant is None else courant
    bmd = view.text("system/blockMeshDict")
    geometry = block_geometry(bmd) if bmd else None
    dx = min_cell_size(geometry) if geometry else None
    speed = velocity_scale(view)
    if dx and speed:
        return nice_floor(courant * dx / speed)
    end = first_number(view.control("endTime"))
    return nice_floor(end / 1000) if end else None
