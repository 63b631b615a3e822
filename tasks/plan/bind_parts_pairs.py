"""Binder step for a value of a pair of phases: the surface tension between two phases, where the
base keeps one per pair in a list ("sigma ((air and water) 0.07);" of twoPhaseEulerFoam's
phaseProperties, "sigmas ((air water) 0.07 ...);" of multiphaseInterFoam's transportProperties,
"surfaceTension ((air and water) { type constant; sigma 0.07; });" of the reacting Euler solvers).
A plain "sigma 0.07;" is left to the by-meaning binder. Mixed into `tasks.plan.bind.Binder`
through `tasks.plan.bind_parts.PartsBinding`.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import fmt
from tasks.plan.stated import Binding, StatedQuantity

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
# (file, key of the list) where a base may keep its surface tensions pair by pair
PAIR_LISTS = (("constant/phaseProperties", "sigma"), ("constant/phaseProperties", "surfaceTension"),
               ("constant/transportProperties", "sigmas"), ("constant/thermophysicalProperties", "sigmas"))
# "(air and water) 0.07", "(air water) 0.07", "(air and water) { type constant; sigma 0.07; }"
_PAIR = re.compile(rf"\(\s*(?P<a>[\w.]+)\s+(?:and\s+)?(?P<b>[\w.]+)\s*\)\s*(?:(?P<plain>{_NUMBER})"
                   rf"|\{{[^{{}}]*?\bsigma\s+(?P<coeff>{_NUMBER})\s*;[^{{}}]*\}})")
_GAS = re.compile(r"^(?:air|gas|vapou?r|steam)\d*$")


class Pair(NamedTuple):
    """One pair of a list: its two phases and where its value is written in the list's text."""

    a: str
    b: str
    start: int
    end: int
    begin: int = 0  # where the pair's entry starts ("(air and water) ...")


def tension_pairs(raw: str) -> list[Pair]:
    """The pairs of a surface-tension list's text with the span of each pair's value; empty when
    `raw` is no list of pairs (a plain "0.07")."""
    clean = fd.strip_comments(raw or "").strip()
    if not clean.startswith("("):
        return []
    pairs = []
    for m in _PAIR.finditer(clean):
        group = "plain" if m.group("plain") is not None else "coeff"
        pairs.append(Pair(m.group("a"), m.group("b"), m.start(group), m.end(group), m.start()))
    return pairs


def pairs_named(pairs: list[Pair], words: str) -> list[Pair]:
    """The pairs the words name: both phases ("between air and water"), else the pairs of the one
    phase they name with a gas (a liquid's "surface tension" is against the gas), else all pairs
    when the list has one."""
    low = words.lower()
    said = {p for pair in pairs for p in (pair.a, pair.b) if re.search(rf"\b{re.escape(p.lower())}\b", low)}
    both = [pair for pair in pairs if pair.a in said and pair.b in said]
    if both:
        return both
    if len(said) == 1:
        (name,) = said
        own = [pair for pair in pairs if name in (pair.a, pair.b)]
        with_gas = [pair for pair in own if _GAS.match((pair.b if pair.a == name else pair.a).lower())]
        return own if len(own) == 1 else with_gas if len(with_gas) == 1 else []
    return pairs if len(pairs) == 1 else []


def set_pair_value(raw: str, pair: Pair, value: str) -> str:
    """The list's text (comments stripped) with `pair`'s value replaced."""
    clean = fd.strip_comments(raw).strip()
    return clean[:pair.start] + value + clean[pair.end:]


class PairTensionBinding:
    def bind_pair_tensions(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Surface tensions into a base's list of pairs: the pair the words name, else the one pair;
        refused (with the pairs) when the list has several and the words name none."""
        taken: list[StatedQuantity] = []
        for q in stated:
            if q.role != "surface_tension" or any(n.text == q.text for n in self.not_applied) or \
                    any(b.stated == q.text for b in self.bindings):
                continue  # refused or kept already (a pair the case lacks, "other pairs keep": tasks/plan/bind_sigma)
            for rel, key in PAIR_LISTS:
                if not self.base.text(rel) or fd.find(self.base.text(rel) or "", [key]) is None:
                    continue
                raw = self.current(rel, key)
                pairs = tension_pairs(raw)
                if not pairs:
                    continue
                clause, sentence = self._words_of(q)
                chosen = pairs_named(pairs, clause) or pairs_named(pairs, sentence)
                if not chosen:
                    listed = ", ".join(f"{p.a}-{p.b}" for p in pairs)
                    said = sorted({p for pair in pairs for p in (pair.a, pair.b)
                                   if re.search(rf"\b{re.escape(p.lower())}\b", clause)})
                    self.refuse(q, f"the base keeps no surface tension for {' and '.join(said)} (its pairs: "
                                   f"{listed}); name one of those pairs" if len(said) == 2 else
                                f"which pair of phases ({listed}) has the surface tension {q.text} is not "
                                f"clear; name the two phases")
                    taken.append(q)
                    break
                for pair in sorted(chosen, key=lambda p: -p.start):  # from the end: earlier spans stay valid
                    raw = set_pair_value(raw, pair, fmt(q.value))
                what = ", ".join(f"{p.a}-{p.b}" for p in chosen)
                self.set(rel, [key], raw, f"surface tension of {what}")
                # the pair's entry as written ("(air and water) 0.072"), which the written list holds
                first = next(p for p in tension_pairs(raw) if (p.a, p.b) == (chosen[0].a, chosen[0].b))
                self.bindings.append(Binding(stated=q.text, file=rel, entry=[key], value=raw[first.begin:first.end],
                                             how=f"surface tension ({what})"))
                taken.append(q)
                break
        return taken
