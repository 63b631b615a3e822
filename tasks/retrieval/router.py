"""Route a request over the ontology: categories, active tools and the retrieval mode.

`classify` is a pure function (no LLM, no I/O after the ontology is loaded once): it tokenises
the request, looks every 1..6-token window up in one index built from canonical/ontology.yaml
(category keywords and aliases, tool names, `<tool>Dict` names, physics phrases) and decides:

* **workflow** mode when the request asks for a case to be set up or changed and names or
  implies a solver/utility (a physics phrase such as "dam break" implies interFoam), or is a
  plain edit of the case at hand ("Increase the lid velocity to 5 m/s");
* **expert** mode for troubleshooting: a reported symptom (crash, divergence, bounding,
  FATAL ...) or a question that is not a set-up request for a named tool.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from tasks.core.errors import ConfigError
from tasks.core.paths import CANONICAL_DIR

Mode = Literal["workflow", "expert"]
Stage = Literal["cad", "meshing", "setup", "solver", "postprocessing"]
MAX_NGRAM = 6
TROUBLE_CATEGORIES = ("numerical_instability", "setup_errors", "mesh_quality")
TROUBLE_BOOST = 2.0


# --- the ontology (canonical/ontology.yaml) ------------------------------------------------------

class Category(BaseModel):
    model_config = ConfigDict(extra="forbid")

    description: str
    keywords: list[str] = Field(default_factory=list)
    aliases: dict[str, list[str]] = Field(default_factory=dict)
    canonical_docs: list[str] = Field(default_factory=list, description='"file.md#Heading" pins')


class Tool(BaseModel):
    model_config = ConfigDict(extra="forbid")

    stage: Stage
    implies: list[str] = Field(default_factory=list)
    installed: bool = True
    binary: bool = True
    note: str | None = None


class ToolGraph(BaseModel):
    model_config = ConfigDict(extra="forbid")

    stages: list[Stage]
    stage_edges: list[tuple[Stage, Stage]]
    tool_edges: list[tuple[str, str]]


class PhysicsPhrase(BaseModel):
    model_config = ConfigDict(extra="forbid")

    solver: str
    turbulence: str | None = None
    tutorial: str | None = None
    tools: list[str] = Field(default_factory=list)
    features: list[str] = Field(default_factory=list)
    alternatives: list[str] = Field(default_factory=list)
    note: str | None = None


class Ontology(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: int
    openfoam: str
    categories: dict[str, Category]
    tools: dict[str, Tool]
    tool_graph: ToolGraph
    physics_phrases: dict[str, PhysicsPhrase]
    _index: TermIndex | None = PrivateAttr(None)


@lru_cache(maxsize=4)
def load_ontology(path: Path = CANONICAL_DIR / "ontology.yaml") -> Ontology:
    """The validated ontology; a broken file is a ConfigError naming it."""
    try:
        # libyaml's loader when PyYAML has it: the ontology is read on every `ask` (0.3 s in pure Python)
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        return Ontology.model_validate(yaml.load(path.read_text(), Loader=loader))  # noqa: S506 - a safe loader
    except (OSError, yaml.YAMLError, ValueError) as exc:
        raise ConfigError(f"cannot load the ontology {path}: {exc}; fix the file (see its header)") from exc


# --- tokens and the term index -----------------------------------------------------------------

_TOKEN = re.compile(r"[\w+]+(?:\.[\w+]+)*")


def tokenize(text: str) -> list[str]:
    """Lower-case word tokens; hyphens, slashes and punctuation separate (k-epsilon = k epsilon)."""
    return _TOKEN.findall(text.lower())


class Term(BaseModel):
    """One index entry: what a token window means."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["keyword", "alias", "tool", "phrase"]
    name: str = Field(description="canonical spelling: the alias key, tool or phrase")
    category: str | None = None


class TermIndex(BaseModel):
    model_config = ConfigDict(extra="forbid")

    terms: dict[tuple[str, ...], list[Term]]
    tool_names: dict[str, str] = Field(description="lower-case tool name -> tool")


def term_index(ontology: Ontology) -> TermIndex:
    """The token-window index of the ontology (built once per loaded ontology)."""
    if ontology._index is None:
        ontology._index = _build_index(ontology)
    return ontology._index


