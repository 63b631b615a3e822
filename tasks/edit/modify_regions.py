"""Changes to the initial regions of a case in `modify`: the dictionaries that place a phase, a
scalar or a temperature in part of the domain at t = 0 (system/setFieldsDict regions,
system/setAlphaFieldDict's sphere or cylinder). "the disc radius 10 cm instead of 15 cm",
"fill the column with water only up to 0.45 m", "bubble radius 8 cm, same centre" state a size
or a level of such a region, not a size of the domain: these readers say which stated lengths
they are, so `modify` hands them to the binder of `new` (which writes the region entries)
instead of dropping them as geometry. A centre moved without a size ("move the disc centre to
(0.4 0 0.7)", "move the gas bubble to (0.5, 0.3, 0)") is planned here: the region's origin,
the other entries kept.

Pure readers of the request and the case's region dictionaries, plus one planning step.
"""

from __future__ import annotations

import re
from pathlib import Path

from tasks.foam import files
from tasks.plan.bind_setfields_fill import fill_statements
from tasks.plan.foam_values import vec
from tasks.plan.manifest import FileEdit
from tasks.plan.regions import raw_entry, read_set_fields, region_key, set_region_key
from tasks.plan.regions_alpha import ALPHA_DICT, alpha_shape
from tasks.plan.stated import StatedQuantity

SET_FIELDS = "system/setFieldsDict"
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
# words that size or place a round region near a stated length ("disc radius", "bubble 2 cm across")
_ROUND = re.compile(r"\b(?:radius|radii|diameter|disc|disk|circle|circular|sphere|spherical|ball|blob|drop(?:let)?|"
                    r"bubble|cylinder|cylindrical|charge|pocket)s?\b")
# the region's own names, said with a size of a box region ("water column 0.2 m wide", "the dam 0.3 m high")
_BOX_THING = re.compile(r"\b(?:column|dam|block|slab|pool|layer|bed|region|box|liquid|water)s?\b")
_BOX_SIZE = re.compile(r"\b(?:wide|width|high|height|tall|thick(?:ness)?|deep|depth|level|long|length)\b")
# a point a round region is moved to: "move the disc centre to (0.4 0 0.7)", "centre it at (0.5, 0.3)"
_POINT = rf"\(\s*(?P<x>{_NUMBER})\s*,?\s*(?P<y>{_NUMBER})(?:\s*,?\s*(?P<z>{_NUMBER}))?\s*\)"
_MOVE = re.compile(rf"\b(?:move[sd]?|shift(?:s|ed)?|place[sd]?|put|relocate[sd]?|cent(?:re|er)(?:d|ed)?|origin)\b"
                   rf"[^().;]{{0,40}}?\b(?:to|at|into)?\s*{_POINT}")


def region_texts(case_dir: Path) -> tuple[str, str]:
    """The case's setFieldsDict and setAlphaFieldDict text ('' for one it lacks; gzipped ones read)."""
    out = []
    for rel in (SET_FIELDS, ALPHA_DICT):
        path = files.find_file(case_dir / "system", rel.rsplit("/", 1)[1])
        out.append(files.read_text(path) if path is not None else "")
    return out[0], out[1]


def _near(text: str, q: StatedQuantity) -> str:
    """The words of q's clause on either side of it (lower case, up to 40 characters each way)."""
    low = text.lower()
    at = low.find(q.text.lower())
    if at < 0:
        return ""
    before = re.split(r"[;]|,(?!\d)|\.(?!\d)", low[max(0, at - 40):at])[-1]
    after = re.split(r"[;]|,(?!\d)|\.(?!\d)", low[at + len(q.text):at + len(q.text) + 40])[0]
    return f"{before} {after}"


def _phases(set_fields: str) -> tuple[str, ...]:
    return tuple(sorted(set(re.findall(r"\balpha\.(\w+)", set_fields))))


