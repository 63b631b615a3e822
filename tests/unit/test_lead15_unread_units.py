"""A value given in a unit Casewright does not read is stated and reported, never dropped
(tasks/plan/stated_unread.py through tasks/plan/stated.read_stated)."""
import pytest

from tasks.plan.stated import read_stated


@pytest.mark.parametrize("text, written", [
    ("a volumetric heat source of 1e6 W/m3 in the solid", "1e6 W/m3"),
    ("magnetic permeability mu0 = 1.2566e-6 H/m", "1.2566e-6 H/m"),
    ("particle number density 1e9 1/m3", "1e9 1/m3"),
    ("tracer concentration 2 mol/m3 at the inlet", "2 mol/m3"),
    ("a mean pressure gradient dp/dx of 0.1 Pa/m drives the channel", "0.1 Pa/m"),
    ("mass flux 2 kg/m2/s through the porous plate", "2 kg/m2/s"),
    ("the air cools at a lapse rate of 0.0065 K/m", "0.0065 K/m"),
    ("a current density of 2.5e3 A/m^2 in the electrode", "2.5e3 A/m^2"),
])
def test_a_value_in_an_unread_unit_is_reported_not_applied(text, written):
    unread = [q for q in read_stated(text) if q.role == "bare_value"]
    assert [q.text for q in unread] == [written]
    assert written.split()[-1] in unread[0].note and "set no entry" in unread[0].note


@pytest.mark.parametrize("text", [
    "inlet 2 m/s, outlet 1e5 Pa, air at 300 K, rho 1.2 kg/m^3",
    "cp 1005 J/(kg K), k 0.026 W/(m K), h 10 W/m2K, q 500 W/m^2",
    "k 0.375 m2/s2, epsilon 0.01 m2/s3, omega 10 1/s, nu 1e-5 m2/s",
    "mu 1.8e-5 kg/(m s), 0.2 kg/s, 3 L/min, 100 m3/s, g 9.81 m/s^2",
    "run 1/3 of a second on 40x40 cells with a 1:2 expansion",
    "write 0/U and system/controlDict, 5 rpm, 20 kW",
])
def test_values_in_units_it_reads_are_not_reported_as_unread(text):
    assert [q.text for q in read_stated(text) if q.role == "bare_value"] == []


def test_the_old_value_of_a_change_is_not_reported_as_unread():
    assert [q.text for q in read_stated("raise the lid from 1 m/s to 5 m/s and the source from 2 W/m3 to 4 W/m3")
            if q.role == "bare_value"] == ["4 W/m3"]