def _build_index(ontology: Ontology) -> TermIndex:
    terms: dict[tuple[str, ...], list[Term]] = {}

    def add(spelling: str, term: Term) -> None:
        key = tuple(tokenize(spelling))
        if key and len(key) <= MAX_NGRAM and term not in terms.setdefault(key, []):
            terms[key].append(term)

    for cat_name, cat in ontology.categories.items():
        for keyword in cat.keywords:
            add(keyword, Term(kind="keyword", name=keyword, category=cat_name))
        for canonical, spellings in cat.aliases.items():
            for spelling in (canonical, *spellings):
                add(spelling, Term(kind="alias", name=canonical, category=cat_name))
    for tool in ontology.tools:
        add(tool, Term(kind="tool", name=tool))
        add(f"{tool}Dict", Term(kind="tool", name=tool))
    for phrase in ontology.physics_phrases:
        add(phrase, Term(kind="phrase", name=phrase))
    for key, entries in list(terms.items()):  # plain English inflections of keywords and aliases
        for form in inflections(key[-1]):
            inflected = (*key[:-1], form)
            if inflected not in terms:
                terms[inflected] = [t for t in entries if t.kind in ("keyword", "alias")]
    return TermIndex(terms={k: v for k, v in terms.items() if v},
                     tool_names={t.lower(): t for t in ontology.tools})


def inflections(word: str) -> list[str]:
    """-s/-es/-ed/-ing forms of a lower-case English word of 4+ letters ("diverge" -> "diverging")."""
    if len(word) < 4 or not word.isalpha():
        return []
    stem = word[:-1] if word.endswith("e") else word
    forms = [word + "s", word + "es", stem + "ed", stem + "ing"]
    if word.endswith("y"):
        forms.append(word[:-1] + "ies")
    return [f for f in forms if f != word]


class Match(BaseModel):
    model_config = ConfigDict(extra="forbid")

    term: Term
    start: int
    length: int
    in_example: bool = Field(False, description="inside a quoted [Example: ...] block")


def find_terms(tokens: list[str], index: TermIndex, example_mask: list[bool] | None = None) -> list[Match]:
    """Longest-first matches of index entries; a token belongs to at most one window."""
    used = [False] * len(tokens)
    found: list[Match] = []
    for length in range(min(MAX_NGRAM, len(tokens)), 0, -1):
        for start in range(len(tokens) - length + 1):
            if any(used[start : start + length]):
                continue
            for term in index.terms.get(tuple(tokens[start : start + length]), ()):
                in_example = bool(example_mask and example_mask[start])
                found.append(Match(term=term, start=start, length=length, in_example=in_example))
            if tuple(tokens[start : start + length]) in index.terms:
                used[start : start + length] = [True] * length
    return sorted(found, key=lambda m: m.start)


# --- physics phrases said in another order ------------------------------------------------------

# words a physics phrase may be said around without changing what it names: "the dam that breaks"
# is a dam break, "water sloshing in a tank" a sloshing tank, "a room heated by a radiator" a heated
# room. 'flow' is no content word: "supersonic flow" said loosely is only "supersonic".
_LOOSE_STOP = frozenset("a an the of in on at to by with past around over through for from and or that which "
                        "who is are was were be being its it this flow flows".split())
_NEGATIONS = frozenset("no not without non".split())
_IRREGULAR = {"broke": "break", "broken": "break", "vortices": "vortex", "bubbly": "bubble", "fed": "feed",
              "driven": "drive", "drove": "drive", "fallen": "fall", "fell": "fall", "media": "medium"}
LOOSE_SLACK = 2  # other content words allowed inside the span of a phrase said loosely


def word_root(token: str) -> str:
    """The root of a lower-case token for loose phrase matching: inflections and an agent noun
    reduced alike ('breaking', 'breaks' -> 'break'; 'bubbles', 'bubble' -> 'bubbl'; 'stirrer',
    'stirred' -> 'stir'; 'heater', 'heated' -> 'heat')."""
    token = _IRREGULAR.get(token, token)
    for suffix, shortest in (("ing", 3), ("ed", 3), ("er", 4), ("es", 3), ("s", 3)):
        if token.endswith(suffix) and len(token) - len(suffix) >= shortest and not token.endswith("ss"):
            token = token[: -len(suffix)]
            if suffix in ("ing", "ed", "er") and len(token) >= 4 and token[-1] == token[-2] and token[-1] not in "lsz":
                token = token[:-1]  # 'shedding' -> 'shed', 'stirred' -> 'stir'
            break
    return token[:-1] if token.endswith("e") and len(token) >= 4 else token


