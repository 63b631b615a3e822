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
Pure apart from reading the tutorials and canonical/*.yaml once.
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
from tasks.plan.controls_relative import relative_sizes

NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
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
                       r"(?:on|enabled|true|yes|(?:switched|turned)\s+on|activated)\b")
# switches no request sets: bookkeeping, or chosen elsewhere (the turbulence model by the recipes)
_NOT_SPOKEN = {"printCoeffs", "turbulence", "active", "log", "report", "enabled", "master", "defaultCoeffs",
               "clip", "equilibrium", "symmetric", "newFormat"}


# values named by an entry's name or meaning ("DT 0.002", "Young's modulus 70 GPa", "maxAlphaCo 0.5"):
# the matching tasks.plan.named and the named controls below share
_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_LINKWORD = r"(?:=|:|of|is|to|at|be|are|equal to|set to|becomes|around|about|~)"
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
    """(SI value, its text, its start) of the number right after position `at`."""
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


def find_named(text: str, entries: dict[str, list[tuple[str, list[str]]]],
               spoken: dict[str, str] | None = None) -> list[tuple[str, float, str, int]]:
    """(entry name, value, value text, position) for every entry the request sets by name.

    `entries` maps an entry name to where the base has it ([(file, key path), ...]); `spoken`
    maps an entry name to a regex for its words in prose ("alpha sub-?cycles"), tried before
    the phrases of canonical/entry_names.yaml."""
    text = normalise(text)
    low = text.lower()
    found: dict[int, tuple[str, float, str, int]] = {}
    phrases = [(pattern, [name]) for name, pattern in sorted((spoken or {}).items(), key=lambda kv: -len(kv[1]))]
    phrases += [(re.escape(phrase), names) for phrase, names in sorted(aliases().items(), key=lambda kv: -len(kv[0]))]
    for pattern, names in phrases:
        name = next((n for n in names if n in entries), None)
        if name is None:
            continue
        # not the tail of a hyphenated word: the omega of "k-omega SST" names a model, not the entry
        for m in re.finditer(rf"(?<![\w'-])({pattern})(?![\w])", low):
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
        if symbol and len(entries[name]) != 1:
            continue  # a one-letter symbol binds only to an entry the base has exactly once
        for m in re.finditer(rf"(?<![\w.'-]){re.escape(name)}(?![\w.'])", text):
            if re.search(rf"(?<![\w.]){_NUM}\s*$", text[max(0, m.start() - 25):m.start()]) and \
                    not re.match(rf"{_SYMBOL_LINK}{_NUM}", text[m.end():]):
                continue  # "90 rpm": the unit of the number before it, not the entry rpm ("nu 0.3 rho 2700" is)
            got = _value_after(text, m.end(), _SYMBOL_LINK if symbol else _LINK)
            if got and got[2] not in found:
                found[got[2]] = (name, got[0], got[1], got[2])
    return sorted(found.values(), key=lambda f: f[3])



class Control:
    """One stated control: the fvSolution key it sets (`relaxationFactors:p` for one field's
    factor), its value, its words and position. Its label is what the binder and the report
    call it: "nNonOrthogonalCorrectors 3", the same text the by-name binder gives that entry."""

    def __init__(self, key: str, value: float, text: str, start: int, number: str | None = None,
                 number_at: int | None = None) -> None:
        self.key, self.value, self.text, self.start = key, value, text, start
        self.label = f"{key.replace(':', ' ').strip()} {value:g}"
        # the number as written and where (a named control: "5 ms" of "max time step 5 ms")
        self.number, self.number_at = number or text, start if number_at is None else number_at


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


# run control a request states without a unit ("write every 500", "writeInterval 0.1", "an end time of
# 50", "keep the last 2 time directories", "write only the final time"): numbers in the case's own
# units (seconds of a transient case, iterations of a steady one), so they go to controlDict as they
# are. A number with a unit ("every 0.5 s", "every 100 iterations") is a quantity of
# tasks/plan/extract.py, read there with its unit and left alone here.
# no unit (of time or of steps) and no more digits right after the number
# (nor the rest of a number the regex backtracked into: the "e-4" of "2e-4 s")
_UNIT_NEXT = (r"(?![.,]?\d|[eE][-+]?\d|\s*[%°/µμ]|\s*(?:s|ms|us|ns|sec\w*|seconds?|(?:milli|micro|nano)[\s-]?sec\w*|"
              r"min\w*|h|hrs?|hours?|days?|weeks?|years?|iter\w*|its?|steps?|time[\s-]?steps?|cycles?|cells?|"
              r"[a-z]{1,2}\s*/)\b)")
