"""Where a case keeps its model coefficients, and which of them a request names with a value.

A place is one numeric entry of any model dictionary of the case: constant/ and system/ and
their region folders (constant/solid/thermophysicalProperties, system/solid/fvOptions), and
the property fields an fvOption reads from 0/ or 0.orig/ (0.orig/solid/jouleHeatingSource:sigma).
Each place knows its SI dimensions when the case writes them (`[0 2 -1 0 0 0 0]`, a field's
`dimensions`) or canonical/model_entries.yaml gives them. A said value is an entry's name (a
symbol, case-sensitive) or meaning (a phrase of canonical/entry_names.yaml or model_entries.yaml)
followed by a number or a vector and its unit. Pure: texts in, places and said values out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

import yaml
from pydantic import BaseModel, ConfigDict

from tasks.core.paths import CANONICAL_DIR
from tasks.foam import dictionary as fd
from tasks.plan.bind_list_items import item_leaves
from tasks.plan.bind_by_name_common import entry_dims, unit_dims_after, unit_factor_after
from tasks.plan.controls import _COMMON, _LINK, _NUM, _SYMBOL_LINK, aliases
from tasks.plan.extract import normalise
from tasks.plan.foam_values import leaves

Dims = tuple[int, ...]  # (kg, m, s, K, A, rad), as tasks.plan.units reads a unit

# dictionaries that hold controls, schemes or the mesh: their entries are no model coefficients
_NOT_MODELS = re.compile(r"(?:controlDict|fvSolution|fvSchemes|faSolution|faSchemes|blockMeshDict|snappyHexMeshDict|"
                         r"decomposeParDict|setFieldsDict|topoSetDict|changeDictionaryDict|sample\w*|"
                         r"surfaceFeature\w*|extrudeMesh\w*|createPatchDict|mirrorMeshDict|meshQualityDict|"
                         r"refineMeshDict|createBafflesDict|funkySetFieldsDict|probes|residuals|\w*\.m4|"
                         r"regionProperties|g|faMeshDefinition)")
_NUMERIC = re.compile(r"(?:\w+\s+)?(?:\[[^\]]*\]\s*)?(?:uniform\s+|constant\s+)?"
                      r"(?:[-+\d.eE]+|\([-+\d.eE\s]+\)|\(\([-+\d.eE\s]+\)\s+[-+\d.eE]+\))")
_VECTOR_SAID = re.compile(rf"\(\s*({_NUM})\s*[,\s]\s*({_NUM})\s*[,\s]\s*({_NUM})\s*\)")


class Place(BaseModel):
    """One numeric entry of a model dictionary: the file, the key path, its name, the `type` (or
    parent dictionary name) it belongs to, its SI dimensions if known, and its raw value."""

    model_config = ConfigDict(extra="forbid")

    rel: str
    entry: list[str]
    name: str
    owner: str = ""
    dims: tuple[int, ...] | None = None
    raw: str
    is_field: bool = False


class Said(BaseModel):
    """A value the request gives an entry by name: the name as written, the entry names it can
    mean, the number (SI) or vector, the unit's dimensions (None: unreadable), where it is."""

    model_config = ConfigDict(extra="forbid")

    written: str
    names: list[str]
    symbol: bool
    value: float
    vector: list[float] | None = None
    dims: tuple[int, ...] | None = None
    raw: str
    at: int
    name_at: int


@lru_cache(maxsize=1)
def model_entries() -> dict[str, dict[str, dict]]:
    """canonical/model_entries.yaml: owner -> entry -> {dims, phrases}."""
    data = yaml.safe_load((CANONICAL_DIR / "model_entries.yaml").read_text()) or {}
    return {owner: dict(entries) for owner, entries in data.items()}


def _si_dims(foam: list[int]) -> Dims:
    """OpenFOAM's [kg m s K mol A cd] as the unit reader's (kg, m, s, K, A, rad)."""
    d = [int(x) for x in foam] + [0] * (7 - len(foam))
    return (d[0], d[1], d[2], d[3], d[5], 0)


def known(owner: str, name: str, solver: str = "") -> dict | None:
    """The canonical facts of an entry: by its owner (an fvOption's type, its dictionary), else
    by the solver that reads it (mhdFoam's mu), else by name."""
    table = model_entries()
    for key in (owner, solver, "any"):
        facts = table.get(key, {})
        if name in facts:
            return facts[name]
        if key == owner and "*" in facts:
            return facts["*"]
    return None


def _owner(text: str, entry: list[str]) -> str:
    """The `type` of the nearest dictionary around the entry that has one, else its parent's name."""
    for depth in range(len(entry) - 1, 0, -1):
        kind = fd.get(text, entry[:depth] + ["type"])
        if kind and re.fullmatch(r"\w+", kind.strip()):
            return kind.strip()
    return entry[-2] if len(entry) > 1 else ""


def _place_dims(raw: str, owner: str, name: str, solver: str = "") -> Dims | None:
    facts = known(owner, name, solver)
    if "[" in raw:
        return entry_dims(raw)
    if facts and facts.get("dims") is not None:
        return _si_dims(facts["dims"])
    return None


