"""Species data: formulas, molar masses, oxygen demand, fuel-air mixtures, mole <-> mass."""

import pytest

from tasks.plan.species_data import (air_moles, elements_of, mass_from_mole, mixture_moles, molar_mass,
                                     mole_from_mass, oxygen_demand, stoichiometric_air_fuel_mass_ratio)


@pytest.mark.parametrize("species, counts", [
    ("CH4", {"C": 1, "H": 4}), ("NC7H16", {"C": 7, "H": 16}), ("IC8H18", {"C": 8, "H": 18}),
    ("C2H5OH", {"C": 2, "H": 6, "O": 1}), ("AR", {"AR": 1}), ("NH3", {"N": 1, "H": 3}), ("NCO", {"N": 1, "C": 1, "O": 1}),
])
def test_elements_of_reads_mechanism_names(species, counts):
    assert elements_of(species) == counts


@pytest.mark.parametrize("name", ["G", "alphat", "Ydefault", "soot", "nut"])
def test_elements_of_refuses_names_that_are_no_formula(name):
    with pytest.raises(ValueError, match="no chemical formula"):
        elements_of(name)


@pytest.mark.parametrize("species, mw", [("CH4", 16.043), ("N2", 28.014), ("O2", 31.998), ("NC7H16", 100.205),
                                         ("H2O", 18.015)])
def test_molar_mass(species, mw):
    assert molar_mass(species) == pytest.approx(mw, abs=1e-3)


@pytest.mark.parametrize("fuel, demand", [("CH4", 2), ("H2", 0.5), ("C3H8", 5), ("IC8H18", 12.5), ("NC7H16", 11),
                                          ("CH3OH", 1.5), ("NH3", 0.75), ("N2", 0)])
def test_oxygen_demand(fuel, demand):
    assert oxygen_demand(fuel) == pytest.approx(demand)


@pytest.mark.parametrize("fuels, phi, fuel_moles", [
    ({"CH4": 1}, 1.0, 0.5),          # the gri tutorial's stoichiometric mixture
    ({"IC8H18": 1}, 1.0, 0.08),      # ic8h18's
    ({"NC7H16": 1}, 1.0, 1 / 11),    # nc7h16's
    ({"H2": 1}, 0.5, 1.0),           # h2's (lean)
    ({"CH4": 1}, 1.3, 0.65),
])
def test_mixture_moles_per_mole_of_oxygen(fuels, phi, fuel_moles):
    moles = mixture_moles(fuels, phi)
    fuel = next(iter(fuels))
    assert moles[fuel] == pytest.approx(fuel_moles, rel=1e-6)
    assert moles["O2"] == 1 and moles["N2"] == pytest.approx(3.762, abs=1e-3)


def test_mixture_of_two_fuels_shares_the_oxygen():
    moles = mixture_moles({"CH4": 0.5, "H2": 0.5}, 1.0)  # demand 0.5*2 + 0.5*0.5 = 1.25 per mole of fuel
    assert moles["CH4"] == pytest.approx(0.4) and moles["H2"] == pytest.approx(0.4)


@pytest.mark.parametrize("phi", [0, -1])
def test_mixture_refuses_a_ratio_that_is_not_positive(phi):
    with pytest.raises(ValueError, match="positive"):
        mixture_moles({"CH4": 1}, phi)


@pytest.mark.parametrize("moles, species, mass", [
    ({"CH4": 0.5, "N2": 0.5}, "CH4", 0.3641), ({"CH4": 0.221, "H2": 0.332, "N2": 0.447}, "H2", 0.0400),
    (air_moles(), "O2", 0.2329),
])
def test_mass_from_mole(moles, species, mass):
    assert mass_from_mole(moles)[species] == pytest.approx(mass, abs=2e-4)


def test_mole_and_mass_are_inverse():
    moles = {"H2": 0.296, "O2": 0.148, "N2": 0.556}
    back = mole_from_mass(mass_from_mole(moles))
    assert all(back[s] == pytest.approx(x, rel=1e-9) for s, x in moles.items())


@pytest.mark.parametrize("fuel, afr", [("CH4", 17.1), ("C3H8", 15.6), ("IC8H18", 15.1), ("H2", 34.2)])
def test_stoichiometric_air_fuel_mass_ratio(fuel, afr):
    assert stoichiometric_air_fuel_mass_ratio(fuel) == pytest.approx(afr, rel=0.01)


def test_mixture_with_another_oxidiser():
    moles = mixture_moles({"CH4": 1}, 1.0, {"O2": 0.3, "N2": 0.7})
    assert moles["CH4"] == pytest.approx(0.5) and moles["N2"] == pytest.approx(7 / 3)


def test_air_fuel_ratio_with_another_oxidiser():
    assert stoichiometric_air_fuel_mass_ratio("C3H8", {"O2": 30, "N2": 70}) == pytest.approx(11.04, rel=2e-3)


def test_oxidiser_without_oxygen_is_refused():
    with pytest.raises(ValueError, match="needs O2"):
        mixture_moles({"CH4": 1}, 1.0, {"N2": 1})
