"""A surface's radiative property stated for the walls ("wall emissivity 0.75", "the floor has an
emissivity of 0.3"): it goes to the boundaryRadiationProperties of the base (constant/ or a
region's), never to the gas's absorption-emission coefficients. The entries the words name (a
patch, or a pattern that covers it) take it; "the walls" take every entry that holds the property
but the inflow and outflow patches; a patch the words name that only a pattern covers gets an
entry of its own (the pattern's, with the value), which OpenFOAM reads before the pattern. A
multi-band entry (wallAbsorptionEmissionModel multiBandAbsorption) takes the value in every band.
Values said of the medium are left to the by-name binder. Called from
`tasks.plan.bind_radiation.bind_radiation`."""

from __future__ import annotations

import re
from typing import Any

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity
from tasks.plan.extract import normalise

BOUNDARY_FILE = "boundaryRadiationProperties"
_BANDS = "wallAbsorptionEmissionModel"


def property_path(text: str, key: str, name: str) -> list[str] | None:
    """Where the entry `key` of a boundaryRadiationProperties keeps `name` (emissivity,
    absorptivity): [key, name] for a lookup, [key, wallAbsorptionEmissionModel, name] for a
    multi-band model; None when it keeps none (a solidAbsorption wall reads its solid's)."""
    for path in ([key, name], [key, _BANDS, name]):
        if fd.get(text, path) is not None:
            return path
    return None


def banded(raw: str, value: float) -> str:
    """The value in the form the entry has: one number, or "(v v ...)" for as many bands."""
    raw = raw.strip()
    if raw.startswith("("):
        return "(" + " ".join(fmt(value) for _ in raw.strip("()").split()) + ")"
    return fmt(value)


def _plain(key: str) -> str:
    """A key's words: "(solarpanel.*)" -> "solarpanel", ".*" -> ""."""
    return re.sub(r"\.\*|[()|\"^$\\.*+?\[\]]", " ", key).strip()


def key_covers(key: str, patch: str) -> bool:
    """Whether a boundaryRadiationProperties key (a name or a regex) applies to the patch."""
    try:
        return key == patch or re.fullmatch(key, patch) is not None
    except re.error:
        return False


def words_name(words: str, name: str) -> bool:
    """The words name the patch: each part of its name (split at _ and case changes) is a word
    of theirs or two words run together, a plural s aside ("the solar panels" for solarpanel,
    "floor" for floor, "hot box" for hotBox)."""
    parts = [p.lower() for p in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name) if len(p) > 2]
    tokens = re.findall(r"[a-z0-9]+", words.lower())
    said = set(tokens) | {a + b for a, b in zip(tokens, tokens[1:])}
    said |= {w[:-1] for w in said if w.endswith("s")}
    return bool(parts) and all(p in said for p in parts)


def said_of_surface(words: str, surface: list[str], medium: list[str]) -> bool:
    """The words say a surface's value: a surface word ("walls", "panel") and no medium word
    after the last of them ("the air-side walls' emissivity": the walls; "the wall gas's
    absorptivity": the gas)."""
    def last(ws: list[str]) -> int:
        hits = [m.start() for w in ws for m in re.finditer(rf"(?<![a-z]){re.escape(w)}(?![a-z])", words)]
        return max(hits, default=-1)
    s_at, m_at = last(surface), last(medium)
    return s_at >= 0 and s_at > m_at


