"""Solver controls and switches a request states in words, read as stated quantities.

Controls are the counts and targets of fvSolution's algorithm dictionary ("3 non-orthogonal
correctors", "two outer correctors", "residuals down to 1e-5", "relax p by 0.3"); switches
are the on/off entries of a case's dictionaries ("no momentum predictor", "without rotation",
"radiation off"). The switch names are the ones the installed tutorials really have (a
`Switch` entry of a constant/ dictionary or of fvSolution), spoken as words: rotating is
"rotation", "rotating", "non-rotating"; momentumPredictor is "momentum predictor". Numeric
entries of controlDict and fvSolution are read by their names or words too ("maxAlphaCo 0.5",
"2 alpha sub-cycles"), with the by-name matching tasks.plan.named uses for every dictionary
(find_named: an entry's name, a phrase of canonical/entry_names.yaml, a number after or before).
Pure apart from reading the tutorials and canonical/*.yaml once. The unit-less run controls
(tasks/plan/controls_run.py) and the mesh refinement words (tasks/plan/controls_refine.py) live in
their own modules and are re-exported here.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import yaml

from tasks.core.cache import cached_json, tutorials_stamp
from tasks.core.paths import CANONICAL_DIR
from tasks.foam import dictionary as fd
from tasks.foam.files import read_text
from tasks.plan.extract import _QUANTITY, _kind_of, normalise, parse_number
from tasks.plan.bind_relax import is_relaxation_entry, is_residual_entry
from tasks.plan.controls_modifier import switch_modifier
from tasks.plan.controls_refine import mesh_refinement, refinement_direction, total_cells  # noqa: F401 (re-exported)
from tasks.plan.controls_run import NUM, Control, run_controls, write_count  # noqa: F401 (re-exported)

SWITCH_WORDS = {"on": "off", "off": "on", "yes": "no", "no": "yes", "true": "false", "false": "true"}

# counts of fvSolution's algorithm dictionary, by the word before "correctors"
_COUNT_KEYS = (("non", "nNonOrthogonalCorrectors"), ("outer", "nOuterCorrectors"), ("", "nCorrectors"))
_KIND = r"non[- ]?orth(?:ogonal|o)?\.?|outer|piso|pressure|inner"
_CORRECTORS = r"correct(?:or|ion|ing)s?(?:\s+(?:loops?|steps?|iterations?|passes|sweeps))?\b"
_COUNT_AFTER = re.compile(rf"(?<![\w.])(?P<n>\d+)\s*(?:(?P<kind>{_KIND})[- ]?\s*)?{_CORRECTORS}"
                          rf"|(?<![\w.])(?P<n2>\d+)\s+(?P<kind2>outer)\s+(?:loops?|iterations?)\b"
                          rf"|\b(?P<kind3>outer)\s+(?:loops?|iterations?)\s*(?:=|:|of)?\s*(?P<n3>\d+)(?![\d.])", re.I)
_COUNT_BEFORE = re.compile(rf"\b(?P<kind>{_KIND})?[- ]?\s*{_CORRECTORS}\s*(?:=|:|of|to|set to|at)?\s*"
                           rf"(?P<n>\d+)(?![\d.]|\s*(?:%|[a-z]{{1,3}}\b))", re.I)
_RESIDUAL = re.compile(rf"\b(?:residuals?|convergence)\b(?:\s+[a-z]+){{0,4}}?\s*(?:=|:)?\s*(?P<num>{NUM})"
                       rf"|\bconverge[sd]?\s+(?:to|below|until)\s+(?:residuals?\s+(?:of\s+)?)?(?P<num2>{NUM})", re.I)
_FIELD = r"pressure|velocity|momentum|temperature|energy|enthalpy|turbulence|p_rgh|p|U|T|h|k|epsilon|omega"
_RELAX = re.compile(rf"(?:\b(?P<f1>{_FIELD})\s+)?\b(?:under[- ]?)?relax(?:ation|ed|ing|es)?(?:\s+factors?)?"
                    rf"(?:\s+(?:(?:for|on|of)\s+)?(?:the\s+)?(?P<f2>{_FIELD})\b)?"
                    r"(?:\s+with\s+an?\s+(?:under[- ]?)?relaxation\s+factor)?"
                    rf"\s*(?:of|=|:|to|by|at)?\s*(?P<num>{NUM})"
                    rf"(?:\s+(?:for|on)\s+(?:the\s+)?(?P<f3>{_FIELD})\b)?", re.I)
_RELAX_MORE = re.compile(rf"\s*(?:,|and|,\s*and)\s*(?:(?P<fa>{_FIELD})\s+)?(?P<num>{NUM})"
                         rf"(?:\s+(?:for|on)\s+(?:the\s+)?(?P<fb>{_FIELD})\b)?", re.I)
# a linear solver's tolerance: "tolerance 1e-8 for p", "p solver tolerance 1e-7", "relTol 0.01 on U",
# "relative tolerance of 0.05", "absolute tolerance 1e-9" (a tolerance is the absolute one)
_TOLERANCE = re.compile(rf"(?:\b(?P<f1>{_FIELD})\s+)?(?:(?:linear|matrix)\s+)?(?:solver\s+)?"
                        rf"\b(?P<rel>rel(?:ative)?\.?\s*)?(?:abs(?:olute)?\.?\s*)?tol(?:erance|\.)?s?\b"
                        rf"(?:\s+(?:for|on|of)\s+(?:the\s+)?(?P<f2>{_FIELD})\b(?:\s+solver)?)?"
                        rf"\s*(?:of|=|:|to|at)?\s*(?P<num>{{NUM}})"
                        rf"(?:\s+(?:for|on)\s+(?:the\s+)?(?P<f3>{_FIELD})\b)?".replace("{NUM}", NUM), re.I)
# the fields a word names, in the order a base may hold them
FIELD_NAMES = {"pressure": ["p_rgh", "p"], "velocity": ["U"], "momentum": ["U"], "temperature": ["T", "h", "e"],
               "energy": ["h", "e", "T"], "enthalpy": ["h"], "turbulence": ["k", "epsilon", "omega", "nuTilda"]}

_OFF_BEFORE = re.compile(r"(?:\b(?:(?:not|never)\s+(?:use|include|enable|solve|apply)|no|without|not|disable[sd]?|"
                         r"disabling|deactivat(?:e|es|ed|ing)|(?:turn|switch)(?:s|es|ed|ing)?\s+off|"
                         r"neglect(?:s|ed|ing)?|ignor(?:e|es|ed|ing)|exclud(?:e|es|ed|ing)|zero)"
                         r"(?:\s+(?:the|any|a|an))?\s+|\bnon[- ]?)$")
_ON_BEFORE = re.compile(r"\b(?:with|enable[sd]?|enabling|activat(?:e|es|ed|ing)|(?:turn|switch)(?:s|es|ed|ing)?\s+on|"
                        r"includ(?:e|es|ed|ing)|use|using)(?:\s+(?:the|a|an))?\s+$")
_OFF_AFTER = re.compile(r"^\s*(?:(?:is|are|should be|must be|stays?|kept)\s+)?(?:=|:)?\s*"
                        r"(?:off|disabled|false|no|(?:switched|turned)\s+off|deactivated|neglected|ignored)\b")
_ON_AFTER = re.compile(r"^\s*(?:(?:is|are|should be|must be|stays?|kept)\s+)?(?:=|:)?\s*"
                       r"(?:on(?!\s+(?:the|a|an|each|every|all|its|both|those|these)\b)|enabled|true|yes|"
                       r"(?:switched|turned)\s+on|activated)\b")  # "drag on the bubbles": a preposition
# switches no request sets: bookkeeping, or chosen elsewhere (the turbulence model by the recipes)
_NOT_SPOKEN = {"printCoeffs", "turbulence", "active", "log", "report", "enabled", "master", "defaultCoeffs",
               "clip", "equilibrium", "symmetric", "newFormat"}


# values named by an entry's name or meaning ("DT 0.002", "Young's modulus 70 GPa", "maxAlphaCo 0.5"):
# the matching tasks.plan.named and the named controls below share
_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_LINKWORD = r"(?:=|:|of|is|to|at|be|are|as|equal to|set to|becomes|around|about|~)"
# "DT 0.002", "D = 5e3", "the diffusivity between them should be 1e-8": a few words may sit between
# the name and the number, but then a linking word must come right before the number
_LINK = (rf"\s*(?:\([^)]*\)\s*)?(?:(?:[A-Za-z'-]+\s+|\d+\s+(?=[A-Za-z]{{3,}})){{0,6}}?{_LINKWORD}\s*|{_LINKWORD}?\s*)"
         r"(?:of\s+|about\s+|around\s+)?")
_SYMBOL_LINK = r"\s*(?:=|:)?\s*"
_COMMON = {"on", "off", "in", "to", "a", "an", "the", "and", "or", "of", "is", "at", "by", "as", "it", "no", "yes",
           "type", "value", "values", "name", "model", "file", "mesh", "inlet", "outlet", "wall", "walls", "p", "U",
           "T", "k", "x", "y", "z", "s", "m", "K", "e", "d", "f", "r", "E", "h"}


@lru_cache(maxsize=1)
def aliases() -> dict[str, list[str]]:
    data = yaml.safe_load((CANONICAL_DIR / "entry_names.yaml").read_text()) or {}
    return {phrase.lower(): list(names) for phrase, names in data.items()}


def _value_after(text: str, at: int, link: str = _LINK) -> tuple[float, str, int] | None:
    """(SI value, its text, its start) of the number right after position `at`; None for one side of a
    ratio ("O2 = 1:1" states a composition, no value of O2)."""
    ratio = re.match(rf"\s*(?:=|:)?\s*{_NUM}\s*:\s*\d", text[at:])
    if ratio:
        return None
    direct = re.match(rf"\s*(?:=|:)?\s*(?P<num>{_NUM})", text[at:])
    q = _QUANTITY.match(text, at + direct.start("num")) if direct else None
    if q is not None and q.start() == at + direct.start("num"):  # "above 95 degC with a rate of 50": the 95 degC
        kind, scale, offset = _kind_of(q.group("unit"))
        return parse_number(q.group("num")) * scale + offset, q.group(0), q.start()
    m = re.match(link + rf"(?P<num>{_NUM})", text[at:])
    between = re.sub(r"\b\d+\s+[A-Za-z]{3,}\b", "", text[at:at + m.start("num")]) if m else ""  # "the 2 liquids"
    if m and re.search(r"[\d.,;]", between):
        return None  # another number or clause lies between the name and this one
    if not m:
        return None
    start = at + m.start("num")
    q = _QUANTITY.match(text, start)
    if q is not None and q.start() == start:
        kind, scale, offset = _kind_of(q.group("unit"))
        return parse_number(q.group("num")) * scale + offset, q.group(0), start
    part = re.match(r"(\d+)\s+(half|halves|thirds?|quarters?|fifths?|tenths?)\b", text[start:])
    if part:  # "one half" (normalised to "1 half")
        den = {"hal": 2, "thi": 3, "qua": 4, "fif": 5, "ten": 10}[part.group(2)[:3]]
        return int(part.group(1)) / den, part.group(0), start
    mass = re.match(rf"({_NUM})\s*(kg|g|mg|ug|µg|grams?|milligrams?|kilograms?)(?![\w/])", text[start:])
    if mass:  # "5 mg" injected: kg, as the dictionaries hold it
        unit = mass.group(2).lower()
        scale = 1.0 if unit.startswith("k") else 1e-6 if unit.startswith("m") else \
            1e-9 if unit in ("ug", "µg") else 1e-3
        return float(f"{float(mass.group(1)) * scale:.12g}"), mass.group(0), start
    pct = re.match(rf"({_NUM})\s*(%|percent)", text[start:])
    if pct:
        return float(pct.group(1)) / 100, pct.group(0), start
    return float(m.group("num")), m.group("num"), start


# a noun that makes the entry's name the head of a compound ("length scale", "time step", "velocity value")
_COMPOUND_HEAD = re.compile(r"\b(?:length|time|velocity|mixing|integral|eddy|turbulen(?:t|ce)|energy|pressure"
                            r"|temperature)[\s-]+$", re.I)


def _phrase_pattern(pattern: str) -> re.Pattern[str]:
    """A phrase as a whole word: not the tail of a hyphenated word (the omega of "k-omega SST"
    names a model, not the entry)."""
    return re.compile(rf"(?<![\w'-])({pattern})(?![\w])")


@lru_cache(maxsize=1)
def _alias_patterns() -> list[tuple[re.Pattern[str], list[str]]]:
    """The phrases of canonical/entry_names.yaml, longest first, as the request text is normalised
    ("zero-shear viscosity" -> "0-shear viscosity"), compiled once: a few hundred patterns would
    otherwise be normalised and compiled again for every request (and overflow re's cache)."""
    return [(_phrase_pattern(re.escape(normalise(phrase).lower())), names)
            for phrase, names in sorted(aliases().items(), key=lambda kv: -len(kv[0]))]


def find_named(text: str, entries: dict[str, list[tuple[str, list[str]]]],
               spoken: dict[str, str] | None = None) -> list[tuple[str, float, str, int]]:
    """(entry name, value, value text, position) for every entry the request sets by name.

    `entries` maps an entry name to where the base has it ([(file, key path), ...]); `spoken`
    maps an entry name to a regex for its words in prose ("alpha sub-?cycles"), tried before
    the phrases of canonical/entry_names.yaml."""
    text = normalise(text)
    low = text.lower()
    found: dict[int, tuple[str, float, str, int]] = {}
    phrases = [(_phrase_pattern(pattern), [name])
               for name, pattern in sorted((spoken or {}).items(), key=lambda kv: -len(kv[1]))]
    phrases += _alias_patterns()
    said: list[tuple[int, int]] = []  # where a phrase was found: a shorter one inside it is not said
    for pattern, names in phrases:  # ("surface diffusivity" in a base with DT only: not "diffusivity")
        name = next((n for n in names if n in entries), None)
        for m in pattern.finditer(low):
            if any(s <= m.start() and m.end() <= e and e - s > m.end() - m.start() for s, e in said):
                continue
            said.append(m.span())
            if name is None:
                continue
            got = _value_after(text, m.end())
            before = re.search(rf"(?<![\w.])({_NUM})(\s*(?:%|percent\b))?\s+(?:\w+\s+)?$",
                               text[max(0, m.start() - 20):m.start()])
            if got is None and before is not None:  # "3 non-orthogonal correctors", "30 % volatility"
                start = m.start() - len(text[max(0, m.start() - 20):m.start()]) + before.start(1)
                scale = 0.01 if before.group(2) else 1.0
                got = (float(before.group(1)) * scale, before.group(1) + (before.group(2) or ""), start)
            if got and got[2] not in found:
                found[got[2]] = (name, got[0], got[1], got[2])
    for name in entries:
        symbol = name in _COMMON or len(name) < 2
        # a one-letter symbol binds only to an entry the base has exactly once, its residual target
        # and relaxation factor aside ("residualControl U 1e-5": the binder picks by the list's words)
        if symbol and (not entries[name] or len([w for w in entries[name] if not (
                is_residual_entry(*w) or is_relaxation_entry(*w))]) > 1):
            continue
        for m in re.finditer(rf"(?<![\w.'-]){re.escape(name)}(?![\w.'])", text):
            if _COMPOUND_HEAD.search(text[max(0, m.start() - 25):m.start()]):
                continue  # "turbulent length scale 1 cm": the head of another noun, not the entry scale
            if re.search(rf"(?<![\w.]){_NUM}\s*$", text[max(0, m.start() - 25):m.start()]) and \
                    not re.match(rf"{_SYMBOL_LINK}{_NUM}", text[m.end():]):
                continue  # "90 rpm": the unit of the number before it, not the entry rpm ("nu 0.3 rho 2700" is)
            if re.match(rf"{_SYMBOL_LINK}{_NUM}-[A-Za-z]", text[m.end():]):
                continue  # "a 2-layer bar": the number of a compound word, no value of the entry a
            got = _value_after(text, m.end(), _SYMBOL_LINK if symbol else _LINK)
            if got and got[2] not in found:
                found[got[2]] = (name, got[0], got[1], got[2])
    return sorted(found.values(), key=lambda f: f[3])



def _count_key(kind: str | None) -> str:
    word = (kind or "").lower()
    return next(key for prefix, key in _COUNT_KEYS if word.startswith(prefix))


def solver_controls(text: str, names: frozenset[str] | None = None) -> list[Control]:
    """The corrector counts, residual targets and relaxation factors the text states (number
    words already written as digits), and the numeric controlDict / fvSolution entries it names
    (`names`, else every one the installed tutorials have)."""
    out: list[Control] = []
    taken: list[tuple[int, int]] = []

    def add(key: str, value: float, words: str, span: tuple[int, int], number: tuple[str, int] | None = None) -> None:
        if not any(a < span[1] and span[0] < b for a, b in taken):
            out.append(Control(key, value, words, span[0], *(number or (None, None))))
            taken.append(span)

    # named first: "alpha correctors 2" is nAlphaCorr, not the "correctors 2" of nCorrectors
    for name, value, words, start, raw, at in named_controls(text, control_names() if names is None else names):
        add(name, value, words, (start, start + len(words)), (raw, at))
    # "write every 500", "keep the last 2 time directories": read from their words alone (no other
    # quantity holds their number: read_stated drops what lies in a control's words)
    for c in run_controls(text):
        add(c.key, c.value, c.text, (c.start, c.start + len(c.text)))

    for m in _COUNT_AFTER.finditer(text):
        n, kind = next((m.group(f"n{i}"), m.group(f"kind{i}")) for i in ("", "2", "3") if m.group(f"n{i}"))
        add(_count_key(kind), float(n), m.group(0), m.span())
    for m in _COUNT_BEFORE.finditer(text):
        add(_count_key(m.group("kind")), float(m.group("n")), m.group(0), m.span())
    for m in _RESIDUAL.finditer(text):
        value = float(m.group("num") or m.group("num2"))
        if re.search(rf"\s(?:{_FIELD})\s*[:=]?\s*$", m.group(0)[:m.start("num") - m.start()] if m.group("num") else ""):
            continue  # "residualControl p 1e-4 U 1e-5": each field's own target (the by-name binder's)
        if 0 < value <= 0.1:  # a residual target, not "residuals ... 400 iterations"
            add("residualControl", value, m.group(0), m.span())
    for m in _RELAX.finditer(text):
        field = m.group("f1") or m.group("f2") or m.group("f3") or ""
        if 0 < float(m.group("num")) <= 1:
            add(f"relaxationFactors:{field}", float(m.group("num")), m.group(0), m.span())
        at = m.end()
        while more := _RELAX_MORE.match(text, at):  # "relax p 0.3 and U 0.7"
            other = more.group("fa") or more.group("fb")
            if not other or not 0 < float(more.group("num")) <= 1:
                break
            add(f"relaxationFactors:{other}", float(more.group("num")), more.group(0).strip(" ,"), more.span())
            at = more.end()
    for m in _TOLERANCE.finditer(text):
        field = m.group("f1") or m.group("f2") or m.group("f3") or ""
        if 0 <= float(m.group("num")) < 1:
            add(f"solvers:{'relTol' if m.group('rel') else 'tolerance'}:{field}", float(m.group("num")), m.group(0),
                m.span())
    return sorted(out, key=lambda c: c.start)


# numeric entries of controlDict and fvSolution a request names ("maxAlphaCo 0.5", "2 alpha subcycles") --
# read by other readers already: run times, the Courant number, linear-solver tolerances; bookkeeping
_NOT_NAMED = {"startTime", "endTime", "deltaT", "writeInterval", "timePrecision", "writePrecision", "maxCo",
              "tolerance", "relTol", "cycleWrite", "writeNowSignal"}
# spoken only by their exact names: "maximum 500 iterations" is a run length, not GAMG's maxIter
_EXACT_ONLY = {"maxIter", "minIter", "pRefCell", "pRefValue", "pMin", "pMax", "rhoMin", "rhoMax"}
# how a part of a camelCase entry name is said
_SPOKEN_PARTS = {"max": r"max(?:imum|\.)?", "min": r"min(?:imum|\.)?", "co": r"(?:courant|co)(?:[\s-]+number)?",
                 "corr": r"correct(?:ors?|ions?)", "iter": r"iter(?:ations?)?", "sub": "sub",
                 "cycles": r"cycl(?:es?|ing)", "t": "t"}


def _control_names_in(paths: list[Path]) -> dict[str, list[str]]:
    """{where: names} of the numeric entries of these controlDicts (top level) and fvSolutions
    (a solver's, an algorithm dictionary's): where is controlDict, solvers or algorithm."""
    found: dict[str, set[str]] = {"controlDict": set(), "solvers": set(), "algorithm": set()}
    for path in paths:
        if not path.is_file():
            continue
        for entry, raw in fd.leaves(read_text(path) or ""):
            if not re.fullmatch(NUM, " ".join(fd.strip_comments(raw).split())) or \
                    not re.fullmatch(r"[a-z]+[A-Z]\w*", entry[-1]):
                continue
            if path.name == "controlDict" and len(entry) == 1:
                found["controlDict"].add(entry[0])
            elif path.name == "fvSolution" and len(entry) == 3 and entry[0] == "solvers":
                found["solvers"].add(entry[2])
            elif path.name == "fvSolution" and len(entry) == 2 and entry[0] not in ("solvers", "relaxationFactors"):
                found["algorithm"].add(entry[1])
    return {where: sorted(names - _NOT_NAMED) for where, names in found.items()}


@lru_cache(maxsize=4)
def installed_controls(root: str) -> dict[str, list[str]]:
    """_control_names_in over the installed tutorials, read once per installation (cached)."""
    return cached_json("control_names", tutorials_stamp(Path(root), "v1"), lambda: _control_names_in(
        [*Path(root).rglob("system/controlDict"), *Path(root).rglob("system/fvSolution")]))


def control_names(root: str | None = None) -> frozenset[str]:
    """Every numeric controlDict / fvSolution entry name the installed tutorials have (camelCase,
    not read by another reader)."""
    if root is None:
        from tasks.core.config import get_settings

        root = str(get_settings().tutorials_dir)
    return frozenset(n for names in installed_controls(root).values() for n in names)


def spoken_control(name: str) -> str | None:
    """A regex for a control entry in prose: nAlphaSubCycles -> 'alpha sub-cycles', maxAlphaCo
    -> 'max(imum) alpha Courant (number)', nAlphaCorr -> 'alpha correctors'; None when only the
    exact name says it (one word, or an _EXACT_ONLY name)."""
    words = [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+", name)]
    if words[:1] == ["n"] and len(words) > 2:
        words = words[1:]  # "n" is "the number of"
    if name in _EXACT_ONLY or len(words) < 2:
        return None
    parts = [_SPOKEN_PARTS.get(w, re.escape(w) + ("s?" if len(w) > 3 else "")) for w in words]
    # words apart ("n correctors" is not the name nCorrectors); "sub cycles" may be one word
    return (r"(?:number\s+of\s+)?" + r"[\s-]+".join(parts)).replace(r"sub[\s-]+", r"sub[\s-]?")


def named_controls(text: str, names: frozenset[str] | set[str]) -> list[tuple[str, float, str, int, str, int]]:
    """(entry name, value, words, their position, the number, its position) of each control of
    `names` the text names with a number, by its exact name ("nAlphaCorr 2"), its spoken words
    ("2 alpha subcycles") or a phrase of canonical/entry_names.yaml; the words run from the name
    to the number (or from the number to the name)."""
    spoken = {n: p for n in names if (p := spoken_control(n))}
    low = text.lower()
    out = []
    for name, value, raw, at in find_named(text, {n: [("", [n])] for n in names}, spoken):
        said = [re.escape(name.lower())] + ([spoken[name]] if name in spoken else []) + \
            [re.escape(p) for p, ns in aliases().items() if name in ns]
        pattern = rf"(?<![\w'-])(?:{'|'.join(said)})(?!\w)"
        before = [m for m in re.finditer(pattern, low[max(0, at - 80):at])]
        after = re.compile(pattern).search(low, at + len(raw), at + len(raw) + 40)
        if before:
            start = max(0, at - 80) + before[-1].start()
            words = text[start:at + len(raw)]
        elif after:
            start, words = at, text[at:after.end()]
        else:
            start, words = at, raw
        out.append((name, value, words, start, raw, at))
    return out


def solver_entries(fv_solution: str, fields: list[str], key: str) -> list[list[str]]:
    """The `solvers/<name>/<key>` entries of fvSolution that apply to these fields (a name, a
    quoted regex such as "(U|k|epsilon).*" or a Final variant covering one of them); every
    solver's entry when `fields` is empty. Only entries the dictionary already has."""
    out: list[list[str]] = []
    for name in fd.keys(fv_solution, ["solvers"]):
        pattern = fd.unquote(name)
        try:
            covers = not fields or any(re.fullmatch(pattern, f) or re.fullmatch(pattern, f + "Final") for f in fields)
        except re.error:
            covers = not fields or name in fields
        if covers and fd.find(fv_solution, ["solvers", name, key]) is not None:
            out.append(["solvers", name, key])
    return out


def _switches_in(paths: list[Path]) -> set[str]:
    """The names of the on/off entries of these dictionaries (not a function object's)."""
    names: set[str] = set()
    for path in paths:
        if not path.is_file() or path.name.endswith((".orig", ".org", ".gz")):
            continue
        for entry, raw in fd.leaves(read_text(path) or ""):
            if " ".join(fd.strip_comments(raw).split()) in SWITCH_WORDS and "functions" not in entry:
                names.add(entry[-1])
    return names


def _scan_switches(root: str) -> dict[str, list[str]]:
    """{"all": every switch entry name of constant/ dictionaries and fvSolution, "algorithm":
    those of fvSolution's algorithm dictionaries} over the tutorials under root (~1,800 files)."""
    names = _switches_in([*Path(root).rglob("constant/*"), *Path(root).rglob("system/fvSolution")])
    algorithm: set[str] = set()
    for path in Path(root).rglob("system/fvSolution"):
        for entry, raw in fd.leaves(read_text(path) or ""):
            if len(entry) == 2 and entry[0] not in ("solvers", "relaxationFactors") and \
                    " ".join(fd.strip_comments(raw).split()) in SWITCH_WORDS:
                algorithm.add(entry[1])
    return {"all": sorted(names), "algorithm": sorted(algorithm)}


@lru_cache(maxsize=4)
def _installed_switches(root: str) -> dict[str, list[str]]:
    """_scan_switches, read once per installation (a JSON cache under the data dir)."""
    return cached_json("switch_names", tutorials_stamp(Path(root), "v1"), lambda: _scan_switches(root))


@lru_cache(maxsize=4)
def switch_names(root: str) -> frozenset[str]:
    """Every on/off entry of the installed tutorials' constant/ dictionaries and fvSolution,
    but for the bookkeeping ones."""
    names = _installed_switches(root)["all"]
    return frozenset(n for n in names if len(n) > 3 and n not in _NOT_SPOKEN and not re.search(r"\d|^write|^print", n))


@lru_cache(maxsize=4)
def algorithm_switches(root: str) -> frozenset[str]:
    """The switches tutorials keep in fvSolution's algorithm dictionaries (momentumPredictor,
    consistent, transonic, ...): a base that lacks one takes it there."""
    return frozenset(set(_installed_switches(root)["algorithm"]) & switch_names(root))


@lru_cache(maxsize=1)
def _switch_aliases() -> dict[str, str]:
    """Other words for a switch (canonical/switch_names.yaml): "Coriolis" is the rotating frame."""
    data = yaml.safe_load((CANONICAL_DIR / "switch_names.yaml").read_text()) or {}
    return {phrase.lower(): name for phrase, name in data.items()}


def spoken_switch(name: str) -> str:
    """A regex for a switch name in prose: momentumPredictor -> 'momentum[- ]?predict\\w*',
    rotating -> 'rotat\\w*' (rotation, non-rotating)."""
    words = [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+", name)] or [name.lower()]
    last = re.sub(r"(?:ing|ion|ions|ed|e|s)$", "", words[-1])
    last = last if len(last) >= 4 else words[-1]
    return r"[\s-]?".join([*map(re.escape, words[:-1]), re.escape(last) + r"\w*"])


def _turned(low: str, start: int, end: int) -> tuple[bool, str] | None:
    """(on, the words that say so) for the name at low[start:end]: "no X", "without the X",
    "non-X", "X off", "X: false"; "with X", "enable X", "X on"; None when they say neither."""
    before = re.split(r"[,;.:()\n]", low[max(0, start - 30):start])[-1]
    after = re.split(r"[,;.()\n]", low[end:end + 30])[0]
    for on, lead, tail in ((False, _OFF_BEFORE, _OFF_AFTER), (True, _ON_BEFORE, _ON_AFTER)):
        m_lead, m_tail = lead.search(before), tail.match(after)
        if m_lead or m_tail:
            words = m_lead.group(0) + low[start:end] if m_lead else low[start:end] + m_tail.group(0)  # type: ignore[union-attr]
            return on, " ".join(words.split())
    return None


def stated_switches(text: str, names: frozenset[str]) -> list[tuple[str, bool, str, int]]:
    """(switch name, on, words, position) for each switch of `names` the text turns on or off
    ("no momentum predictor", "rotation off", "with radiation"); the first statement of a
    switch wins."""
    low = text.lower()
    spoken = [(spoken_switch(n), n) for n in names]
    spoken += [(re.escape(phrase), name) for phrase, name in _switch_aliases().items() if name in names]
    found: dict[str, tuple[str, bool, str, int]] = {}
    for pattern, name in spoken:
        for m in re.finditer(rf"(?<![\w]){pattern}", low):
            if switch_modifier(low, m.start(), m.end()):
                continue  # "with the rotating zone", "a rotating fan": the word describes a part, it is no switch
            turned = _turned(low, m.start(), m.end())
            if turned and (name not in found or m.start() < found[name][3]):
                found[name] = (name, turned[0], turned[1], m.start())
    return sorted(found.values(), key=lambda h: h[3])


_GRAVITY = re.compile(r"\bgravity\b|\bgravitational (?:force|acceleration)\b")


def gravity_off(text: str) -> str | None:
    """The words that turn gravity off ("no gravity", "turn off gravity", "zero gravity",
    "gravity off"), or None."""
    low = text.lower()
    for m in _GRAVITY.finditer(low):
        turned = _turned(low, m.start(), m.end())
        if turned and not turned[0]:
            return turned[1]
    return None
