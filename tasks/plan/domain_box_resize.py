"""A stated size of a box-shaped tutorial domain whose mesh has no size parameters ("a 40 cm x 35 cm
x 35 cm box", "a 40 cm cube", "the bed 35 cm wide and 1 m tall", "a tank 2 m long"), written by
stretching the mesh's coordinates along the axis the size names (tasks.foam.block_box_scale).

Which axis a size names: an axis said with it ("0.8 m in x"); a role word (height or tall: the
vertical, the axis gravity runs along; length: the longer horizontal axis; width or breadth: the
other horizontal one, or the only one of a 2D case; depth: a 2D case's thickness (not on a 2D
case with gravity, where it may be the liquid's depth), or in 3D the horizontal axis width would
take, the vertical when width is stated too); an ordered list
"L x W x H" (with gravity: length, width, height; without: x, y, z; two sizes on a 2D case: its
plane's two axes); a cube's side (every axis) or a square's (the plane of a 2D case). The cell
counts stay, the coordinate origin stays; points the case gives in the same coordinates (setFields
boxes, topoSet centres, probes) move with the mesh. A mesh that is not a box along the axis (curved
or projected edges, blocks not aligned with it) is not stretched: the reason is returned for the
refusal. Pure apart from reading the tutorial's files.
"""

from __future__ import annotations

import re
from pathlib import Path

from tasks.foam import block_box_scale as box
from tasks.foam import block_vars
from tasks.foam import dictionary as fd
from tasks.foam.files import find_file, read_text
from tasks.plan.controls_mesh import MeshChange, gravity_axis
from tasks.plan.domain_resize import size_words
from tasks.plan.manifest import CaseManifest, FileEdit
from tasks.plan.select_dimensions import describes_domain, has_dimension
from tasks.plan.mesh_files import BLOCK_MESH_DICT as _BMD
from tasks.plan.stated import Binding, NotApplied, StatedQuantity

_LIST_JOIN = re.compile(r"^\s*(?:x|×|\*|by)\s*$", re.I)
_CUBE = re.compile(r"^\s*(?:-?\s*(?:sided\s+)?)?(?:cubic\b|cube\b)|\bcube\s+(?:of|with)\s+(?:a\s+)?(?:side|edge)s?"
                   r"(?:\s+length)?\s*(?:of|=|:)?\s*$|\bcubic\s+\w+\s+(?:of\s+)?(?:side|edge)\s*(?:of|=|:)?\s*$", re.I)
_SQUARE = re.compile(r"^\s*(?:-?\s*sided\s+)?square\b|\bsquare\s+(?:\w+\s+)?(?:of|with)\s+(?:a\s+)?side"
                     r"(?:\s+length)?\s*(?:of|=|:)?\s*$|\b(?:of|with)\s+(?:a\s+)?side(?:\s+length)?\s*(?:of|=|:)?\s*$", re.I)
# what a size may be said of: the domain itself, or a body or region inside it ("a porous obstacle 0.05 m
# wide", "a water column 0.1 m wide": not the domain's width)
_DOMAIN_NOUN = (r"domain|box|tank|room|channel|duct|cavity|(?<!water )(?<!liquid )(?<!oil )(?<!fluid )column|bed|vessel|"
                r"container|basin|flume|enclosure|cube|square|tube|mesh|tunnel|chamber|reactor|pool|hall|cell|geometry")
_BODY_NOUN = (r"obstacles?|blocks?|body|bodies|cylinders?|spheres?|discs?|disks?|bubbles?|drop(?:let)?s?|particles?|"
              r"heaters?|coolers?|fins?|plates?|baffles?|steps?|inlets?|outlets?|openings?|slots?|jets?|nozzles?|holes?|"
              r"windows?|doors?|vents?|regions?|zones?|layers?|(?:water|liquid|oil|fluid)\s+columns?|blobs?|patch(?:es)?|"
              r"wires?|rods?|pipes?|walls?|lids?|gaps?|cubes?\s+(?:inside|in)\b")
_NOUNS = re.compile(rf"\s*\b(?:(?P<body>{_BODY_NOUN})|(?P<domain>{_DOMAIN_NOUN}))\b", re.I)
# the tutorial's dictionaries that give no points of the domain
_NO_POINTS = {"blockMeshDict", "fvSchemes", "fvSolution", "decomposeParDict"}
STRETCHED = "domain stretched along its axes"  # the reason of the vertices edit: the cells (and fields' lists) kept


