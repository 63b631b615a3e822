"""Session 11, thermal: a base that starts in equilibrium with its walls (internal T = every fixed
wall's T) keeps an isothermal start when one stated value holds all those walls and no start
temperature is stated; any start said, or walls that differ, leave the start alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
ROOM_STEADY = ("heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom", "buoyantBoussinesqSimpleFoam")
ROOM_TRANSIENT = ("heatTransfer/buoyantBoussinesqPimpleFoam/hotRoom", "buoyantBoussinesqPimpleFoam")
ROOM_COMPRESSIBLE = ("heatTransfer/buoyantPimpleFoam/hotRoom", "buoyantPimpleFoam")
CAVITY = ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam")


def _internal(binder) -> str | None:
    found = [e.value for e in binder.edits if e.entry == ["internalField"] and e.file.split("/")[-1].startswith("T")]
    return found[-1] if found else None


def _bind(base: tuple[str, str], text: str):
    return bind_all(TUTORIALS / base[0], base[1], text, read_stated(text))


@needs_tutorials
@pytest.mark.parametrize(("base", "text", "start"), [
    (ROOM_TRANSIENT, "hotRoom transient, buoyantBoussinesqPimpleFoam, heater 353.15 K, walls 293.15 K", "293.15"),
    (ROOM_STEADY, "buoyantBoussinesqSimpleFoam hotRoom, walls at 15 degC", "288.15"),
    (ROOM_STEADY, "walls: 68 F\nheater: 140 F\ncase: hotRoom, steady Boussinesq", "293.15"),
    (ROOM_STEADY, "The walls of the steady Boussinesq hot room are held at 300.5 K.", "300.5"),
    (ROOM_COMPRESSIBLE, "buoyantPimpleFoam hotRoom with a 500 K heater; floor and ceiling 290 K", "290"),
])
def test_walls_of_an_isothermal_base_carry_the_start(base, text, start) -> None:
    b = _bind(base, text)
    assert _internal(b) == f"uniform {start}"
    assert any("starts at the walls'" in a for a in b.assumptions)


@needs_tutorials
@pytest.mark.parametrize(("base", "text", "start"), [
    # a start temperature stated: it holds (the base starts through setFields' defaults)
    (ROOM_STEADY, "hotRoom Boussinesq steady, walls 290 K, air initially 295 K", None),
    (ROOM_TRANSIENT, "hotRoom transient: floor and ceiling at 290 K, the room air starts at 300 K", None),
    # one wall of two changed: the start is no longer in equilibrium with one value
    (ROOM_STEADY, "hotRoom Boussinesq steady, floor 290 K", None),
    # a base whose walls differ from its start (hot and cold walls)
    (CAVITY, "buoyantCavity with the hot wall 320 K and the cold wall 290 K", None),
])
def test_a_start_said_or_a_non_isothermal_base_keeps_its_start(base, text, start) -> None:
    b = _bind(base, text)
    assert _internal(b) == start
    assert not any("starts at the walls'" in a for a in b.assumptions)