def phrase_roots(phrase: str) -> tuple[str, ...]:
    """The content-word roots of a physics phrase ('dam break' -> ('dam', 'break'))."""
    return tuple(dict.fromkeys(word_root(t) for t in tokenize(phrase) if t not in _LOOSE_STOP))


def loose_phrase_matches(tokens: list[str], ontology: Ontology, taken: list[Match],
                         example_mask: list[bool] | None = None) -> list[Match]:
    """Physics phrases of a named flow (one with a tutorial) said in another word order or with
    inflected words ("a breaking dam", "the dam that breaks", "bubbles rising in a column"): every
    content word of the phrase within a span of at most its word count + LOOSE_SLACK content words,
    outside the phrases already matched, not negated before or inside the span ("no sloshing in the tank",
    "the dam is not breaking").
    Phrases of one content word are left to the exact match."""
    used = [False] * len(tokens)
    for m in taken:
        if m.term.kind == "phrase":  # a keyword ('sloshing', 'heated') may be a phrase's word too
            used[m.start : m.start + m.length] = [True] * m.length
    matched = {m.term.name for m in taken if m.term.kind == "phrase"}
    roots = [word_root(t) for t in tokens]
    found: list[Match] = []
    for phrase, spec in ontology.physics_phrases.items():
        wanted = phrase_roots(phrase)
        if phrase in matched or not spec.tutorial or len(wanted) < 2:
            continue
        span = _shortest_span(roots, used, wanted)
        if span is None or _content_words(tokens[span[0] : span[1]]) > len(wanted) + LOOSE_SLACK or \
                _NEGATIONS & set(tokens[max(0, span[0] - 1) : span[1]]):
            continue
        in_example = bool(example_mask and example_mask[span[0]])
        found.append(Match(term=Term(kind="phrase", name=phrase), start=span[0], length=span[1] - span[0],
                           in_example=in_example))
    return found


def _content_words(tokens: list[str]) -> int:
    return sum(t not in _LOOSE_STOP for t in tokens)


def _shortest_span(roots: list[str], used: list[bool], wanted: tuple[str, ...]) -> tuple[int, int] | None:
    """The shortest [start, end) window of free tokens holding every wanted root, or None."""
    best: tuple[int, int] | None = None
    for start, r in enumerate(roots):
        if used[start] or r not in wanted:
            continue
        missing = set(wanted) - {r}
        end = start + 1
        while missing and end < len(roots):
            if not used[end]:
                missing.discard(roots[end])
            end += 1
        if not missing and (best is None or end - start < best[1] - best[0]):
            best = (start, end)
    return best


# --- intent cues ------------------------------------------------------------------------------

SYMPTOMS = re.compile(
    r"\b(crash\w*|diverg\w*|blow\w* up|blew up|fatal|errors?|fail\w*|floating point exception|sigfpe|fpe|"
    r"nan|bounding|unbounded|not converg\w*|(?:doesn't|does not|won't|will not) (?:converge|run|start)|"
    r"plateau\w*|stall\w*|stuck|unstable|instabilit\w*|oscillat\w*|negative (?:values?|pressure|volumes?|temperature)|"
    r"core dumped|segmentation fault|warning|dropping|goes wrong|problem|issue)\b"
)
COMMAND_VERBS = frozenset(
    "set setup simulate run use change increase decrease reduce raise lower switch convert add move modify "
    "create build make mesh generate refine coarsen replace update double halve write prepare configure "
    "model compute solve start remove introduce apply".split()
)
HOWTO = re.compile(
    r"\b(?:how (?:do|can|should|would) i|i (?:want|need|would like|'d like) to|help me) "
    r"(?:set ?up|simulate|model|run|create|build|mesh|configure|prepare|make)\b"
)
QUESTION_WORDS = frozenset("how what why which when where is are can could should does do did will".split())
LEADING_FILLER = frozenset("now please then next also and so first finally".split())
_EXAMPLE = re.compile(r"\[(?:example|e\.g\.)[^\]]*\]", re.I | re.S)
_SENTENCE = re.compile(r"(?<=[.?!])\s+|\n\s*\n")


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(_EXAMPLE.sub(" ", text)) if s.strip()]


