"""Where an injector is and which way it points, as a request states them ("the nozzle is at (0
0.0995 0)", "particles released from the point (0.1 0.2 0) mm", "injection direction (0 0 -1)",
"particles injected along -y"), into the injection model that holds them:

- position: a coneNozzleInjection's `position`, a coneInjection's one `positionAxis` point, a
  look-up-table injection's one row (its x column);
- direction: a coneNozzleInjection's `direction`, a coneInjection's `positionAxis` axes, each
  injection velocity U0 (its speed kept), a table's U column (each row's speed kept).

A model with several injectors, one that injects through a patch's faces or from a positions
file, or one whose velocity is zero (no speed to keep) does not take them: the value goes to
not_applied with what the model holds. A vector said with a velocity's unit is a velocity (its
own binder), never a place. Mixed into `tasks.plan.bind.Binder` (through `CloudBinding`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from tasks.foam import dictionary as fd
from tasks.plan.bind_cloud_table import TABLE, render_rows
from tasks.plan.foam_values import direction, fmt, vec
from tasks.plan.stated import Binding, StatedQuantity
from tasks.plan.values_directions import said_direction

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?"
_VECTOR = re.compile(rf"\(\s*({_NUM})[\s,]+({_NUM})[\s,]+({_NUM})\s*\)(?:\s*(mm/s|cm/s|m/s|m s-1|mm|cm|m)(?![\w/]))?")
_INJECTING = re.compile(r"\b(?:inject\w*|spray\w*|releas\w*|nozzle|atomi[sz]\w*)\b")
_OTHER_VECTOR = re.compile(r"\b(?:gravity|g|velocity|speed|u0?|flow|wind|air|gas)\s*(?:of|is|=|:)?\s*$")
_POSITION_WORDS = re.compile(r"\b(?:at|located|positioned|placed|position|point|from|sits?|centred|centered|"
                             r"location|origin)\b")
_DIRECTION_WORDS = re.compile(r"\b(?:direction|along|aimed|aiming|pointing|points|towards?|oriented|axis)\b")
_CORNER_BEFORE = re.compile(r"\b(?:to|and|between)\s*$")
_CORNER_AFTER = re.compile(r"\s*(?:mm|cm|m)?\s*(?:to|and|-|–)\s*\(")
_SPEED = re.compile(rf"{_NUM}\s*(?:m/s|m s-1|mm/s|cm/s|km/h|ft/s|mph)\b")
_SCALE = {"mm": 1e-3, "cm": 1e-2, "m": 1.0, None: 1.0}
_SPEED_SCALE = {"mm/s": 1e-3, "cm/s": 1e-2, "km/h": 1 / 3.6, "ft/s": 0.3048, "mph": 0.44704}


@dataclass(frozen=True)
class Place:
    """An injector's position (m) or direction (a unit vector) the words state, as written."""

    kind: str  # "position" or "direction"
    vector: tuple[float, float, float]
    written: str
    speed: float | None = None  # m/s, a speed its sentence states with a direction (the injection velocity's)


def _speed(sentence: str) -> float | None:
    m = _SPEED.search(sentence)
    if m is None:
        return None
    number = float(re.match(_NUM, m.group()).group())
    unit = m.group()[len(re.match(_NUM, m.group()).group()):].strip()
    return number * _SPEED_SCALE.get(unit, 1.0)