_WRITE_VERB = r"(?:write|writes|writing|written|save|saves|saving|saved|output|outputs|dump|store|snapshot)"
_WRITE_EVERY = re.compile(
    rf"\b{_WRITE_VERB}(?:\s+(?:the\s+)?(?:results?|data|fields?|solution|a\s+snapshot|snapshots?|files?))?"
    rf"(?:\s+(?:once|out|to\s+disk))?"
    rf"\s+(?:(?:after\s+|on\s+)?every|each|per|once\s+(?:every|per)|at\s+intervals\s+of)\s+(?P<num>{NUM}){_UNIT_NEXT}"
    rf"|\b(?:write|output)[\s_-]?interval\b\s*(?:=|:|of|is|to|at|set\s+to)?\s*(?P<num2>{NUM}){_UNIT_NEXT}",
    re.I)
_END_UNITLESS = re.compile(rf"\b(?:end[\s_-]?time|final\s+time|stop(?:ping)?\s+time)\s*(?:=|:|of|is|to|at|set\s+to)?\s*"
                           rf"(?P<num>{NUM}){_UNIT_NEXT}"
                           rf"|\b(?:stop|end|finish)(?:s|ping)?\s+at\s+(?:the\s+)?time\s*(?:=|:)?\s*(?P<num2>{NUM}){_UNIT_NEXT}",
                           re.I)
_KEPT = (r"(?:time\s+(?:directories|dirs|folders|steps|levels)|(?:result|output|data)\s+(?:directories|dirs|folders)|"
         r"writes|outputs|results|solutions|snapshots|times|directories|dirs|folders)")
_NEWEST = r"(?:last|latest|most\s+recent|newest|final)"
_KEEP = r"(?:keep(?:s|ing)?|retain(?:s|ing)?|store|leave|preserv(?:e|ing)|hold)"
# "keep the last 2 time directories", "keep last 4", "keep only the four most recent results", "retain 4 time
# folders", "purge all but the 3 newest", "only the 3 newest time directories are kept"
# a unit after a kept number: "keep the last 10 s of data", "keep the last 5 cm of the pipe" are no purge
_A_UNIT = (r"\s*(?:s|ms|us|µs|min\w*|h|hours?|sec\w*|mm|cm|m|km|ft|K|°\w*|kPa|Pa|bar|iter\w*|steps?|cells?|percent)\b"
           r"|\s*[%/°]")
_PURGE = re.compile(rf"\b{_KEEP}\s+(?:only\s+|just\s+)?(?:the\s+)?{_NEWEST}\s+(?P<n>\d+)(?![\d.])"
                    rf"(?:\s+(?:(?:most\s+)?recent\s+|written\s+)?{_KEPT})?(?!{_A_UNIT})"
                    rf"|\b{_KEEP}\s+(?:only\s+|just\s+)?(?:the\s+)?(?P<n2>\d+)\s+(?:{_NEWEST}\s+)?(?:written\s+)?{_KEPT}"
                    rf"|\b{_KEEP}\s+(?:only\s+|just\s+)?(?:the\s+)?(?P<n4>\d+)\s+{_NEWEST}\b"
                    rf"|\b(?:purge|delete|remove|discard|drop)\s+(?:all|every\s+\w+|everything|any\s+\w+)\s+"
                    rf"(?:but|except(?:\s+for)?)\s+the\s+(?:(?:{_NEWEST})\s+(?P<n3>\d+)|(?P<n5>\d+)\s+{_NEWEST})\b"
                    rf"|\bonly\s+the\s+(?:{_NEWEST}\s+(?P<n6>\d+)|(?P<n7>\d+)\s+{_NEWEST})(?:\s+{_KEPT})?\s+"
                    rf"(?:are|get|will\s+be|should\s+be)\s+(?:kept|retained|stored|left)\b",
                    re.I)
