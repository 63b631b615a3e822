"""Phase-pair models a request names for an Euler-Euler case ("use Ishii-Zuber drag", "Tomiyama
lift", "no virtual mass", "Schiller-Naumann drag between air and water"): the model of the named
pair (every pair of the list when none is named) in the base's phaseProperties list is switched,
with the entries the model reads in v1912; "no <model>" empties the pair's entry; a name the
solver's library lacks is reported in not_applied with the names it has. multiphaseEulerFoam keeps
its drag per phase in transportProperties (`(air water) { type blended; air { type ...; } }`).
One pass over the request's words, after the stated values are bound (`bind_phase_models`).
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.foam.phase_pairs import (
    aspect_ratio_model,
    lacks_surface_tension,
    models_named_alone,
    pair_table,
    pairs_named,
)
from tasks.plan.bind_parts_phase_words import BUBBLES, listed_phases, phase_kind
from tasks.plan.bind_phase_diameter import bind_constant_diameter
from tasks.plan.bind_phase_model_table import (
    CATEGORY_WORDS,
    KEPT,
    MAIN_COEFFICIENT,
    MODELS,
    coefficient_names,
    installed,
    model_span,
    normalised,
)
from tasks.plan.bind_phase_pair_lists import (
    blended_drag,
    block_entries,
    item_model,
    model_block,
    pair_items,
    pair_key,
    pair_numbers,
    render_list,
)
from tasks.plan.foam_values import fmt
from tasks.plan.manifest import FileEdit
from tasks.plan.stated import Binding, StatedQuantity

PHASES_FILE = "constant/phaseProperties"
MULTIPHASE_FILE = "constant/transportProperties"  # multiphaseEulerFoam (v1912)
_MULTIPHASE_DRAG = pair_table().multiphase_euler_drag
_ANY_CATEGORY = re.compile("|".join(rf"\b{p}\b" for p in CATEGORY_WORDS.values()))
_STOP = re.compile(r"[,;!?\n]|\.(?!\d)")  # a full stop, not a decimal point
_NUMBER = r"(?P<v>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)"
_NEGATION = {"no", "without", "neglect", "neglecting", "neglected", "ignore", "ignoring", "disable", "disabled",
             "exclude", "excluding", "remove", "omit", "omitting", "zero", "off", "drop", "nor"}
_AFTER_NEGATION = {"off", "neglected", "neglect", "ignored", "disabled", "removed", "omitted", "excluded", "none"}
# capitalised words before a model's words that name no model ("Use", "Eulerian")
_NO_NAME = {"use", "the", "with", "no", "euler", "eulerian", "interfacial", "interphase", "phase", "bubble",
            "and", "for", "a", "an", "set", "apply", "without", "standard", "default", "include", "add", "please",
            "large", "small", "high", "low", "strong", "weak", "full", "total", "momentum", "net", "mean", "bubbles"}
# lists whose words also say other things ("a column of aspect ratio 10", "heat transfer to the wall"):
# a capitalised word before them names no model to refuse
_NAMES_ONLY = ("aspectRatio", "heatTransfer")


def _tokens(words: str) -> list[str]:
    return re.findall(r"[a-z]+", words.lower().replace("'", "").replace("’", ""))


def dispersed_pairs(words: str, phases: list[str]) -> list[tuple[str, str]]:
    """The (dispersed, continuous) pairs the words name: "air in water", "air bubbles in the
    water", "droplets in air", "bubbles" alone (each gas phase in the one non-gas phase); [] when
    they name none."""
    out = []
    for d, c in pairs_named(words, phases, phase_kind).pairs:
        others = [p for p in phases if p != d]
        c = c or (others[0] if len(others) == 1 else None)
        if c and (d, c) not in out:
            out.append((d, c))
    if not out and re.search(rf"\b(?:{BUBBLES})\b", words):
        liquid = [p for p in phases if phase_kind(p) != "gas"]
        out = [(g, liquid[0]) for g in phases if phase_kind(g) == "gas"] if len(liquid) == 1 else []
    return out


def default_pairs(phases: list[str], continuous: str | None) -> list[tuple[str, str]]:
    """The pairs a model goes to when the list is empty and the words name none: every other phase
    dispersed in the continuous one (the blending's continuousPhase, else the one liquid)."""
    if continuous not in phases:
        liquid = [p for p in phases if phase_kind(p) == "liquid"]
        continuous = liquid[0] if len(liquid) == 1 else None
    return [(p, continuous) for p in phases if continuous and p != continuous]


class Mention:
    """One place the request names a pair model list: its list, its words, the words before and
    after it (up to the stops around it)."""

    def __init__(self, category: str, word: str, before: str, after: str, at: int = 0) -> None:
        self.category, self.word, self.before, self.after, self.at = category, word, before, after, at

    def said(self, match: str | None = None) -> str:
        """The words of the mention as the request writes them: the words that name its model
        (`match`, normalised) and its list's words ("Ishii-Zuber drag", "drag model Tomiyama"),
        from the 'no' ("no virtual mass"), else its list's words alone."""
        lead = self.before.split()[-6:]
        if match:
            for k in range(1, len(lead) + 1):
                if match in normalised(" ".join(lead[-k:])):
                    return " ".join([*lead[-k:], self.word]).strip()
            after = self.after.lstrip(" :=-").split()[:8]
            for k in range(1, len(after) + 1):
                if match in normalised(" ".join(after[:k])):
                    return " ".join([self.word, *after[:k]])
        if self.negated():
            at = max((i for i, w in enumerate(lead) if w.lower() in _NEGATION), default=len(lead))
            return " ".join([*lead[at:], self.word, *self.after.split()[:2]][:6]).strip(" (:")
        return self.word

    @property
    def clause(self) -> str:
        """The mention's own words, lower case: up to the stops around it."""
        return f"{self.before} {self.word} {self.after}".lower()

    negated_list = False  # the list it is joined to was ruled out ("no lift or wall lubrication")

    def negated(self) -> bool:
        """The words rule the list out: 'no' / 'without' / 'neglect' right before it, 'off' /
        'neglected' right after, or it is joined by and / or / nor to a list ruled out."""
        before = [t for t in _tokens(self.before) if t not in ("the", "any", "a")][-2:]
        after = _tokens(self.after)[:2]
        joined = self.negated_list and set(_tokens(self.before)) <= {"and", "or", "nor", "the"}
        if self.category == "heatTransfer" and not joined and not self.word.lower().startswith("inter"):
            return False  # "no heat transfer to the walls": not the phases' interfacial transfer
        return joined or bool(set(before) & _NEGATION) or bool(set(after) & _AFTER_NEGATION)


def mentions(text: str) -> list[Mention]:
    """Every place the text names a pair model list, in the text's order, with its words up to
    the previous and the next stop (a punctuation mark, or another list's words)."""
    out = []
    for category, pattern in CATEGORY_WORDS.items():
        for m in re.finditer(rf"\b{pattern}\b", text, re.I):
            start = max([0] + [s.end() for s in re.finditer(r"[,;:!?\n]|\.(?!\d)", text[:m.start()])] +
                        [c.end() for c in _ANY_CATEGORY.finditer(text[:m.start()].lower())])
            stop = _STOP.search(text, m.end())
            nxt = _ANY_CATEGORY.search(text.lower(), m.end())
            end = min(stop.start() if stop else len(text), nxt.start() if nxt else len(text))
            out.append(Mention(category, m.group(), text[start:m.start()], text[m.end():end], m.start()))
    return sorted(out + _models_alone(text, out), key=lambda m: m.at)


def _models_alone(text: str, named: list[Mention]) -> list[Mention]:
    """A mention for each model a sentence names without any list's words ("use Ishii-Zuber for
    the droplets in air": drag), its words kept before the (empty) list word."""
    out = []
    at = 0
    for sentence in re.split(r"(?<=[.;!?\n])\s+", text):
        lo, hi = at, at + len(sentence)
        at = text.find(sentence, lo) + len(sentence) if sentence else at
        if any(lo <= m.at < hi for m in named):
            continue
        for model, start, end in models_named_alone(sentence):
            out.append(Mention(model.family, "", sentence[:end], sentence[end:], lo + start))
    return out


def coefficients_said(mention: Mention) -> dict[str, tuple[str, float]]:
    """The coefficients the words after a list's words give: by name ("sigma 0.9", "C_vm = 0.3"),
    or "coefficient 0.25" for the list's own (virtualMass Cvm, lift Cl, ...): name -> (number as
    written, value)."""
    words = mention.after.replace("_", "")
    out: dict[str, tuple[str, float]] = {}
    for name in coefficient_names(mention.category):
        m = re.search(rf"\b{name}\s*(?:of|=|:|is)?\s*{_NUMBER}(?![\w.])", words, re.I)
        if m:
            out[name] = (m.group("v"), float(m.group("v")))
    main = MAIN_COEFFICIENT.get(mention.category)
    m = re.search(rf"^\s*(?:force\s+)?(?:coefficients?|coeffs?\.?)\s*(?:of|=|:|is|as|equal\s+to|set\s+to)?\s*{_NUMBER}(?![\w.])",
                  words, re.I)
    if main and m and main[0] not in out:
        out[main[0]] = (m.group("v"), float(m.group("v")))
    return out


def named_model(mention: Mention, reacting: bool) -> tuple[str | tuple[str, ...], str] | None:
    """The model a mention names, with the words naming it (normalised): in the words right before
    its list's words ("Ishii-Zuber drag"), else right after ("drag: Schiller-Naumann", "drag
    model of Wen and Yu")."""
    return model_span(mention.category, _tokens(mention.before)[-6:], reacting) or \
        model_span(mention.category, _tokens(mention.after)[:6], reacting)


def unknown_name(mention: Mention) -> str | None:
    """A capitalised name right before a list's words that is no model of it ("Foo-Bar drag"):
    the name as written; None when the words before are no name."""
    words = re.findall(r"[A-Za-z][\w'’-]*", mention.before)
    name = []
    for word in reversed(words):
        parts = re.split(r"[-'’]", word.lower())
        if word[0].isupper() and not set(parts) & _NO_NAME and not word.lower().endswith("foam"):
            name.insert(0, word)
        else:
            break
    return " ".join(name) or None


class PhaseModels:
    """Collects the pair-model edits of one request on one base: each mention becomes a stated
    record (a switch) bound to its list, or refused with why."""

    def __init__(self, binder) -> None:
        self.binder = binder
        self.base = binder.base
        self.reacting = binder.solver.startswith("reacting")
        self.rel = PHASES_FILE if self.base.text(PHASES_FILE) is not None else MULTIPHASE_FILE
        self.lists: dict[str, list[tuple[str, str]]] = {}
        self.said: dict[str, list[StatedQuantity]] = {}
        self.texts: dict[str, str] = {}  # lists kept as text: multiphaseEulerFoam's virtualMass ((air water) 0.5)
        self.implied: set[str] = set()  # lists changed because a switched model reads them (aspectRatio)

    def phases(self) -> list[str]:
        raw = fd.get(self.base.text(self.rel) or "", ["phases"])
        return listed_phases(raw) if raw else []

    def entry(self, category: str) -> str:
        """The list a category's models are in: its own, else the continuous phase's side of a
        heat transfer split per phase (heatTransfer.liquid of the reacting solvers)."""
        text = self.base.text(self.rel) or ""
        if fd.find(text, [category]) is None and category == "heatTransfer":
            side = self.continuous() or next(iter(default_pairs(self.phases(), None)), (None, None))[1]
            if side and fd.find(text, [f"{category}.{side}"]) is not None:
                return f"{category}.{side}"
        return category

    def items(self, category: str) -> list[tuple[str, str]] | None:
        """The pair list of a category as this pass leaves it; None when the base has none."""
        if category not in self.lists:
            text = fd.strip_comments(self.base.text(self.rel) or "")  # "( /*(gas in liquid) {...}*/ )" is empty
            found = fd.find(text, [self.entry(category)])
            if found is None or found.kind != "value":
                return None
            try:
                self.lists[category] = pair_items(text[found.value_start:found.end])
            except ValueError:
                return None
        return self.lists[category]

    def dispersed_keys(self) -> list[str]:
        """The dispersed pairs ("(air in water)") the base's drag and other lists hold."""
        keys = [k for cat in CATEGORY_WORDS for k, _ in self.items(cat) or [] if " in " in k]
        return list(dict.fromkeys(keys))

    def continuous(self) -> str | None:
        raw = fd.get(self.base.text(PHASES_FILE) or "", ["blending", "default", "continuousPhase"])
        return raw.strip() if raw else None

    def apply(self, mention: Mention) -> None:
        """Switch (or empty) the list a mention names; a mention that names no model and says no
        'no' is left alone ("with heat transfer")."""
        span = named_model(mention, self.reacting)
        model = span[0] if span else None
        negated = mention.negated()
        values = coefficients_said(mention)
        if model is None and not negated and values:
            model = self.model_reading(mention.category, values)
            if model is None:
                self.refuse(f"{mention.word} {' '.join(v for v, _ in values.values())}",
                            f"no {mention.category} model of the base reads {', '.join(values)}: name the model")
                return
        if model is None and not negated:
            name = unknown_name(mention) if mention.category not in _NAMES_ONLY else None
            if name:
                self.refuse(f"{name} {mention.word}", f"{name} is no {mention.category} model of "
                                                      f"{self.binder.solver} in v1912; it has "
                                                      f"{', '.join(installed(mention.category, self.reacting))}")
            return
        said = mention.said(span[1] if span else None)
        if self.rel == MULTIPHASE_FILE and mention.category == "virtualMass":
            self.multiphase_virtual_mass(said, mention.clause, negated, values)
            return
        items = self.items(mention.category)
        if items is None:
            self.refuse(said, f"the base's {self.rel} has no {mention.category} list to set")
            return
        if isinstance(model, tuple):
            self.refuse(said, f"several {mention.category} models share that name: say which of {', '.join(model)}")
            return
        foreign = pairs_named(mention.clause, self.phases(), phase_kind).foreign
        if foreign is not None:
            self.refuse(said, f"the case has no {foreign} phase: its phases are {', '.join(self.phases())}, its "
                              f"{mention.category} pairs {', '.join(k for k, _ in items) or 'none'}; name one of those")
            return
        pairs = dispersed_pairs(mention.clause, self.phases())
        if negated:
            self.remove(said, mention.category, items, pairs)
        elif self.rel == MULTIPHASE_FILE:
            self.multiphase_drag(said, mention.category, model, items, pairs)
        else:
            self.switch(said, mention.category, model, items, pairs, values)

    def remove(self, said: str, category: str, items: list[tuple[str, str]], pairs: list[tuple[str, str]]) -> None:
        """No model of a list: the named pairs' items, else every item, taken out."""
        if self.rel == MULTIPHASE_FILE:
            self.refuse(said, f"{self.binder.solver} (v1912) sets only drag per pair; it cannot leave a model out")
            return
        gone = {pair_key(d, "in", c) for d, c in pairs}
        self.lists[category] = [(k, b) for k, b in items if gone and k not in gone]
        self.record(said, category, 0.0, f"no {category} model"
                    + (f" for {', '.join(sorted(gone))}" if gone else ""))

    def model_reading(self, category: str, values: dict[str, tuple[str, float]]) -> str | None:
        """The model stated coefficients go to: the base's own when it reads them all, else the
        model that reads the list's own coefficient alone (virtualMass constantCoefficient)."""
        items = self.items(category) or []
        own = {item_model(b) for k, b in items if " in " in k}
        for model in sorted(own):
            if set(values) <= set(MODELS.get(category, {}).get(model, {})):
                return model
        main = MAIN_COEFFICIENT.get(category)
        return main[1] if main and set(values) == {main[0]} else None

    def switch(self, said: str, category: str, model: str, items: list[tuple[str, str]],
               pairs: list[tuple[str, str]], values: dict[str, tuple[str, float]] | None = None) -> None:
        """The model of the named pairs, else of every dispersed pair of the list (a new one when
        the list is empty), with the entries it reads and the coefficients stated."""
        known = self.dispersed_keys()
        lacking = [pair_key(d, "in", c) for d, c in pairs if known and pair_key(d, "in", c) not in known]
        if lacking:
            self.refuse(said, f"the case has no {', '.join(lacking)} pair: its dispersed pairs are {', '.join(known)}; "
                              "name one of those")
            return
        keys = [pair_key(d, "in", c) for d, c in pairs] or [k for k, _ in items if " in " in k] or \
            [pair_key(d, "in", c) for d, c in default_pairs(self.phases(), self.continuous())]
        if not keys:
            self.refuse(said, f"which pair takes the {category} model is not clear: name it (dispersed in "
                              f"continuous, e.g. {' in '.join(self.phases()[:2])})")
            return
        tension = lacks_surface_tension(fd.strip_comments(self.base.text(self.rel) or ""), category, model,
                                        [tuple(k.strip("()").split(" in ")) for k in keys])
        if tension is not None:
            self.refuse(said, f"{model} reads the Eotvos number of {tension}, and the base holds no non-zero surface "
                              f"tension for that pair (v1912 aborts without one); choose a model that reads none, or add "
                              f"'surfaceTension ({tension} {{ type constant; sigma <N/m>; }})' to phaseProperties by hand")
            return
        values = values or {}
        needs = {**MODELS[category][model], **{name: fmt(v) for name, (_, v) in values.items()}}
        out = [(k, model_block(model, block_entries(b), KEPT, needs) if k in keys else b) for k, b in items]
        out += [(k, model_block(model, {}, KEPT, needs)) for k in keys if k not in dict(items)]
        self.lists[category] = out
        self.record(said, category, 1.0, f"{category} {model} for {', '.join(keys)}"
                    + (f" (with {', '.join(needs)}: the stated ones, else as the v1912 tutorials set them)"
                       if needs else ""))
        for name, (raw, value) in values.items():
            self.record(raw, category, value, f"{name} {raw} of {model} for {', '.join(keys)}", "coefficient")
        if (category, model) in pair_table().reads_aspect_ratio:
            self.add_aspect_ratio(model, keys)

    def add_aspect_ratio(self, model: str, keys: list[str]) -> None:
        """An aspectRatio entry (constant E0 1.0, as the tutorials) for each pair in `keys` that has
        none: `model` reads the pair's aspect ratio and v1912 aborts without one."""
        items = self.items("aspectRatio")
        missing = [k for k in keys if k not in dict(items or [])]
        if not missing:
            return
        if items is None:
            self.binder.assumptions.append(f"{model} reads the aspect ratio of {', '.join(missing)}, but {self.rel} has "
                                           "no aspectRatio list: add one by hand")
            return
        default = aspect_ratio_model()
        self.lists["aspectRatio"] = items + [(k, model_block(default.type, {}, KEPT, default.coeffs)) for k in missing]
        self.implied.add("aspectRatio")
        self.binder.assumptions.append(f"{self.rel} aspectRatio: {default.type} {default.coeffs_text} for "
                                       f"{', '.join(missing)} ({model} reads the pair's aspect ratio)")

    def multiphase_drag(self, said: str, category: str, model: str, items: list[tuple[str, str]],
                        pairs: list[tuple[str, str]]) -> None:
        """multiphaseEulerFoam: each phase of a blended pair keeps its own drag model."""
        if category != "drag" or model not in _MULTIPHASE_DRAG:
            self.refuse(said, f"{self.binder.solver} (v1912) sets only drag per pair, with "
                              f"{', '.join(_MULTIPHASE_DRAG)}")
            return
        dispersed = {d for d, _ in pairs}
        self.lists[category] = blended_drag(items, self.phases(), dispersed, model)
        self.record(said, category, 1.0, f"drag {model} for {', '.join(sorted(dispersed)) or 'every phase'} "
                                         "of each blended pair")

    def multiphase_virtual_mass(self, said: str, clause: str, negated: bool,
                                values: dict[str, tuple[str, float]]) -> None:
        """multiphaseEulerFoam: one virtual mass coefficient per pair ("(air water) 0.5"): 0 for
        "no virtual mass", else the stated coefficient, for the pairs of the phases named."""
        raw = fd.get(fd.strip_comments(self.base.text(self.rel) or ""), ["virtualMass"])
        stated = values.get("Cvm")
        if raw is None or (not negated and stated is None):
            self.refuse(said, f"{self.binder.solver} (v1912) keeps a virtual mass coefficient per pair"
                              + ("" if raw is not None else " and the base has none") + ": state it, e.g. 'Cvm 0.5'")
            return
        value = "0" if negated else fmt(stated[1])
        named = {p for pair in pairs_named(clause, self.phases(), phase_kind).pairs for p in pair if p}
        self.texts["virtualMass"] = pair_numbers(self.texts.get("virtualMass", raw), value, named)
        if negated:
            self.record(said, "virtualMass", 0.0, "virtual mass coefficient 0")
        else:
            self.record(stated[0], "virtualMass", stated[1], f"virtual mass coefficient {value}", "coefficient")

    def record(self, said: str, category: str, value: float, how: str, quantity: str = "switch") -> None:
        q = self.stated_as(said, value) if quantity == "coefficient" else None
        if q is None:
            q = StatedQuantity(text=said, quantity=quantity, value=value, role="phase_model")
            self.binder._stated.append(q)
        self.said.setdefault(category, []).append(q)
        self.binder.assumptions.append(f"{said}: {how} (in {self.rel} {self.entry(category)})")

    def stated_as(self, raw: str, value: float) -> StatedQuantity | None:
        """A coefficient's number that the request's reader already took as another quantity
        ("virtual mass coefficient 0.3" read as "mass coefficient 0.3"): that stated record,
        its refusal by another binder withdrawn and its role the pair model's, whose entry now holds it."""
        at = next((i for i, q in enumerate(self.binder._stated) if q.value == value and q.text.strip().endswith(raw)
                   and q.text.strip() != raw), None)
        if at is None:
            return None
        q = self.binder._stated[at] = self.binder._stated[at].model_copy(update={"role": "phase_model"})
        self.binder.not_applied[:] = [n for n in self.binder.not_applied if n.text != q.text]
        return q

    def refuse(self, said: str, reason: str) -> None:
        q = StatedQuantity(text=said, quantity="switch", value=1.0, role="phase_model")
        self.binder._stated.append(q)
        self.binder.refuse(q, reason)

    def write(self) -> None:
        """One edit per list changed, and each record bound to it."""
        for category in [*self.said, *(self.implied - set(self.said))]:
            records = self.said.get(category, [])
            value = self.texts.get(category) or render_list(self.lists[category])
            entry = self.entry(category)
            reason = f"{entry} models named in the request" if records else f"{entry} read by a model named in the request"
            self.binder.edits.append(FileEdit(file=self.rel, entry=[entry], value=value, reason=reason, locked=True))
            self.binder.bindings += [Binding(stated=q.text, file=self.rel, entry=[entry], value=value,
                                             how=f"{entry} models") for q in records]


def bind_phase_models(binder) -> None:
    """Switch the phase-pair models the request names in an Euler-Euler base (a Binder's base,
    text, edits, assumptions and not_applied); nothing for a base without pair lists."""
    base = binder.base
    bind_constant_diameter(binder, PhaseModels(binder).continuous())
    if fd.get(base.text(PHASES_FILE) or "", ["drag"]) is None and \
            fd.get(base.text(MULTIPHASE_FILE) or "", ["drag"]) is None:
        return
    models = PhaseModels(binder)
    found = mentions(binder.text)
    for before, mention in zip([None, *found], found):
        mention.negated_list = before is not None and before.negated() and named_model(mention, True) is None \
            and not coefficients_said(mention)
        models.apply(mention)
    models.write()
