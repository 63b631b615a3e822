"""Session 20 "pairmodels": interphase model switches per phase pair on the Euler-Euler solvers, for
`modify` and for a new case (the planner's `bind_all`), probed on installed tutorials of the probe
list in several phrasings (terse engineer, verbose student, other word order, non-native):

1. the pair is read from the words: "air bubbles in the water" is (air in water) only, "water
   droplets in air" / "droplets in air" is (water in air) only, "the vapour bubbles" is (gas in
   liquid); a fluid or a kind the case lacks ("oil droplets", "particles" in a bubble column) is
   refused with the phases and pairs it has, never bound to another pair;
2. a model that reads the pair's aspect ratio (TomiyamaAnalytic drag, Tomiyama lift) gets an
   aspectRatio entry (constant E0 1) when the case has none for the pair; one that reads its
   Eotvos number (Ishii-Zuber, the Tomiyama models) is refused when the case holds no non-zero
   surface tension for the pair (v1912 aborts in both cases: checked natively);
3. "Tomiyama drag" names three models: said, with their names; a model v1912 lacks is said with
   the ones it has;
4. multiphaseEulerFoam keeps drag per phase of a blended pair and one virtual mass coefficient per
   pair in constant/transportProperties: both set by `modify` and the planner.
Every written phaseProperties is parsed back with foamlib."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.foam import dictionary as fd
from tasks.foam.phase_pairs import lacks_surface_tension, pairs_named
from tasks.plan.bind import bind_all
from tasks.plan.bind_parts_phase_words import phase_kind
from tasks.plan.stated import read_stated
from tasks.edit.modify import plan_changes, read_state
from tests.conftest import TUTORIALS
from tests.unit.modify_cases import modify_case, tutorial_case

foamlib = pytest.importorskip("foamlib")

INJECTION_R = ("multiphase/reactingTwoPhaseEulerFoam/laminar/injection", "reactingTwoPhaseEulerFoam")
INJECTION_2 = ("multiphase/twoPhaseEulerFoam/laminar/injection", "twoPhaseEulerFoam")
BUBBLE_2P = ("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam")
BUBBLE_IATE = ("multiphase/reactingTwoPhaseEulerFoam/laminar/bubbleColumnIATE", "reactingTwoPhaseEulerFoam")
FLUIDISED = ("multiphase/twoPhaseEulerFoam/RAS/fluidisedBed", "twoPhaseEulerFoam")
WALL_BOILING = ("multiphase/reactingTwoPhaseEulerFoam/RAS/wallBoiling", "reactingTwoPhaseEulerFoam")
WALL_1D_2 = ("multiphase/reactingMultiphaseEulerFoam/RAS/wallBoiling1D_2phase", "reactingMultiphaseEulerFoam")
WALL_1D_3 = ("multiphase/reactingMultiphaseEulerFoam/RAS/wallBoiling1D_3phase", "reactingMultiphaseEulerFoam")
OLD_EULER = ("multiphase/multiphaseEulerFoam/bubbleColumn", "multiphaseEulerFoam")


def _types(case: Path, key: str, rel: str = "constant/phaseProperties") -> dict[str, str]:
    """pair -> type of a list as foamlib parses the written file."""
    parsed = foamlib.FoamFile(case / rel)[key] or []
    return {" ".join(pair): body["type"] for pair, body in parsed}


def _bind(case: tuple[str, str], text: str):
    if not (TUTORIALS / case[0]).is_dir():
        pytest.skip(f"OpenFOAM tutorials not installed at {TUTORIALS}")
    return bind_all(TUTORIALS / case[0], case[1], text, read_stated(text))


def _bound_types(binder, key: str) -> dict[str, str] | None:
    """pair -> type of the list the binder writes (parsed back with foamlib), None when unchanged."""
    value = next((str(e.value) for e in reversed(binder.edits) if e.entry == [key]), None)
    if value is None:
        return None
    parsed = foamlib.FoamFile.loads(f"{key} {value};")[key] or []
    return {" ".join(pair): body["type"] for pair, body in parsed}


# --- 1. the pair read from the words ------------------------------------------------------------

PAIRS_NAMED = [  # (words, phases, pairs, foreign)
    ("air bubbles in the water", ["air", "water"], [("air", "water")], None),
    ("ishii-zuber drag for water droplets in air", ["air", "water"], [("water", "air")], None),
    ("schiller-naumann for droplets in air and keep the rest", ["air", "water"], [("water", "air")], None),
    ("the bubbles in the column", ["air", "water"], [("air", None)], None),
    ("for the droplets", ["air", "water"], [("water", None)], None),
    ("gas in liquid", ["gas", "liquid"], [("gas", "liquid")], None),
    ("the vapour bubbles", ["gas", "liquid"], [("gas", None)], None),
    ("water droplets in the steam", ["gas", "liquid"], [("liquid", "gas")], None),
    ("ishii and zuber drag for oil droplets in water", ["air", "water"], [], "oil"),
    ("tomiyama lift for the particles", ["air", "water"], [], "particles"),
    ("drag in the column", ["air", "water"], [], None),
    ("gas2 in liquid", ["gas", "gas2", "liquid"], [("gas2", "liquid")], None),
]


@pytest.mark.parametrize("words,phases,pairs,foreign", PAIRS_NAMED)
def test_pairs_named(words, phases, pairs, foreign):
    got = pairs_named(words, phases, phase_kind)
    assert got.pairs == pairs and got.foreign == foreign


# --- modify: switches per pair and side ----------------------------------------------------------

SWITCHES = [  # (tutorial, request, list, {pair: type} after)
    (INJECTION_R, "In the air-injection column, replace the Schiller-Naumann drag of the air bubbles in the water by "
                  "the Ishii-Zuber drag model; the drag of water droplets in air stays Schiller-Naumann.", "drag",
     {"air in water": "IshiiZuber", "water in air": "SchillerNaumann", "air and water": "segregated"}),
    (INJECTION_R, "use Ishii-Zuber drag for water droplets in air", "drag",
     {"air in water": "SchillerNaumann", "water in air": "IshiiZuber", "air and water": "segregated"}),
    (INJECTION_2, "drag Ishii–Zuber, air bubbles in water", "drag",
     {"air in water": "IshiiZuber", "water in air": "SchillerNaumann", "air and water": "segregated"}),
    (INJECTION_2, "I'd like the droplets in the air to follow the Ishii and Zuber drag law, please.", "drag",
     {"air in water": "SchillerNaumann", "water in air": "IshiiZuber", "air and water": "segregated"}),
    (BUBBLE_2P, "TomiyamaAnalytic drag for the air in water", "drag",
     {"air in water": "TomiyamaAnalytic", "water in air": "SchillerNaumann", "air and water": "segregated"}),
    (BUBBLE_2P, "add a lift force (Tomiyama)", "lift", {"air in water": "Tomiyama"}),
    (BUBBLE_2P, "bubble column: Tomiyama lift for the air bubbles in the water", "lift", {"air in water": "Tomiyama"}),
    (BUBBLE_IATE, "no virtual mass", "virtualMass", {"air in water": "none", "water in air": "none"}),
    (BUBBLE_IATE, "Without virtual mass force on the droplets please", "virtualMass",
     {"air in water": "constantCoefficient", "water in air": "none"}),
    (FLUIDISED, "drag Wen Yu", "drag", {"particles in air": "WenYu"}),
    (FLUIDISED, "For the fluidised bed I would like the particles to use the Syamlal-O'Brien drag correlation instead "
                "of Gidaspow.", "drag", {"particles in air": "SyamlalOBrien"}),
    (FLUIDISED, "particles in air: Gidaspow-Schiller-Naumann drag", "drag", {"particles in air": "GidaspowSchillerNaumann"}),
    (WALL_1D_3, "Tomiyama lift for gas2 in liquid", "lift", {"gas2 in liquid": "Tomiyama"}),
    (WALL_1D_3, "turbulent dispersion Lopez de Bertodano for all bubbles", "turbulentDispersion",
     {"gas in liquid": "LopezDeBertodano", "gas2 in liquid": "LopezDeBertodano"}),
    (WALL_1D_3, "Ishii Zuber drag for the gas bubbles in the liquid", "drag",
     {"gas in liquid": "IshiiZuber", "gas2 in liquid": "SchillerNaumann"}),
    (WALL_1D_2, "Burns turbulent dispersion for the vapour bubbles", "turbulentDispersion", {"gas in liquid": "Burns"}),
]


@pytest.mark.parametrize("tutorial,request_text,key,expected", SWITCHES)
def test_modify_switches_the_pairs_named(tmp_path, tutorial, request_text, key, expected):
    case = tutorial_case(tmp_path, tutorial[0])
    plan = modify_case(case, request_text)
    assert not [w for w in plan.warnings if w.startswith("not applied") and "properties" not in w], plan.warnings
    assert _types(case, key) == expected


REFUSED = [  # (tutorial, request, words the reason holds)
    (INJECTION_2, "Ishii and Zuber drag for oil droplets in water", "no oil phase"),
    (BUBBLE_2P, "Tomiyama drag for the bubbles", "TomiyamaAnalytic, TomiyamaCorrelated"),
    (BUBBLE_2P, "drag: Tomiyama", "several drag models share that name"),
    (BUBBLE_2P, "use the Grace drag", "IshiiZuber"),
    (FLUIDISED, "use Ishii-Zuber drag for the bubbles", "(particles in air)"),
    (WALL_BOILING, "Tomiyama lift for the vapour bubbles", "(gas and liquid)"),
    (WALL_BOILING, "switch the drag to Ishii-Zuber", "no non-zero surface tension"),
    ("multiphase/twoPhaseEulerFoam/laminar/fluidisedBed", "Tomiyama lift force on the particles", "(particles and air)"),
    (OLD_EULER, "Tomiyama lift for the bubbles", "keeps only drag"),
    (OLD_EULER, "switch the drag to Ishii-Zuber", "has no IshiiZuber drag"),
]


@pytest.mark.parametrize("tutorial,request_text,reason", REFUSED)
def test_modify_refuses_what_v1912_cannot_take(tmp_path, tutorial, request_text, reason):
    case = tutorial_case(tmp_path, tutorial if isinstance(tutorial, str) else tutorial[0])
    before = {p: p.read_bytes() for p in (case / "constant").rglob("*") if p.is_file()}
    with pytest.raises(RequestError) as err:
        plan_changes(read_state(case), request_text)
    assert reason in str(err.value)
    assert {p: p.read_bytes() for p in (case / "constant").rglob("*") if p.is_file()} == before


WALL_1D = "multiphase/reactingTwoPhaseEulerFoam/RAS/wallBoiling1D"
SIDES = [  # (request, {list: type of (gas in liquid)} after): heat transfer kept per side
    ("use spherical heat transfer for the liquid side", {"heatTransfer.gas": "spherical",
                                                         "heatTransfer.liquid": "spherical"}),
    ("interfacial heat transfer Ranz-Marshall on both sides", {"heatTransfer.gas": "RanzMarshall",
                                                               "heatTransfer.liquid": "RanzMarshall"}),
    ("Heat transfer between the phases: Ranz Marshall for the gas phase side.",
     {"heatTransfer.gas": "RanzMarshall", "heatTransfer.liquid": "RanzMarshall"}),
]


@pytest.mark.parametrize("request_text,expected", SIDES)
def test_heat_transfer_per_side(tmp_path, request_text, expected):
    case = tutorial_case(tmp_path, WALL_1D)
    modify_case(case, request_text)
    assert {key: _types(case, key)["gas in liquid"] for key in expected} == expected
    assert fd.get((case / "constant/phaseProperties").read_text(), ["heatTransfer"]) is None


def test_a_model_reading_the_aspect_ratio_adds_the_pair_there(tmp_path):
    case = tutorial_case(tmp_path, BUBBLE_2P[0])
    path = case / "constant/phaseProperties"
    path.write_text(re.sub(r"^aspectRatio\s*\(.*?\n\);", "aspectRatio\n(\n);", path.read_text(), count=1,
                           flags=re.S | re.M))  # a case without aspect ratios (as wallBoiling)
    plan = modify_case(case, "add a lift force (Tomiyama) on the bubbles")
    assert _types(case, "lift") == {"air in water": "Tomiyama"}
    assert _types(case, "aspectRatio") == {"air in water": "constant"}
    assert foamlib.FoamFile(path)["aspectRatio"][0][1]["E0"] == 1.0
    assert any("aspect ratio" in a for a in plan.assumptions)


def test_aspect_ratio_kept_when_the_case_has_it(tmp_path):
    case = tutorial_case(tmp_path, BUBBLE_2P[0])
    before = fd.get((case / "constant/phaseProperties").read_text(), ["aspectRatio"])
    plan = modify_case(case, "TomiyamaAnalytic drag for the bubbles")
    assert fd.get((case / "constant/phaseProperties").read_text(), ["aspectRatio"]) == before
    assert [e.entry for e in plan.edits] == [["drag"]]


MULTIPHASE = [  # (request, air's drag, water's drag, virtual mass)
    ("Wen-Yu drag for the air bubbles", "WenYu", "SchillerNaumann", 0.5),
    ("Cvm = 0.25 and Wen Yu drag for the water droplets in air", "SchillerNaumann", "WenYu", 0.25),
    ("use Gidaspow Schiller Naumann drag", "GidaspowSchillerNaumann", "GidaspowSchillerNaumann", 0.5),
    ("no virtual mass", "SchillerNaumann", "SchillerNaumann", 0),
    ("Please set the added mass coefficient to 0.4.", "SchillerNaumann", "SchillerNaumann", 0.4),
]


@pytest.mark.parametrize("request_text,air,water,cvm", MULTIPHASE)
def test_multiphase_euler_drag_per_phase_and_virtual_mass(tmp_path, request_text, air, water, cvm):
    case = tutorial_case(tmp_path, OLD_EULER[0])
    modify_case(case, request_text)
    tp = foamlib.FoamFile(case / "constant/transportProperties")
    (pair, blended), = tp["drag"]
    assert blended["air"]["type"] == air and blended["water"]["type"] == water
    assert list(tp["virtualMass"]) == [["air", "water"], cvm]
    assert "{" not in "".join(tp)  # the phases are the phase dictionaries' names


# --- 2. surface tension read from the case --------------------------------------------------------

TENSIONS = [  # (tutorial, family, model, pair, lacking)
    ("multiphase/twoPhaseEulerFoam/laminar/fluidisedBed", "lift", "Tomiyama", ("particles", "air"), "(particles and air)"),
    (BUBBLE_2P[0], "lift", "Tomiyama", ("air", "water"), None),
    (INJECTION_R[0], "drag", "IshiiZuber", ("water", "air"), None),
    ("multiphase/reactingTwoPhaseEulerFoam/RAS/wallBoiling1D", "drag", "IshiiZuber", ("gas", "liquid"),
     "(gas and liquid)"),
    ("multiphase/reactingTwoPhaseEulerFoam/RAS/wallBoiling1D", "drag", "SchillerNaumann", ("gas", "liquid"), None),
    (WALL_1D_3[0], "lift", "Tomiyama", ("gas2", "liquid"), None),
]


@pytest.mark.parametrize("tutorial,family,model,pair,lacking", TENSIONS)
def test_lacks_surface_tension(tmp_path, tutorial, family, model, pair, lacking):
    case = tutorial_case(tmp_path, tutorial)
    text = fd.strip_comments((case / "constant/phaseProperties").read_text())
    assert lacks_surface_tension(text, family, model, [pair]) == lacking


# --- the planner (a new case) ----------------------------------------------------------------------

NEW = [  # (tutorial, request, list, {pair: type} after)
    (INJECTION_R, "air injection column, Ishii-Zuber drag for the air bubbles in the water, droplets keep "
                  "Schiller-Naumann", "drag",
     {"air in water": "IshiiZuber", "water in air": "SchillerNaumann", "air and water": "segregated"}),
    (INJECTION_R, "use Ishii-Zuber drag for water droplets in air", "drag",
     {"air in water": "SchillerNaumann", "water in air": "IshiiZuber", "air and water": "segregated"}),
    (INJECTION_R, "Schiller Naumann drag for the droplets, Ishii-Zuber drag for bubbles", "drag",
     {"air in water": "IshiiZuber", "water in air": "SchillerNaumann", "air and water": "segregated"}),
    (BUBBLE_2P, "Laminar 2D bubble column: Tomiyama lift on the bubbles, no virtual mass", "lift",
     {"air in water": "Tomiyama"}),
    (FLUIDISED, "I am a student and would like to simulate the fluidised bed where the particle drag follows the "
                "Syamlal O'Brien correlation, please.", "drag", {"particles in air": "SyamlalOBrien"}),
    (FLUIDISED, "fluidised bed, Wen-Yu drag", "drag", {"particles in air": "WenYu"}),
    (WALL_1D_2, "wall boiling 1D, Burns turbulent dispersion for the vapour bubbles", "turbulentDispersion",
     {"gas in liquid": "Burns"}),
    (WALL_1D_2, "Ishii Zuber drag on the steam bubbles", "drag", {"gas in liquid": "IshiiZuber"}),
    (WALL_1D_2, "Tomiyama lift + Antal wall lubrication for gas in liquid", "lift", {"gas in liquid": "Tomiyama"}),
    (WALL_BOILING, "wall boiling with lift Tomiyama, sigma 0.06 N/m", "lift", None),
    # a model named without its list's words: the one list that has it
    (INJECTION_2, "use Ishii-Zuber for droplets in air", "drag",
     {"air in water": "SchillerNaumann", "water in air": "IshiiZuber", "air and water": "segregated"}),
    (FLUIDISED, "Switch to Syamlal O'Brien. Endtime 2 s", "drag", {"particles in air": "SyamlalOBrien"}),
]


@pytest.mark.parametrize("case,request_text,key,expected", NEW)
def test_new_case_switches_the_pairs_named(case, request_text, key, expected):
    binder = _bind(case, request_text)
    assert _bound_types(binder, key) == expected
    if expected is not None:
        assert not [n for n in binder.not_applied if "drag" in n.text or key in n.text.lower()], binder.not_applied


NEW_REFUSED = [  # (tutorial, request, words the reason holds)
    (INJECTION_R, "Ishii and Zuber drag for oil droplets in water", "no oil phase"),
    (INJECTION_R, "Tomiyama drag for the bubbles", "TomiyamaAnalytic, TomiyamaCorrelated"),
    (WALL_BOILING, "Tomiyama lift for the vapour bubbles", "(gas and liquid)"),
    (WALL_1D_2, "Ishii-Zuber drag for liquid droplets in the gas", "(liquid in gas)"),
    (FLUIDISED, "Tomiyama lift on the bubbles", "(particles in air)"),
    (FLUIDISED, "Beetstra drag", "SyamlalOBrien"),
    (INJECTION_2, "use Ishii-Zuber for oil droplets", "no oil phase"),
]


@pytest.mark.parametrize("case,request_text,reason", NEW_REFUSED)
def test_new_case_refuses_a_pair_or_model_it_cannot_take(case, request_text, reason):
    binder = _bind(case, request_text)
    assert any(reason in n.reason for n in binder.not_applied), binder.not_applied
    assert not [e for e in binder.edits if e.entry in (["drag"], ["lift"])]


def test_new_case_adds_the_aspect_ratio_a_model_reads():
    binder = _bind(WALL_BOILING, "wall boiling with TomiyamaAnalytic drag")
    assert any("TomiyamaAnalytic" in n.reason for n in binder.not_applied)  # no surface tension: refused
    ok = _bind(WALL_1D_3, "Tomiyama lift for the gas bubbles")
    assert _bound_types(ok, "lift") == {"gas in liquid": "Tomiyama", "gas2 in liquid": "Tomiyama"}
    assert _bound_types(ok, "aspectRatio") is None  # the base has both pairs already


def test_new_multiphase_euler_virtual_mass():
    binder = _bind(OLD_EULER, "Wen Yu drag, added mass coefficient 0.25")
    vm = next(str(e.value) for e in binder.edits if e.entry == ["virtualMass"])
    assert " ".join(vm.split()) == "( (air water) 0.25 )"
    assert not binder.not_applied, binder.not_applied
    none = _bind(OLD_EULER, "no virtual mass")
    assert " ".join(next(str(e.value) for e in none.edits if e.entry == ["virtualMass"]).split()) == "( (air water) 0 )"