_ONLY_LAST = re.compile(r"\b(?:only\s+(?:write|save|keep|output)|(?:write|save|keep|output)\s+only)\s+(?:(?:at|for)\s+)?the\s+"
                        r"(?:last|final|latest)\s+(?:time(?:\s+step)?|step|iteration|result|solution|snapshot|write|output)\b"
                        r"|\b(?:only\s+(?:write|save|output)|(?:write|save|output)\s+only)\s+at\s+the\s+end\b",
                        re.I)


def run_controls(text: str) -> list[Control]:
    """The unit-less run controls of the normalised text: writeInterval ("write every 500",
    "writeInterval 0.1"), endTime ("an end time of 50", "stop at time 5") and purgeWrite ("keep
    the last 2 time directories"; "write only the final time" keeps 1)."""
    out: list[Control] = []
    for pattern, key in ((_WRITE_EVERY, "writeInterval"), (_END_UNITLESS, "endTime")):
        for m in pattern.finditer(text):
            group = "num" if m.group("num") else "num2"
            value = float(m.group(group))
            if value > 0:
                out.append(Control(key, value, m.group(0), m.start(), m.group(group), m.start(group)))
    for m in _PURGE.finditer(text):
        group = next(g for g in ("n", "n2", "n3", "n4", "n5", "n6", "n7") if m.group(g))
        out.append(Control("purgeWrite", float(m.group(group)), m.group(0), m.start(), m.group(group), m.start(group)))
    for m in _ONLY_LAST.finditer(text):
        out.append(Control("purgeWrite", 1.0, m.group(0), m.start()))
    return sorted(out, key=lambda c: c.start)


# mesh refinement by a factor, for every resolved direction of the base mesh: "twice as fine",
# "refine the mesh by 2", "double the resolution", "halve the cell size", "3 times finer",
# "half as many cells in each direction", "coarsen by a factor of 2", "cells half the size"
_MESHY = (r"(?:mesh|grid|resolution|cells?|cell\s+count|number\s+of\s+(?:cells|elements|divisions|(?:grid|mesh)\s+(?:points|nodes))|"
          r"(?:grid|mesh)\s+(?:points|nodes)|blocks?|discreti[sz]ation)")
