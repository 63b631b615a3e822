"""Session 20 "species": the pure parts of reading a mixture in any basis — fuel-air and
air-fuel ratios as an equivalence ratio, ft from phi, amounts said per mole of O2, "75 % air",
"fuel mole fraction", ratio numbers that are no species amounts, fractions that add up to more
than the mixture, and one order of species and amounts per clause."""

import pytest

from tasks.plan.bind_species_ratios import (
    FuelAirRatio, fuel_air_ratios, fuel_air_said, fuel_word_amounts, ft_of_phi, outside_ratios, oversum, per_oxygen,
    phi_of_fuel_air, with_air_amounts,
)
from tasks.plan.species_data import stoichiometric_air_fuel_mass_ratio
from tasks.plan.species_text import Amount, amounts, equivalence_ratios

AIR = ["CH4", "O2", "N2", "H2O", "CO2"]


@pytest.mark.parametrize("text, value, per_air, basis", [
    ("methane, fuel-air ratio 0.05 by mass", 0.05, True, "mass"),
    ("fuel/air mass ratio of 0.045", 0.045, True, "mass"),
    ("FAR = 0.04", 0.04, True, None),
    ("propane at an air-fuel ratio of 20", 20, False, None),
    ("air/fuel ratio 15:1 by weight", 15, False, "mass"),
    ("AFR 17.2, 1 bar", 17.2, False, None),
    ("air-to-fuel molar ratio 12", 12, False, "mole"),
])
def test_fuel_air_ratios_are_read(text, value, per_air, basis):
    got = fuel_air_ratios(text)
    assert len(got) == 1
    assert got[0].value == value and got[0].per_air is per_air and got[0].basis == basis


@pytest.mark.parametrize("text", [
    "fuel/air equivalence ratio of 0.7",  # a phi, read by equivalence_ratios
    "stoichiometric air-fuel ratio 17.2",  # a property of the fuel, not the mixture's ratio
    "methane-air 0.3 by volume",  # no ratio word
    "the fuel-air mixture at 1 bar",
])
def test_no_fuel_air_ratio_where_none_is_stated(text):
    assert fuel_air_ratios(text) == []


@pytest.mark.parametrize("ratio, fuel, phi", [
    (FuelAirRatio(0.05, 0, 0, True, "mass"), "CH4", 0.05 * stoichiometric_air_fuel_mass_ratio("CH4")),
    (FuelAirRatio(1 / stoichiometric_air_fuel_mass_ratio("C3H8"), 0, 0, True, None), "C3H8", 1.0),
    (FuelAirRatio(stoichiometric_air_fuel_mass_ratio("H2") / 0.5, 0, 0, False, "mass"), "H2", 0.5),
    (FuelAirRatio(2 * 4.7619, 0, 0, False, "mole"), "CH4", 1.0),  # 2 O2 + 7.52 N2 per CH4
])
def test_phi_of_a_fuel_air_ratio(ratio, fuel, phi):
    assert phi_of_fuel_air(ratio, fuel) == pytest.approx(phi, rel=1e-3)


def test_a_non_positive_fuel_air_ratio_is_refused():
    with pytest.raises(ValueError, match="positive"):
        phi_of_fuel_air(FuelAirRatio(0, 0, 0, True, None), "CH4")


@pytest.mark.parametrize("phi, afr, ft", [(1.0, 17.1667, 0.0550457705582192), (1.1, 17.1667, 0.060219)])
def test_ft_of_phi_matches_pipe_lattice(phi, afr, ft):
    assert ft_of_phi(phi, afr) == pytest.approx(ft, rel=1e-4)


@pytest.mark.parametrize("text", ["lean, phi 0.6, in air (N2 3.76 per O2)", "3.76 mol N2 per mol O2",
                                  "N2 3.76 for each mole of oxygen"])
def test_amounts_per_mole_of_o2_add_o2_one(text):
    got = per_oxygen(text, amounts(text, AIR))
    assert {a.species: a.value for a in got} == {"N2": 3.76, "O2": 1.0}


def test_a_phi_number_is_no_species_amount():
    text = "phi = 0.6 methane in air"
    found = amounts(text, AIR)
    assert any(a.value == 0.6 for a in found)  # read next to methane by the text reader
    spans = [(r.start, r.end) for r in equivalence_ratios(text)]
    assert not any(a.value == 0.6 for a in outside_ratios(found, spans))


