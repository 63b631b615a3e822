"""Binding a rotation speed and its sense to the rotating part it is said of: MRF zones,
solidBody / multiSolidBody zones, an SRF frame, a rotorDisk, rotatingWallVelocity walls. The part
follows the words next to the value (tasks.plan.bind_motion_zones); the sign follows the words of
its clause: "the other way" flips the base's sign, "counter-rotating" turns against the other
parts, "clockwise" signs it along the axis where the view decides it, else the base's sign stays.
A sense said without a speed ("reverse the rotation", "make the stator counter-rotate") turns the
base's own speed. Mixed into `tasks.plan.bind_motion_turns.TurnBinding`.
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from tasks.foam import dictionary as fd
from tasks.plan.bind_motion_zones import (absent_part, co_said, counter_said, named_part, own_words,
                                          reversal_said, said_sign, stated_sense, tip_radius, turning_said, wall_names)
from tasks.plan.extract import normalise
from tasks.plan.foam_values import direction, fmt
from tasks.plan.stated import Binding, NotApplied, StatedQuantity

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_RATE = re.compile(rf"(?:constant\s+)?({_NUMBER})")
# the words that make a speed a wall surface's ("the rod surface moves at", "the wall of the drum slides at")
_SURFACE = re.compile(r"\b(?:walls?|surfaces?|cylinders?|rods?|shafts?|drums?|peripher\w*|rims?|sleeves?|spindles?)\b")
# a rate said of every rotating part at once ("both rotors", "150 rad/s each", "all the fans")
_EVERY_PART = re.compile(r"\b(?:both|each|every|all(?:\s+the)?\s+(?:\w+\s+)?(?:rotors?|impellers?|fans?|propellers?|"
                         r"zones?|parts?|wheels?|blades?|discs?|disks?|cylinders?|paddles?|stirrers?))\b")
_TOGETHER = re.compile(r"\b(?:the\s+)?same\s+(?:way|direction|sense)\b|\bin\s+step\b")
_AGAINST_EACH = re.compile(r"\bopposite\s+(?:directions?|ways?|senses?)\b|\bagainst\s+each\s+other\b")
_CLAUSES = re.compile(r"[.;!?\n]\s*|,\s+(?=\D)")


class Spin(NamedTuple):
    """One rotating part of the base: where its rate is written, the rate as written, its axis
    and the words that name it."""

    rel: str
    entry: list[str]
    raw: str
    axis: list[float]
    names: set[str]


def spin_rate(spin: Spin) -> float:
    """The part's signed rate in rad/s as the base writes it (an rpm entry counts turns a minute)."""
    m = _RATE.fullmatch(spin.raw.strip().rstrip(";").strip())
    value = float(m.group(1)) if m else 0.0
    return value * math.pi / 30 if spin.entry[-1] == "rpm" else value


def _part_label(spin: Spin) -> str:
    """A rotating part as the user can name it: its dictionary path or patch, and its file."""
    return f"{'/'.join(spin.entry[:-1]) or spin.entry[-1]} in {spin.rel}"


def _sign(x: float) -> float:
    return -1.0 if x < 0 else 1.0


