"""A gauge pressure's reference ("above ambient") is not its place: the place said after it is
(tasks/plan/stated_roles.role_of)."""
import pytest

from tasks.plan.stated import read_stated


@pytest.mark.parametrize("text, role", [
    ("200 kPa above ambient at the outlet", "outlet_pressure"),
    ("hold 1.5 bar over atmospheric at the exit", "outlet_pressure"),
    ("1 bar over the surroundings pressure at the inlet", "inlet_pressure"),
    ("30 psi in excess of atmospheric pressure at the intake", "inlet_pressure"),
    ("outlet held 200 kPa above ambient", "outlet_pressure"),
    ("the tank is at 3 bar above atmospheric", "ambient_pressure"),
])
def test_the_place_after_a_gauge_reference_names_the_role(text, role):
    [q] = read_stated(text)
    assert (q.role, q.reference) == (role, "gauge")
