"""Where a pressure goes beyond a patch's own level entry: a condition the patch merges whole from
the case settings the field #includes (annularThermalMixer's `outlet { $:outlet.p; }`), a far
field an external flow with no outlet lets the flow out through (an aerofoil's freestream), and
the patches a pressure was meant for whose condition holds no level (said, not skipped). Mixed
into `tasks.plan.bind.Binder` through `PressureBinding`.
"""

from __future__ import annotations

from tasks.foam import dictionary as fd
from tasks.foam.includes import included_rels
from tasks.plan.bind_pressure_levels import level_entry_at, level_text, merged_path
from tasks.plan.stated import StatedQuantity


class PressureHomeBinding:
    """The places of a stated pressure that are not a patch's own level entry."""

    def _merged_pressure(self, q: StatedQuantity, rel: str, text: str, patch: str, value: str, what: str) -> bool:
        """A patch that merges its whole condition from the settings the field #includes
        (annularThermalMixer's `outlet { $:outlet.p; }` -> constant/boundaryConditions): the level
        entry of that condition, where it is defined. True when set."""
        path = merged_path(text, patch)
        home = self._settings_home(rel, path) if path else None
        found = level_entry_at(self.base.text(home) or "", path) if home else None
        if found is None:
            return False
        key, form = found
        if any(b.file == home and b.entry == [*path, key] and b.stated == q.text for b in self.bindings):
            return True  # 0.orig/p and 0/p merge the same condition: set once
        self.set(home, [*path, key], level_text(form, value), f"{what} on {patch} (its condition in {home})", q)
        return True

    def _settings_home(self, rel: str, path: list[str], depth: int = 0) -> str | None:
        """The file `rel` #includes (or one they include) that defines the dictionary at `path`."""
        for other in included_rels(rel, self.base.text(rel) or "") if depth < 4 else []:
            if fd.find(self.base.text(other) or "", path) is not None:
                return other
            if (deeper := self._settings_home(other, path, depth + 1)) is not None:
                return deeper
        return None

    def _note_levelless(self, q: StatedQuantity, field: str, patches: list[str]) -> None:
        """Says which of the patches a pressure was meant for keep a condition that holds no level
        of its own (zeroGradient, fixedFluxPressure, an expression): they follow the others."""
        rel = (self.base.field_rels(field) or [None])[0]
        text = self.base.text(rel) or "" if rel else ""
        kinds = {p: fd.get(text, ["boundaryField", p, "type"], regex=True) or "?" for p in patches}
        if kinds:
            listed = ", ".join(f"{p} ({bc})" for p, bc in kinds.items())
            self.assumptions.append(f"{q.text}: {listed} keep{'s' if len(kinds) == 1 else ''} the base's {field} "
                                    "condition, which holds no level of its own")

    # the conditions of a far field that holds the surroundings' pressure where flow leaves (an aerofoil's freestream)
    _FAR_FIELD = ("freestreamPressure", "waveTransmissive", "advective")

    def _far_field_patches(self) -> list[str]:
        """The open patches, neither inlet nor wall, whose pressure condition is a far field: where
        an external flow with no patch named outlet lets the flow out (aerofoilNACA0012's freestream)."""
        rel = self._level_rel()
        text = self.base.text(rel) or "" if rel else ""
        return [p for p, role in self.roles.items() if role == "other" and
                (fd.get(text, ["boundaryField", p, "type"], regex=True) or "") in self._FAR_FIELD]
