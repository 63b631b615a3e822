"""A stated injection quantity for a cloud whose injection model reads its injectors from a table
(kinematic-, reacting- and reactingMultiphaseLookupTableInjection: `inputFile "parcelInjectionProperties";`).
Such a model takes each injector's position, velocity, diameter, density, mass flow and
temperature from its row of constant/<inputFile>, not from the cloud's dictionary: "droplets 50
micron" is every row's d, "injected at 5 m/s" every row's velocity (its direction kept), "350 K"
every row's T (the cloud's T0 is not what those parcels start at), "0.003 kg/s" the rows' mDot (in
the base's proportions). The columns of each model come from canonical/injection_tables.yaml.

The table is the file's one bare list, an entry the dictionary reader names "(": it is written
back whole, each row on its line. Mixed into `tasks.plan.bind.Binder` (through `CloudBinding`).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

import yaml

from tasks.core.paths import CANONICAL_DIR
from tasks.foam import dictionary as fd
from tasks.plan.foam_values import fmt, vec
from tasks.plan.stated import Binding, StatedQuantity

TABLE = ["("]  # the dictionary reader's name for a file's bare list
_ITEM = re.compile(r"\([^()]*\)|[^\s()]+")


@lru_cache(maxsize=1)
def _layouts() -> dict[str, list[str]]:
    return yaml.safe_load((CANONICAL_DIR / "injection_tables.yaml").read_text()) or {}


def table_columns(kind: str) -> list[str] | None:
    """The columns of a row of a `kind` injection's table, None for a model that reads no table."""
    return _layouts().get(kind)


def table_rows(body: str, columns: list[str]) -> list[list[str]] | None:
    """The rows of a table body (the text inside its outer parentheses), each a list of items in
    column order; None when the items do not fill whole rows (a layout this reader does not know)."""
    items = _ITEM.findall(fd.strip_comments(body))
    if not items or len(items) % len(columns):
        return None
    return [items[i:i + len(columns)] for i in range(0, len(items), len(columns))]


def render_rows(rows: list[list[str]]) -> str:
    """A table body with one row a line, as the tutorials write it."""
    return "\n" + "".join(f"    {' '.join(row)}\n" for row in rows)


def _vector(item: str) -> list[float] | None:
    parts = item.strip("()").split()
    try:
        return [float(p) for p in parts] if len(parts) == 3 else None
    except ValueError:
        return None


def scaled_velocities(rows: list[list[str]], at: int, speed: float,
                      axis: list[float] | None) -> list[str] | None:
    """Each row's velocity at `speed` (m/s): along `axis` when one is stated, else along the row's
    own velocity; None when a row has no direction to keep (a zero velocity and no axis)."""
    out = []
    for row in rows:
        way = axis or _vector(row[at])
        size = math.sqrt(sum(c * c for c in way)) if way else 0.0
        if size == 0:
            return None
        out.append(vec([float(f"{speed * c / size:.6g}") + 0.0 for c in way]))
    return out


def split_flow(rows: list[list[str]], at: int, total: float) -> list[str]:
    """A stated mass flow (kg/s) over the rows in the proportions of the base's mDot (equal when
    they are not all positive numbers)."""
    try:
        old = [float(row[at]) for row in rows]
    except ValueError:
        old = []
    if not old or any(v <= 0 for v in old):
        old = [1.0] * len(rows)
    return [fmt(float(f"{total * v / sum(old):.6g}")) for v in old]


class CloudTableBinding:
    def _injection_tables(self) -> list[tuple[str, str, str, list[str], list[list[str]]]]:
        """(cloud file, model, table file, columns, rows as this plan leaves them) of each
        injection model that reads a table the base holds."""
        out = []
        for rel in self._cloud_files():
            text = self.base.text(rel) or ""
            for model in fd.keys(text, ["subModels", "injectionModels"]):
                path = ["subModels", "injectionModels", model]
                columns = table_columns((fd.get(text, path + ["type"]) or "").strip())
                name = (fd.get(text, path + ["inputFile"]) or "").strip().strip('"')
                if columns is None or not name:
                    continue
                table = f"constant/{name}"
                body = next((e.value for e in reversed(self.edits) if e.file == table and e.entry == TABLE
                             and isinstance(e.value, str)), None) or fd.get(self.base.text(table) or "", TABLE)
                rows = table_rows(body or "", columns)
                if rows is not None:
                    out.append((rel, model, table, columns, rows))
        return out

    def bind_table_column(self, q: StatedQuantity, column: str) -> bool:
        """The stated value into `column` (U, d, rho, mDot, T) of every row of each table
        injection (a velocity keeps each row's direction, or takes the stated one; a mass flow is
        shared in the base's proportions); False when the base has no such table. A velocity no
        row can take (zero, no direction stated) is refused."""
        done = False
        for rel, model, table, columns, rows in self._injection_tables():
            if column not in columns:
                continue
            at = columns.index(column)
            if column == "U":
                values = scaled_velocities(rows, at, q.value, q.vector or self._stated_direction(q) or
                                           getattr(self, "injection_axis", None))
                if values is None:
                    self.refuse(q, f"{q.text} is the particles' injection velocity, but a row of {table} has a zero "
                                   f"velocity, with no direction to keep: state the direction too")
                    return True
            elif column == "mDot":
                values = split_flow(rows, at, q.value)
            else:
                values = [fmt(q.value)] * len(rows)
            new = [row[:at] + [value] + row[at + 1:] for row, value in zip(rows, values)]
            what = {"U": "velocity", "d": "diameter", "rho": "density", "mDot": "mass flow",
                    "T": "temperature"}.get(column, column)
            self.set(table, TABLE, render_rows(new), f"injector {what} ({column} column of {table}, read by {model})")
            self.bindings.append(Binding(stated=q.text, file=table, entry=TABLE, value=values[0],
                                         how=f"injector {what} of {model} ({column} column, {len(rows)} rows)"))
            if len(rows) > 1:
                self.assumptions.append(f"{q.text}: the {what} of each of the {len(rows)} injectors of {table}"
                                        + (" (shared in the base's proportions)" if column == "mDot" else ""))
            done = True
        return done