def stated_places(low: str, down: list[float] | None = None) -> list[Place]:
    """Every injector position and direction the lower-case request states, in sentences about
    injection; a direction by a signed axis ("along -y") or up/down (`down` the case's down) only
    where the sentence states no speed (then the speed's binder takes the direction)."""
    out: list[Place] = []
    for sentence in re.split(r"(?<=[.!?;])\s+|\n", low):
        if not _INJECTING.search(sentence):
            continue
        for m in _VECTOR.finditer(sentence):
            unit = m.group(4)
            if unit is not None and ("/" in unit or unit == "m s-1"):
                continue  # a velocity
            before = sentence[max(0, m.start() - 40):m.start()]
            if _OTHER_VECTOR.search(before) or _CORNER_BEFORE.search(before) or _CORNER_AFTER.match(sentence, m.end()):
                continue  # gravity's or a flow's vector; a box's corner ("from (0 0 0) to (1 1 1)")
            numbers = [float(m.group(i)) for i in (1, 2, 3)]
            says_way = [w.end() for w in _DIRECTION_WORDS.finditer(before)]
            says_place = [w.end() for w in _POSITION_WORDS.finditer(before)]
            if says_way and (not says_place or max(says_way) > max(says_place)):
                size = math.sqrt(sum(c * c for c in numbers))
                if size > 0:
                    out.append(Place("direction", tuple(float(f"{c / size:.6g}") + 0.0 for c in numbers), m.group(0),
                                     _speed(sentence)))
            elif says_place:
                scale = _SCALE.get(unit, 1.0)
                out.append(Place("position", tuple(float(f"{c * scale:.6g}") + 0.0 for c in numbers), m.group(0)))
        if _VECTOR.search(sentence) or _SPEED.search(sentence):
            continue
        way = _DIRECTION_WORDS.search(sentence) or re.search(r"\b(?:down|up)wards?\b|\bvertically\b", sentence)
        said = said_direction(sentence[way.start():], down) if way else None
        if said is not None and said.vector is not None:
            out.append(Place("direction", tuple(c + 0.0 for c in said.vector), sentence[way.start():].strip()[:40]))
    return out