class SurfacePlacer:
    """Places a wall's emissivity or absorptivity in the base's boundaryRadiationProperties."""

    def __init__(self, binder: Any, homes: list[str], surface_words: list[str], medium_words: list[str]) -> None:
        self.b = binder
        self.homes = homes  # the boundaryRadiationProperties files of the base
        self.surface_words, self.medium_words = surface_words, medium_words

    def take(self, stated: list[StatedQuantity], names: list[str]) -> list[StatedQuantity]:
        """Bind every value of one of `names` the request gives for a surface; returns the
        quantities taken (added to `stated` when new), so the by-name binders leave them."""
        from tasks.plan.named import find_named, stated_for

        if not self.homes:
            return []
        index = self._index(names)
        text = normalise(self.b.text)
        low = text.lower()
        taken: list[StatedQuantity] = []
        for match in find_named(self.b.text, index):
            name, value, _raw, at = match
            after = re.split(r"[,;]|\.\s|\.$", low[at:at + 60])[0]
            near = re.split(r"[.;,]\s", low[max(0, at - 60):at])[-1]
            words = f"{near} {after}"
            patches = self._named_patches(words)
            # kept only in the boundary files: no other binder has a better place for it
            walls_only = all(rel in self.homes for rel, _ in self.b.entry_index().get(name, []))
            if not patches and not said_of_surface(words, self.surface_words, self.medium_words) and not walls_only:
                continue  # the medium's, or not said: the by-name binder places or asks
            q = stated_for(match, stated, text)
            if q not in stated:
                stated.append(q)
            self.b.model_said_at = getattr(self.b, "model_said_at", set()) | {at}
            taken.append(q)
            if not patches and not said_of_surface(words, self.surface_words, self.medium_words):
                keys = sorted({k for rel in self.homes for k in fd.keys(self.b.base.text(rel) or "", [])})
                self.b.refuse(q, f"which surface has the {name} {fmt(value)} is not clear; name a patch of "
                                 f"{', '.join(self.homes)} ({', '.join(keys)}) or say the walls")
                continue
            if not 0 <= value <= 1:
                self.b.refuse(q, f"a surface's {name} is a fraction between 0 and 1 (got {fmt(value)})")
                continue
            if not self._place(q, name, value, patches):
                self.b.refuse(q, f"no entry of {', '.join(self.homes)} keeps a wall's {name} (the walls there read "
                                 f"their solid's); set it in the solid region's radiationProperties")
        return taken

    def _index(self, names: list[str]) -> dict[str, list[tuple[str, list[str]]]]:
        """name -> where the boundary files keep it ([(file, key path)]), for the names they have."""
        index: dict[str, list[tuple[str, list[str]]]] = {}
        for rel in self.homes:
            text = self.b.base.text(rel) or ""
            for key in fd.keys(text, []):
                for name in names:
                    path = property_path(text, key, name)
                    if path is not None:
                        index.setdefault(name, []).append((rel, path))
        return index

    def _patches(self) -> list[str]:
        return [p for p in self.b.roles if not re.search(r"[*|(\"]", p)]

    def _named_patches(self, words: str) -> list[str]:
        """The patches (or the file's own keys) the words before the value name."""
        keys = {k for rel in self.homes for k in fd.keys(self.b.base.text(rel) or "", [])}
        return [p for p in sorted(set(self._patches()) | keys) if words_name(words, _plain(p))]

    def _place(self, q: StatedQuantity, name: str, value: float, patches: list[str]) -> bool:
        placed = False
        for rel in self.homes:
            text = self.b.base.text(rel) or ""
            keys = fd.keys(text, [])
            if patches:
                placed |= self._on_patches(q, rel, text, keys, name, value, patches)
                continue
            flows = [p for p, r in self.b.roles.items() if r in ("inlet", "outlet")]
            for key in keys:
                path = property_path(text, key, name)
                if path is None or (fd.get(text, [key, "type"]) or "") == "transparent" or \
                        (flows and key in flows):
                    continue  # an open boundary's, an inflow's
                self.b.set(rel, path, banded(fd.get(text, path) or "", value), f"wall {name} {fmt(value)}", q)
                placed = True
        return placed

    def _on_patches(self, q: StatedQuantity, rel: str, text: str, keys: list[str], name: str, value: float,
                    patches: list[str]) -> bool:
        placed = False
        for patch in patches:
            key = patch if patch in keys else next((k for k in keys if key_covers(k, patch)), None)
            if key is None:
                continue
            path = property_path(text, key, name)
            if path is None:
                continue
            new = banded(fd.get(text, path) or "", value)
            if key == patch:
                self.b.set(rel, path, new, f"{name} {fmt(value)} on {patch}", q)
            else:  # a pattern covers it: an entry of its own, read before the pattern
                own = _subdict(text, [key])
                _put(own, path[1:], new)
                self.b.set(rel, [patch], own, f"{name} {fmt(value)} on {patch} (its own entry; {key} keeps the rest)")
                self.b.edits[-1].locked = True
                self.b.bindings.append(_binding(q, rel, [patch, *path[1:]], new, f"{name} on {patch}"))
            placed = True
        return placed


def _subdict(text: str, path: list[str]) -> dict:
    """The sub-dictionary at `path` as nested dicts of text values."""
    out: dict = {}
    for sub in fd.keys(text, path):
        out[sub] = _subdict(text, [*path, sub]) if fd.keys(text, [*path, sub]) else fd.get(text, [*path, sub]) or ""
    return out


def _put(d: dict, path: list[str], value: str) -> None:
    for part in path[:-1]:
        d = d.setdefault(part, {})
    d[path[-1]] = value


def _binding(q: StatedQuantity, rel: str, entry: list[str], value: str, how: str):
    from tasks.plan.stated import Binding

    return Binding(stated=q.text, file=rel, entry=entry, value=value, how=how)
