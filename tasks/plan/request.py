"""What a request says, read once and shared by every planner (new and modify): the solver
and turbulence model it names, the quantities it states, the fluid, and the checks every
request passes before anything is planned."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from tasks.core.errors import RequestError
from tasks.foam.commands import SOLVERS
from tasks.foam.physics import find_fluid
from tasks.geometry.text_parts import table_ranges
from tasks.plan.extract import Quantity, first, mentions, quantities
from tasks.plan.stated import decimal_points
from tasks.plan.values_viscosity import kinematic_from_dynamic
from tasks.plan.request_order import names_first
from tasks.plan.dimension_lists import spread_dimension_units

# a variant named apart from its base model: "the realizable variant of k-epsilon", "k-epsilon (RNG form)"
_VARIANT_OF = r"(?:(?:variant|version|form|flavou?r|type|kind)\s+of\s+(?:the\s+)?(?:standard\s+)?)?"
_KE_THEN = r"\bk[-\s]?(?:epsilon|ε)\s*(?:model\s*)?(?:[(,]\s*|in\s+its\s+|,?\s+the\s+)"

# (pattern, model): the more specific spellings first
TURBULENCE_ALIASES: list[tuple[str, str]] = [
    (rf"\brng\s*{_VARIANT_OF}k[-\s]?(?:epsilon|eps|ε|e)\b|\brngkepsilon\b|{_KE_THEN}rng\b", "RNGkEpsilon"),
    (rf"\breali[sz]able\s*{_VARIANT_OF}k[-\s]?(?:epsilon|eps|ε|e)\b|\brealizableke\b|{_KE_THEN}reali[sz]able\b",
     "realizableKE"),
    (r"\blaunder[-\s]sharma\b|\blaundersharmake\b", "LaunderSharmaKE"),
    (r"\bk[-\s]?kl[-\s]?omega\b|\bkkl\s*omega\b|\bkklomega\b|\bk-kl-ω\b", "kkLOmega"),
    (r"\bk[-\s]?(?:omega|ω)[-\s]?sst\b|\bkomegasst\b|\bsst\b|\bmenter\b", "kOmegaSST"),
    (r"\bk[-\s]?(?:omega|ω)\b|\bkomega\b", "kOmega"),
    (r"\bk[-\s]?(?:epsilon|eps|ε)\b|\bkepsilon\b|\bk-e\b", "kEpsilon"),
    (r"\bspalart[-\s]?allmaras\b|\bspalartallmaras\b|\bs-a model\b", "SpalartAllmaras"),
    (r"\blaunder[-\s]reece[-\s]rodi\b|\blrr\b", "LRR"),
    (r"\bssg\b|speziale", "SSG"),
    (r"\bdynamic\s*k[-\s]?eqn\b|\bdynamickeqn\b|\bdynamic k-equation\b", "dynamicKEqn"),
    (r"\bkeqn\b|\bk-equation\b|\bone[-\s]equation les\b", "kEqn"),
    (r"\bsmagorinsky\b", "Smagorinsky"),
    (r"\bwale\b", "WALE"),
    (r"\blaminar\b", "laminar"),
]

_SOLVER_WORD = re.compile(r"\b([A-Za-z][A-Za-z0-9]*Foam)\b")
# a solver named in any case ("rhosimplefoam", "PIMPLEFOAM"): found only when it is an installed solver
_ANY_CASE_SOLVER_WORD = re.compile(r"\b([A-Za-z][A-Za-z0-9]*foam)\b", re.I)
# shell syntax (a command substitution, "&&", a pipe into a shell) or a shell command with an argument;
# not a semicolon between clauses nor the bars of a table ("| inlet velocity | 3 m/s |")
_SHELL_WORDS = r"(?:rm|bash|sh|curl|wget|sudo|chmod|python|exec|eval)"
_SHELL = re.compile(rf"(?:`[^`]+`|\$\(|\$\{{|&&|\|\||[;|]\s*{_SHELL_WORDS}\b|\b{_SHELL_WORDS}\b\s+-?\w)")


class Context(BaseModel):
    """Everything the recipes read from one request."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)

    text: str
    qs: list[Quantity]
    solver: str | None
    model: str | None
    fluid: str | None
    example_dir: Path | None = None
    tutorials_dir: Path
    notes: list[str] = Field(default_factory=list)  # things the recipes should warn about

    def q(self, kind: str, *near: str, exclude: tuple[str, ...] = ()) -> Quantity | None:
        return first(self.qs, kind, *near, exclude=exclude)  # type: ignore[arg-type]

    def has(self, *phrases: str) -> bool:
        return mentions(self.text, *phrases)