_SIZE = r"(?:cell[\s-]+(?:size|width|length|spacing)s?|mesh\s+(?:size|spacing)|grid\s+(?:size|spacing)|spacing)"
_MESH_ADJ = r"(?:(?:background|base|whole|entire|overall|computational|blockmesh|hex|2-?d|3-?d)\s+)?"
_TIMES = r"(?P<n>\d+(?:\.\d+)?)\s*(?:x|times|-fold|fold)"
_REFINE = [
    # "refine the mesh by (a factor of) 2", "mesh refined by 2", "coarsen the grid by a factor of 2"
    (re.compile(rf"\b(?P<verb>refin|coarsen)\w*\s+(?:(?:the|each|every|all|its)\s+)?(?:\d+\s+(?=\w*blocks?\b))?"
                rf"(?:[a-z-]+(?:'s)?\s+(?=(?:mesh|grid)\b))?{_MESH_ADJ}"
                rf"(?:{_MESHY}\s+)?"
                rf"(?:(?:in|along)\s+(?:every|each|all|both)\s+\w+\s+)?by\s+(?:a\s+factor\s+(?:of\s+)?)?"
                rf"(?P<n>\d+(?:\.\d+)?)(?!\s*(?:by|x|\*|×)\s*\d|\s*(?:cells?|levels?|%|mm|cm|m)\b|\.\d)", re.I), None),
    # "a mesh refined 1.5 times", "coarsened 2x"
    (re.compile(rf"\b(?P<verb>refin|coarsen)\w*\s+(?:by\s+)?{_TIMES}(?!\s*(?:finer|coarser|as)\b)", re.I), None),
    # "a refinement (factor) of 2"
    (re.compile(r"\brefinement(?:\s+factor)?\s*(?:of|=|:)?\s*(?P<n>\d+(?:\.\d+)?)(?![\d.]|\s*(?:levels?|cells?)\b)", re.I),
     "refin"),
    # "3 times finer", "2x coarser", "twice finer"
    (re.compile(rf"(?:\b{_TIMES}|\b(?P<twice>twice))\s+(?P<verb>fin|coars|dens|sparse)\w*", re.I), None),
    # "twice as fine", "2 times as fine", "half as fine", "twice the resolution", "2 times the cells"
    (re.compile(rf"(?:\b{_TIMES}|\b(?P<twice>twice)|\b(?P<half>half))\s+as\s+(?P<verb>fine|dense|coarse|resolved)\b", re.I),
     None),
    (re.compile(rf"(?:\b{_TIMES}|\b(?P<twice>twice))\s+(?:the\s+)?(?:mesh\s+|grid\s+)?(?P<verb>resolution|cells|number\s+of\s+cells|"
                rf"cell\s+count|mesh\s+density|density)\b", re.I), None),
    # "halve the cell size", "double the cell size", "cell size halved"
    (re.compile(rf"\b(?P<word>halv\w*|doubl\w*|tripl\w*)\s+(?:the\s+)?(?:mesh\s+|grid\s+)?{_SIZE}|"
                rf"\b{_SIZE}\s+(?:is\s+|gets\s+)?(?P<word2>halved|doubled|tripled)\b", re.I), "size"),
    # "cells half the size", "cells of half the size", "cells half as big", "cells twice as small"
    (re.compile(r"\bcells?\s+(?:of\s+)?(?:(?P<half>half)\s+(?:the\s+(?:size|width)|as\s+(?:big|large|wide|long))|"
                r"(?P<twice>twice)\s+as\s+(?:small|narrow|short))\b", re.I), "finer"),
    # "twice as many cells", "3 times as many cells", "4x more cells", "twice more grid points"
    (re.compile(rf"(?:\b{_TIMES}|\b(?P<twice>twice))\s+(?:as\s+many|more)\s+(?:mesh\s+|grid\s+)?"
                rf"(?P<verb>cells|elements|grid\s+points|points|divisions)\b", re.I), None),
    # "double the resolution", "double the mesh", "doubled resolution", "triple the number of cells"
    (re.compile(rf"\b(?P<word>doubl\w*|tripl\w*|quadrupl\w*)\s+(?:the\s+)?(?:mesh\s+|grid\s+|spatial\s+)?"
                rf"(?:resolution|density|{_MESHY})\b", re.I), "count"),
    # "half as many cells", "half the cells", "half the resolution", "halve the number of cells"
    (re.compile(rf"\b(?:half\s+(?:as\s+many\s+cells|the\s+(?:number\s+of\s+)?cells|the\s+(?:resolution|cell\s+count))|"
                rf"halv\w*\s+(?:the\s+)?(?:resolution|number\s+of\s+cells|cell\s+count|{_MESHY}))\b"
                rf"(?![\s-]+(?:size|width|length|spacing))", re.I), "halfcount"),
    # "background mesh doubled in x, y and z", "resolution halved"
    (re.compile(r"\b(?:mesh|grid|blockmesh|resolution|cell\s+counts?|number\s+of\s+cells)\s+(?:is\s+|gets\s+|was\s+)?"
                r"(?P<word>doubled|tripled|quadrupled|halved)\b", re.I), "counted"),
]
_WORD_FACTOR = {"halv": 2.0, "doubl": 2.0, "tripl": 3.0, "quadr": 4.0}
# a resolution level in words, against the base's own mesh (the "medium" one): "a coarse mesh", "fine
# grid", "very fine resolution", "mesh: coarse", "finer mesh"; "very"/"extra" doubles the step again
_LEVEL = r"(?P<very>(?:very|extra|ultra)[\s-]+)?(?P<level>coarse|coarser|fine|finer)"
_REFINE += [
    (re.compile(rf"(?<![\w-]){_LEVEL}[\s-]+(?:{_MESH_ADJ})?(?:mesh|grid|resolution|discreti[sz]ation)\b(?![\s-]+(?:near|at|around|"
                rf"close|in\s+the\s+(?:wake|boundary|gap)|by\b))", re.I), "level"),
    (re.compile(rf"\b(?:mesh|grid|resolution)\s*(?::|=|\bis\b|\bshould\s+be\b)\s*{_LEVEL}\b", re.I), "level"),
]