class CloudPlaceBinding:
    def bind_injector_places(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Each stated injector position and direction into the injection models; the quantities
        made for them (added to `stated`, taken)."""
        taken: list[StatedQuantity] = []
        if not self._cloud_files():
            return taken
        from tasks.plan.extract import normalise

        for place in stated_places(normalise(self.text).lower(), self.down()):
            q = StatedQuantity(text=place.written, quantity="parameter", value=max(abs(c) for c in place.vector),
                               role=f"entry:{place.kind}", vector=list(place.vector))
            stated.append(q)
            taken.append(q)
            reasons: list[str] = []
            done = False
            if place.speed is not None:  # "7 m/s in the direction (0 0 -1)": the speed's binder aims along it too
                self.injection_axis = list(place.vector)
            for rel in self._cloud_files():
                text = self.base.text(rel) or ""
                for model in fd.keys(text, ["subModels", "injectionModels"]):
                    path = ["subModels", "injectionModels", model]
                    if place.kind == "position":
                        done = self._place_injector(rel, text, path, list(place.vector), q, reasons) or done
                    else:
                        done = self._aim_model(rel, text, path, list(place.vector), q, reasons, place.speed) or done
            if not done:
                said = "; ".join(reasons) or "the base's clouds have no injection model"
                self.refuse(q, f"{place.written} is the injector's {place.kind}, but no injection model of the base "
                               f"takes one: {said}")
        return taken

    def _place_injector(self, rel: str, text: str, path: list[str], at: list[float], q: StatedQuantity,
                        reasons: list[str]) -> bool:
        """A stated position into one model: its `position`, its one positionAxis point, or its
        table's one row; False (with why in `reasons`) when it holds no single place."""
        model = path[-1]
        kind = (fd.get(text, path + ["type"]) or "").strip()
        if fd.find(text, path + ["position"]) is not None:
            self.set(rel, path + ["position"], vec(at), f"injector position of {model}", q)
            return True
        pairs = fd.get(text, path + ["positionAxis"])
        if pairs is not None:
            found = re.findall(r"\(\s*(\([^()]*\))\s*(\([^()]*\))\s*\)", pairs)
            if len(found) == 1:
                self.set(rel, path + ["positionAxis"], f"( ({vec(at)} {found[0][1]}) )",
                         f"injector position of {model}", q)
                return True
            reasons.append(f"{rel} {model} ({kind}) has {len(found)} injectors in positionAxis: "
                           f"give each one's position")
            return False
        table = next((t for t in self._injection_tables() if t[0] == rel and t[1] == model), None)
        if table is not None:
            _, _, name, columns, rows = table
            if len(rows) == 1 and "x" in columns:
                i = columns.index("x")
                self.set(name, TABLE, render_rows([rows[0][:i] + [vec(at)] + rows[0][i + 1:]]),
                         f"injector position of {model} (x column of {name})")
                self.bindings.append(Binding(stated=q.text, file=name, entry=TABLE, value=vec(at),
                                             how=f"injector position of {model}"))
                return True
            reasons.append(f"{rel} {model} ({kind}) has {len(rows)} injectors, one a row of {name}: "
                           f"give each one's position")
            return False
        where = (f"injects through the faces of patch {(fd.get(text, path + ['patch']) or '').strip()}"
                 if fd.find(text, path + ["patch"]) is not None else
                 f"places its parcels from the file {(fd.get(text, path + ['positionsFile']) or '').strip()}"
                 if fd.find(text, path + ["positionsFile"]) is not None else "holds no injector position")
        reasons.append(f"{rel} {model} ({kind}) {where}")
        return False

    def _aim_model(self, rel: str, text: str, path: list[str], way: list[float], q: StatedQuantity,
                   reasons: list[str], said: float | None = None) -> bool:
        """A stated direction into one model: its direction or cone axes, its U0 (at the speed
        `said` with it, else its own), its table's velocities (likewise); False (with why in
        `reasons`) otherwise."""
        model = path[-1]
        kind = (fd.get(text, path + ["type"]) or "").strip()
        if fd.find(text, path + ["direction"]) is not None or fd.find(text, path + ["positionAxis"]) is not None:
            self.aim_injector(rel, path, way)
            self.bindings.append(Binding(stated=q.text, file=rel, entry=path + [
                "direction" if fd.find(text, path + ["direction"]) is not None else "positionAxis"],
                value=vec(way), how=f"injection direction of {model}"))
            return True
        raw = fd.get(text, path + ["U0"])
        if raw is not None:
            old = direction(raw)
            speed = math.sqrt(sum(float(c) ** 2 for c in re.findall(_NUM, raw))) if old else 0.0
            if speed == 0 and said is None:
                reasons.append(f"{rel} {model} ({kind}) injects at U0 {' '.join(raw.split())}: no speed to keep, "
                               f"state the speed with the direction")
                return False
            # at a stated speed: the very vector the speed's binder writes along the same axis (no clash)
            new = vec([said * c for c in way]) if said is not None else \
                vec([float(f"{speed * c:.6g}") + 0.0 for c in way])
            self.set(rel, path + ["U0"], new, f"injection velocity of {model} turned to the stated direction "
                                              f"(speed {fmt(said if said is not None else speed)} m/s)", q)
            return True
        table = next((t for t in self._injection_tables() if t[0] == rel and t[1] == model), None)
        if table is not None and "U" in table[3]:
            _, _, name, columns, rows = table
            i = columns.index("U")
            new = []
            for row in rows:
                speed = said if said is not None else math.sqrt(sum(float(c) ** 2 for c in re.findall(_NUM, row[i])))
                new.append(row[:i] + [vec([float(f"{speed * c:.6g}") + 0.0 for c in way])] + row[i + 1:])
            self.set(name, TABLE, render_rows(new), f"injector directions of {model} (U column of {name}, speeds kept)")
            self.bindings.append(Binding(stated=q.text, file=name, entry=TABLE, value=new[0][i],
                                         how=f"injection direction of {model}"))
            return True
        reasons.append(f"{rel} {model} ({kind}) holds no injection direction (no direction, positionAxis, U0)")
        return False