def named_solver(text: str) -> str | None:
    """The OpenFOAM solver the request names, matched case-insensitively."""
    by_lower = {s.lower(): s for s in SOLVERS}
    for word in _ANY_CASE_SOLVER_WORD.findall(text):
        if word.lower() in by_lower:
            return by_lower[word.lower()]
    return None


def unknown_solvers(text: str) -> list[str]:
    by_lower = {s.lower() for s in SOLVERS}
    return [w for w in _SOLVER_WORD.findall(text) if w.lower() not in by_lower]


def named_model(text: str) -> str | None:
    """The turbulence model the text names first: an installed name as written, a variant
    (tasks/plan/model_variants: "k-omega SST LM" is kOmegaSSTLM), else a base model's spelling."""
    from tasks.plan.model_variants import VARIANT_ALIASES, exact_name_aliases

    low = text.lower()
    hits = []
    for pattern, model in VARIANT_ALIASES + exact_name_aliases() + TURBULENCE_ALIASES:
        m = re.search(pattern, low)
        if m:
            hits.append((m.start(), model))
            low = low[:m.start()] + " " * (m.end() - m.start()) + low[m.end():]
    return min(hits)[1] if hits else None


# "swap A for B", "trade A for B", "exchange A for B": B replaces A (read as "replace A with B")
_SWAP_FOR = re.compile(r"\b(?:swap|trade|exchange)\w*\s+(?:out\s+)?(.+?)\s+for\s+", re.I)
_ARROW = re.compile(r"\s*(?:->|=>|→)\s*")
# a family named without a model ("switch to LES", "use RANS instead of LES"): its usual model,
# kOmegaSST for RANS (the all-round choice of canonical/turbulence_models.md), Smagorinsky for LES
_FAMILIES = ((re.compile(r"\b(?:rans|ras|reynolds[- ]averaged)\b", re.I), "kOmegaSST"),
             (re.compile(r"\b(?:les|large[- ]eddy(?:\s+simulation)?)\b", re.I), "Smagorinsky"))
# the model or family being given up: "instead of A", "rather than A", "from A", "replacing A"
_GIVEN_UP = re.compile(r"\b(?:instead of|rather than|in place of|replacing)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?", re.I)
_GIVEN_UP_FAMILY = re.compile(r"\b(?:instead of|rather than|in place of|from|replacing)\s+(?:the\s+)?(?:an?\s+)?"
                              r"(?:rans|ras|les|large[- ]eddy(?:\s+simulation)?|laminar)\b", re.I)
# words that make a family named alone the one to end up with (not "an LES of the channel")
_FAMILY_SWITCH = re.compile(r"\b(?:switch|change|convert|revert|replac|swap|trade|exchange)\w*\b|"
                            r"\b(?:go|move|turn)\s+(?:back\s+)?to\b|\b(?:make|turn|run)\s+it\b|"
                            r"\b(?:instead of|rather than|in place of)\b|->|=>|→", re.I)


def family_model(text: str) -> str | None:
    """The usual model of the first turbulence family `text` names (RANS -> kOmegaSST, LES ->
    Smagorinsky), a family being given up ("instead of LES", "from RANS") left out; None when it
    names none."""
    rest = _GIVEN_UP_FAMILY.sub(" ", text)
    hits = sorted((m.start(), model) for pattern, model in _FAMILIES if (m := pattern.search(rest)))
    return hits[0][1] if hits else None


def final_model(text: str, families: bool = True) -> str | None:
    """The model a request ends up with: B in "switch from A to B", "replace A with B", "swap A
    for B", "A -> B", "use B instead of A", "B rather than A"; else the first model named. With
    `families`, a family named as the target without a model gives that family's usual model
    ("use RANS instead of LES": kOmegaSST, "switch to LES": Smagorinsky); "make it laminar" is
    laminar either way."""
    text = _SWAP_FOR.sub(r"replace \1 with ", text)

    def target(part: str) -> str | None:
        return named_model(part) or (family_model(part) if families else None)

    arrows = _ARROW.split(text)
    if len(arrows) > 1 and (found := target(re.split(r"[,;.]\s", arrows[-1], maxsplit=1)[0])):
        return found
    rest = _GIVEN_UP.sub(" ", text)
    m = re.search(r"\b(?:replace|swap|exchange)\w*\b(.*?)\bwith\b(.*)$", rest, re.I | re.S)
    if m and (found := target(m.group(2))):
        return found
    m = re.search(r"\bto\b(.*)$", rest, re.I | re.S)
    if m and (re.search(r"\b(switch|change|convert|replace|swap|trade|exchange|move|upgrade)\w*\b", rest, re.I)
              or re.search(r"\bfrom\b(.*?)\bto\b", rest, re.I | re.S) and named_model(rest[:m.start()])):  # "from A to B"
        if found := target(m.group(1)):
            return found
    if found := named_model(rest):
        return found
    return family_model(text) if families and _FAMILY_SWITCH.search(text) else None


