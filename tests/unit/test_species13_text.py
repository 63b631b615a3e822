"""Reading compositions and equivalence ratios from requests, in any order and form."""

import pytest

from tasks.plan.extract import normalise
from tasks.plan.species_text import amounts, balance_species, equivalence_ratios

SPECIES = ["CH4", "O2", "N2", "H2", "CO2", "H2O", "NC7H16", "IC8H18", "AR", "C3H8"]


def _read(text):
    t = normalise(text)
    return {(a.species, round(a.value, 4)) for a in amounts(t, SPECIES)}, t


@pytest.mark.parametrize("text, phi", [
    ("chemFoam ignition of lean methane-air, phi = 0.8, 1 atm, 800 K", 0.8),
    ("an equivalence ratio of 1.3 at 1500 K", 1.3),
    ("equivalence_ratio: 1.1\nfuel: iso-octane", 1.1),
    ("0.9 is the equivalence ratio we want", 0.9),
    ("lambda = 1.25 (air excess)", 0.8),
    ("rich: 1.2 times the stoichiometric fuel", 1.2),
    ("stoichiometric methane-air at 1 atm and 800 K", 1.0),
    ("methane/air at stoichiometry", 1.0),
    ("Φ = 0.6, propane", 0.6),
    ("equivalence ratio four fifths", 0.8),
])
def test_equivalence_ratio_in_any_form(text, phi):
    found = equivalence_ratios(normalise(text))
    assert found and found[0].value == pytest.approx(phi)


@pytest.mark.parametrize("text", ["stoichiometric air-fuel ratio of 17", "methane at 300 K", "phi of the domain"])
def test_no_equivalence_ratio_where_none_is_said(text):
    assert equivalence_ratios(normalise(text)) == []


@pytest.mark.parametrize("text, want", [
    ("H2/O2/N2 in mole fractions 0.296/0.148/0.556", {("H2", 0.296), ("O2", 0.148), ("N2", 0.556)}),
    ("- X_H2: 0.296\n- X_O2: 0.148\n- X_N2: 0.556\n- T0: 1000 K", {("H2", 0.296), ("O2", 0.148), ("N2", 0.556)}),
    ("by mole, 29.6 % H2, 14.8 % O2 and 55.6 % N2, at 1000 K", {("H2", 0.296), ("O2", 0.148), ("N2", 0.556)}),
    ("a 1:1 CH4/N2 mixture", {("CH4", 1.0), ("N2", 1.0)}),
    ("half methane and half nitrogen by volume", {("CH4", 0.5), ("N2", 0.5)}),
    ("Fuel nozzle (vol.): CH4 0.221, H2 0.332, N2 0.447. Coflow: air.", {("CH4", 0.221), ("H2", 0.332), ("N2", 0.447)}),
    ("iso-octane, oxygen and nitrogen, amounts 1, 12.5 and 47 mol", {("IC8H18", 1), ("O2", 12.5), ("N2", 47)}),
    ("2 % H2, 1 % O2 and 97 % Ar (mole)", {("H2", 0.02), ("O2", 0.01), ("AR", 0.97)}),
    ("hydrogen mole fraction 0.3 with the balance nitrogen and 0.15 oxygen", {("H2", 0.3), ("O2", 0.15)}),
    ("methane mass fraction at the burner inlet 0.7", {("CH4", 0.7)}),
    ("30 percent of the fuel jet's volume is nitrogen", {("N2", 0.3)}),
])
def test_amounts_in_any_order_and_form(text, want):
    assert _read(text)[0] == want


@pytest.mark.parametrize("text", ["fuel jet of CH4 at 30 m/s into air at 300 K", "methane burner of 2 kW",
                                  "the O2 inlet is 0.05 m wide"])
def test_values_with_units_are_no_amounts(text):
    assert _read(text)[0] == set()


@pytest.mark.parametrize("text, basis", [
    ("fuel 50 % CH4 50 % N2 by volume", "mole"), ("Y_CH4 = 0.7", "mass"), ("CH4 0.8, N2 0.2 (mass)", "mass"),
    ("X_H2: 0.3", "mole"), ("CH4 0.5, N2 0.5", None),
])
def test_basis_from_the_words(text, basis):
    found = amounts(normalise(text), SPECIES)
    said = {a.basis for a in found if a.basis}
    assert (said.pop() if said else None) == basis


@pytest.mark.parametrize("text, stream", [
    ("fuel inlet: CH4 0.8, N2 0.2", "fuel"), ("on the air side 30 % O2 and 70 % N2 by volume", "oxidiser"),
    ("the burner releases CH4 0.4 in N2", "fuel"), ("coflow: O2 0.3, N2 0.7", "oxidiser"),
])
def test_stream_from_the_words(text, stream):
    assert {a.stream for a in amounts(normalise(text), SPECIES)} == {stream}


@pytest.mark.parametrize("text, rest", [
    ("Y_CH4 = 0.7 (rest N2)", "N2"), ("methane 0.7, the remainder nitrogen", "N2"),
    ("CH4 at 0.2 diluted with Ar", "AR"), ("CH4 0.1 with nitrogen as diluent", "N2"), ("CH4 0.3, N2 balance", "N2"),
])
def test_balance_species(text, rest):
    t = normalise(text)
    found = amounts(t, SPECIES)
    assert balance_species(t, SPECIES, found[0].start, found[-1].end) == rest