def _position(text: str, q: StatedQuantity, start: int = 0) -> int:
    m = re.compile(rf"(?<![\w.]){re.escape(q.text.lower())}").search(text.lower(), start)
    return m.start() if m else -1


def _lists(text: str, sizes: list[StatedQuantity]) -> list[list[StatedQuantity]]:
    """Runs of two or more sizes joined by 'x' / 'by' ("40 cm x 35 cm x 35 cm"), in the text's order."""
    placed, at = [], 0
    for q in sorted(sizes, key=lambda q: _position(text, q)):
        pos = _position(text, q, at)
        if pos >= 0:
            placed.append((pos, q))
            at = pos + len(q.text)
    runs: list[list[StatedQuantity]] = []
    for i, (pos, q) in enumerate(placed):
        prev = placed[i - 1] if i else None
        if prev and _LIST_JOIN.match(text[prev[0] + len(prev[1].text):pos]) and runs and runs[-1][-1] is prev[1]:
            runs[-1].append(q)
        else:
            runs.append([q])
    return [r for r in runs if len(r) >= 2]


def said_of_body(text: str, q: StatedQuantity, last: StatedQuantity | None = None) -> bool:
    """The size (or the list of sizes from `q` to `last`) is said of a body or region inside the
    domain, not of the domain: the noun right after it is a body's ("a 0.05 m wide obstacle", "a
    10 cm x 20 cm water column"), or, with none there, the last noun of its clause before it ("a
    porous obstacle 0.05 m wide"; "the disc in a 40 cm x 35 cm domain" names the domain)."""
    at = _position(text, q)
    end_q = last or q
    end = _position(text, end_q, max(at, 0))
    if at < 0 or end < 0:
        return False
    tail = end + len(end_q.text)
    right_after = _NOUNS.match(text, tail)
    if right_after is None:  # one word between: "a 0.05 m wide obstacle", "a 40 cm square domain"
        word = re.match(r"\s*[a-z-]+\s+", text[tail:], re.I)
        right_after = _NOUNS.match(text, tail + word.end()) if word else None
    if right_after:
        return right_after["body"] is not None
    before = re.split(r"[,;.]\s|\band\b", text[max(0, at - 60):at])[-1]
    nouns = list(_NOUNS.finditer(before))
    return bool(nouns) and nouns[-1]["body"] is not None


def _around(text: str, q: StatedQuantity) -> tuple[str, str]:
    at = _position(text, q)
    end = at + len(q.text)
    return re.split(r"[,;.(]\s", text[max(0, at - 40):at])[-1], re.split(r"[,;]", text[end:end + 30])[0]


def _axes_of_case(mesh: box.BoxMesh, up: int, gravity: bool) -> tuple[int, list[int], list[int]]:
    """The vertical axis (a 2D case's in-plane one when gravity runs across its plane), the
    horizontal axes of the domain (thickness of a 2D case apart; longest first), and the flat axes."""
    flat = mesh.flat_axes()
    ext = mesh.extents()
    inplane = [a for a in range(3) if a not in flat]
    if len(inplane) == 1:  # a 1D case: every size word names its one axis
        return inplane[0], inplane, flat
    if up in flat or not gravity:
        up = 1 if 1 in inplane else inplane[-1]
    horizontal = sorted((a for a in range(3) if a != up and a not in flat), key=lambda a: (-round(ext[a], 9), a))
    return up, horizontal, flat


def _role_axis(role: str, horizontal: list[int], flat: list[int], up: int, said: set, gravity: bool) -> int | None:
    """The axis a length, width or depth names: length the longer horizontal axis, width the other
    (a 2D case's only one); depth a 2D case's thickness (none with gravity: a tank's depth may be its
    liquid's), in 3D the axis width would take, or the vertical when width is said too."""
    if not horizontal:
        return None
    if role == "length":
        return horizontal[0]
    if role == "width":
        return horizontal[-1]
    vertical = up if "height" not in said else None
    if len(horizontal) == 1:  # a 2D tank "0.3 m deep": its liquid's depth or its height, not said which
        return None if gravity else (flat[0] if flat else vertical)
    return horizontal[-1] if "width" not in said else vertical