def _refinement_factor(m: re.Match, kind: str | None) -> float:
    groups = m.groupdict()
    if kind == "halfcount":
        return 0.5
    if kind == "size":  # halving the cell size refines; doubling it coarsens
        word = (groups.get("word") or groups.get("word2") or "").lower()
        n = next(f for stem, f in _WORD_FACTOR.items() if word.startswith(stem))
        return n if word.startswith("halv") else 1.0 / n
    if kind in ("count", "counted"):
        word = m.group("word").lower()
        if word.startswith("halv"):
            return 0.5
        return next(f for stem, f in _WORD_FACTOR.items() if word.startswith(stem))
    if kind == "finer":
        return 2.0
    if kind == "level":  # coarse: half the base's cells per direction, fine: twice; "very": twice again
        step = 4.0 if groups.get("very") else 2.0
        return step if m.group("level").lower().startswith("fin") else 1.0 / step
    n = 2.0 if groups.get("twice") else 0.5 if groups.get("half") else float(groups.get("n") or 1)
    verb = (groups.get("verb") or kind or "").lower()
    coarser = verb.startswith(("coars", "sparse"))
    return 1.0 / n if coarser and n > 0 else n


def mesh_refinement(text: str) -> tuple[float, str, int] | None:
    """(factor, its words, their position) of the first mesh refinement the text asks for: above 1
    finer, below 1 coarser, for every resolved direction; None when it asks for none."""
    plain = normalise(text)
    found: list[tuple[int, float, str]] = []
    for pattern, kind in _REFINE:
        for m in pattern.finditer(plain):
            factor = _refinement_factor(m, kind)
            if factor > 0 and abs(factor - 1.0) > 1e-9:
                found.append((m.start(), factor, m.group(0)))
    found += [(r.start, r.factor, r.text) for r in relative_sizes(plain)]  # "cells a third of the current size"
    if not found:
        return None
    at, _, factor, words = min((at, -len(words), factor, words) for at, factor, words in found)  # earliest, longest
    return factor, words, at


# the words after a refinement that say which directions it is for: "coarsen by 2 in y", "twice as
# many cells across the channel", "refine by 3 along x only", "in x and z", "in the wall-normal
# direction"; "in both directions", "everywhere", "in each block" mean every resolved direction
_AXIS_SAID = (r"\bx\b|\bstream\w*|\baxial\w*|\bhorizontal\w*|\blength\w*",
              r"\by\b|\bheight\b|\bhigh\b|\bacross\b|\bwall[- ]normal\b|\bvertical\w*|\bcross[- ]?stream\b",
              r"\bz\b|\bspan\w*|\bdepth\b")
_DIRECTION_TAIL = re.compile(r"\s*(?:only\s+)?(?:in|along|across|over|through|for)\b[^,;.:()]{0,50}", re.I)
_EVERY_DIRECTION = re.compile(r"\b(?:both|every|each|all|three|two)\s+(?:\w+\s+)?(?:directions?|dimensions?|ways?|axes|"
                              r"blocks?)\b|\beverywhere\b|\boverall\b", re.I)
_AND_ELSE = re.compile(r"\b(?:and|then|with|run|to|until|but)\b(?!\s+(?:in\s+|along\s+)?(?:the\s+)?[xyz]\b)", re.I)


def refinement_direction(text: str, end: int) -> list[int] | str | None:
    """The axes (0 x, 1 y, 2 z) that the words right after a refinement (ending at `end` of the
    normalised text) restrict it to; "along" for "along the channel" (the longest side, which the
    caller knows); None for every resolved direction."""
    m = _DIRECTION_TAIL.match(text, end)
    if m is None:
        return None
    tail = m.group(0)
    cut = _AND_ELSE.search(tail)
    tail = tail[:cut.start()] if cut else tail
    if _EVERY_DIRECTION.search(tail):
        return None
    axes = [i for i, pattern in enumerate(_AXIS_SAID) if re.search(pattern, tail.lower())]
    if not axes and re.match(r"\s*(?:only\s+)?along\b", tail, re.I):
        return "along"
    return axes or None


