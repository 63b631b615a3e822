"""A body's oscillation stated in the request ("the box heaves at 2 Hz", "one swing takes 4 s",
"with an amplitude of 3 cm"): the oscillating motion the base already imposes (oscillatingDisplacement
in pointDisplacement, oscillatingLinearMotion in dynamicMeshDict, a sine normal velocity in U) gets
the stated frequency and amplitude. A motion is a dictionary holding an `amplitude` beside its
`omega` (rad/s) or `frequency` (Hz); a constant rotation's omega has no amplitude and is left alone."""

from __future__ import annotations

import math
import re
from functools import lru_cache

import yaml

from tasks.core.paths import CANONICAL_DIR
from tasks.foam import dictionary as fd
from tasks.plan.bind_motion_walls import WallMotionBinding, mesh_moves, said_way
from tasks.plan.bind_motion_zones import _axis_vector, named_part, part_names
from tasks.plan.foam_values import VECTOR, direction, fmt, leaves, vec
from tasks.plan.stated import Binding, StatedQuantity

_MOTION_FILES = ("constant/dynamicMeshDict", "constant/dynamicMeshDict.sixDoF")
_MOTION_FIELDS = ("pointDisplacement", "pointMotionU", "U")


# words that make a stated speed the oscillation's own ("a peak heave speed of 4 cm/s", "velocity amplitude
# 0.04 m/s", "the channel sways at up to 1 m/s"), not an inlet's
_MOTION_SPEED_WORDS = re.compile(r"\b(?:amplitude|peak|maximum\s+(?:heave|sway|oscillation)|heav\w*|sway\w*|swing\w*|"
                                 r"oscillat\w*|vibrat\w*|stroke|surg\w*|bob\w*|plung\w*|pitch(?:ing)?\s+speed)\b")


# the words that make an angular velocity an oscillation's rate ("omega 6.28 rad/s of the swing"), not a rotor's
_OSCILLATION_WORDS = re.compile(r"\b(?:oscillat\w*|sway\w*|swing\w*|swung|heav\w*|bob\w*|shak\w*|vibrat\w*|"
                                r"plung\w*|sinus\w*|harmonic\w*|back and forth|to and fro|up and down|side to side|"
                                r"cycles?|period\w*|frequency|hz|amplitude|slid\w*|stroke)\b")
# the words that make a rate a turning part's
_ROTOR_WORDS = re.compile(r"\b(?:rotor|impeller|propeller|fan|stirrer|agitator|turbine|spin\w*|rotat\w*|turn\w*|"
                          r"revolv\w*|rpm)\b")
# a length right after a body's motion verb ("heaves 5 cm", "swings by +/- 30 cm", "moves sinusoidally 0.1 m")
_SWING_BEFORE = re.compile(r"\b(?:oscillat\w*|swing\w*|swung|sway\w*|heav\w*|bob\w*|shak\w*|vibrat\w*|plung\w*|"
                           r"(?P<plain>mov(?:e|es|ed|ing)|slid(?:e|es|ing)|travel\w*|translat\w*)|surg\w*)"
                           r"(?:\s+(?:sinusoidally|harmonically|periodically|up|and|down|back|forth|sideways|side|to|"
                           r"along|in|[xyz]|[+-][xyz]|the|direction|by|through|about|around|±|\+/-|\+-|plus|or|"
                           r"minus))*"
                           r"\s*(?:±|\+/-|\+-)?\s*$")
# the words after such a length that make it a size, not a swing ("moves over a 2 m long channel")
_SIZE_AFTER = re.compile(r"^\s*(?:long|wide|high|tall|deep|thick|diameter|radius|length|width|height|channel|duct|"
                         r"pipe|section|box|tank|domain|gap|wall|cylinder)\b")
# the entries a motion binder writes with its conversions (a rate in rad/s or Hz, a vector amplitude)
MOTION_ENTRIES = ("amplitude", "omega", "frequency", "rpm")
_ROTATING_KINDS = ("oscillatingRotatingMotion", "angularOscillatingDisplacement", "angularOscillatingVelocity")
Oscillation = tuple[str, list[str], dict[str, str]]


# the axis a swing turns about ("sways 10 degrees about the z axis", "rolls 5 deg around x")
_ABOUT_AXIS = re.compile(r"\b(?:about|around|round)\s+(?:the\s+)?([+-]?[xyz])(?:[- ]?axis)?\b")


@lru_cache(maxsize=1)
def ship_motion_terms() -> dict:
    """canonical/ship_motion.yaml: the SDA motion function's amplitude entries by degree of freedom."""
    return yaml.safe_load((CANONICAL_DIR / "ship_motion.yaml").read_text())