def source_dims(text: str, entry: list[str]) -> Dims | None:
    """The dimensions of a semi-implicit source's explicit part (`injectionRateSuSp { h (Su Sp); }`):
    by the field it feeds (a density kg/s, an energy W, U a force N, a species kg/s), per m3 when
    the option's volumeMode is specific; None for any other entry."""
    if len(entry) < 2 or entry[-2] != "injectionRateSuSp":
        return None
    field = entry[-1].strip('"').split(":")[-1].split(".")[0]
    base = {"h": (1, 2, -3), "e": (1, 2, -3), "U": (1, 1, -2)}.get(field, (1, 0, -1))
    specific = (fd.get(text, entry[:-2] + ["volumeMode"]) or "").strip() == "specific"
    return (base[0], base[1] - (3 if specific else 0), base[2], 0, 0, 0)


def dictionary_places(rel: str, text: str, solver: str = "") -> list[Place]:
    """The numeric entries of one model dictionary (a `#include`'d file's aside)."""
    if _NOT_MODELS.fullmatch(rel.rsplit("/", 1)[-1].removesuffix(".gz")):
        return []
    out: list[Place] = []
    for entry, raw in [*leaves(text), *((e, " ".join(r.split())) for e, r in item_leaves(text))]:  # a list item's: Lee's C
        if entry[0] == "FoamFile" or not _NUMERIC.fullmatch(raw) or entry[-1].startswith(("#", "$")):
            continue
        name = entry[-1].strip('"')
        owner = _owner(text, entry)
        dims = source_dims(text, entry) or _place_dims(raw, owner, name, solver)
        out.append(Place(rel=rel, entry=entry, name=name, owner=owner, dims=dims, raw=raw))
    return out


def field_place(rel: str, text: str) -> Place | None:
    """The internal value of a property field an fvOption reads (`jouleHeatingSource:sigma`),
    named by what follows the colon and owned by the option."""
    stem = rel.rsplit("/", 1)[-1].removesuffix(".gz").removesuffix(".orig")
    if ":" not in stem:
        return None
    owner, name = stem.split(":", 1)
    raw = " ".join((fd.get(text, ["internalField"]) or "").split())
    found = re.findall(r"-?\d+", fd.get(text, ["dimensions"]) or "")
    if not raw.startswith("uniform") or len(found) < 5:
        return None
    return Place(rel=rel, entry=["internalField"], name=name, owner=owner, dims=_si_dims([int(x) for x in found]),
                 raw=raw, is_field=True)


def case_places(rels: list[str], read: Callable[[str], str | None], solver: str = "") -> list[Place]:
    """Every place of the given case files (dictionaries and property fields)."""
    out: list[Place] = []
    for rel in rels:
        text = read(rel)
        if not text:
            continue
        if rel.split("/", 1)[0] in ("0", "0.orig"):
            place = field_place(rel, text)
            out += [place] if place is not None else []
        else:
            out += dictionary_places(rel, text, solver)
    return out


def phrases_for(places: list[Place]) -> list[tuple[str, list[str]]]:
    """(lower-case phrase, entry names it means) for the names the places have, longest first."""
    names = {p.name for p in places}
    table: dict[str, list[str]] = {}
    for phrase, targets in aliases().items():
        hit = [n for n in targets if n in names]
        if hit:
            table.setdefault(phrase, []).extend(hit)
    for place in places:
        facts = known(place.owner, place.name) or {}
        for phrase in facts.get("phrases") or []:
            table.setdefault(phrase.lower(), [])
            if place.name not in table[phrase.lower()]:
                table[phrase.lower()].append(place.name)
    return sorted(table.items(), key=lambda kv: -len(kv[0]))


def _value_at(text: str, at: int, link: str) -> tuple[float, list[float] | None, str, int, int] | None:
    """(number or magnitude, vector, written value, start, end) of the value right after `at`."""
    m = re.match(link + rf"(?P<val>\(\s*{_NUM}\s*[,\s]\s*{_NUM}\s*[,\s]\s*{_NUM}\s*\)|{_NUM})(?!\w|\.\d)", text[at:])
    if m is None or re.search(r"[\d;]", text[at:at + m.start("val")]):
        return None
    start, end = at + m.start("val"), at + m.end("val")
    if re.match(r"\s*[:/]\s*\d", text[end:]):
        return None  # "O2 = 1:1", "N2/O2 50/50": one side of a ratio, no value of its own (tasks/plan/bind_members.py)
    vector = _VECTOR_SAID.fullmatch(m.group("val"))
    if vector is not None:
        numbers = [float(x) for x in vector.groups()]
        return sum(x * x for x in numbers) ** 0.5, numbers, m.group("val"), start, end
    return float(m.group("val")), None, m.group("val"), start, end