def map_sizes(text: str, sizes: list[StatedQuantity], mesh: box.BoxMesh, up: int, gravity: bool
              ) -> tuple[dict[int, tuple[float, list[StatedQuantity]]], list[tuple[StatedQuantity, str]]]:
    """Axis -> (size in metres, the stated lengths that set it), and the sizes that name an axis another
    size already sets to a different value (with the reason). A length counts when it describes the
    domain, or stands in a list with one that does ("domain (L x W x H) = 0.4 m x 0.35 m x 0.3 m").
    A table's cells ("| room length | 12 m |")
    read as "room length: 12 m"."""
    text = text.replace("|", ":")
    up, horizontal, flat = _axes_of_case(mesh, up, gravity)
    wanted: list[tuple[StatedQuantity, int, float]] = []
    listed: set[int] = set()
    for run in _lists(text, sizes):
        if not any(describes_domain(text, q) for q in run) or said_of_body(text, run[0], run[-1]):
            continue  # a list of other lengths ("particles of 1 x 2 mm", "a 10 cm x 20 cm water column")
        if gravity:
            order = [a for a in range(3) if a != up] + [up] if len(run) == 3 else (
                [*horizontal[:1], up] if len(horizontal) == 1 else horizontal)
        else:
            order = [0, 1, 2] if len(run) == 3 else [a for a in range(3) if a not in flat]
        if len(run) > len(order):
            continue
        for q, a in zip(run, order):
            wanted.append((q, a, q.value))
            listed.add(id(q))
    roles = {id(q): size_words(text, q) for q in sizes if id(q) not in listed and describes_domain(text, q)}
    said = {r[0] for r in roles.values()}
    for q in sizes:
        if id(q) in listed or not describes_domain(text, q) or said_of_body(text, q):
            continue
        before, after = _around(text, q)
        role, half, axis = roles[id(q)]
        value = q.value * (2 if half else 1)
        if _CUBE.search(after) or _CUBE.search(before):
            wanted += [(q, a, value) for a in range(3)]
        elif _SQUARE.search(after) or _SQUARE.search(before):
            wanted += [(q, a, value) for a in range(3) if a not in flat]
        elif isinstance(axis, int) or axis == "vertical":
            wanted.append((q, up if axis == "vertical" else axis, value))
        elif role == "height":
            wanted.append((q, up, value))
        elif role in ("length", "width", "depth"):
            a = _role_axis(role, horizontal, flat, up, said, gravity)
            if a is not None:
                wanted.append((q, a, value))
    targets: dict[int, tuple[float, list[StatedQuantity]]] = {}
    clashes: list[tuple[StatedQuantity, str]] = []
    for q, a, value in wanted:
        if a in targets and abs(targets[a][0] - value) > 1e-9 * max(1.0, value):
            clashes.append((q, f"{targets[a][1][0].text} already sets the domain's extent along {'xyz'[a]}"))
            continue
        targets.setdefault(a, (value, []))[1].append(q)
    return targets, clashes


