"""The fixed parts of the context block: pinned canonical sections and base cases.

Pure functions over canonical/*.md, the ontology and case-base records (no services): which
canonical sections a route pins (sections naming its tools/models, then its categories'
canonical_docs), which of them fit the block, and the base (and related) case of a workflow
request rendered as one context item.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from tasks.core.paths import CANONICAL_DIR
from tasks.foam.physics import physics
from tasks.knowledge.casebase import CaseRecord, lookup_cases
from tasks.retrieval.fusion import ContextItem, clean_text
from tasks.retrieval.router import TROUBLE_CATEGORIES, Ontology, Route, tokenize

TROUBLE_FILES = frozenset({"troubleshooting.md", "numerics.md"})
PIN_CHARS = 10_000  # canonical sections beyond the entity pins fill at most this many characters
OPEN_PIN_WEIGHT = 0.8  # expert mode: any canonical section competes by term overlap, a little behind its categories' own
OPEN_PIN_WEIGHT_TROUBLE = 0.4  # ... and further behind when a reported problem already pins its category's notes
CATEGORY_FEATURES = {"rotating_mrf": "mrf", "multiphase": "multiphase", "particles_lagrangian": "lagrangian",
                     "heat_transfer": "energy"}


# --- canonical sections ----------------------------------------------------------------------------

_HEADING = re.compile(r"^(#{2,3})\s+(.*?)\s*$")


@lru_cache(maxsize=256)  # one entry per note: a cache smaller than canonical/ re-reads files on every query
def canonical_sections(path: Path) -> dict[str, str]:
    """Heading -> text of every H2/H3 section of a canonical note (an H2 keeps its H3s)."""
    lines = path.read_text().splitlines()
    heads: list[tuple[int, int, str]] = []
    fence = False
    for n, line in enumerate(lines):
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        m = None if fence else _HEADING.match(line)
        if m:
            heads.append((n, len(m.group(1)), m.group(2)))
    sections: dict[str, str] = {}
    for i, (start, level, title) in enumerate(heads):
        end = next((s for s, lv, _ in heads[i + 1 :] if lv <= level), len(lines))
        sections[title] = "\n".join(lines[start:end]).strip()
    return sections


class Pin(BaseModel):
    """A canonical section chosen for the context block before any search."""

    model_config = ConfigDict(extra="forbid")

    source: str = Field(description="canonical/<file>.md#<heading>")
    text: str
    entity: str | None = Field(None, description="the tool/model/keyword of the request its heading names")
    rank: int = Field(3, description="entity pins: 0 heading starts with the name, 1 before the colon, 2 after")
    trouble: bool = Field(False, description="a troubleshooting or numerics section")
    weight: float = Field(1.0, description="category pins: the category's score relative to the best")


def _entity_names(route: Route, ontology: Ontology) -> list[str]:
    """The turbulence model the request wants, its tools, other identifiers (inner capital or
    acronym) the ontology recognised, then identifiers typed in the request."""
    models = set(physics().turbulence_models) - {"laminar"}
    wanted = target_model(route)
    named = [wanted] if wanted in models else []  # "from kEpsilon to kOmegaSST": the model switched to
    tools = [t for t in route.tools if t in ontology.tools]
    other = [t for t in route.terms if t not in models and t not in ontology.tools
             and (re.search(r"[a-z][A-Z]", t) or re.fullmatch(r"[A-Z]{3,}", t))]
    typed = [t for t in route.identifiers if t not in ontology.tools]
    return list(dict.fromkeys([*named, *tools, *other, *typed]))


def _subject(heading: str) -> str:
    return heading.split(":", 1)[0]


class Heading(NamedTuple):
    file: str
    title: str
    text: str
    words: frozenset[str]
    subject: tuple[str, ...]


@lru_cache(maxsize=4)
def heading_index(canonical_dir: Path) -> tuple[Heading, ...]:
    """Every section of canonical_dir/*.md with its heading tokenised (built once per process)."""
    return tuple(Heading(path.name, title, text, frozenset(tokenize(title)), tuple(tokenize(_subject(title))))
                 for path in sorted(canonical_dir.glob("*.md"))
                 for title, text in canonical_sections(path).items())


def entity_sections(route: Route, ontology: Ontology, canonical_dir: Path = CANONICAL_DIR) -> list[Pin]:
    """Canonical sections whose heading names a tool, turbulence model or keyword of the request,
    ranked per name: the heading starts with it (0), names it before its colon (1), after it (2)."""
    found: list[Pin] = []
    for name in _entity_names(route, ontology):
        key = name.lower()
        for h in heading_index(canonical_dir):
            if key in h.words:
                rank = 0 if h.subject[:1] == (key,) else 1 if key in h.subject else 2
                found.append(Pin(source=f"canonical/{h.file}#{h.title}", text=h.text, entity=name, rank=rank,
                                 trouble=h.file in TROUBLE_FILES))
    return found


@lru_cache(maxsize=1024)
def _subject_words(heading: str) -> frozenset[str]:
    return frozenset(tokenize(_subject(heading)))


def _about_other_entity(heading: str, route: Route, ontology: Ontology) -> bool:
    """The heading's subject names tools (or turbulence models) and the request names others of
    the same kind but none of these: an icoFoam section for a pimpleFoam request, a kOmegaSST
    section for a kEpsilon one."""
    subject = _subject_words(heading)
    models = set(physics().turbulence_models) - {"laminar"}
    for universe, wanted in ((set(ontology.tools), set(route.tools)), (models, set(route.terms) & models)):
        named = {n for n in universe if n.lower() in subject}
        if named and wanted and not named & wanted:
            return True
    return False


def pinned_sections(route: Route, ontology: Ontology, canonical_dir: Path = CANONICAL_DIR,
                    max_categories: int = 3) -> list[Pin]:
    """Sections naming the request's tools/models, then the canonical_docs pinned by its main
    categories (those scoring at least half the best; sections about another solver or model skipped)."""
    found = entity_sections(route, ontology, canonical_dir)
    if route.categories:
        top = route.category_scores[route.categories[0]]
        cats = [c for c in route.categories if route.category_scores[c] >= 0.5 * top][:max_categories]
        weights = {c: route.category_scores[c] / top for c in cats}
        trouble = troubleshooting(route)
        if trouble:  # a reported problem: its category's notes count in full, whatever else the request names
            cats = [*cats, trouble] if trouble not in cats else cats
            weights[trouble] = 1.0
        for cat in cats:
            for pin in ontology.categories[cat].canonical_docs:
                name, _, heading = pin.partition("#")
                path = canonical_dir / name
                text = canonical_sections(path).get(heading) if path.is_file() else None
                if text and not _about_other_entity(heading, route, ontology):
                    found.append(Pin(source=f"canonical/{name}#{heading}", text=text, weight=weights[cat]))
    if route.mode == "expert":  # a question may be about a section outside the categories it was routed to
        weight = OPEN_PIN_WEIGHT_TROUBLE if troubleshooting(route) else OPEN_PIN_WEIGHT
        found += [Pin(source=f"canonical/{h.file}#{h.title}", text=h.text, weight=weight,
                      trouble=h.file in TROUBLE_FILES)
                  for h in heading_index(canonical_dir) if not _about_other_entity(h.title, route, ontology)]
    seen: set[str] = set()
    return [p for p in found if not (p.source in seen or seen.add(p.source))]


def troubleshooting(route: Route) -> str | None:
    """The problem category of an expert question that reports a symptom (its best scoring one)."""
    if route.mode != "expert" or not route.symptoms:
        return None
    return next((c for c in route.categories if c in TROUBLE_CATEGORIES), None)


def overlap_score(text: str, query_tokens: set[str]) -> float:
    """Cosine of the binary token sets (3+ characters) of the request and a section: shared
    distinct tokens / sqrt(|request| * |section|), so long sections do not win by length alone."""
    wanted = {t for t in query_tokens if len(t) >= 3}
    have = {t for t in _token_set(text) if len(t) >= 3}
    if not wanted or not have:
        return 0.0
    return len(wanted & have) / math.sqrt(len(wanted) * len(have))


@lru_cache(maxsize=512)
def _token_set(text: str) -> frozenset[str]:
    return frozenset(tokenize(text))


def select_pins(pins: Sequence[Pin], texts: Sequence[str], limit: int, *, max_entity: int = 3,
                budget: int = PIN_CHARS, trouble_first: bool = False) -> list[ContextItem]:
    """The canonical sections of the context block, at most `limit` of them:

    1. up to `max_entity` entity pins, round-robin over the names in request order, each name's
       best heading first (rank, then, with `trouble_first`, troubleshooting and numerics
       sections, then term overlap with the request and its variants);
    2. then category pins by term overlap times their category's weight, while their text fits
       in `budget` characters.
    """
    if limit <= 0 or not pins:
        return []
    query_tokens = {t for text in texts for t in tokenize(text)}
    scored = [(overlap_score(p.text, query_tokens), n, p) for n, p in enumerate(pins)]
    per_name: dict[str, list[tuple[float, int, Pin]]] = {}
    for item in scored:
        if item[2].entity:
            per_name.setdefault(item[2].entity, []).append(item)
    queues = [sorted(group, key=lambda s: (s[2].rank, trouble_first and not s[2].trouble, -s[0], s[1]))
              for group in per_name.values()]
    chosen: list[tuple[float, int, Pin]] = []
    taken: set[str] = set()
    while len(chosen) < min(max_entity, limit) and any(queues):
        for queue in queues:
            while queue and queue[0][2].source in taken:
                queue.pop(0)
            if queue and len(chosen) < min(max_entity, limit):
                chosen.append(queue.pop(0))
                taken.add(chosen[-1][2].source)
    used = sum(len(p.text) for _, _, p in chosen)
    for item in sorted((s for s in scored if not s[2].entity), key=lambda s: (-s[0] * s[2].weight, s[1])):
        if len(chosen) >= limit:
            break
        if item[2].source not in taken and used + len(item[2].text) <= budget:
            chosen.append(item)
            taken.add(item[2].source)
            used += len(item[2].text)
    return [ContextItem(kind="canonical", source=p.source, text=clean_text(p.text), score=round(score, 4))
            for score, _, p in chosen]


# --- the base case (structured case base) ------------------------------------------------------------

def target_model(route: Route) -> str | None:
    """The turbulence model the request wants: the last one it names ("from kEpsilon to kOmegaSST")."""
    models = [t for t in route.terms if t in physics().turbulence_models]
    return models[-1] if models else next((p.turbulence for p in route.phrases if p.turbulence), None)


CATEGORY_FEATURES = {"rotating_mrf": "mrf", "multiphase": "multiphase", "particles_lagrangian": "lagrangian",
                     "heat_transfer": "energy"}


def pick_base_case(route: Route, records: Sequence[CaseRecord]) -> CaseRecord | None:
    """The tutorial a workflow request builds on: the physics phrase's tutorial for the primary
    solver; else, among that solver's cases with the features the request's categories need
    (MRF, multiphase, particles, energy), the simplest with the wanted turbulence model."""
    if route.mode != "workflow" or route.tool is None:
        return None
    by_case = {r.case: r for r in records}
    for phrase in route.phrases:
        if phrase.solver == route.tool and phrase.tutorial in by_case:
            return by_case[phrase.tutorial]
    features = [CATEGORY_FEATURES[c] for c in route.categories if c in CATEGORY_FEATURES]
    own = [r for r in records if r.solver == route.tool and all(getattr(r, f) for f in features)]
    found = lookup_cases(own, solver=route.tool, turbulence=target_model(route), limit=1)
    return found.cases[0] if found.cases else None


def pick_related_case(route: Route, records: Sequence[CaseRecord], base: CaseRecord | None) -> CaseRecord | None:
    """The tutorial of a physics phrase that belongs to another solver than the request's
    ("bubble column" with interFoam -> twoPhaseEulerFoam's bubbleColumn): same physics, other setup."""
    if route.mode != "workflow":
        return None
    by_case = {r.case: r for r in records}
    for phrase in route.phrases:
        record = by_case.get(phrase.tutorial or "")
        if record is not None and record is not base and phrase.solver != route.tool:
            return record
    return None


def case_summary(record: CaseRecord, version: str = "v1912", role: str = "Base case") -> ContextItem:
    """A case of the case base as one context item: solver, models, files, patch conditions, run
    sequence. `role` is "Base case" or "Related case"."""
    turb = " ".join(x for x in (record.simulation_type, record.turbulence_model) if x) or "-"
    kind = f"OpenFOAM {version} tutorial" if record.origin == "tutorial" else f"user case ({record.origin})"
    lines = [f"{role} ({kind}) {record.case}: solver {record.solver}, turbulence {turb}, "
             f"{record.compressibility or '-'}, algorithm {record.algorithm or '-'}, mesh {record.mesh_method}",
             "Files: " + ", ".join(record.files)]
    for f in record.fields:
        patches = ", ".join(f"{patch} {bc}" for patch, bc in f.patches.items())
        lines.append(f"0/{f.name} ({f.field_class or '-'}): {patches}")
    if record.run_sequence:
        lines.append("Run: " + " -> ".join(f"{s.app} {s.args}".strip() for s in record.run_sequence))
    return ContextItem(kind="case", source=f"case:{record.origin}:{record.case}", text="\n".join(lines), score=1.0)