def _first_word(sentence: str) -> str:
    words = [w for w in tokenize(sentence)]
    while words and words[0] in LEADING_FILLER:
        words.pop(0)
    return words[0] if words else ""


class Cues(BaseModel):
    model_config = ConfigDict(extra="forbid")

    symptoms: list[str]
    asks: bool
    commands: bool


def intent_cues(text: str) -> Cues:
    """Symptoms reported, whether it asks a question, whether it commands a set-up or edit."""
    body = _EXAMPLE.sub(" ", text).lower()
    sentences = _sentences(text)
    asks = "?" in body or any(_first_word(s) in QUESTION_WORDS for s in sentences)
    commands = any(_first_word(s) in COMMAND_VERBS for s in sentences) or bool(HOWTO.search(body))
    symptoms = sorted({m.group(0) for m in SYMPTOMS.finditer(body)})
    return Cues(symptoms=symptoms, asks=asks, commands=commands)


# --- the route --------------------------------------------------------------------------------

class PhraseHint(BaseModel):
    model_config = ConfigDict(extra="forbid")

    phrase: str
    solver: str
    turbulence: str | None = None
    tutorial: str | None = None
    tools: list[str] = Field(default_factory=list)
    features: list[str] = Field(default_factory=list)


class Route(BaseModel):
    """What the retriever needs to know about a request."""

    model_config = ConfigDict(extra="forbid")

    mode: Mode
    categories: list[str] = Field(description="best first")
    category_scores: dict[str, float]
    tool: str | None = Field(None, description="the primary active tool")
    tools: list[str] = Field(default_factory=list, description="active tools, primary first")
    terms: list[str] = Field(default_factory=list, description="canonical spellings of aliases matched")
    phrases: list[PhraseHint] = Field(default_factory=list)
    symptoms: list[str] = Field(default_factory=list, description="problem words the request reports")
    identifiers: list[str] = Field(default_factory=list,
                                   description="OpenFOAM-style identifiers typed in the request (GAMG, nOuterCorrectors)")
    reason: str


def _score(match: Match) -> float:
    base = {"keyword": 1.0, "alias": 2.0, "tool": 2.0, "phrase": 2.0}[match.term.kind]
    return (base + 0.5 * (match.length - 1)) * (0.5 if match.in_example else 1.0)


def _example_mask(text: str) -> tuple[list[str], list[bool]]:
    tokens: list[str] = []
    mask: list[bool] = []
    pos = 0
    for m in _EXAMPLE.finditer(text):
        before = tokenize(text[pos : m.start()])
        inside = tokenize(m.group(0))
        tokens += before + inside
        mask += [False] * len(before) + [True] * len(inside)
        pos = m.end()
    rest = tokenize(text[pos:])
    return tokens + rest, mask + [False] * len(rest)


