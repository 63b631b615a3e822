"""canonical/entry_names.yaml: plain-language names of the installed tutorials' entries.

Every phrase is lower case and names at least one entry; every entry name it gives is one an
installed tutorial really has (a dictionary leaf under constant/ or system/, or a field of 0/);
and the planner's by-name lookup (tasks.plan.controls.find_named) turns the words engineers use
into the entry the base case has, with the value in SI.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from tasks.core.paths import CANONICAL_DIR
from tasks.foam import dictionary as fd
from tasks.plan.bind_list_items import item_leaves
from tasks.foam.files import read_text
from tasks.plan.controls import find_named
from tests.conftest import TUTORIALS

_NAMES_FILE = CANONICAL_DIR / "entry_names.yaml"
# files of constant/ and system/ that hold no named entries (mesh, geometry, data tables)
_NOT_DICTIONARIES = re.compile(r"\.(?:stl|obj|vtk|eMesh|ftr|csv|dat|inp|dat|xy)$|^(?:points|faces|owner|neighbour|cells"
                               r"|boundary|README)$")


def _load_names() -> dict[str, list[str]]:
    return yaml.safe_load(_NAMES_FILE.read_text()) or {}


def _dictionary_names(path: Path) -> set[str]:
    """Leaf names of one dictionary (`E { type uniform; value 2e11; }` names E too)."""
    text = read_text(path) or ""
    if "FoamFile" not in text[:2000]:
        return set()
    names: set[str] = set()
    for entry, _ in [*fd.leaves(text), *item_leaves(text)]:  # a list item's too (the Lee model's Tactivate)
        names.update(e for e in entry if not e.startswith("("))
    return names


@lru_cache(maxsize=1)
def tutorial_entry_names(root: Path = TUTORIALS) -> frozenset[str]:
    """Every entry name the installed tutorials have: dictionary keys at any depth under
    constant/ and system/, and field names of 0/ (alpha.water is alpha too)."""
    names: set[str] = set()
    for path in root.rglob("*"):
        if not path.is_file() or "polyMesh" in path.parts or "triSurface" in path.parts:
            continue
        name = path.name.removesuffix(".gz")
        folder = path.parent.name if path.parent.name in ("constant", "system", "0", "0.orig") else \
            path.parent.parent.name
        if folder in ("0", "0.orig"):
            names.update({name, name.split(".")[0]})
        elif folder in ("constant", "system") and not _NOT_DICTIONARIES.search(name):
            names |= _dictionary_names(path)
    return frozenset(names)


# (a) the file loads; phrases are lower case, each names one or more entries ----------------------
def test_entry_names_load_lower_case_non_empty() -> None:
    names = _load_names()
    assert len(names) > 150
    bad = [p for p, n in names.items() if p != p.lower() or not isinstance(n, list) or not n
           or not all(isinstance(x, str) and x.strip() for x in n)]
    assert not bad, f"canonical/entry_names.yaml: phrases not lower case or with no entry names: {bad}"


def test_no_phrase_is_a_bare_role_word() -> None:
    """Role words other binders own are never phrases of their own."""
    owned = {"temperature", "pressure", "velocity", "speed", "density", "viscosity", "diameter"}
    assert not owned & set(_load_names())


# (b) every entry name is one an installed tutorial has --------------------------------------------
# HerschelBulkley's yield stress: a model OpenFOAM v1912 has but no tutorial sets ("yield stress")
_NO_TUTORIAL = {"tau0"}


def test_every_entry_name_is_in_a_tutorial() -> None:
    if not TUTORIALS.is_dir():
        pytest.skip(f"OpenFOAM tutorials not installed at {TUTORIALS}")
    have = tutorial_entry_names()
    missing = sorted({n for names in _load_names().values() for n in names} - have - _NO_TUTORIAL)
    assert not missing, f"entry names of canonical/entry_names.yaml no installed tutorial has: {missing}"
    assert not _NO_TUTORIAL & have, "a tutorial now has an entry listed as in none: drop it from _NO_TUTORIAL"


# (c) the planner's lookup: phrase -> entry the base has -------------------------------------------
def _places(*names: str) -> dict[str, list[tuple[str, list[str]]]]:
    return {n: [("constant/transportProperties", [n])] for n in names}


@pytest.mark.parametrize(("text", "base_has", "entry", "value"), [
    ("water condensing at a saturation temperature of 360 K", ("TSat",), "TSat", 360.0),
    ("steam with a saturation temperature of 87 degC", ("Tsat",), "Tsat", 360.15),
    ("a boiling point of 371 K", ("Tsat",), "Tsat", 371.0),
    ("the vapour pressure is 3 kPa", ("pSat",), "pSat", 3000.0),
    ("vapor pressure 2300 Pa", ("pSat",), "pSat", 2300.0),
    ("surface diffusivity 2e-5 m2/s", ("Ds",), "Ds", 2e-5),
    ("a surface diffusion coefficient of 4e-6 m2/s", ("diffusion",), "diffusion", 4e-6),
    ("liquid compressibility 5e-7 s2/m2", ("psi",), "psi", 5e-7),
    ("liquid compressibility 6e-7 s2/m2", ("psil", "psiv"), "psil", 6e-7),
    ("vapour compressibility 3e-6 s2/m2", ("psil", "psiv"), "psiv", 3e-6),
    ("a condensation coefficient of 50", ("Cc",), "Cc", 50.0),
    ("turbulent Schmidt number 0.9", ("Sct",), "Sct", 0.9),
    ("stoichiometric air-fuel ratio 17.5", ("stoichiometricAirFuelMassRatio",), "stoichiometricAirFuelMassRatio", 17.5),
    ("extinction strain rate of 5e4 1/s", ("sigmaExt",), "sigmaExt", 5e4),
    ("low shear viscosity 2e-5 m2/s", ("nu0", "nuInf"), "nu0", 2e-5),
    ("high-shear viscosity 1e-6 m2/s", ("nu0", "nuInf"), "nuInf", 1e-6),
    ("a thrust coefficient of 0.65", ("Ct", "Cp"), "Ct", 0.65),
    ("actuator disk area 50 m2", ("diskArea",), "diskArea", 50.0),
    ("spring stiffness 150 N/m", ("stiffness", "damping"), "stiffness", 150.0),
    ("damping coefficient 0.5 N s/m", ("stiffness", "damping"), "damping", 0.5),
    ("wave height 0.12 m", ("waveHeight", "wavePeriod"), "waveHeight", 0.12),
    ("a wave period of 3 s", ("waveHeight", "wavePeriod"), "wavePeriod", 3.0),
    ("ground reflectivity 0.3", ("groundReflectivity",), "groundReflectivity", 0.3),
    ("latitude 48.1 degrees", ("latitude", "longitude"), "latitude", 48.1),
    ("heat of formation -1.3e7 J/kg", ("Hf",), "Hf", -1.3e7),
])
def test_phrase_finds_entry(text: str, base_has: tuple[str, ...], entry: str, value: float) -> None:
    found = find_named(text, _places(*base_has))
    assert [(n, v) for n, v, *_ in found] == [(entry, pytest.approx(value))], found


@pytest.mark.parametrize(("text", "base_has"), [
    ("saturation temperature 360 K", ("T",)),  # no saturation entry: nothing to set
    ("vapour compressibility 3e-6 s2/m2", ("psil",)),  # cavitatingFoam's vapour and liquid differ
    ("engine speed 2000 rpm", ("rpm",)),  # a stated rpm is read in rad/s: left to its role binder
    ("vaporisation coefficient 100", ("Cv",)),  # a specific heat in thermophysical bases
])
def test_phrase_binds_no_other_entry(text: str, base_has: tuple[str, ...]) -> None:
    assert find_named(text, _places(*base_has)) == []