# a total cell count: "about 20000 cells", "a mesh of roughly 5000 cells", "50000 cells in total", "a
# 20000-cell grid", "no more than 10000 cells" (number words and "20k" already written as digits)
_TOTAL_NEAR = r"(?:about|around|roughly|approximately|approx\.?|~|some|nearly|close\s+to|total\s+of|up\s+to|at\s+most|" \
              r"no\s+more\s+than|(?:a|the)\s+(?:whole\s+|total\s+)?(?:mesh|grid)\s+(?:of|with)(?:\s+about|\s+around|\s+roughly)?)"
_COUNT = r"(?:\d{1,3}(?:,\d{3})+(?![\d.])|\d+(?:\.\d+)?[eE]\+?\d+|\d+)"  # 20000, 20,000, 2e4
_CELL_WORDS = r"(?:cells|elements|hexahedra|control\s+volumes)"
_TOTAL_CELLS = re.compile(
    rf"(?:(?:\b|(?<=\s)|^){_TOTAL_NEAR}\s*(?<![\w.])(?P<n>{_COUNT})\s+{_CELL_WORDS}\b"
    rf"|(?<![\w.])(?P<n2>{_COUNT})\s+{_CELL_WORDS}\s+(?:in\s+total|total|overall|in\s+all|altogether)\b"
    rf"|(?<![\w.])(?P<n3>{_COUNT})[\s-]cells?\s+(?:mesh|grid)\b"
    # "cells: ~8000", "cell count = 12,000", "number of cells: 2e4 (total)"
    rf"|\b(?:total\s+)?(?:cells|cell\s+count|number\s+of\s+cells|cell\s+number)\s*(?::|=)\s*(?:{_TOTAL_NEAR}\s*)?"
    rf"(?P<n4>{_COUNT})(?![\d.,])(?!\s*(?:x|×|\*|by|mm|cm|m|per|along|across|in\s+[xyz])\b|\s*[x×*]))"
    rf"(?!\s*(?:per|each|along|across|in\s+(?:the\s+)?[xyz]\b|in\s+(?:the\s+)?(?:stream|span|vertical|radial)))", re.I)


def _count_value(raw: str) -> int:
    return int(round(float(raw.replace(",", ""))))


def total_cells(text: str) -> tuple[int, str] | None:
    """(count, its words) of a total cell count the text asks for ("about 20000 cells", "a
    mesh of 5,000 cells", "8000 cells in total", "cells: ~2e4"), or None; a count along a
    direction or per block is none."""
    plain = normalise(text)
    for m in _TOTAL_CELLS.finditer(plain):
        if re.search(r"(?:\bby|\bx|×|\*)\s*$", plain[max(0, m.start() - 6):m.start()]):
            continue  # the last of "40 by 40 cells"
        n = _count_value(m.group("n") or m.group("n2") or m.group("n3") or m.group("n4"))
        if n > 1:
            return n, m.group(0)
    return None


# "20 snapshots", "save 20 equally spaced outputs", "10 output times": the write interval that gives them
_WRITE_COUNT = re.compile(r"(?<![\w.])(?P<n>\d+)\s+(?:(?:equally|evenly|uniformly|regularly)[\s-]+spaced\s+|equal\s+)?"
                          r"(?:snapshots|outputs|output\s+times|writes|write\s+times|frames|time\s+(?:directories|dirs)|"
                          r"saved\s+times)\b", re.I)


def write_count(text: str) -> tuple[int, str] | None:
    """(count, its words) of the outputs the text asks for over the run ("20 snapshots"), or None."""
    m = _WRITE_COUNT.search(normalise(text))
    if m is None or int(m.group("n")) < 1:
        return None
    return int(m.group("n")), m.group(0)