def classify(text: str, ontology: Ontology | None = None, *, case_tool: str | None = None) -> Route:
    """Categories, active tools and mode of a request (pure; well under a millisecond)."""
    onto = ontology or load_ontology()
    index = term_index(onto)
    tokens, mask = _example_mask(text)
    matches = find_terms(tokens, index, mask)
    matches = sorted(matches + loose_phrase_matches(tokens, onto, matches, mask), key=lambda m: m.start)

    scores: dict[str, float] = {}
    named: list[tuple[float, str]] = []  # (priority, tool): lower is more primary
    implied: list[str] = []
    terms: list[str] = []
    phrases: list[PhraseHint] = []
    tool_category = {a: c for c, cat in onto.categories.items() for a in cat.aliases if a in onto.tools}
    for m in matches:
        term, weight = m.term, _score(m)
        if term.category:
            scores[term.category] = scores.get(term.category, 0.0) + weight
        if term.kind == "alias" and term.name not in terms:
            terms.append(term.name)
        if term.kind == "tool":
            demoted = m.in_example or "from" in tokens[max(0, m.start - 3) : m.start]
            named.append((m.start + (10_000 if demoted else 0), term.name))
            if term.name in tool_category:
                scores[tool_category[term.name]] = scores.get(tool_category[term.name], 0.0) + weight
        elif term.kind == "alias" and term.name in onto.tools:
            implied.append(term.name)
        elif term.kind == "phrase":
            p = onto.physics_phrases[term.name]
            phrases.append(PhraseHint(phrase=term.name, solver=p.solver, turbulence=p.turbulence,
                                      tutorial=p.tutorial, tools=p.tools, features=p.features))
            cat = tool_category.get(p.solver)
            if cat:
                scores[cat] = scores.get(cat, 0.0) + weight

    named_tools = list(dict.fromkeys(t for _, t in sorted(named)))
    solver_named = any(onto.tools[t].stage == "solver" for t in named_tools if not _only_in_example(t, matches))
    phrase_tools = [t for p in phrases for t in [p.solver, *p.tools]]  # after named tools: secondary
    case_tools = [case_tool] if case_tool and case_tool in onto.tools else []
    ordered = named_tools + case_tools if solver_named else case_tools + named_tools
    tools = [t for t in dict.fromkeys([*ordered, *phrase_tools, *implied]) if t in onto.tools]

    cues = intent_cues(text)
    mode, reason = decide_mode(cues, bool(tools))
    if mode == "expert" and cues.symptoms:  # a reported problem: its categories lead
        scores = {c: s * (TROUBLE_BOOST if c in TROUBLE_CATEGORIES else 1.0) for c, s in scores.items()}
    ranked = sorted(scores, key=lambda c: (-scores[c], list(onto.categories).index(c)))
    return Route(mode=mode, categories=ranked, category_scores={c: round(scores[c], 2) for c in ranked},
                 tool=tools[0] if tools else None, tools=tools, terms=terms, phrases=phrases,
                 symptoms=cues.symptoms, identifiers=identifiers(_EXAMPLE.sub(" ", text)), reason=reason)


_IDENTIFIER = re.compile(r"(?<![\w.])(?:[a-z]+[A-Z][\w.]*|[A-Z]{3,}[\w.]*)")


def identifiers(text: str) -> list[str]:
    """camelCase words and acronyms of 3+ capitals, in order, without repeats."""
    return list(dict.fromkeys(m.group(0).rstrip(".") for m in _IDENTIFIER.finditer(text)))


def _only_in_example(tool: str, matches: Iterable[Match]) -> bool:
    hits = [m for m in matches if m.term.kind == "tool" and m.term.name == tool]
    return bool(hits) and all(m.in_example for m in hits)


def decide_mode(cues: Cues, has_tool: bool) -> tuple[Mode, str]:
    """The mode rule (see the module docstring), with the reason in words."""
    if cues.symptoms and not cues.commands:
        return "expert", f"reports a problem ({', '.join(cues.symptoms[:3])})"
    if cues.asks and not (cues.commands and has_tool):
        return "expert", "a question without a set-up request for a named tool"
    if has_tool:
        return "workflow", "a set-up request that names or implies a solver/utility"
    if cues.commands:
        return "workflow", "an edit of the case at hand"
    return "expert", "no solver, utility or set-up request recognised"


# --- the tool-dependency walk --------------------------------------------------------------------

def tool_neighbours(ontology: Ontology, tools: Iterable[str], depth: int = 1) -> list[str]:
    """Tools within `depth` edges (implies + tool_edges, both directions), excluding `tools`."""
    if depth < 0:
        raise ValueError(f"depth must be >= 0, got {depth}")
    adjacency: dict[str, set[str]] = {}
    edges = [(a, b) for a, t in ontology.tools.items() for b in t.implies] + list(ontology.tool_graph.tool_edges)
    for a, b in edges:
        adjacency.setdefault(a, set()).add(b)
        adjacency.setdefault(b, set()).add(a)
    start = [t for t in tools if t in ontology.tools]
    seen, frontier = set(start), set(start)
    for _ in range(depth):
        frontier = {n for t in frontier for n in adjacency.get(t, ())} - seen
        seen |= frontier
    return sorted(seen - set(start))