def said_values(text: str, places: list[Place]) -> list[Said]:
    """The values the (raw) request gives the places by name or meaning, in SI, first found first.
    A symbol is matched case-sensitively and whole, with `=`/`:` or nothing before its value;
    one-letter and common words ("k", "in") are no symbols here."""
    text = normalise(text)
    low = text.lower()
    found: dict[int, Said] = {}
    taken: list[tuple[int, int]] = []
    candidates: list[tuple[re.Match, list[str], bool]] = []
    for phrase, names in phrases_for(places):
        pattern = rf"(?<![\w'-]){re.escape(normalise(phrase))}(?![\w'-])"
        candidates += [(m, names, False) for m in re.finditer(pattern, low)]
    for name in sorted({p.name for p in places}, key=len, reverse=True):
        if len(name) < 2 or name in _COMMON or not re.fullmatch(r"[A-Za-z]\w*", name):
            continue
        candidates += [(m, [name], True) for m in re.finditer(rf"(?<![\w.'$-]){re.escape(name)}(?![\w.'-])", text)]
    for m, names, symbol in sorted(candidates, key=lambda c: (-(c[0].end() - c[0].start()), c[0].start())):
        if any(s <= m.start() and m.end() <= e for s, e in taken):
            continue  # "thrust coefficient Ct": the phrase holds the symbol's place once
        got = _value_at(text, m.end(), _SYMBOL_LINK if symbol else _LINK)
        named = None if symbol or got else re.match(rf"\s+(?:{'|'.join(map(re.escape, names))})(?![\w.'-])", text[m.end():])
        if named is not None:  # "latent heat L 334000 J/kg": the phrase, then the entry's own symbol
            got = _value_at(text, m.end() + named.end(), _SYMBOL_LINK)
        if got is None or got[3] in found:
            continue
        value, vector, raw, start, end = got
        dims = unit_dims_after(text, end)
        factor = unit_factor_after(text, end)
        taken.append((m.start(), m.end()))
        found[start] = Said(written=m.group(0), names=list(dict.fromkeys(names)), symbol=symbol,
                            value=value * factor, vector=[x * factor for x in vector] if vector else None,
                            dims=dims, raw=text[start:unit_end(text, end)] if dims and any(dims) else raw,
                            at=start, name_at=m.start())
    return sorted(found.values(), key=lambda s: s.at)


def unit_end(text: str, at: int) -> int:
    """Where the unit written right after a number ends ("2e20 per cubic metre, ..."); `at` when none."""
    from tasks.plan.units import _expression

    m = re.match(r"\s*(?:per\s+)?", text[at:])
    stops = _expression(text, at + m.end())
    return max(s.end for s in stops) if stops else at


def canonical_places() -> list[Place]:
    """One stand-in place for each entry canonical/model_entries.yaml knows by its owner (an
    fvOption's min, a meanVelocityForce's Ubar): what a request may name that a base lacks."""
    return [Place(rel="", entry=[owner, name], name=name, owner=owner, raw="0",
                  dims=_si_dims(facts["dims"]) if facts.get("dims") is not None else None)
            for owner, entries in model_entries().items() if owner != "any"
            for name, facts in entries.items() if name != "*"]


def owner_said(owner: str, words: str, written: str) -> bool:
    """The words name the owner of an entry beyond what names the entry itself ("temperature
    limits: min" a limitTemperature, "a mean velocity force" a meanVelocityForce; not "mean
    velocity" alone): one of its camelCase words of four letters or more that `written` lacks."""
    parts = [w.lower() for w in re.findall(r"[A-Z]?[a-z]+", owner) if len(w) > 3 and w.lower() != "source"]
    return any(re.search(rf"\b{re.escape(w)}", words.lower()) for w in parts if w not in written.lower())


def fitting(said: Said, places: list[Place]) -> list[Place]:
    """The places a said value can go to: of a name it means, with the dimensions of its unit
    (a unit-less value fits a dimensionless entry or one of unknown dimensions; a symbol written
    without a unit fits any), and a vector only to a vector entry."""
    out = []
    for p in places:
        if p.name not in said.names:
            continue
        if (said.vector is not None) != bool(re.search(r"\(\s*[-+\d.eE]+\s+[-+\d.eE]+\s+[-+\d.eE]+\s*\)", p.raw)) \
                and said.vector is not None:
            continue
        if p.dims is None and not said.symbol and said.dims is not None and any(said.dims):
            continue  # a meaning with a unit needs an entry of known dimensions ("heat source 3e7 W/m3": no timeStart)
        if said.dims is None or p.dims is None:
            out.append(p)
        elif any(said.dims):
            out += [p] if tuple(p.dims) == tuple(said.dims) else []
        elif not any(p.dims) or said.symbol:
            out.append(p)
    return out


def narrowed(places: list[Place], words: str) -> list[Place]:
    """Of several places, the ones the words before a value name (a region, an option, a phase,
    a dictionary); all of them when the words name none or all."""
    low = words.lower()
    named = [p for p in places if any(re.search(rf"\b{re.escape(part.lower())}\b", low)
                                       for part in [*p.rel.split("/")[1:-1], *p.entry[:-1], p.owner] if len(part) > 2)]
    return named if named else places