def _number(raw: str) -> float:
    """The number of an entry ("3.14", "constant 1"), 0 when it holds none."""
    m = re.search(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", raw)
    return float(m.group(0)) if m else 0.0


class MotionBinding(WallMotionBinding):
    """Frequency, period and amplitude of the base's oscillating motion."""

    def _linear_oscillations(self) -> list[Oscillation]:
        """The oscillations that move a body along a line (a rotating one's amplitude is an angle)."""
        return [(rel, parent, keys) for rel, parent, keys in self._oscillations() if not self._rotating(rel, parent)]

    def motion_said(self, q: StatedQuantity) -> bool:
        """The words of the value's own clause make it the oscillation's ("peak heave speed 4 cm/s")."""
        clause, _ = self._words_of(q)
        return bool(_MOTION_SPEED_WORDS.search(clause)) and bool(self._linear_oscillations())

    def motion_speed(self, q: StatedQuantity, stated: list[StatedQuantity]) -> bool:
        """A speed stated for an oscillating body: the velocity amplitude of the motion the base imposes.
        A sine velocity (U's normalVelocity) takes it as it is; a displacement (oscillatingLinearMotion,
        oscillatingDisplacement) takes V / (2 pi f), along its own direction, at the stated frequency
        (or period) else the base's. False when the base imposes no linear oscillation."""
        rate = next((s for s in stated if s.role in ("frequency", "period") and s.value > 0), None)
        done = False
        for rel, parent, keys in self._linear_oscillations():
            base_hertz = _number(keys["omega"]) / (2 * math.pi) if "omega" in keys else _number(keys["frequency"])
            hertz = (rate.value if rate.role == "frequency" else 1 / rate.value) if rate else base_hertz
            if hertz <= 0:
                continue
            raw = keys["amplitude"]
            if rel.split("/")[-1].startswith("U"):  # the motion is a velocity already: V is its amplitude
                way = direction(raw) if VECTOR.search(raw) else None
                value = vec([q.value * x for x in way]) if way else fmt(q.value)
                self.set(rel, [*parent, "amplitude"], value, f"velocity amplitude {q.text}", q)
            else:
                amplitude = q.value / (2 * math.pi * hertz)
                way = direction(raw) if VECTOR.search(raw) else None
                value = vec([amplitude * x for x in way or [1.0, 0.0, 0.0]]) if VECTOR.search(raw) else fmt(amplitude)
                self.set(rel, [*parent, "amplitude"], value, f"displacement amplitude V / (2 pi f) from {q.text}", q)
                self.assumptions.append(f"{q.text} is the body's peak speed: its displacement amplitude is "
                                        f"V / (2 pi f) = {fmt(amplitude)} m at {fmt(hertz)} Hz")
            done = True
        return done

    def motion_owns(self, q: StatedQuantity, where: list[tuple[str, list[str]]]) -> bool:
        """A value with a unit whose named entries are all motion entries (an oscillation's amplitude
        or omega, a rotation's omega): the motion binder writes it, converted ("amplitude at 1 Hz" is
        no amplitude of 1; "omega 2 pi rad/s" is 6.28)."""
        motion_rels = set(_MOTION_FILES) | {r for f in _MOTION_FIELDS for r in self.base.field_rels(f)}
        return q.quantity != "parameter" and bool(where) and all(
            rel in motion_rels and entry[-1] in MOTION_ENTRIES for rel, entry in where)

    def _oscillations(self) -> list[Oscillation]:
        """(file, parent entry, {key: raw}) of every dictionary holding an amplitude and a rate."""
        rels = [r for r in _MOTION_FILES if self.base.text(r)]
        rels += [r for f in _MOTION_FIELDS for r in self.base.field_rels(f)]
        out = []
        for rel in rels:
            groups: dict[tuple[str, ...], dict[str, str]] = {}
            for entry, raw in leaves(self.base.text(rel) or ""):
                groups.setdefault(tuple(entry[:-1]), {})[entry[-1]] = raw
            out += [(rel, list(parent), keys) for parent, keys in groups.items()
                    if "amplitude" in keys and ("omega" in keys or "frequency" in keys)]
        return out

    def _rotating(self, rel: str, parent: list[str]) -> bool:
        """The oscillation turns its body (oscillatingRotatingMotion, angularOscillatingDisplacement):
        its amplitude is an angle, never a length."""
        text = self.base.text(rel) or ""
        kinds = {(fd.get(text, [*parent[:depth], key]) or "").strip().strip(";")
                 for depth in range(len(parent) + 1) for key in ("solidBodyMotionFunction", "type")}
        return any("rotat" in part.lower() for part in parent) or bool(kinds & set(_ROTATING_KINDS))

    def _chosen(self, q: StatedQuantity, oscillations: list[Oscillation]) -> list[Oscillation] | str:
        """The oscillation a value is for: the only one, else the one the words next to it name (a
        zone's or patch's name); a reason when the base has several and the words name none."""
        if len(oscillations) <= 1:
            return oscillations
        names = [part_names(self.base.text(rel) or "", [*parent, "amplitude"]) for rel, parent, _ in oscillations]
        before, after = self._around(q)
        index = named_part(before, after, names)
        if index is None:  # "the outletBlock oscillates 0.1 m at 2 Hz": the part the clause is about
            index = named_part(re.sub(r"\d", " ", self._words_of(q)[0]), "", names)
        if index is not None:
            return [oscillations[index]]
        labels = ", ".join(f"{'/'.join(parent)} in {rel}" for rel, parent, _ in oscillations)
        return f"the base has several oscillating motions ({labels}); say which one {q.text} is for (its zone or patch)"

    def _agrees(self, q: StatedQuantity, rel: str, entry: list[str], value: float) -> bool:
        """Another stated value already wrote this rate within 0.1 % ("1 Hz (6.2832 rad/s)"): the
        value is recorded as the same, not a clash."""
        for b in self.bindings:
            if b.file == rel and b.entry == entry and b.stated != q.text:
                got = _number(b.value)
                if got and abs(got - value) <= 1e-3 * abs(value):
                    self.bindings.append(Binding(stated=q.text, file=rel, entry=entry, value=b.value,
                                                 how=f"the same rate as {b.stated}"))
                    return True
        return False

    def _set_motion_rate(self, q: StatedQuantity, hertz: float) -> bool:
        oscillations = self._chosen(q, self._oscillations())
        if isinstance(oscillations, str):
            self.refuse(q, oscillations)
            return True
        for rel, parent, keys in oscillations:
            key = "omega" if "omega" in keys else "frequency"
            value = 2 * math.pi * hertz if key == "omega" else hertz
            if not self._agrees(q, rel, [*parent, key], value):
                self.set(rel, [*parent, key], fmt(value), f"oscillation {key} from {q.text}", q)
        return bool(oscillations)

    def bind_motion_amplitudes(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Lengths said right after a body's motion verb ("the box heaves 5 cm", "swings +/- 30 cm")
        and angles said of a swing ("sways 10 degrees", "pitching amplitude 5 deg") on a base that
        oscillates: the oscillation's amplitude (a length never goes to a rotating one). Returns the
        values taken."""
        if self.mesh_motion_kind() == ship_motion_terms()["function"]:  # "roll amplitude 0.15 rad": SDA's rollAmax
            return [q for q in stated if q.quantity == "angle" and q.role in ("angle", "wall_angle")
                    and self._ship_amplitude(q)]
        if not self._oscillations():
            return []
        taken = []
        for q in stated:
            if q.quantity == "angle" and q.role in ("angle", "wall_angle") and self.swing_angle(q):
                taken.append(q)
            if q.quantity != "length" or q.role != "geometry":
                continue
            if self._swing_length(q):
                self._motion_amplitude(q, stated)
                taken.append(q)
        return taken

    def _swing_length(self, q: StatedQuantity) -> bool:
        """A length right after a swing verb ("heaves 5 cm"), or after a plain motion verb whose
        clause says it oscillates ("moves sinusoidally by 25 cm", "slides up and down 10 cm"); no
        size ("moves over a 2 m long channel") and no plain travel ("moves 2 m to the right")."""
        before, after = self._around(q)
        own = re.split(r"[,;(]", re.split(r"\d", before)[-1])[-1]
        m = _SWING_BEFORE.search(own)
        if m is None or _SIZE_AFTER.match(after):
            return False
        return not m.group("plain") or bool(_OSCILLATION_WORDS.search(self._own_clause(q)) or
                                            re.search(r"±|\+/-|\+-|plus or minus", own))

    def _own_clause(self, q: StatedQuantity) -> str:
        """The words of a value's own clause: back to the previous number or comma, on to the next."""
        before, after = self._around(q)
        return re.split(r"[,;]", re.split(r"\d", before)[-1])[-1] + " " + re.split(r"[,;]|\d", after)[0]

    def oscillation_omega(self, q: StatedQuantity) -> bool:
        """An angular velocity (rad/s, rpm) of the base's oscillation: its omega, when the base turns
        no part or the words of its clause speak of the oscillation ("1 Hz (6.2832 rad/s)", "omega 2 pi
        rad/s for the swing"). False when the base does not oscillate or the value is a rotor's."""
        if q.value <= 0 or not self._oscillations():
            return False
        own = self._own_clause(q)
        if self.spins() and not (_OSCILLATION_WORDS.search(own) or
                                 (_OSCILLATION_WORDS.search(self._words_of(q)[0]) and not _ROTOR_WORDS.search(own))):
            return False
        done = self._set_motion_rate(q, q.value / (2 * math.pi))
        if done:
            hertz = fmt(q.value / (2 * math.pi))
            self.assumptions.append(f"{q.text} is the angular frequency of the oscillation ({hertz} Hz)")
        return done

    def mesh_motion_kind(self) -> str:
        """The base's solid-body motion function or motion solver ("SDA", "sixDoFRigidBodyMotion"), "" if none."""
        dmd = self.base.text("constant/dynamicMeshDict") or ""
        m = re.search(r"\bsolidBodyMotionFunction\s+(\w+)\s*;", dmd) or \
            re.search(r"\bmotionSolver\s+(\w+)\s*;", dmd)
        return m.group(1) if m and mesh_moves(dmd) else ""

    def _no_oscillation(self, what: str) -> str:
        """Why a motion's value has no home: the base's motion kind when it has one (SDA, a table,
        a solved rigid body), else that it imposes no oscillation."""
        kind = self.mesh_motion_kind()
        known = {"SDA": "SDA ship motion (roll, heave and sway amplitudes with periods Tp, Tpn)",
                 "tabulated6DoFMotion": "a table of 6-DoF positions in time",
                 "sixDoFRigidBodyMotion": "a solved 6-DoF rigid body (its motion follows the flow's forces)",
                 "rigidBodyMotion": "a solved rigid-body motion"}
        said = known.get(kind)
        if said:
            return (f"the {self.solver} base moves its mesh by {said}, not a sinusoidal motion with an amplitude and "
                    f"an omega: Casewright does not write {what} into it; edit constant/dynamicMeshDict by hand")
        return (f"the {self.solver} base imposes no oscillating motion (no amplitude with an omega or frequency) "
                f"for {what}")

    def _frequency(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if self.takes_rate(q):  # an oscillating boundary value writes it (bind_function1)
            return
        if q.value <= 0 or not self._set_motion_rate(q, q.value):
            self.refuse(q, self._no_oscillation(f"the frequency {q.text}"))

    def _period(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if self.takes_rate(q):  # an oscillating boundary value writes it (bind_function1)
            return
        if q.value <= 0 or not self._set_motion_rate(q, 1.0 / q.value):
            self.refuse(q, self._no_oscillation(f"the period {q.text}"))

    def _amplitude_way(self, q: StatedQuantity) -> list[float] | None:
        """The direction the words of the amplitude's own clause give it ("in y", "along x", "up and
        down"), None when they give none (the base's direction stays)."""
        return said_way(self._own_clause(q))

    def _motion_amplitude(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """A displacement amplitude of the base's linear oscillation: a vector along the stated
        direction, else the base's; a sine velocity's amplitude is omega times it (omega stated, else
        the base's). A rotating oscillation's amplitude is an angle: a length is never written there."""
        if self._ship_amplitude(q):
            return
        if q.quantity == "angle":
            if not self.angle_amplitude(q):
                self.refuse(q, f"the {self.solver} base has no rotating oscillation for the angle amplitude {q.text}")
            return
        linear = [o for o in self._oscillations() if not self._rotating(o[0], o[1])]
        if not linear:
            turning = bool(self._oscillations())
            self.refuse(q, f"the {self.solver} base's oscillation turns its body (its amplitude is an angle): "
                           f"{q.text} cannot be written as it" if turning else
                        self._no_oscillation(f"an amplitude of {q.text}"))
            return
        chosen = self._chosen(q, linear)
        if isinstance(chosen, str):
            self.refuse(q, chosen)
            return
        rate = next((s for s in stated if s.role in ("frequency", "period") and s.value > 0), None)
        way = self._amplitude_way(q)
        for rel, parent, keys in chosen:
            raw = keys["amplitude"]
            if VECTOR.search(raw):
                d = way or direction(raw) or [1.0, 0.0, 0.0]
                said = "the stated direction" if way else "the base's direction"
                self.set(rel, [*parent, "amplitude"], vec([q.value * x for x in d]),
                         f"oscillation amplitude {q.text} along {said}", q)
                continue
            if way is not None:
                self.assumptions.append(f"{q.text}: the base's oscillation in {rel} is a scalar along its own "
                                        f"direction; the stated direction is not applied")
            if rel.split("/")[-1].startswith("U"):  # a velocity's sine: its amplitude is omega A
                hertz = (rate.value if rate.role == "frequency" else 1 / rate.value) if rate else \
                    (_number(keys["omega"]) / (2 * math.pi) if "omega" in keys else _number(keys["frequency"]))
                value = 2 * math.pi * hertz * q.value
                self.set(rel, [*parent, "amplitude"], fmt(value), f"velocity amplitude 2 pi f A from {q.text}", q)
                self.assumptions.append(f"{q.text} is the displacement amplitude: the imposed velocity's amplitude "
                                        f"is 2 pi f A = {fmt(value)} m/s at {fmt(hertz)} Hz")
            else:
                self.set(rel, [*parent, "amplitude"], fmt(q.value), f"oscillation amplitude {q.text}", q)

    def _ship_amplitude(self, q: StatedQuantity) -> bool:
        """An amplitude said of a degree of freedom ("heave amplitude 2 m", "sway 120 cm", "roll
        amplitude 12 deg") on a base moved by SDA ship motion: that entry of its dynamicMeshDict
        (canonical/ship_motion.yaml). False when the base moves otherwise or no such word is said."""
        terms = ship_motion_terms()
        if self.mesh_motion_kind() != terms["function"]:
            return False
        before, after = self._around(q)
        own = re.split(r"[,;(]|\d", before)[-1].lower()
        words = {**terms["amplitudes"], "roll": terms["roll"]}
        said = [(m.start(), word) for word in words for m in re.finditer(rf"\b{word}\w*", own)]
        if not said:
            said = [(-m.start(), word) for word in words
                    for m in re.finditer(rf"^\s*(?:\w+\s+)?{word}\w*", re.split(r"[,;(]|\d", after)[0].lower())]
        if not said:
            return False
        word = max(said)[1]
        rel = "constant/dynamicMeshDict"
        if (word == "roll") != (q.quantity == "angle"):
            self.refuse(q, f"the SDA {word} amplitude is {'an angle' if word == 'roll' else 'a length'}; "
                           f"{q.text} is not one")
            return True
        value = math.radians(q.value) if q.quantity == "angle" else q.value
        self.set(rel, [words[word]], fmt(value), f"SDA {word} amplitude {q.text}", q)
        return True

    def swing_angle(self, q: StatedQuantity) -> bool:
        """An angle whose clause speaks of an oscillation ("sways 10 degrees", "a 5 deg pitch
        amplitude") on a base with a rotating oscillation: its amplitude. False otherwise."""
        before, after = self._around(q)
        return bool(_OSCILLATION_WORDS.search(f"{before} {after}") or re.search(r"\b(?:pitch|roll|rock|tilt)\w*",
                                                                                    f"{before} {after}")) \
            and self.angle_amplitude(q)

    def angle_amplitude(self, q: StatedQuantity) -> bool:
        """An angle said of the base's rotating oscillation ("sways 10 degrees", "pitch amplitude 5
        deg"): oscillatingRotatingMotion's amplitude vector (degrees, about its axis) or
        angularOscillatingDisplacement's amplitude (radians). False when the base has none."""
        turning = [o for o in self._oscillations() if self._rotating(o[0], o[1])]
        if not turning:
            return False
        chosen = self._chosen(q, turning)
        if isinstance(chosen, str):
            self.refuse(q, chosen)
            return True
        degrees = abs(q.value)
        for rel, parent, keys in chosen:
            raw = keys["amplitude"]
            if VECTOR.search(raw):  # degrees about the stated axis, else the one the base turns about
                said = _ABOUT_AXIS.search(self._own_clause(q)) or _ABOUT_AXIS.search(self._words_of(q)[0])
                way = _axis_vector(said.group(1)[:-1], said.group(1)[-1]) if said else \
                    (direction(raw) or direction(keys.get("axis", "")) or [0.0, 0.0, 1.0])
                whose = "the stated" if said else "the base's"
                self.set(rel, [*parent, "amplitude"], vec([degrees * x for x in way]),
                         f"rotation amplitude {q.text} (degrees) about {whose} axis", q)
            else:  # angularOscillatingDisplacement: radians
                self.set(rel, [*parent, "amplitude"], fmt(round(math.radians(degrees), 9)),
                         f"rotation amplitude {q.text} in radians", q)
        return True
