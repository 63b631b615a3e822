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
from tasks.plan.extract import normalise, quantities
from tasks.plan.foam_values import direction, fmt, leaves
from tasks.plan.stated import StatedQuantity

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_RATE_RAW = re.compile(rf"(?:constant\s+)?({_NUMBER})")

_SENSE = re.compile(r"\b(counter[- ]?clockwise|anti[- ]?clockwise|contra[- ]?clockwise|ccw|clockwise|cw)\b")
# where the rotation is seen from: a vector from the rotor to the viewer
_FROM_UP = re.compile(r"\b(?:from\s+(?:above|the\s+top|overhead)|looking\s+down|look\s+down|top\s+view|plan\s+view|"
                      r"viewed\s+downward|seen\s+downward)")
_FROM_DOWN = re.compile(r"\b(?:from\s+(?:below|beneath|underneath|the\s+bottom)|looking\s+up|look\s+up|bottom\s+view)")
_FROM_AXIS = re.compile(r"\bfrom\s+(?:the\s+)?(?:(positive|negative|plus|minus|\+|-)\s*)?([xyz])(?:[- ]?(?:axis|side|direction))?\b")
_ALONG_AXIS = re.compile(r"\blooking\s+(?:along|in|into|toward|towards)\s+(?:the\s+)?(?:(positive|negative|plus|minus|\+|-)\s*)?"
                         r"([xyz])\b")

# the words that make an angle of rotation a time step, a write interval or a run length
_STEP_WORDS = re.compile(r"\b(?:time[- ]?steps?|timesteps?|steps?|dt|delta[- ]?t|deltat|increment|per\s+iteration)\b")
_WRITE_WORDS = re.compile(r"\b(?:write|writes|writing|save|saves|saving|output|outputs|dump|snapshots?)\b")
_RUN_WORDS = re.compile(r"\b(?:run|runs|running|simulate[sd]?|simulating|for|over|duration|length|long|end|stop|until|"
                        r"total|covers?|lasts?|spanning)\b")
_ROTATION_WORDS = re.compile(r"\b(?:revolutions?|revs?|turns?|rotations?|rotat\w*|spin\w*|rotor|impeller|propeller|"
                             r"fan|wheel|shaft|blades?|crank|travel)\b")
_TIP_WORDS = re.compile(r"\b(?:tip|rim|peripheral|circumferential|blade|edge)\s*(?:speed|velocity)\b|"
                        r"\b(?:blade\s+)?tips?\b")
_RADIUS_WORDS = re.compile(r"\b(?:radius|radii|r|r_tip|diameter|dia|d)\b")
_DIAMETER_WORDS = re.compile(r"\b(?:diameter|dia|d)\b")
_TURN_UNIT = re.compile(r"\b(?:revolutions?|revs?|rotations?|turns?)\b", re.I)


def _axis_vector(sign: str | None, letter: str) -> list[float]:
    v = [0.0, 0.0, 0.0]
    v["xyz".index(letter)] = -1.0 if sign in ("negative", "minus", "-") else 1.0
    return v


def viewpoint(words: str, up: list[float] | None) -> list[float] | None:
    """The direction from the rotor to whoever watches it turn ("seen from above": up; "looking
    along -z": +z), None when the words do not say."""
    if up is not None and _FROM_UP.search(words):
        return up
    if up is not None and _FROM_DOWN.search(words):
        return [-x for x in up]
    m = _ALONG_AXIS.search(words)
    if m:
        return [-x for x in _axis_vector(m.group(1), m.group(2))]
    m = _FROM_AXIS.search(words)
    if m:
        return _axis_vector(m.group(1), m.group(2))
    return None


def stated_sense(words: str) -> int | None:
    """+1 for counter-clockwise, -1 for clockwise, None when the words say neither or both."""
    senses = {(1 if re.match(r"counter|anti|contra|ccw", m.group(1)) else -1) for m in _SENSE.finditer(words.lower())}
    return senses.pop() if len(senses) == 1 else None


