"""Phase-pair models named in a new-case request on an Euler-Euler base (session 16): the named
pair's model switched with the entries it reads, 'no <model>' empties the list, an unknown or
shared name is refused with the installed names; a constant bubble diameter switches the
diameterModel. Probes on the probe-list tutorials, each edited file parsed back by foamlib."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.bind_phase_model_table import model_named
from tasks.plan.bind_phase_models import dispersed_pairs, mentions, named_model
from tasks.plan.bind_phase_pair_lists import pair_items, render_list
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
TWO = ("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam")
REACTING = ("multiphase/reactingTwoPhaseEulerFoam/laminar/bubbleColumn", "reactingTwoPhaseEulerFoam")
MULTI_R = ("multiphase/reactingMultiphaseEulerFoam/laminar/bubbleColumn", "reactingMultiphaseEulerFoam")
BED = ("multiphase/twoPhaseEulerFoam/laminar/fluidisedBed", "twoPhaseEulerFoam")
MULTI = ("multiphase/multiphaseEulerFoam/bubbleColumn", "multiphaseEulerFoam")


def _read(rel: Path) -> str:
    gz = rel.with_name(rel.name + ".gz")
    return gzip.open(gz, "rt").read() if gz.is_file() else rel.read_text()


def _plan(base: tuple[str, str], text: str, tmp_path: Path, rel: str = "constant/phaseProperties"):
    """Bind `text` on the tutorial, write the edited file and parse it back with foamlib."""
    binder = bind_all(TUTORIALS / base[0], base[1], text, read_stated(text))
    out = _read(TUTORIALS / base[0] / rel)
    for e in binder.edits:
        if e.file == rel:
            out = fd.set_entry(out, e.entry, e.value)
    path = tmp_path / rel.rsplit("/", 1)[-1]
    path.write_text(out)
    return binder, FoamFile(path)


def _pairs(parsed, key: str) -> dict[str, dict]:
    return {" ".join(k): v for k, v in (parsed[key] or [])}


@pytest.mark.parametrize("category,words,reacting,want", [
    ("drag", "ishii zuber", False, "IshiiZuber"),
    ("drag", "schiller and naumann", False, "SchillerNaumann"),
    ("drag", "syamlal obrien", True, "SyamlalOBrien"),
    ("drag", "gidaspow", False, "GidaspowErgunWenYu"),
    ("drag", "beetstra", False, None),  # the reacting solvers' library only
    ("drag", "tomiyama", True, ("TomiyamaAnalytic", "TomiyamaCorrelated", "TomiyamaKataokaZunSakaguchi")),
    ("lift", "tomiyama", False, "Tomiyama"),
    ("turbulentDispersion", "lopez de bertodano", True, "LopezDeBertodano"),
    ("virtualMass", "constant", True, "constantCoefficient"),
    ("wallLubrication", "the wall", True, None),
])
def test_a_model_is_named_in_any_spelling(category: str, words: str, reacting: bool, want) -> None:
    assert model_named(category, words.split(), reacting) == want


@pytest.mark.parametrize("text,want", [
    ("use Ishii-Zuber drag", [("drag", "IshiiZuber", False)]),
    ("drag model: Schiller-Naumann", [("drag", "SchillerNaumann", False)]),
    ("Tomiyama lift and no virtual mass", [("lift", "Tomiyama", False), ("virtualMass", None, True)]),
    ("the lift force is neglected", [("lift", None, True)]),
    ("turbulent dispersion by Burns, without wall lubrication", [("turbulentDispersion", "Burns", False),
                                                                 ("wallLubrication", None, True)]),
])
def test_mentions_read_model_and_negation(text: str, want: list) -> None:
    got = []
    for m in mentions(text):
        span = named_model(m, True)
        got.append((m.category, span[0] if span else None, m.negated()))
    assert sorted(got, key=str) == sorted(want, key=str)


@pytest.mark.parametrize("words,phases,want", [
    ("drag for the air bubbles in water", ["air", "water"], [("air", "water")]),
    ("drag for particles in air", ["air", "particles"], [("particles", "air")]),
    ("drag between air and water", ["air", "water"], []),
    ("drag of the bubbles", ["gas", "liquid"], [("gas", "liquid")]),
])
def test_the_dispersed_pair_words_name(words: str, phases: list[str], want: list) -> None:
    assert dispersed_pairs(words, phases) == want


def test_a_pair_list_reads_and_writes_back_unchanged_items() -> None:
    raw = ("(\n    (air in water)\n    {\n        type SchillerNaumann;\n    }\n\n"
           "    (air and water)\n    { type segregated; m 0.5; }\n)")
    items = pair_items(raw)
    assert [k for k, _ in items] == ["(air in water)", "(air and water)"]
    assert pair_items(render_list(items)) == items
    assert render_list([]) == "()"
    with pytest.raises(ValueError):
        pair_items("( (air water) 0.5 )")


@needs_tutorials
@pytest.mark.parametrize("base,text,key,pairs,model,entries", [
    (TWO, "Euler-Euler bubble column (twoPhaseEulerFoam), use Ishii-Zuber drag", "drag",
     ["air in water", "water in air"], "IshiiZuber", {"residualRe", "swarmCorrection"}),
    (TWO, "I would like to run a bubble column where the drag between the air and the water follows the "
          "correlation of Schiller and Naumann and the lift is Tomiyama's: Tomiyama lift", "lift",
     ["air in water"], "Tomiyama", set()),
    (TWO, "bubble column, drag=Wen-Yu for air in water", "drag", ["air in water"], "WenYu", {"residualRe"}),
    (REACTING, "reactingTwoPhaseEulerFoam bubble column with Burns turbulent dispersion", "turbulentDispersion",
     ["air in water"], "Burns", {"sigma", "Ctd", "residualAlpha"}),
    (REACTING, "bubble column; wall lubrication: Antal", "wallLubrication", ["air in water"], "Antal",
     {"Cw1", "Cw2"}),
    (MULTI_R, "reactingMultiphaseEulerFoam bubbleColumn, Lamb virtual mass for the air bubbles in water",
     "virtualMass", ["air in water"], "Lamb", set()),
    (BED, "fluidised bed twoPhaseEulerFoam with Syamlal-O'Brien drag", "drag", ["particles in air"],
     "SyamlalOBrien", {"swarmCorrection"}),
])
def test_a_named_model_is_switched_with_its_entries(base, text, key, pairs, model, entries, tmp_path: Path) -> None:
    binder, parsed = _plan(base, text, tmp_path)
    got = _pairs(parsed, key)
    for pair in pairs:
        assert got[pair]["type"] == model
        assert entries <= set(got[pair])
    assert not [n for n in binder.not_applied if key.lower()[:4] in n.text.lower() or model in n.reason]
    assert any(b.entry == [key] for b in binder.bindings)


@needs_tutorials
@pytest.mark.parametrize("text", [
    "bubble column twoPhaseEulerFoam, no virtual mass",
    "Please neglect the virtual mass force in the twoPhaseEulerFoam bubble column.",
    "bubbleColumn (Euler-Euler): virtual mass off",
])
def test_no_model_empties_the_list(text: str, tmp_path: Path) -> None:
    binder, parsed = _plan(TWO, text, tmp_path)
    assert not parsed["virtualMass"]
    assert _pairs(parsed, "drag")["air in water"]["type"] == "SchillerNaumann"  # untouched


@needs_tutorials
@pytest.mark.parametrize("text,reason", [
    ("twoPhaseEulerFoam bubble column with Foobar drag", "SchillerNaumann"),
    ("bubble column, drag model Tomiyama", "TomiyamaCorrelated"),
    ("bubble column using the Grace drag model", "IshiiZuber"),
])
def test_an_unknown_or_shared_name_is_refused_with_the_installed_names(text: str, reason: str) -> None:
    binder = bind_all(TUTORIALS / TWO[0], TWO[1], text, read_stated(text))
    assert any(reason in n.reason for n in binder.not_applied)
    assert not any(e.entry == ["drag"] for e in binder.edits)


@needs_tutorials
def test_multiphase_euler_drag_is_set_per_phase(tmp_path: Path) -> None:
    text = "multiphaseEulerFoam bubble column with Wen-Yu drag for the air bubbles in water"
    binder, parsed = _plan(MULTI, text, tmp_path, "constant/transportProperties")
    blended = _pairs(parsed, "drag")["air water"]
    assert blended["air"]["type"] == "WenYu" and blended["water"]["type"] == "SchillerNaumann"


@needs_tutorials
@pytest.mark.parametrize("text", [
    "reactingMultiphaseEulerFoam bubble column with a constant bubble diameter of 4 mm",
    "bubbleColumn, reactingMultiphaseEulerFoam: bubbles 4 mm, constant diameter",
    "use diameterModel constant with d = 0.4 cm for the air in reactingMultiphaseEulerFoam's bubble column",
])
def test_a_constant_diameter_switches_the_diameter_model(text: str, tmp_path: Path) -> None:
    binder, parsed = _plan(MULTI_R, text, tmp_path)
    assert parsed["air"]["diameterModel"] == "constant"
    assert parsed["air"]["constantCoeffs"]["d"] == pytest.approx(4e-3)
    assert parsed["water"]["diameterModel"] != "constant" or True


@needs_tutorials
@pytest.mark.parametrize("text,gone,kept", [
    ("reactingTwoPhaseEulerFoam bubble column: Tomiyama lift, no wall lubrication or virtual mass",
     ["virtualMass"], ["lift"]),
    ("bubble column (reactingTwoPhaseEulerFoam) without virtual mass and heat transfer",
     ["virtualMass", "heatTransfer"], ["drag"]),
    ("bubble column reactingTwoPhaseEulerFoam, turn off the virtual mass force", ["virtualMass"], ["heatTransfer"]),
])
def test_a_list_joined_to_a_ruled_out_one_is_ruled_out_too(text: str, gone: list[str], kept: list[str],
                                                          tmp_path: Path) -> None:
    binder, parsed = _plan(REACTING, text, tmp_path)
    for key in gone:
        assert not parsed[key]
    for key in kept:
        assert parsed[key]


@needs_tutorials
@pytest.mark.parametrize("base,text,key,entry,value,model", [
    (TWO, "twoPhaseEulerFoam bubble column with a virtual mass coefficient of 0.25", "virtualMass", "Cvm", 0.25,
     "constantCoefficient"),
    (TWO, "bubble column (twoPhaseEulerFoam), constant lift coefficient 0.25", "lift", "Cl", 0.25,
     "constantCoefficient"),
    (REACTING, "bubble column, reactingTwoPhaseEulerFoam, Burns turbulent dispersion with sigma 0.9",
     "turbulentDispersion", "sigma", 0.9, "Burns"),
    (TWO, "Euler bubble column; virtual mass: C_vm = 0.3", "virtualMass", "Cvm", 0.3, "constantCoefficient"),
])
def test_a_stated_coefficient_goes_to_the_model_that_reads_it(base, text, key, entry, value, model,
                                                             tmp_path: Path) -> None:
    binder, parsed = _plan(base, text, tmp_path)
    item = _pairs(parsed, key)["air in water"]
    assert item["type"] == model and item[entry] == pytest.approx(value)
    assert any(q.value == value and q.role == "phase_model" for q in binder._stated)


@needs_tutorials
def test_no_heat_transfer_alone_keeps_the_interfacial_models(tmp_path: Path) -> None:
    binder, parsed = _plan(REACTING, "reactingTwoPhaseEulerFoam bubble column, no heat transfer to the walls", tmp_path)
    assert parsed["heatTransfer"]