# A labelled aside in square brackets ('[Example: ...]', '[Note: ...]', '[Context - ...]'): it
# quotes or comments on other material, it is not part of the request.
_LABELLED_NOTE = re.compile(r"\[\s*[A-Za-z][A-Za-z ]{0,24}\s*(?::|\s-\s)[^\]]*\]")


def strip_example_notes(text: str) -> str:
    """Drop labelled bracketed asides (an example case quoted, a note): an example case itself
    comes with --example."""
    return _LABELLED_NOTE.sub(" ", text)


# a line that is an item of a list: a bullet, a numbered item or a "key: value" / "key = value" line
_ITEM_LINE = re.compile(r"^\s*(?:[-*•·▪–—+]\s|\d{1,2}[.)]\s|[A-Za-z][\w ()\[\]/^.,%-]{0,40}?\s*[:=](?!//))")
_LINE_END = re.compile(r"[.,;:!?]\s*$")


def join_lines(text: str) -> str:
    """The request on one line with its line structure kept: a line break between items of a list
    ("- inlet: 3 m/s" / "outlet pressure = 0") or after a blank line becomes "; " (a clause end),
    one inside a wrapped sentence a space; spaces in a line are collapsed."""
    out, last = "", ""
    gap = False
    for raw in text.splitlines():
        line = " ".join(raw.split())
        if not line:
            gap = True
            continue
        if out:  # after an item, a new item or a line that starts a sentence ("Inlet: 3 m/s" / "The ...")
            item = _ITEM_LINE.match(line) or (_ITEM_LINE.match(last) and line[0].isupper())
            out += " " if _LINE_END.search(out) else ("; " if item or gap else " ")
        out += line
        last, gap = line, False
    return out


def check_request_text(text: str) -> str:
    # "0.002 for the sludge alpha" -> "sludge alpha 0.002"; a table of parts ("| branch | 0.25 to 0.35 | ...") as their ranges
    clean = names_first(join_lines(table_ranges(strip_example_notes(text))))
    if not clean:
        raise RequestError("the request is empty: describe the flow, e.g. "
                           "\"2D lid-driven cavity, lid at 1 m/s, icoFoam\"")
    return clean


def build_context(text: str, tutorials_dir: Path, example_dir: Path | None = None) -> Context:
    text = check_request_text(text)
    notes: list[str] = []
    if _SHELL.search(text):
        notes.append("the request mentions shell commands; they were ignored (only OpenFOAM commands run)")
    bad = [w for w in unknown_solvers(text) if w.lower() not in ("openfoam",)]
    solver = named_solver(text)
    if bad and solver is None:
        close = difflib.get_close_matches(bad[0], sorted(SOLVERS), n=3, cutoff=0.5)
        raise RequestError(
            f"unknown solver {bad[0]!r}: not in the installed OpenFOAM v1912"
            + (f"; closest: {', '.join(close)}" if close else "")
        )
    if solver is None:  # "DSMC 15 degree wedge": the solver whose method the acronym names
        from tasks.plan.select_words import method_named_solver

        solver = method_named_solver(text)
    text = decimal_points(text)  # "0,5 m/s": the same length, so every place in the text stays
    text = spread_dimension_units(text)  # "a 40x35x30 cm box": three lengths, not a cell count and a length
    qs = quantities(text)
    nu = kinematic_from_dynamic(text, qs)  # "water viscosity 1 cP": the recipes write nu = mu / rho
    return Context(
        text=text, qs=qs + ([nu] if nu is not None else []), solver=solver, model=final_model(text),
        fluid=find_fluid(text), example_dir=example_dir, tutorials_dir=tutorials_dir, notes=notes,
    )
