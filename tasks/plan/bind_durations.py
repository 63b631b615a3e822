"""Binder steps for times that are a part of the run, not its length or step
(tasks.plan.controls_time_roles.part_time_role names them):

- injection_duration: each cloud injection model's `duration` (a flow-rate profile given as a
  table over the injection is stretched with it, so the injector still delivers over the new
  time), else each timed fvOptions source's `duration`;
- injection_start: each injection model's `SOI`, else each timed fvOptions source's `timeStart`;
- averaging_start: each fieldAverage function's `timeStart` in controlDict.

A base without such an entry gets the time in `not_applied`, with what it lacks; none of these
times is ever the run's endTime. Mixed into `tasks.plan.bind.Binder` (through CloudBinding), whose
recording (`set`, `refuse`), base and cloud files it uses.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity

PART_TIME_ROLES = ("injection_duration", "injection_start", "averaging_start", "ramp_time", "pulse_duration")
# role -> (the injection model's entry, the fvOptions source's entry, what it is)
_INJECTION_KEYS = {"injection_duration": ("duration", "duration", "the injection's duration"),
                   "injection_start": ("SOI", "timeStart", "the start of injection")}
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def stretch_profile(raw: str, old: float, new: float) -> str | None:
    """A `table ((t v) ...)` flow-rate profile over an injection of `old` seconds, its times up to
    the end of the injection scaled to `new` seconds (the shape kept; a time past the injection,
    a closing `(1000 0)`, stays); None when `raw` is no table or the times are not plain numbers."""
    m = re.fullmatch(r"\s*table\s*\((?P<rows>.*)\)\s*", raw, re.S)
    if m is None or old <= 0 or new <= 0:
        return None
    rows = re.findall(rf"\(\s*({_NUMBER})\s+({_NUMBER})\s*\)", m.group("rows"))
    if not rows or len(rows) != m.group("rows").count("("):
        return None
    moved = [float(f"{float(t) * new / old:.6g}") if float(t) <= old * 1.001 else float(t) for t, _ in rows]
    if any(b <= a for a, b in zip(moved, moved[1:])):
        return None  # a stretched time overtakes a kept one: the profile no longer reads in order
    return "table (" + " ".join(f"({fmt(t)} {v})" for t, (_, v) in zip(moved, rows)) + ")"


_INJECTING = re.compile(r"SemiImplicitSource|massSource|[Ii]njection")  # a source that adds mass, not a constraint


def timed_sources(text: str) -> list[list[str]]:
    """The paths of an fvOptions file's dictionaries that time an injecting source (hold
    `timeStart` and `duration`): the source itself (a semi-implicit mass source, not a fixed
    temperature), or a dictionary at the top such a source reads with `$name`."""
    sources = [path for top in fd.keys(text, []) for path in [[top]] + [[top, k] for k in fd.keys(text, [top])]
               if _INJECTING.search(fd.get(text, path + ["type"]) or "")]
    out: list[list[str]] = []
    for top in fd.keys(text, []):
        for path in [[top]] + [[top, k] for k in fd.keys(text, [top])]:
            if fd.find(text, path + ["timeStart"]) is None or fd.find(text, path + ["duration"]) is None:
                continue
            read = any(re.search(rf"\${re.escape(path[-1])}\b", fd.get(text, s) or "") for s in sources)
            if path in sources or (len(path) == 1 and read):
                out.append(path)
    return out


class DurationBinding:
    def bind_part_time(self, q: StatedQuantity) -> bool:
        """A time that is a part of the run (an injection's duration or start, the start of
        averaging, a pulse) into its entries, or not applied with what the base lacks; a ramp is left
        to the ramp pass (True).
        False for any other quantity (left to the run controls)."""
        if q.quantity != "time" or q.role not in PART_TIME_ROLES:
            return False
        if q.role in _INJECTION_KEYS:
            if not (self._cloud_injection_time(q) or self._source_time(q)):
                self.refuse(q, f"{q.text} is {_INJECTION_KEYS[q.role][2]}, not the run's length, but the base "
                               f"{self._injects_how()}")
            return True
        if q.role == "averaging_start":
            if not self._averaging_start(q):
                self.refuse(q, f"{q.text} is when averaging starts, but the base averages no fields "
                               "(system/controlDict has no fieldAverage function)")
            return True
        if q.role == "ramp_time":
            return True  # bound after every other pass, onto the values it ramps (tasks.plan.bind_ramps)
        self.refuse(q, f"{q.text} is how long the pulse lasts, not the run's length; the base's inflow is no pulse in "
                       "time (Casewright does not write a pulse on a patch); endTime is left as stated elsewhere")
        return True

    def _injects_how(self) -> str:
        """What the base has instead of a timed injection, for the reason of a refusal."""
        models = [(rel, m, (fd.get(self.base.text(rel) or "", ["subModels", "injectionModels", m, "type"]) or "").strip())
                  for rel in self._cloud_files() for m in fd.keys(self.base.text(rel) or "", ["subModels", "injectionModels"])]
        if models:
            kinds = ", ".join(f"{rel.removeprefix('constant/')} {m} {kind or '?'}" for rel, m, kind in models)
            return f"has injection models ({kinds}) without such an entry (a manualInjection puts all its parcels in at once)"
        return "injects nothing (no cloud injection model, no timed fvOptions source)"

    def _cloud_injection_time(self, q: StatedQuantity) -> bool:
        """The time into each injection model of the clouds the words name (coal, limestone), else
        of every cloud."""
        from tasks.plan.cloud_words import named_clouds

        key = _INJECTION_KEYS[q.role][0]
        done = False
        clouds = self._cloud_files()
        for rel in named_clouds(clouds, self._words_of(q)[1]) or clouds:
            text = self.base.text(rel) or ""
            for model in fd.keys(text, ["subModels", "injectionModels"]):
                path = ["subModels", "injectionModels", model]
                if fd.find(text, path + [key]) is None:
                    continue
                old = (fd.get(text, path + [key]) or "").strip()
                self.set(rel, path + [key], fmt(q.value), f"{_INJECTION_KEYS[q.role][2]} of {model} ({key})".removeprefix("the "), q)
                if key == "duration":
                    self._stretched_profile(rel, text, path, old, q)
                    if fd.find(text, path + ["massTotal"]) is not None:
                        self.assumptions.append(f"{q.text} injection of {model}: its massTotal kept, injected over "
                                                f"{fmt(q.value)} s instead of {old} s")
                done = True
        return done

    def _stretched_profile(self, rel: str, text: str, path: list[str], old: str, q: StatedQuantity) -> None:
        """A table flow-rate profile over the base's injection, stretched to the stated duration."""
        raw = fd.get(text, path + ["flowRateProfile"])
        try:
            old_s = float(old)
        except ValueError:
            return
        stretched = stretch_profile(raw or "", old_s, q.value) if raw else None
        if stretched is not None:
            self.set(rel, path + ["flowRateProfile"], stretched,
                     f"flow-rate profile of {path[-1]} stretched from {old} s to {fmt(q.value)} s")
            self.assumptions.append(f"{q.text}: the injection's flow-rate profile keeps its shape over the new duration")

    def _source_time(self, q: StatedQuantity) -> bool:
        key = _INJECTION_KEYS[q.role][1]
        done = False
        for rel in ("constant/fvOptions", "system/fvOptions"):
            text = self.base.text(rel) or ""
            for path in timed_sources(text):
                self.set(rel, path + [key], fmt(q.value), f"{_INJECTION_KEYS[q.role][2]} of source {path[-1]} ({key})".removeprefix("the "), q)
                done = True
        return done

    def _averaging_start(self, q: StatedQuantity) -> bool:
        rel = "system/controlDict"
        text = self.base.text(rel) or ""
        done = False
        for name in fd.keys(text, ["functions"]):
            if (fd.get(text, ["functions", name, "type"]) or "").strip() == "fieldAverage":
                self.set(rel, ["functions", name, "timeStart"], fmt(q.value), f"start of averaging ({name} timeStart)", q)
                done = True
        return done