class SpinBinding:
    """Rotation speeds and senses of the base's rotating parts."""

    def spins(self) -> list[Spin]:
        """Every rotating part: the rotation entries of the dictionaries, then rotating walls."""
        out = [Spin(rel, entry, raw, axis, names) for rel, entry, raw, axis, names in self.rotation_homes()]
        for rel in self.base.field_rels(self.u_field)[:1]:
            text = self.base.text(rel) or ""
            for patch, bc in self.base.patch_bcs(self.u_field).items():
                raw = " ".join(fd.strip_comments(fd.get(text, ["boundaryField", patch, "omega"]) or "").split())
                if bc == "rotatingWallVelocity" and _RATE.fullmatch(raw):
                    axis = direction(fd.get(text, ["boundaryField", patch, "axis"]) or "") or [0.0, 0.0, 1.0]
                    out.append(Spin(rel, ["boundaryField", patch, "omega"], raw, axis, wall_names(patch) | {"wall"}))
        return out

    def now_rate(self, spin: Spin) -> float:
        """The part's signed rate as this plan leaves it (rad/s)."""
        for e in reversed(self.edits):
            if e.file == spin.rel and e.entry == spin.entry and isinstance(e.value, str):
                return spin_rate(spin._replace(raw=e.value))
        return spin_rate(spin)

    def _angular_velocity(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """A rotation rate goes to the part its words name (the only one when the base turns one; with
        several and none named it is not applied, the parts listed),
        signed by the sense its words state, else with the base's sign."""
        if self.oscillation_omega(q):  # "1 Hz (6.2832 rad/s)": the rate of the base's oscillation
            return
        spins = self.spins()
        if not spins:
            kind = self.mesh_motion_kind()  # SDA, a 6-DoF body: a motion with no omega of its own
            self.refuse(q, "the base case has no rotating zone (MRFProperties, SRFProperties, a solidBody "
                           "rotatingMotion) or rotating wall" + (f", and its mesh motion ({kind}) has no omega to set"
                                                                 if kind else ""))
            return
        before, after = self._around(q)
        index = named_part(before, after, [s.names for s in spins])
        missing = absent_part(before, [s.names for s in spins]) if index is None else None
        if missing is not None:
            self.refuse(q, f"{q.text} is said of the {missing}, but no {missing} turns in this base (its rotating "
                           f"parts: {', '.join('/'.join(s.entry[:-1]) or s.rel for s in spins)})")
            return
        if index is None and len({(s.rel, tuple(s.entry[:-1])) for s in spins}) > 1 and \
                _EVERY_PART.search(f"{before} {q.text} {after}"):
            self._every_part(q, spins, f"{before} {after}")
            return
        if index is None and len({(s.rel, tuple(s.entry[:-1])) for s in spins}) > 1:
            self.refuse(q, f"the base turns several parts ({', '.join(_part_label(s) for s in spins)}); say which one "
                           f"turns at {q.text} (the rotor, the stator, a zone's or wall's name)")
            return
        spin = spins[index if index is not None else 0]
        words = own_words(before, after, set().union(*(s.names for s in spins if s != spin)) - spin.names)
        if len(spins) == 1 and not self._sense_words(words):
            words = normalise(self.text).lower()  # one rotating part: any sense the request states is its own
        omega = self._signed(q.value, spin, words, spins)
        if isinstance(omega, str):
            self.refuse(q, omega)
            return
        self.write_spin(spin, omega, "rotation speed", q)

    def _every_part(self, q: StatedQuantity, spins: list[Spin], words: str) -> None:
        """"Both rotors at 150 rad/s", "each impeller at 300 rpm": every rotating part at the rate, each
        with its base's sign; "in opposite directions" / "counter-rotating" keeps them against each
        other (the second flipped where the base turns them together), "the same way" turns all as the
        first."""
        signs = [_sign(spin_rate(s)) for s in spins]
        if co_said(words) or _TOGETHER.search(words):
            signs = [signs[0]] * len(spins)
        elif (counter_said(words) or _AGAINST_EACH.search(words)) and len(set(signs)) == 1:
            signs = [signs[0] * (-1) ** i for i in range(len(spins))]
        for spin, sign in zip(spins, signs):
            self.write_spin(spin, abs(q.value) * sign, "rotation speed", q)
        self._assume(f"{q.text} for every rotating part ({', '.join(_part_label(s) for s in spins)}), "
                     f"senses {'against each other' if len(set(signs)) > 1 else 'together'}")

    def _around(self, q: StatedQuantity) -> tuple[str, str]:
        """The words of the value's sentence before it and after it (lower case)."""
        low = normalise(self.text).lower()
        at = self.value_at(low, q)
        if at < 0:
            clause, _ = self._words_of(q)
            return clause, ""
        before = re.split(r"[.;!?\n]\s", low[max(0, at - 160):at])[-1]
        after = re.split(r"[.;!?\n]", low[at + len(q.text):at + len(q.text) + 120])[0]
        return before, after

    @staticmethod
    def _sense_words(words: str) -> bool:
        return stated_sense(words) is not None or reversal_said(words) or counter_said(words) or co_said(words)

    def _signed(self, rate: float, spin: Spin, words: str, spins: list[Spin]) -> float | str:
        """The signed rate of `spin` at `rate` (rad/s) in the sense the words state, else the base's
        sign; a reason (str) when they state a sense the axis cannot decide."""
        old = spin_rate(spin)
        others = [s for s in spins if s != spin and self.now_rate(s)]
        against = counter_said(words) or (reversal_said(words) and not old)  # "the other way" of a still part
        if (against or co_said(words)) and others:
            ref = others[0]
            along = sum(a * b for a, b in zip(spin.axis, ref.axis))
            value = (1 if co_said(words) else -1) * abs(rate) * _sign(self.now_rate(ref)) * _sign(along)
            self._assume(f"{'co' if co_said(words) else 'counter'}-rotating: omega {fmt(value)} rad/s "
                         f"{'with' if co_said(words) else 'against'} {'/'.join(ref.entry)} in {ref.rel}")
            return value
        got = said_sign(words, old, spin.axis, self.up_vector(), self._planar_about(spin.axis))
        if got is None or isinstance(got, str):
            return got or abs(rate) * _sign(old)
        self._assume(f"{'/'.join(spin.entry)}: {got[1]}")
        return abs(rate) * got[0]

    def _planar_about(self, axis: list[float]) -> bool:
        """A 2-D base (empty patches) rotating about its one flat direction: seen from the axis' +
        side, as its plots show it."""
        empty = "empty" in self.base.mesh_types().values() or "empty" in self.base.patch_bcs(self.u_field).values()
        return empty and max(abs(x) for x in axis) > 0.999

    def _assume(self, why: str) -> None:
        if why not in self.assumptions:
            self.assumptions.append(why)

    def write_spin(self, spin: Spin, omega: float, what: str, q: StatedQuantity | None, said: str = "") -> None:
        """Write `omega` (rad/s) to the part's entry in its own form (rpm, `constant`), recorded for
        the stated quantity `q`, or for the words `said` when no value was stated."""
        if spin.entry[-1] == "rpm":
            value, reason = fmt(round(omega * 30 / math.pi, 9)), f"{what} (rpm)"
        else:
            value = ("constant " if spin.raw.startswith("constant") else "") + fmt(omega)
            reason = f"{what} (rad/s)"
        self.set(spin.rel, spin.entry, value, f"{reason} of {'/'.join(spin.entry[:-1]) or 'the zone'}", q)
        if q is None and said:
            self.bindings.append(Binding(stated=said, file=spin.rel, entry=spin.entry, value=value, how=reason))

    def wall_turn_speed(self, q: StatedQuantity) -> bool:
        """A linear speed said of a rotating wall ("the outer wall moves at 10 cm/s", "rod surface
        speed 0.2 m/s"): its omega = v / R, R the radius stated beside it, else the wall's radius in
        the mesh about its rotatingWallVelocity axis. False when the base has no rotating wall or the
        words name none."""

        spins = self.spins()
        walls = [s for s in spins if s.entry[0] == "boundaryField"]
        if not walls:
            return False
        before, after = self._around(q)
        index = named_part(before, after, [s.names for s in walls])
        if index is None and not (len(walls) == 1 and _SURFACE.search(f"{before} {after}")):
            return False
        spin = walls[index or 0]
        patch = spin.entry[1]
        said = tip_radius(self.text)
        text = self.base.text(spin.rel) or ""
        origin = direction(fd.get(text, ["boundaryField", patch, "origin"]) or "") or [0.0, 0.0, 0.0]
        radius = said[0] if said else wall_radius(self.base.mesh_text() or "", patch, origin, spin.axis)
        if not radius:
            self.refuse(q, f"{q.text} is the speed of the rotating wall {patch}: Casewright cannot read its radius "
                           f"from the mesh; state the radius (or diameter) or the rotation rate")
            return True
        words = own_words(before, after, set().union(*(s.names for s in spins if s != spin)) - spin.names)
        omega = self._signed(q.value / radius, spin, words, spins)
        if isinstance(omega, str):
            self.refuse(q, omega)
            return True
        where = f"stated ({said[1]})" if said else "of the mesh"
        self.write_spin(spin, omega, f"{q.text} at radius {fmt(radius)} m: omega = v / R", q)
        self.assumptions.append(f"{q.text} is the tangential speed of the rotating wall {patch}: omega = v / R = "
                                f"{fmt(q.value)} / {fmt(radius)} = {fmt(abs(omega))} rad/s (R {where})")
        return True

    def bind_turn_words(self, stated: list[StatedQuantity]) -> None:
        """A sense said without a speed ("reverse the rotation", "the stator turns the other way",
        "make the rotor spin clockwise seen from above"): the base's own speed turned that way, on
        the parts the clause names (every part for a plain reversal)."""
        spins = self.spins()
        if not spins:
            return
        speeds = [q.text.lower() for q in stated if q.quantity in ("angular_velocity", "velocity", "frequency")]
        for clause in _CLAUSES.split(normalise(self.text).lower()):
            if not turning_said(clause) or not self._sense_words(clause) or any(s in clause for s in speeds):
                continue
            index = named_part(clause, "", [s.names for s in spins])
            chosen = [spins[index]] if index is not None else (spins if reversal_said(clause) else spins[-1:])
            for spin in chosen:
                if any(e.file == spin.rel and e.entry == spin.entry for e in self.edits) or not spin_rate(spin):
                    continue  # a stated speed set it already
                omega = self._signed(abs(spin_rate(spin)), spin, clause, spins)
                if isinstance(omega, str):
                    self.not_applied.append(NotApplied(text=clause.strip(), reason=omega))
                    continue
                self.write_spin(spin, omega, "rotation sense", None, said=clause.strip())


def wall_radius(bmd: str, patch: str, origin: list[float], axis: list[float]) -> float | None:
    """The radius (m) of a blockMesh wall about the rotation axis through `origin`: the distance of
    its vertices from the axis (the nearest, for a wedge's extruded side), None when the wall is no
    cylinder about it (vertices more than 5 % apart) or its vertices are not plain numbers."""
    from tasks.plan.controls_patch_extent import _POINT, _faces, _scale  # its vertex reading, shared

    text = fd.strip_comments(bmd)
    vertices = [[float(g) for g in p.groups()] for p in _POINT.finditer(fd.get(text, ["vertices"]) or "")]
    labels = {i for face in _faces(text, patch) for i in face}
    size = math.sqrt(sum(a * a for a in axis))
    if not labels or not vertices or max(labels) >= len(vertices) or size == 0:
        return None
    unit = [a / size for a in axis]
    scale = _scale(text)
    radii = []
    for i in labels:
        rel = [(vertices[i][k] * scale) - origin[k] for k in range(3)]
        along = sum(r * u for r, u in zip(rel, unit))
        radii.append(math.sqrt(max(sum(r * r for r in rel) - along * along, 0.0)))
    low, high = min(radii), max(radii)
    return low if low > 0 and high <= 1.05 * low else None