@pytest.mark.parametrize("text, share, basis, o2", [
    ("25 % CH4 and 75 % air by volume", 0.75, "mole", 0.75 * 0.21),
    ("10 % H2 and 90 % air by mass", 0.9, "mass", None),
])
def test_air_as_an_amount_is_its_o2_and_n2(text, share, basis, o2):
    got = with_air_amounts(text, amounts(text, AIR + ["H2"]), AIR + ["H2"])
    air = {a.species: a.value for a in got if a.species in ("O2", "N2")}
    assert sum(air.values()) == pytest.approx(share)
    assert all(a.basis == basis for a in got if a.species in ("O2", "N2"))
    if o2 is not None:
        assert air["O2"] == pytest.approx(o2)


@pytest.mark.parametrize("text, value, basis", [
    ("methane-air with fuel mole fraction 0.095", 0.095, "mole"),
    ("the fuel mass fraction is 5.5 %", 0.055, "mass"),
    ("fuel concentration 9.5 % by volume", 0.095, "mole"),
])
def test_the_fuel_word_takes_the_named_fuel(text, value, basis):
    got = fuel_word_amounts(text, "CH4")
    assert len(got) == 1 and got[0].species == "CH4"
    assert got[0].value == pytest.approx(value) and got[0].basis == basis


@pytest.mark.parametrize("text, said", [("stoichiometric methane-air", True), ("5 % H2 in air", True),
                                        ("H2/air at phi 0.5", True), ("CH4 0.2 O2 0.5 N2 0.5", False)])
def test_fuel_air_said(text, said):
    assert fuel_air_said(text) is said


@pytest.mark.parametrize("text, said, refused", [
    ("CH4 mass fraction 0.6 and N2 mass fraction 0.6", ["0.6", "0.6"], True),
    ("60 % CH4, 50 % O2", ["60 %", "50 %"], True),
    ("IC8H18 0.064 : O2 1 : N2 3.76", ["0.064", "1", "3.76"], False),  # relative amounts
    ("33.4 % H2, 33.3 % O2, 33.4 % N2", ["33.4 %", "33.3 %", "33.4 %"], False),  # rounding
])
def test_fractions_that_add_up_to_more_than_the_mixture(text, said, refused):
    found = amounts(text, AIR + ["H2", "IC8H18"])
    assert (oversum(text, found, said) is not None) is refused


def test_each_clause_keeps_its_own_order_of_species_and_amounts():
    text = "fuel side X_CH4 = 0.3, X_N2 = 0.7; oxidiser side 21 % O2 79 % N2 by mole"
    got = [(a.species, round(a.value, 3), a.stream) for a in amounts(text, AIR)]
    assert got == [("CH4", 0.3, "fuel"), ("N2", 0.7, "fuel"), ("O2", 0.21, "oxidiser"), ("N2", 0.79, "oxidiser")]


def test_air_before_its_amounts_names_the_oxidiser_stream():
    text = "fuel inlet CH4 mass fraction 0.8 rest N2, air 23 % O2 by mass"
    got = {a.species: a.stream for a in amounts(text, AIR)}
    assert got == {"CH4": "fuel", "O2": "oxidiser"}


def test_amount_namedtuple_is_unchanged():
    assert Amount._fields == ("species", "value", "start", "end", "basis", "stream")


# --- modify: a fuel-air ratio is a stated mixture of a reactor case ---------------------------------

@pytest.fixture
def reactor(tmp_path):
    (tmp_path / "constant").mkdir()
    (tmp_path / "constant" / "initialConditions").write_text(
        "constantProperty pressure;\nfractionBasis mole;\nfractions { CH4 1; O2 2; N2 7.52; }\np 1e5;\nT 1000;\n")
    return tmp_path


@pytest.mark.parametrize("text", ["make it fuel-air ratio 0.05 by mass", "change the AFR to 20",
                                  "run it at an air/fuel ratio of 15:1 instead"])
def test_modify_reads_a_fuel_air_ratio_on_a_reactor(reactor, text):
    from types import SimpleNamespace

    from tasks.edit.modify_bind import _states_a_reactor
    from tasks.edit.modify_stated import _ratio_spans

    assert _states_a_reactor(SimpleNamespace(case_dir=reactor), text)
    spans = _ratio_spans(text, reactor)
    assert len(spans) == 1 and text[spans[0][0]:spans[0][1]].split(":")[0] in ("0.05", "20", "15")