def _has_gravity(base_dir: Path) -> bool:
    found = find_file(base_dir / "constant", "g")
    raw = fd.get(read_text(found), ["value"]) if found is not None else None
    return bool(raw and any(float(x) != 0 for x in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", raw)))


def _bmd_after(bmd: str, change: MeshChange) -> str:
    """The blockMeshDict with the edits already planned on it (a variable set, counts changed)."""
    for e in change.edits:
        if e.file == _BMD and isinstance(e.value, str):
            bmd = fd.set_entry(bmd, e.entry, e.value)
    return bmd


def resize_box(base_dir: Path, text: str, sizes: list[StatedQuantity], lacking: list[StatedQuantity],
               change: MeshChange, up: int, edited: frozenset[str] = frozenset()) -> str | None:
    """Stretch the tutorial's box-shaped mesh to the stated sizes (`sizes`: every length the request
    states, those that name an axis of the domain taken; `lacking`: the domain sizes the tutorial has
    nowhere, which the caller refuses unless built here), when one differs from the mesh's. Edits,
    bindings and assumptions go on `change`, the sizes built to `change.taken`; the reason the mesh
    cannot be stretched is returned (None when it was, or when no size names an axis). Entries in
    `edited` ("file/entry": set from the request's own words, a region's stated box) keep their value."""
    found = find_file(base_dir / "system", "blockMeshDict")
    if found is None or not sizes:
        return None
    bmd = _bmd_after(read_text(found), change)
    mesh = box.read_box_mesh(bmd)
    if mesh is None:
        return box.not_box_reason(bmd, mesh, [])
    targets, clashes = map_sizes(text, sizes, mesh, up, _has_gravity(base_dir))
    before = mesh.extents()
    if all(abs(value - before[a]) <= 1e-6 * max(value, before[a]) for a, (value, _) in targets.items()):
        return None  # every size that names an axis is the tutorial's own (a lacking one is refused by the caller)
    if find_file(base_dir / "system", "snappyHexMeshDict") is not None:
        return ("its domain is cut out of the background mesh by snappyHexMesh, so stretching blockMesh's box "
                "does not size it")
    reason = box.not_box_reason(bmd, mesh, sorted(targets))
    if reason:
        return reason
    extent = mesh.extents()
    if any(extent[a] <= 0 for a in targets):
        return "its mesh has no extent along an axis a size names"
    factors = {a: value / extent[a] for a, (value, _) in targets.items() if abs(value - extent[a]) > 1e-9 * value}
    for q, why in clashes:
        change.taken.append(q)
        change.not_applied.append(NotApplied(text=q.text, reason=why))
    vertices = box.scaled_vertices(mesh, factors)
    said = ", ".join(f"{'xyz'[a]} {block_vars.number_text(extent[a])} m -> {block_vars.number_text(v)} m"
                     for a, (v, _) in sorted(targets.items()) if a in factors)
    how = f"{STRETCHED} ({said}), cell counts and origin kept"
    if factors:
        change.edits.append(FileEdit(file=_BMD, entry=["vertices"], value=vertices, reason=how, locked=True))
        change.assumptions.append(how)
    for a, (value, qs) in sorted(targets.items()):
        for q in qs:
            change.taken.append(q)
            change.bindings.append(Binding(stated=q.text, file=_BMD, entry=["vertices"], value=vertices,
                                           how=f"the domain's extent along {'xyz'[a]}: {block_vars.number_text(value)} m"))
    if factors:
        _move_points(base_dir, factors, mesh.flat_axes(), change, edited)
    return None


def _move_points(base_dir: Path, factors: dict[int, float], flat: list[int], change: MeshChange,
                 edited: frozenset[str]) -> None:
    """The points the case's other dictionaries give in the mesh's coordinates, stretched with it
    (an entry the request's own words set, in `edited`, left as they set it)."""
    radius = box.same_every_way(factors, flat)
    system = base_dir / "system"
    names = sorted({p.name.removesuffix(".gz") for p in system.iterdir() if p.is_file()}) if system.is_dir() else []
    kept: list[str] = []
    for name in names:
        if name in _NO_POINTS:
            continue
        found = find_file(system, name)
        if found is None:
            continue
        moved, radius_kept = box.point_edits(read_text(found), factors, radius)
        rel = f"system/{name}"
        moved = [(entry, value) for entry, value in moved if f"{rel}/{'/'.join(entry)}" not in edited]
        for entry, value in moved:
            change.edits.append(FileEdit(file=rel, entry=entry, value=value.strip(),
                                         reason=f"{STRETCHED}: a point of the case's coordinates moved with it"))
        if moved:
            change.assumptions.append(f"{rel}: its points ({', '.join('/'.join(e) for e, _ in moved)}) stretched "
                                      "with the domain")
        if radius_kept:
            kept.append(rel)
    if kept:
        change.assumptions.append(f"{', '.join(kept)}: the radii kept (the domain is not stretched the same way "
                                  "along every axis, so a circle or sphere cannot follow it)")



def stretch_box(base_dir: Path, text: str, sizes: list[StatedQuantity], lacking: list[StatedQuantity],
                change: MeshChange, up: int, edited: frozenset[str] = frozenset()
                ) -> tuple[list[StatedQuantity], str | None]:
    """The stated sizes the tutorial lacks that neither its parameters nor a stretch of its box-shaped
    mesh build (for the refusal), and why the mesh cannot be stretched (None when it was, or when no
    size names an axis). A size the parametrised resize took but could not place (no single
    parameter for that role: "0.9 m wide" on a mesh with only L and H) is stretched instead, or
    left not applied with its reason."""
    bound = {b.stated for b in change.bindings}
    missed = [(q, n) for q in change.taken if q.text not in bound
              for n in change.not_applied if n.text == q.text]
    change.taken[:] = [q for q in change.taken if not any(q is m for m, _ in missed)]
    change.not_applied[:] = [n for n in change.not_applied if not any(n is m for _, m in missed)]
    taken_before = list(change.taken)
    lacking = [*lacking, *(q for q, _ in missed)]
    open_sizes = [*(q for q in sizes if not any(q is t for t in taken_before)),
                  *(q for q, _ in missed if not any(q is s for s in sizes))]
    unbuilt = resize_box(base_dir, text, open_sizes, lacking, change, up, edited)
    for q, n in missed:
        if not any(q is t for t in change.taken):
            change.taken.append(q)
            change.not_applied.append(n)
    return [q for q in lacking if not any(q is t for t in change.taken)], unbuilt


def stretch_recipe_base(manifest: CaseManifest, text: str, stated: list[StatedQuantity], base_dir: Path) -> None:
    """A family recipe that keeps its tutorial's mesh (the dam break) binds no domain size: the
    sizes the request states that no binding took are stretched into the tutorial's box-shaped mesh
    (edits, bindings, assumptions added to the manifest), or not applied with the reason."""
    if manifest.mesh != "tutorial" or manifest.mesh_params.get("m4"):
        return
    bound = {b.stated for b in manifest.bindings}
    sizes = [q for q in stated if q.role == "geometry" and q.text not in bound]
    lacking = [q for q in sizes if describes_domain(text, q) and not has_dimension(base_dir, q.value)]
    if not lacking:
        return
    change = MeshChange(edits=[e for e in manifest.edits if e.file == _BMD])
    said = len(change.edits)
    bound_at = {(b.file, tuple(b.entry or [])) for b in manifest.bindings}
    # a value the request set, not one the recipe keeps from its tutorial
    edited = frozenset(f"{e.file}/{'/'.join(e.entry)}" for e in manifest.edits
                       if e.locked or (e.file, tuple(e.entry)) in bound_at)
    left, unbuilt = stretch_box(base_dir, text, sizes, lacking, change, gravity_axis(base_dir), edited)
    manifest.edits += change.edits[said:]
    manifest.bindings += change.bindings
    manifest.assumptions += change.assumptions
    manifest.not_applied += change.not_applied
    if unbuilt:
        why = f"the tutorial's mesh cannot be stretched to it: {unbuilt}"
        manifest.not_applied += [NotApplied(text=q.text, reason=why) for q in left]


def stretch_builds_more(base_dir: Path, text: str, sizes: list[StatedQuantity], manifest: CaseManifest,
                        named: bool = False) -> bool:
    """A family recipe generates a rectangle in place of a tutorial the request names (`named`: "the
    hotRoom case, 12 m long and 4 m high"), or one that leaves out a size the request states ("the room
    8 m long, 6 m wide and 3 m high" as a 6 x 3 m cavity), while the tutorial's box-shaped mesh,
    stretched, builds every stated size: the tutorial is the better base."""
    rectangle = manifest.mesh_params.get("rectangle")
    found = find_file(base_dir / "system", "blockMeshDict")
    if not rectangle or found is None or not sizes:
        return False
    # a column's x may list stations (inlet segments along the floor): the rectangle spans first to last
    built = [max(xs) - min(xs) for xs in (rectangle.get("x") or [0, 0], rectangle.get("y") or [0, 0])]
    if not named and all(any(abs(q.value - b) <= 1e-6 * max(1.0, b) for b in built) for q in sizes):
        return False
    bmd = read_text(found)
    mesh = box.read_box_mesh(bmd)
    if mesh is None:
        return False
    targets, clashes = map_sizes(text, sizes, mesh, gravity_axis(base_dir), _has_gravity(base_dir))
    mapped = [q for _, qs in targets.values() for q in qs]
    if clashes or not all(any(q is m for m in mapped) for q in sizes):
        return False
    return find_file(base_dir / "system", "snappyHexMeshDict") is None and \
        box.not_box_reason(bmd, mesh, sorted(targets)) is None