def signed_rate(rate: float, words: str, axis: list[float], up: list[float] | None) -> tuple[float, str] | None:
    """The angular velocity along `axis` for a rotation of size `rate` in the sense the words state,
    with the reading behind it; None when no sense is stated. Counter-clockwise seen from a point
    is a rotation vector pointing at it (right-hand rule); unseen, the viewer is on the axis' + side."""
    sense = stated_sense(words)
    if sense is None:
        return None
    view = viewpoint(words, up)
    said = "as seen from the stated side"
    if view is None:
        view, said = axis, f"seen from the + side of the rotation axis {_vec(axis)}"
    dot = sum(a * b for a, b in zip(axis, view))
    if abs(dot) < 1e-9:
        return None  # seen side-on: the sense does not sign this axis
    value = abs(rate) * sense * (1 if dot > 0 else -1)
    return value, f"{'counter-clockwise' if sense > 0 else 'clockwise'} {said}: omega {fmt(value)} rad/s along {_vec(axis)}"


def _vec(v: list[float]) -> str:
    return "(" + " ".join(fmt(x) for x in v) + ")"


def rotation_entries(text: str) -> list[tuple[list[str], str, list[float]]]:
    """(entry, raw value, axis) of every omega/rpm entry holding one number in a dictionary (or an
    enclosing one) that names an axis."""
    out = []
    for entry, raw in leaves(text):
        if entry[-1] not in ("omega", "rpm") or not _RATE_RAW.fullmatch(raw.strip().rstrip(";").strip()):
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


def tip_radius(text: str) -> tuple[float, str] | None:
    """(radius in m, as written) of the first length the request calls a radius or a diameter (half
    of it) in the words of its own clause ("tip radius of 0.1 m", "r = 100 mm", "a 0.5 m diameter fan")."""
    for found in quantities(text):
        if found.kind != "length" or found.value <= 0:
            continue
        before = re.split(r"[,;.!?()]\s|\n", found.before)[-1].lower()
        after = re.split(r"[,;:.!?()]|\n", found.after)[0].lower()
        own = after if _RADIUS_WORDS.match(after.strip()) else re.split(r"\b(?:and|with|at)\b", before)[-1]
        if _RADIUS_WORDS.search(own):
            return (found.value / 2 if _DIAMETER_WORDS.search(own) else found.value), found.text
    return None


class TurnBinding:
    """The sense and the angles of the base's rotation."""

    def rotation_homes(self) -> list[tuple[str, list[str], str, list[float]]]:
        """(file, entry, raw, axis) of each rotation entry of the base's dictionaries."""
        return [(rel, entry, raw, axis) for rel in self._dictionaries()
                for entry, raw, axis in rotation_entries(self.base.text(rel) or "")]

    def base_rotation_rate(self) -> float | None:
        """The base's rotation rate in rad/s (its first rotation entry, or a rotating wall's)."""
        for _, entry, raw, _ in self.rotation_homes():
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

    def sensed(self, rate: float, axis: list[float], old: float) -> float:
        """The angular velocity along `axis` for a stated rate: signed by a sense the request states,
        else with the sign of the base's own value."""
        signed = signed_rate(rate, normalise(self.text).lower(), axis, self.up_vector())
        if signed is None:
            return -abs(rate) if old < 0 else abs(rate)
        value, why = signed
        if why not in self.assumptions:
            self.assumptions.append(why)
        return value

    def tip_speed(self, q: StatedQuantity, stated: list[StatedQuantity]) -> bool:
        """A speed said of a rotor's tip ("tip speed 20 m/s at r = 0.1 m", "blade tips at 30 m/s, 0.5 m
        diameter") on a rotating base: omega = v / r with the radius (half the diameter) stated
        beside it. False when the words say no tip or the base does not rotate."""
        clause, sentence = self._words_of(q)
        if not _TIP_WORDS.search(clause) or not (self.rotation_homes() or self.base_rotation_rate()):
            return False
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

