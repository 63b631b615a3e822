"""A particle size distribution the request names with its parameters ("Rosin-Rammler with d =
80 um and n = 3", "normal distribution, mean 100 um, standard deviation 20 um", "a Gaussian size
spread of 0.2 mm +- 0.05 mm") into each injection model's `sizeDistribution` of the base's clouds.

The named distribution replaces the base's where the type differs (its coefficients in the v1912
spelling, `<type>Distribution`, or `<type>Coeffs` where the base writes that); stated parameters
go to their entries, unstated ones are kept from the base or derived from the stated size (bounds
that hold the typical size). The words choose the injection models ("model2", "the second
injector") and the clouds ("coal", "limestone"), else every one takes it. Runs before the by-name
binder, so "n = 3" near a Rosin-Rammler is its spread and never a decomposition's n.
Mixed into `tasks.plan.bind.Binder` (through `CloudBinding`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from tasks.foam import dictionary as fd
from tasks.plan.flow_lengths import is_particle_size
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity

# distribution name in the words -> the v1912 distributionModel type (mass- before plain Rosin-Rammler)
_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("massRosinRammler", re.compile(r"\bmass[- ]?rosin[- ]?rammler\b")),
    ("RosinRammler", re.compile(r"\brosin[- ]?rammler\b|\bweibull\b")),
    ("normal", re.compile(r"\b(?:normal|gaussian)(?:ly)?\b(?=[\w\s-]{0,30}\b(?:distribut\w*|spread|sizes?|diameters?|"
                          r"mean|with|around|of)\b)")),
)
# each distribution's typical-size entry and its spread entry (v1912 distributionModels)
TYPICAL = {"RosinRammler": "d", "massRosinRammler": "d", "normal": "expectation"}
SPREAD = {"RosinRammler": "n", "massRosinRammler": "n"}

# words before a length that say which parameter it is; nearest wins
_LENGTH_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("minValue", re.compile(r"\b(?:min(?:imum)?|smallest|lower (?:bound|limit|cut(?:-?off)?)|from)\b")),
    ("maxValue", re.compile(r"\b(?:max(?:imum)?|largest|upper (?:bound|limit|cut(?:-?off)?)|up to)\b"
                            r"|\d\s*[a-zµμ]*\s*(?:to|and|-|–)\s*$")),  # "from 10 um to ": the range's high end
    ("spread", re.compile(r"\b(?:standard deviation|std(?:\.|dev)?|sigma|σ|deviation|variance|spread|width)\b"
                          r"|\+-|±|\+/-")),
    ("typical", re.compile(r"(?<![\w.])d(?:_?63|_?50)?\s*(?:=|:)|\b(?:mean|average|median|expect(?:ed|ation)|mu|μ|"
                           r"characteristic|scale|size parameter|nominal|typical|centred|centered|around|about)\b")),
)
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
# a unit right after a number: then it is a length (or another quantity), no spread
_UNIT_AFTER = (r"(?:(?:[mcnuµμ]?m|microns?|micrometres?|micrometers?|millimet(?:re|er)s?|met(?:re|er)s?|in|"
               r"inch(?:es)?|s|ms|kg|g|k|pa|bar)(?!\w)|%|/)")
# a Rosin-Rammler's spread said as a plain number: "n = 3", "spread parameter 3.5", "shape factor of 2"
_SPREAD_NUMBER = re.compile(rf"(?:(?<![\w.$-])n|\bspread(?: parameter| exponent)?|\bshape(?: parameter| factor)?|"
                            rf"\bexponent|\buniformity(?: (?:index|parameter|constant))?|"
                            rf"\bdispersion (?:index|parameter)|\bweibull modulus)\s*(?:=|:|of|is|equal to)?\s*"
                            rf"(?P<num>{_NUMBER})(?![\d.]*\s*{_UNIT_AFTER})")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|;|\n")
_ORDINALS = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3}
_INJECTOR = r"(?:injectors?|injections?|nozzles?|injection models?|models?|streams?|sources?)"


@dataclass(frozen=True)
class NamedDistribution:
    """A distribution the words name: its type and where in the (lower-case) text its sentence is."""

    kind: str
    start: int  # the sentence's start
    at: int  # the name's position
    end: int  # the sentence's end


def named_distributions(low: str) -> list[NamedDistribution]:
    """Every size distribution the lower-case request names, with the sentence it is in."""
    out: list[NamedDistribution] = []
    taken: list[tuple[int, int]] = []
    for kind, pattern in _KINDS:
        for m in pattern.finditer(low):
            if any(s <= m.start() < e for s, e in taken):
                continue  # "mass Rosin-Rammler": not a Rosin-Rammler as well
            taken.append((m.start(), m.end()))
            start = max((e.end() for e in _SENTENCE_END.finditer(low, 0, m.start())), default=0)
            stop = _SENTENCE_END.search(low, m.end())
            out.append(NamedDistribution(kind, start, m.start(), stop.start() if stop else len(low)))
    return sorted(out, key=lambda d: d.at)


def length_parameter(head: str) -> str | None:
    """Which parameter a length is from the words right before it (`head`, lower case):
    minValue, maxValue, spread (a normal's standard deviation), typical (d, mean, median), None
    when they name none."""
    near = head[-30:]
    best: tuple[int, str] | None = None
    for name, pattern in _LENGTH_WORDS:
        for m in pattern.finditer(near):
            if best is None or m.end() > best[0]:
                best = (m.end(), name)
    return best[1] if best else None


def spread_numbers(low: str, lo: int, hi: int) -> list[tuple[str, float, int]]:
    """(written number, value, position) of each Rosin-Rammler spread said in low[lo:hi]."""
    return [(m.group("num"), float(m.group("num")), m.start("num")) for m in _SPREAD_NUMBER.finditer(low, lo, hi)]


def chosen_models(models: list[str], words: str) -> list[str]:
    """The injection models the words name (by name, "model2", or by order, "the second injector");
    every model when they name none."""
    named = [m for m in models if re.search(rf"(?<![\w]){re.escape(m.lower())}(?![\w])", words)]
    if named:
        return named
    order = [i for word, i in _ORDINALS.items() if re.search(rf"\b{word}\s+{_INJECTOR}", words)]
    picked = [models[i] for i in sorted(set(order)) if i < len(models)]
    return picked or models


def default_bounds(kind: str, typical: float, spread: float) -> tuple[float, float]:
    """(minValue, maxValue) holding nearly all of a `kind` distribution around its typical size:
    a normal's mean +- 3 standard deviations (`spread` its v1912 variance, sqrt(2) sigma, kept
    above a tenth of the mean); a Rosin-Rammler's 0.1 % (at least a hundredth of d) and 99.9 %
    sizes (`spread` its n)."""
    if kind == "normal":
        sigma = spread / math.sqrt(2)
        return max(typical - 3 * sigma, typical / 10), typical + 3 * sigma
    return typical * max(0.001 ** (1 / spread), 0.01), typical * math.log(1000) ** (1 / spread)


def distribution_entries(kind: str, said: dict[str, float], base: dict[str, float]) -> dict[str, float]:
    """The coefficients of a `kind` distribution: the stated ones (`said`; a normal's standard
    deviation as "sigma"), the others from the base's (`base`, same kind; its bounds move with a
    new typical size) or derived from the typical size; bounds that leave the typical size
    outside are replaced by ones around it (`default_bounds`).
    Raises ValueError naming what to state when there is no typical size."""
    key = TYPICAL[kind]
    typical = said.get(key, base.get(key))
    if typical is None or typical <= 0:
        raise ValueError(f"a {kind} distribution needs its typical size ({key}): state it, e.g. '{key} = 80 um'")
    out = {key: typical}
    if kind == "normal":  # v1912 samples erf((x - expectation)/variance): its "variance" is sqrt(2) sigma
        spread = said["sigma"] * math.sqrt(2) if "sigma" in said else base.get("variance", typical / 4)
        out["variance"] = spread
    else:
        spread = said.get("n", base.get("n", 3.0))
        out["n"] = spread
    derived = default_bounds(kind, typical, spread)
    old = base.get(key)
    for bound, made in zip(("minValue", "maxValue"), derived):
        kept = base.get(bound)
        if kept is not None and old and key in said:
            kept = kept * typical / old  # the base's bounds move with its typical size, so the shape is kept
        out[bound] = said.get(bound, kept if kept is not None else made)
    if out["minValue"] > typical and "minValue" not in said:
        out["minValue"] = derived[0]
    if out["maxValue"] < typical and "maxValue" not in said:
        out["maxValue"] = derived[1]
    return {k: float(f"{v:.6g}") for k, v in out.items()}


def _number(raw: str | None) -> float | None:
    try:
        return float((raw or "").strip())
    except ValueError:
        return None


class CloudDistributionBinding:
    def bind_size_distributions(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Every distribution the request names, with the lengths and spreads said in its sentence,
        into the base's injection models; the quantities taken (spreads added to `stated`)."""
        taken: list[StatedQuantity] = []
        self.distribution_taken = taken
        paths = self._sized_clouds()
        if not paths:
            return taken
        from tasks.plan.extract import normalise

        low = normalise(self.text).lower()
        for named in named_distributions(low):
            said, owners = self._distribution_words(named, low, stated)
            if not said:
                continue
            if self._write_distribution(named, said, owners, low, paths):
                taken += [q for q in owners.values() if not any(q is t for t in taken)]
        return taken

    def _distribution_words(self, named: NamedDistribution, low: str,
                            stated: list[StatedQuantity]) -> tuple[dict[str, float], dict[str, StatedQuantity]]:
        """(entry -> value, entry -> the quantity it is) said of a distribution in its sentence; a
        range's low end the reader folded into its high end has a value and no quantity."""
        from tasks.plan.cloud_words import size_range

        said: dict[str, float] = {}
        owners: dict[str, StatedQuantity] = {}
        key = TYPICAL[named.kind]
        bare: list[StatedQuantity] = []
        for q in stated:
            if q.quantity != "length":
                continue
            at = self.value_at(low, q)
            if not named.start <= at < named.end:
                continue
            which = length_parameter(low[named.start:at])
            if which is None:
                if is_particle_size(low[:at], low[at + len(q.text):], q.value) or at > named.at:
                    bare.append(q)
                continue
            if which == "spread" and named.kind != "normal":
                continue
            entry = {"typical": key, "spread": "sigma"}.get(which, which)
            if entry not in said:
                said[entry], owners[entry] = q.value, q
            if entry == "maxValue" and "minValue" not in said:  # "from 10 to 200 um": the reader kept the high end
                span = size_range(low[:at], low[at + len(q.text):], q.text, q.value)
                if span is not None:
                    said["minValue"] = span[0]
        if key not in said and len(bare) == 1:  # "80 um particles (Rosin-Rammler, n = 3)": the one size
            said[key], owners[key] = bare[0].value, bare[0]
        if named.kind in SPREAD:
            for raw, value, at in spread_numbers(low, named.start, named.end)[:1]:
                if value <= 0:
                    continue
                q = next((s for s in stated if s.text == f"n {raw}"), None) or \
                    StatedQuantity(text=f"n {raw}", quantity="parameter", value=value, role="entry:n")
                if not any(q is s for s in stated):
                    stated.append(q)
                said["n"], owners["n"] = value, q
        return said, owners

    def _write_distribution(self, named: NamedDistribution, said: dict[str, float], owners: dict[str, StatedQuantity],
                            low: str, paths: dict[str, list[list[str]]]) -> bool:
        """The distribution into each chosen injection model; False (nothing written) when no
        model can take it (the reason recorded)."""
        from tasks.plan.cloud_words import named_clouds

        words = low[named.start:named.end]
        done = False
        for rel in named_clouds(list(paths), words) or list(paths):
            text = self.base.text(rel) or ""
            models = [p[2] for p in paths[rel]]
            for model in chosen_models(models, words):
                path = ["subModels", "injectionModels", model, "sizeDistribution"]
                done = self._write_one(rel, text, path, named.kind, said, owners) or done
        return done

    def _write_one(self, rel: str, text: str, path: list[str], kind: str, said: dict[str, float],
                   owners: dict[str, StatedQuantity]) -> bool:
        old_kind = (fd.get(text, path + ["type"]) or "").strip()
        old_sub = next((s for s in (f"{old_kind}Distribution", f"{old_kind}Coeffs") if fd.find(text, path + [s])), "")
        suffix = "Coeffs" if old_sub.endswith("Coeffs") else "Distribution"
        sub = f"{kind}{suffix}"
        base = {k: v for k in fd.keys(text, path + [old_sub]) if (v := _number(fd.get(text, path + [old_sub, k])))
                is not None} if old_sub else {}
        if old_kind != kind:  # the base's size stands for the typical one of the new distribution
            one = base.get("value", base.get("expectation", base.get("d")))
            base = {k: v for k, v in base.items() if k in ("minValue", "maxValue")}
            if one is not None:
                base[TYPICAL[kind]] = one
        try:
            entries = distribution_entries(kind, said, base)
        except ValueError as err:
            for q in owners.values():
                self.refuse(q, str(err))
            return False
        model = path[2]
        if old_kind != kind:
            self.set(rel, path, {"type": kind, sub: {k: fmt(v) for k, v in entries.items()}},
                     f"{kind} size distribution of {model} (was {old_kind or 'none'})")
            self.assumptions.append(f"{model} ({rel}): its {old_kind} size distribution replaced by the stated {kind} "
                                    f"({', '.join(f'{k} {fmt(v)}' for k, v in entries.items())})")
        by_entry = {("variance" if k == "sigma" else k): q for k, q in owners.items()}
        for key, value in entries.items():
            q = by_entry.get(key)
            if old_kind == kind and (q is not None or abs(value - base.get(key, value)) > 1e-12 * max(1.0, value)):
                self.set(rel, path + [sub, key], fmt(value), f"{kind} {key} of {model}", q)
            elif q is not None:
                self.set(rel, path + [sub, key], fmt(value), f"{kind} {key} of {model}", q)
        if kind == "normal" and "sigma" in said:
            self.assumptions.append(f"standard deviation {fmt(said['sigma'])} m written as the normal's 'variance' "
                                    f"{fmt(entries['variance'])} (v1912 samples erf((x - expectation)/variance), "
                                    f"so variance = sqrt(2) x standard deviation)")
        return True