def sizes_initial_region(case_dir: Path, text: str, q: StatedQuantity) -> bool:
    """Whether a stated length sizes or places an initial region of the case: the radius or
    diameter of its setAlphaFieldDict sphere/cylinder or of a round setFields region, a fill
    level of its setFields box ("water only up to 0.45 m", "bed height 0.25 m"), or a size of
    the box a phase fills ("water column 0.2 m wide")."""
    if q.quantity != "length":
        return False
    set_fields, alpha = region_texts(case_dir)
    near = _near(text, q)
    if alpha_shape(alpha) is not None and _ROUND.search(near):
        return True
    if not set_fields:
        return False
    sf = read_set_fields(set_fields)
    if _ROUND.search(near) and any(r.selector in ("sphereToCell", "cylinderToCell") for r in sf.regions):
        return True
    at = text.lower().find(q.text.lower())
    if any(f.q is q for f in fill_statements(text, [(q, at)], _phases(set_fields))):
        return True
    return bool(_BOX_THING.search(near) and _BOX_SIZE.search(near))


def states_initial_region(case_dir: Path, text: str) -> bool:
    """Whether the request states a fill with no length of its own ("half full", "free surface at
    z = 2.5"): the binder reads those from the words even when no stated value is left for it."""
    set_fields, _ = region_texts(case_dir)
    return bool(set_fields) and bool(fill_statements(text, [], _phases(set_fields)))


def _point(m: re.Match[str], old: list[float]) -> list[float]:
    """The point a move names, an axis it leaves out (a 2D "(0.5, 0.3)") kept from `old`."""
    xyz = [float(m.group("x")), float(m.group("y"))]
    return xyz + ([float(m.group("z"))] if m.group("z") else old[2:3])


def centre_move_edits(case_dir: Path, text: str, planned: list[FileEdit] = ()) -> list[FileEdit]:
    """The edits that move a round initial region to the point the request names ("move the disc
    centre to (0.4 0 0.7)", "move the gas bubble to (0.5, 0.3, 0)"): setAlphaFieldDict's origin,
    or the origin/centre of the one round setFields region; its radius and values kept. `planned`:
    the edits planned already; a regions list among them is moved on (a radius the binder set
    stays), an origin among them is left as planned. Empty when the words move nothing or the case
    has no one round region."""
    done = {(e.file, tuple(e.entry)): e.value for e in planned}
    low = text.lower()
    m = next((m for m in _MOVE.finditer(low) if _ROUND.search(low[max(0, m.start() - 40):m.end()])), None)
    if m is None:
        return []
    set_fields, alpha = region_texts(case_dir)
    shape = alpha_shape(alpha)
    if shape is not None:
        if (ALPHA_DICT, ("origin",)) in done:
            return []
        xyz = _point(m, shape.origin)
        return [FileEdit(file=ALPHA_DICT, entry=["origin"], value=vec(xyz), locked=True,
                         reason=f"centre of the {shape.kind} of {ALPHA_DICT} moved to {vec(xyz)}")]
    if not set_fields:
        return []
    sf = read_set_fields(set_fields)
    raw = done.get((SET_FIELDS, ("regions",)))
    raw = raw if isinstance(raw, str) else raw_entry(set_fields, "regions")  # as written, layout kept
    round_ = [i for i, r in enumerate(sf.regions) if r.selector in ("sphereToCell", "cylinderToCell")]
    if len(round_) != 1 or not raw:
        return []
    index = round_[0]
    key = next((k for k in ("origin", "centre", "center") if region_key(raw, index, k)), None)
    if key is None:  # a cylinder by p1/p2: its axis would move too; left to the user
        return []
    old = [float(x) for x in re.findall(_NUMBER, region_key(raw, index, key) or "")]
    xyz = _point(m, old)
    return [FileEdit(file=SET_FIELDS, entry=["regions"], value=set_region_key(raw, index, key, vec(xyz)), locked=True,
                     reason=f"centre of setFields region {index + 1} ({sf.regions[index].selector}) moved to {vec(xyz)}")]

