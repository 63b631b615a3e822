"""Relative changes of `modify` that name their entry by a role word and give only a factor or a
difference: a run-control entry or a rotation speed times a factor written as a symbol
("endTime x2", "deltaT / 3", "rpm x2"), as a signed percentage ("+50 %"), as a fraction of the
present value ("dt one third of what it is") or as a word before it ("double the rotation
speed"); a setFields heater region made some kelvin warmer ("heater +10 K", "the heat source
10 degC warmer"). Each reads the present value from the case and writes the new one."""

from __future__ import annotations

import re

from tasks.edit.modify_factor import factor_in
from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.edit.modify_run import scale_control
from tasks.edit.modify_values import NUMBER, unrounded
from tasks.edit.modify_words import FACTOR_TOKEN, present_sign, token_factor
from tasks.edit.patch_words import after_sign, increment_sign, temperature_difference
from tasks.foam import dictionary as fd
from tasks.plan.extract import Quantity, quantities
from tasks.plan.manifest import FileEdit

_NUM = r"\d+(?:\.\d+)?"

# a factor after the words it scales: "+50 %", "-20 percent"
SIGNED_PERCENT = re.compile(rf"(?<![\w.])(?P<sign>[+-])\s*(?P<pct>{_NUM})\s*(?:%|percent\b|per\s*cent\b)")
# a fraction of the present value: "one third (of what it is)", "a quarter of its value", "half"
_FRACTIONS = {"half": 0.5, "a half": 0.5, "one half": 0.5, "a third": 1 / 3, "one third": 1 / 3, "two thirds": 2 / 3,
              "a quarter": 0.25, "one quarter": 0.25, "three quarters": 0.75, "a tenth": 0.1, "one tenth": 0.1,
              "a fifth": 0.2, "one fifth": 0.2}
_FRACTION = re.compile(rf"\b(?:{'|'.join(sorted(_FRACTIONS, key=len, reverse=True))})\b")
# factor words, before or after what they scale
_WORDS = {"double": 2.0, "doubled": 2.0, "twice": 2.0, "triple": 3.0, "tripled": 3.0, "quadruple": 4.0,
          "quadrupled": 4.0, "halve": 0.5, "halved": 0.5}
_WORD = re.compile(rf"\b(?:{'|'.join(sorted(_WORDS, key=len, reverse=True))})\b")
_TIMES = re.compile(rf"(?<![\w.])(?P<n>{_NUM})\s*times\b(?!\s+(?:as\s+)?(?:short|small|less|fewer))")
_BY_PERCENT = re.compile(rf"\bby\s+(?P<pct>{_NUM})\s*(?:%|percent\b|per\s*cent\b)")
_DOWN = re.compile(r"\b(?:reduc|decreas|lower|cut|drop|slow|shorten|smaller|less)\w*")
_UP = re.compile(r"\b(?:increas|rais|bump|boost|extend|lengthen|speed|larger|more|longer|faster)\w*")

# a clause: the request split at punctuation and at words that start another change (a dash
# joins a role to its factor: "spin rate -- doubled")
_CLAUSES = re.compile(r"[.;!?](?:\s|$)|[,;!?]|\n|\b(?:and|then|also|plus)\b")


def factor_after(words: str) -> float | None:
    """The factor the words after a role word state ("x2", "/3", "+50 %", "one third of what it
    is", "doubled"); None when they state none."""
    low = words.lower()
    if (m := SIGNED_PERCENT.search(low)) is not None:
        pct = float(m.group("pct")) / 100
        return 1.0 - pct if m.group("sign") == "-" else 1.0 + pct
    if (m := FACTOR_TOKEN.search(low)) is not None:
        return token_factor(m)
    if (m := _FRACTION.search(low)) is not None:
        return _FRACTIONS[" ".join(m.group(0).split())]
    if (m := _WORD.search(low)) is not None:
        return _WORDS[m.group(0)]
    found = factor_in(low)  # "50 % faster", "10 percent down"
    return found[0] if found else None


def factor_before(words: str) -> float | None:
    """The factor the words before a role word state ("double the", "halve the", "3 times the",
    "raise the ... by 20 %"); None when they state none."""
    low = words.lower()
    if (m := _WORD.search(low)) is not None:
        return _WORDS[m.group(0)]
    if (m := _TIMES.search(low)) is not None:
        return float(m.group("n"))
    return None


def _by_percent(clause: str) -> float | None:
    """"increase the rpm by 20 %" (1.2), "cut the time step by 25 percent" (0.75)."""
    m = _BY_PERCENT.search(clause)
    if m is None:
        return None
    pct = float(m.group("pct")) / 100
    if _DOWN.search(clause[:m.start()]):
        return max(0.0, 1.0 - pct) or None
    return 1.0 + pct if _UP.search(clause[:m.start()]) else None


# role words of the entries scaled here: controlDict keys, then the rotation speed
_RUN_ROLES = (("deltaT", re.compile(r"\btime[- ]?steps?\b(?!\s+(?:count|number))|\bdelta[ _]?t\b|\bdt\b|δt|Δt", re.I)),
              ("writeInterval", re.compile(r"\bwrite[- ]?interval\b|\boutput interval\b", re.I)),
              ("endTime", re.compile(r"\bend[- ]?time\b|\bt_?end\b|\bsimulated (?:time|duration)\b|\brun (?:time|length)\b"
                                     r"|\bduration\b|\biteration(?:s| count)\b|\bnumber of iterations\b", re.I)))
