"""A rotation stated the way a turbomachinery engineer states it: its sense ("the rotor spins
clockwise", "counter-clockwise seen from above") signs the angular velocity along the base's own
rotation axis, and an angle of that rotation is a run control ("run 5 revolutions" is an end time,
"a time step of 1 degree of rotation" is a deltaT) at the rotation rate stated, else the base's.

The rotation entries of a base are the `omega` (rad/s) and `rpm` entries of a dictionary that
names an `axis` (MRFProperties, dynamicMeshDict solidBody rotatingMotion, SRFProperties, a
rotorDisk fvOption); a relaxation factor called omega has no axis and is never one.
"""

from __future__ import annotations

import math
import re

from tasks.foam import dictionary as fd
from tasks.foam.physics import is_steady
from tasks.plan.extract import normalise
from tasks.plan.bind_motion_refs import reference_home
from tasks.plan.bind_motion_spin import SpinBinding
from tasks.plan.bind_motion_zones import part_names, signed_rate, stated_sense, tip_radius, viewpoint  # noqa: F401 (their home was here)
from tasks.plan.foam_values import direction, fmt, leaves
from tasks.plan.stated import StatedQuantity

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_RATE_RAW = re.compile(rf"(?:constant\s+)?({_NUMBER})")
_VARIABLE = re.compile(r"(?:constant\s+)?\$\{?:?[A-Za-z_][\w.:]*\}?")

# the words that make an angle of rotation a time step, a write interval or a run length
_STEP_WORDS = re.compile(r"\b(?:time[- ]?steps?|timesteps?|steps?|dt|delta[- ]?t|deltat|increment|per\s+iteration)\b")
_WRITE_WORDS = re.compile(r"\b(?:write|writes|writing|save|saves|saving|output|outputs|dump|snapshots?)\b")
_RUN_WORDS = re.compile(r"\b(?:run|runs|running|simulate[sd]?|simulating|for|over|duration|length|long|end|stop|until|"
                        r"total|covers?|lasts?|spanning)\b")
_ROTATION_WORDS = re.compile(r"\b(?:revolutions?|revs?|turns?|rotations?|rotat\w*|spin\w*|rotor|impeller|propeller|"
                             r"fan|wheel|shaft|blades?|crank|travel)\b")
_TIP_WORDS = re.compile(r"\b(?:tip|rim|peripheral|circumferential|blade|edge)\s*(?:speed|velocity)\b|"
                        r"\b(?:blade\s+)?tips?\b")
_TURN_UNIT = re.compile(r"\b(?:revolutions?|revs?|rotations?|turns?)\b", re.I)


def rotation_entries(text: str, references: bool = False) -> list[tuple[list[str], str, list[float]]]:
    """(entry, raw value, axis) of every omega/rpm entry holding one number in a dictionary (or an
    enclosing one) that names an axis; with `references`, also those that read one variable
    (`omega $:meshMotionProperties.omega;`), for `bind_motion_refs.reference_home` to follow."""
    out = []
    for entry, raw in leaves(text):
        plain = raw.strip().rstrip(";").strip()
        if entry[-1] not in ("omega", "rpm") or not (_RATE_RAW.fullmatch(plain) or
                                                     (references and _VARIABLE.fullmatch(plain))):
            continue
        for depth in range(len(entry) - 1, -1, -1):
            axis = direction(fd.get(text, [*entry[:depth], "axis"]) or "")
            if axis is not None:
                out.append((entry, raw, axis))
                break
    return out


def rate_of(entry: list[str], raw: str) -> float:
    """The rad/s of a rotation entry (an rpm entry counts turns per minute)."""
    m = _RATE_RAW.fullmatch(raw.strip().rstrip(";").strip())
    value = float(m.group(1)) if m else 0.0
    return value * 2 * math.pi / 60 if entry[-1] == "rpm" else value


def angle_role(words: str, unit_text: str) -> str | None:
    """The run control an angle of rotation stands for in its words: 'delta_t' ("a time step of 1
    degree of rotation"), 'write_interval' ("write every 30 degrees"), 'end_time' ("run 5
    revolutions"); None when the angle is not said of a rotation."""
    turns = bool(_TURN_UNIT.search(unit_text))
    if not turns and not _ROTATION_WORDS.search(words):
        return None
    if _STEP_WORDS.search(words):
        return "delta_t"
    if _WRITE_WORDS.search(words):
        return "write_interval"
    if turns or _RUN_WORDS.search(words):
        return "end_time"
    return None


