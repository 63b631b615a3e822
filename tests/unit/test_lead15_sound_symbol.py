"""The symbol c before a speed is the speed of sound ("Mach 4 (U 4, c = 1)"), and a gas base whose own
speed of sound it is reports it as held by its gas data (tasks/plan/stated_role_words.py,
tasks/plan/bind_pressure.py)."""
import pytest

from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS


@pytest.mark.parametrize("text", ["Mach 4 (U 4, c = 1)", "Ma 2 with c=340 m/s", "speed of sound c: 1 m/s"])
def test_c_names_the_speed_of_sound(text: str) -> None:
    assert [q.role for q in read_stated(text) if q.quantity == "velocity" and q.value in (1.0, 340.0)] == ["speed_of_sound"]


def test_a_normalised_gas_holds_its_stated_speed_of_sound() -> None:
    base = TUTORIALS / "compressible/rhoCentralFoam/wedge15Ma5"
    if not base.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    text = "wedge15Ma5, rhoCentralFoam, Mach 4 (U 4, c = 1), endTime 0.1"
    binder = bind_all(base, "rhoCentralFoam", text, read_stated(text))
    assert not binder.not_applied
    assert [b.entry for b in binder.bindings if b.stated == "1 m/s"] == [["mixture", "specie", "molWeight"]]