ROTATION_WORDS = _ROTATION = re.compile(r"\brpm\b|\brotation(?:al)?\s+(?:speed|rate)\b|\bspin(?:ning)?\s+(?:speed|rate)\b"
                       r"|\b(?:rotor|impeller|fan|frame)\s+speed\b|\bangular\s+(?:velocity|speed)\b|\brevs?\b"
                       # the rotating part or the verb alone ("spin the rotor twice as fast", "impeller -20 %")
                       r"|\b(?:rotor|impeller|stirrer|agitator|propeller|paddles?|turbine)\b(?!\s+(?:wall|patch|region|zone|"
                       r"diameter|radius|size|blades?|tip|inlet|outlet))|\b(?:spin|rotat|stir)\w*\b", re.I)


def clause_factors(text: str) -> list[tuple[str, float, str]]:
    """(key, factor, clause) for each run-control entry or rotation speed a clause of the request
    scales: key is a controlDict entry or "rotation". A clause that also states a value of the
    kind (a time, an angular velocity) states it, not a factor."""
    out: list[tuple[str, float, str]] = []
    for clause in _CLAUSES.split(text):
        if not clause or not clause.strip():
            continue
        roles = [(key, m) for key, pattern in (*_RUN_ROLES, ("rotation", _ROTATION)) if (m := pattern.search(clause))]
        for key, m in roles[:1]:
            kinds = {"time", "iterations"} if key != "rotation" else {"angular_velocity", "frequency"}
            if any(q.kind in kinds for q in quantities(clause)):
                continue
            factor = factor_after(clause[m.end():]) or factor_before(clause[:m.start()]) or _by_percent(clause)
            if factor is not None and factor > 0 and factor != 1.0:
                out.append((key, factor, " ".join(clause.split())))
    return out


def rotation_site(state: CaseState) -> tuple[str, list[str], str] | None:
    """(file, entry, present value) of the case's rotation speed: SRFProperties' rpm, else the
    omega of the first MRF zone; None when the case has neither."""
    srf = state.case_dir / "constant/SRFProperties"
    if srf.is_file() and (rpm := fd.get(srf.read_text(), ["rpmCoeffs", "rpm"])) is not None:
        return "constant/SRFProperties", ["rpmCoeffs", "rpm"], rpm
    mrf = state.case_dir / "constant/MRFProperties"
    if mrf.is_file():
        text = mrf.read_text()
        for zone in fd.keys(text):
            if (omega := fd.get(text, [zone, "omega"])) is not None:
                return "constant/MRFProperties", [zone, "omega"], omega
    return None


def relative_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """Edits for each entry a clause scales (clause_factors); an entry the plan already sets
    stays as it is."""
    done = {tuple(e.entry) for e in plan.edits if e.file in ("system/controlDict", "constant/SRFProperties",
                                                            "constant/MRFProperties")}
    for key, factor, clause in clause_factors(text):
        if key != "rotation":
            if (key,) not in done:
                scale_control(plan, state, key, factor)
                done.add((key,))
            continue
        site = rotation_site(state)
        if site is None:
            plan.warnings.append(f"not applied: rotation speed x {unrounded(factor)} ({clause}: the case has no "
                                 "SRFProperties rpm nor MRF zone omega)")
            continue
        rel, entry, old = site
        nums = re.findall(NUMBER, old)
        if tuple(entry) in done or not nums:
            continue
        new = unrounded(round(float(nums[-1]) * factor, 10))
        value = old[:old.rfind(nums[-1])] + new + old[old.rfind(nums[-1]) + len(nums[-1]):]
        plan.edits.append(FileEdit(file=rel, entry=entry, value=" ".join(value.split()),
                                   reason=f"rotation speed x {unrounded(factor)}: {nums[-1]} -> {new}", locked=True))
        done.add(tuple(entry))


# words naming a region that setFields heats: "the heater", "the heat source", "the hot block"
_HEATER = re.compile(r"\b(?:heater|heating element|heat source|source of heat|radiator|hot (?:spot|box|block|region|zone)"
                     r"|heated (?:box|block|region|zone))\b", re.I)
_REGION_T = re.compile(rf"(volScalarFieldValue\s+T\s+)({NUMBER})")


def temperature_change(q: Quantity, text: str) -> float | None:
    """The signed change of a temperature stated as one ("+10 K", "by 10 K" after a verb of
    warming, "10 degC warmer", "10 K hotter than now"), in kelvin; None when the value is a
    temperature itself."""
    sign = 1 if q.text.lstrip().startswith("+") else (
        increment_sign(text[:q.start]) or after_sign(q.after) or present_sign(q.after))
    delta = temperature_difference(q.text.lstrip().lstrip("+"))
    return None if sign is None or delta is None else sign * abs(delta)


def heater_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """A setFields heater made warmer or cooler by a difference ("heater +10 K", "make the heat
    source 10 degC warmer"): the region's T in system/setFieldsDict plus the difference."""
    path = state.case_dir / "system/setFieldsDict"
    if not path.is_file() or any(e.file == "system/setFieldsDict" for e in plan.edits):
        return
    regions = fd.get(path.read_text(), ["regions"]) or ""
    found = _REGION_T.search(regions)
    if found is None:
        return
    for q in quantities(text):
        if q.kind not in ("temperature", "angle"):  # "20 degrees warmer" reads as an angle first
            continue
        clause = _CLAUSES.split(text[:q.start])[-1]
        delta = temperature_change(q, text)
        if delta is None or not _HEATER.search(clause):
            continue
        new = unrounded(round(float(found.group(2)) + delta, 10))
        raw = regions[:found.start(2)] + new + regions[found.end(2):]
        said = q.text.strip().lstrip("+-")
        plan.edits.append(FileEdit(file="system/setFieldsDict", entry=["regions"],
                                   value=raw if raw.strip().startswith("(") else f"({raw}",
                                   reason=f"heater region T {found.group(2)} -> {new} K ({'+' if delta > 0 else '-'}{said})",
                                   locked=True))
        return