class TurnBinding(SpinBinding):
    """The sense and the angles of the base's rotation."""

    def rotation_homes(self) -> list[tuple[str, list[str], str, list[float], set[str]]]:
        """(file, entry, raw, axis, part names) of each rotation entry of the base's dictionaries; a
        rate read from a variable is written where the variable is defined (once for its readers),
        named after the dictionary that reads it."""
        out: list[tuple[str, list[str], str, list[float], set[str]]] = []
        for rel in self._dictionaries():
            text = self.base.text(rel) or ""
            for entry, raw, axis in rotation_entries(text, references=True):
                home = (rel, entry, raw) if _RATE_RAW.fullmatch(raw.strip().rstrip(";").strip()) else \
                    reference_home(self.base.text, rel, raw)
                if home is not None and not any(h[0] == home[0] and h[1] == home[1] for h in out):
                    out.append((home[0], home[1], home[2], axis, part_names(text, entry)))
        return out

    def base_rotation_rate(self) -> float | None:
        """The base's rotation rate in rad/s (its first rotation entry, or a rotating wall's)."""
        for _, entry, raw, _, _ in self.rotation_homes():
            if rate_of(entry, raw):
                return abs(rate_of(entry, raw))
        for rel in self.base.field_rels(self.u_field)[:1]:
            text = self.base.text(rel) or ""
            for patch, bc in self.base.patch_bcs(self.u_field).items():
                if bc == "rotatingWallVelocity":
                    m = _RATE_RAW.fullmatch((fd.get(text, ["boundaryField", patch, "omega"]) or "").strip())
                    if m and float(m.group(1)):
                        return abs(float(m.group(1)))
        return None

    def up_vector(self) -> list[float] | None:
        g = direction(fd.get(self.base.text("constant/g") or "", ["value"]) or "")
        return [-x for x in g] if g and any(g) else None

    def tip_speed(self, q: StatedQuantity, stated: list[StatedQuantity]) -> bool:
        """A speed said of a rotor's tip ("tip speed 20 m/s at r = 0.1 m", "blade tips at 30 m/s, 0.5 m
        diameter") on a rotating base: omega = v / r with the radius (half the diameter) stated
        beside it. False when the words say no tip or the base does not rotate."""
        clause, sentence = self._words_of(q)
        if not _TIP_WORDS.search(clause) or not (self.rotation_homes() or self.base_rotation_rate()):
            return self.wall_turn_speed(q)  # "the outer wall moves at 10 cm/s" on a rotating wall
        said = tip_radius(self.text)
        if said is None:
            self.refuse(q, f"{q.text} is a tip speed: state the tip radius or diameter to turn it into a rotation rate")
            return True
        radius, written = said
        omega = q.value / radius
        turned = StatedQuantity(text=q.text, quantity="angular_velocity", value=omega, unit="rad/s",
                                role="angular_velocity")
        self._angular_velocity(turned, stated)
        self.assumptions.append(f"{q.text} is the tip speed at radius {fmt(radius)} m ({written}): "
                                f"omega = v / r = {fmt(omega)} rad/s ({fmt(omega * 30 / math.pi)} rpm)")
        return True

    def rotation_angle(self, q: StatedQuantity, stated: list[StatedQuantity]) -> bool:
        """An angle of rotation as a run control: end time, time step or write interval = angle / omega
        (the stated rotation rate, else the base's). False when the angle is not said of a rotation or
        the case does not rotate."""
        clause, sentence = self._words_of(q)
        role = angle_role(clause, q.text) or (angle_role(sentence, q.text) if _TURN_UNIT.search(q.text) else None)
        if role is None:
            return False
        spoken = next((abs(s.value) for s in stated if s.role == "angular_velocity" and s.value), None)
        rate = spoken or self.base_rotation_rate()
        if not rate:
            return False
        seconds = math.radians(abs(q.value)) / rate
        if is_steady(self.solver):
            self.refuse(q, f"{q.text} of rotation is a time, but {self.solver} is steady: state iterations")
            return True
        turned = q.model_copy(update={"quantity": "time", "value": seconds, "unit": "s", "role": role})
        key = {"end_time": "endTime", "delta_t": "deltaT", "write_interval": "writeInterval"}[role]
        if role == "write_interval":
            self.follow_write_in_seconds()
        self._control(turned, key, f"{q.text} of rotation at {fmt(rate)} rad/s", fmt(seconds))
        self.assumptions.append(f"{q.text} at {fmt(rate)} rad/s ({fmt(rate * 30 / math.pi)} rpm) = {key} {fmt(seconds)} s"
                                + ("" if spoken else " (the base's rotation rate)"))
        return True

