"""The two models `modify` passes between its steps: what it knows of a case before changing
it (CaseState) and the changes a request asks for (ChangePlan). Kept apart from the change
rules so that the modules of each family of rules (modify_thermal, modify_props, ...) can name
them without importing the module that imports them."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from tasks.edit.patch_words import named_patch
from tasks.plan.manifest import FileEdit
from tasks.plan.stated import StatedQuantity


class CaseState(BaseModel):
    """What `modify` needs to know about a case before changing it."""

    model_config = ConfigDict(extra="forbid")

    case_dir: Path
    solver: str
    model: str
    patches: dict[str, str]  # name -> mesh type
    roles: dict[str, str]
    fields: list[str]
    centres: dict[str, tuple[float, float, float]] = Field(default_factory=dict)  # of non-constraint patches
    up: int = 1  # the vertical axis: against gravity

    def patch_named(self, words: str, among: Iterable[str] | None = None) -> str | None:
        """The patch (of `among`, default every patch) the words name: by name, alias, rank
        ("the second outlet") or place ("the upper outlet")."""
        return named_patch(words, self.patches if among is None else among, self.centres, self.up)


class ChangePlan(BaseModel):
    model_config = ConfigDict(extra="forbid")

    request: str
    solver: str | None = None  # switch to
    model: str | None = None  # switch to
    refine: list[float] | None = None
    ranks: int | None = None  # MPI ranks: decomposeParDict, remembered for the case's runs
    edits: list[FileEdit] = Field(default_factory=list)
    assumptions: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    bc_values: dict[str, str] = Field(default_factory=dict)
    patch_types: dict[str, str] = Field(default_factory=dict)  # mesh patch -> new type (a symmetryPlane made a slip wall)
    consumed: list[tuple[int, int]] = Field(default_factory=list)  # spans of the request read as factors: no new values
    previous: dict[str, str] = Field(default_factory=dict)  # "file:entry/path" -> the entry's text before the change


def entry_key(file: str, entry: list[str]) -> str:
    """The key of ChangePlan.previous for one entry of one file."""
    return f"{file}:{'/'.join(entry)}"


class StatedChange(StatedQuantity):
    """A value the request changes relative to the case's present one ("inlet velocity +20 %",
    "lower the outlet pressure by 5 kPa", "nu x 0.5"), or sets in place of an old value it names:
    the entry's text before (old) and after (new) the change, read back from the case."""

    old: str | None = None
    new: str | None = None
    factor: float | None = None
