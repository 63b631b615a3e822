"""Schemes a request names ("vanLeer for the scalar", "Crank-Nicolson 0.7", "least squares
gradients", "limited 0.33", "SIMPLEC") land in the base's fvSchemes/fvSolution entries the solver
reads, in v1912 syntax; what v1912 or the solver lacks lands in not_applied with the names it has.
Probes: installed tutorials of /work/tmp/p17/probe_tutorials.txt, three phrasings each."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.bind_schemes import convection_value
from tasks.plan.bind_schemes_words import mention_fields, phrase_pattern, scheme_mentions
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

SCALAR = ("basic/scalarTransportFoam/pitzDaily", "scalarTransportFoam")
SIMPLE = ("incompressible/simpleFoam/pitzDaily", "simpleFoam")
PIMPLE = ("incompressible/pimpleFoam/RAS/pitzDaily", "pimpleFoam")
PISO = ("incompressible/pisoFoam/RAS/cavity", "pisoFoam")
RHO_LTS = ("compressible/rhoPimpleFoam/RAS/angledDuctLTS", "rhoPimpleFoam")
RHO = ("compressible/rhoPimpleFoam/RAS/cavity", "rhoPimpleFoam")
DAMBREAK = ("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam")
EULER = ("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam")
SHOCK = ("compressible/rhoCentralFoam/shockTube", "rhoCentralFoam")


def _bind(case: tuple[str, str], text: str):
    return bind_all(TUTORIALS / case[0], case[1], text, read_stated(text))


def _written(binder) -> dict[tuple[str, ...], str]:
    return {(e.file, *e.entry): e.value for e in binder.edits if isinstance(e.value, str)}


# (base, request, {entry path: value written}, entries that must stay as the base has them)
WRITES = [
    # convection, one field named
    (SCALAR, "scalarTransportFoam pitzDaily, vanLeer for the scalar, DT 0.01",
     {("divSchemes", "div(phi,T)"): "Gauss vanLeer"}, []),
    (SCALAR, "I would like to solve the passive scalar transport in the pitzDaily geometry and please "
             "discretise the convection of T with the van Leer scheme.",
     {("divSchemes", "div(phi,T)"): "Gauss vanLeer"}, []),
    (SCALAR, "pitzDaily scalar transport; for temperature use QUICK interpolation",
     {("divSchemes", "div(phi,T)"): "Gauss QUICK"}, []),
    (SIMPLE, "pitzDaily simpleFoam, linearUpwind for U, limitedLinear 1 for k and epsilon",
     {("divSchemes", "div(phi,U)"): "bounded Gauss linearUpwind grad(U)",
      ("divSchemes", "div(phi,k)"): "bounded Gauss limitedLinear 1",
      ("divSchemes", "div(phi,epsilon)"): "bounded Gauss limitedLinear 1"},
     [("divSchemes", "div(phi,omega)"), ("divSchemes", "div((nuEff*dev2(T(grad(U)))))")]),
    (SIMPLE, "Please set up the backward-facing step (pitzDaily) with simpleFoam. For the velocity I want a "
             "second-order upwind scheme, and for the turbulence quantities a first order upwind scheme.",
     {("divSchemes", "div(phi,U)"): "bounded Gauss linearUpwind grad(U)",
      ("divSchemes", "div(phi,k)"): "bounded Gauss upwind", ("divSchemes", "div(phi,epsilon)"): "bounded Gauss upwind"},
     [("divSchemes", "div(nonlinearStress)")]),
    (SIMPLE, "simpleFoam pitzDaily; U: vanLeer; k and epsilon with limited linear 0.5",
     {("divSchemes", "div(phi,U)"): "bounded Gauss vanLeerV",
      ("divSchemes", "div(phi,k)"): "bounded Gauss limitedLinear 0.5"}, []),
    # convection, no field named: every convective term, never the stress or the interface compression
    (PISO, "pisoFoam cavity RAS, first-order upwind everywhere",
     {("divSchemes", "div(phi,U)"): "Gauss upwind", ("divSchemes", "div(phi,k)"): "Gauss upwind"},
     [("divSchemes", "div(R)"), ("divSchemes", "div((nuEff*dev2(T(grad(U)))))")]),
    (DAMBREAK, "dam break laminar with interFoam, use TVD with the Minmod limiter for all convection terms",
     {("divSchemes", "div(rhoPhi,U)"): "Gauss Minmod"},
     [("divSchemes", "div(phirb,alpha)"), ("divSchemes", "div(phi,alpha)")]),
    (RHO, "rhoPimpleFoam cavity, central differencing for the convection terms",
     {("divSchemes", "div(phi,U)"): "Gauss linear", ("divSchemes", "div(phi,h)"): "Gauss linear"},
     [("divSchemes", "div(phiv,p)")]),
    (SIMPLE, "simpleFoam pitzDaily, inlet 10 m/s, second-order schemes everywhere, 300 iterations",
     {("divSchemes", "div(phi,U)"): "bounded Gauss linearUpwind grad(U)",
      ("divSchemes", "div(phi,epsilon)"): "bounded Gauss linearUpwind grad(epsilon)"}, []),
    (PISO, "pisoFoam cavity RAS lid 2 m/s, first order in space, 0.5 s",
     {("divSchemes", "div(phi,U)"): "Gauss upwind", ("divSchemes", "div(phi,k)"): "Gauss upwind"}, []),
    (PIMPLE, "pimpleFoam pitzDaily with LUST for U", {("divSchemes", "div(phi,U)"): "Gauss LUST grad(U)"}, []),
    # time
    (SCALAR, "scalar transport pitzDaily, Crank-Nicolson 0.7 in time", {("ddtSchemes", "default"): "CrankNicolson 0.7"},
     []),
    (SCALAR, "Could you run the scalarTransportFoam pitzDaily case with the Crank Nicolson time scheme?",
     {("ddtSchemes", "default"): "CrankNicolson 0.9"}, []),
    (SCALAR, "scalarTransportFoam pitzDaily, Crank-Nicolson (psi = 0.5), DT 1e-4 m2/s",
     {("ddtSchemes", "default"): "CrankNicolson 0.5"}, []),
    (PIMPLE, "pimpleFoam pitzDaily at 5 m/s with Crank-Nicolson with an off-centering coefficient of 0.7",
     {("ddtSchemes", "default"): "CrankNicolson 0.7"}, []),
    (DAMBREAK, "I want to simulate the breaking dam with interFoam. For time the Crank-Nicolson scheme with 0.8.",
     {("ddtSchemes", "default"): "CrankNicolson 0.8"}, []),
    (PIMPLE, "pimpleFoam pitzDaily, second-order backward in time", {("ddtSchemes", "default"): "backward"}, []),
    (PIMPLE, "pimpleFoam pitzDaily, BDF2 time discretisation", {("ddtSchemes", "default"): "backward"}, []),
    (PIMPLE, "pitzDaily transient pimpleFoam with implicit Euler", {("ddtSchemes", "default"): "Euler"}, []),
    (RHO, "rhoPimpleFoam cavity with local time stepping (LTS)", {("ddtSchemes", "default"): "localEuler"}, []),
    # gradients, laplacian and snGrad together
    (SIMPLE, "pitzDaily simpleFoam with least squares gradients", {("gradSchemes", "default"): "leastSquares"}, []),
    (SIMPLE, "pitzDaily simpleFoam, gradSchemes cellLimited Gauss linear 1",
     {("gradSchemes", "default"): "cellLimited Gauss linear 1"}, []),
    (SIMPLE, "pitzDaily, simpleFoam, limited gradients for U",
     {("gradSchemes", "grad(U)"): "cellLimited Gauss linear 1"}, [("gradSchemes", "default")]),
    (SIMPLE, "pitzDaily simpleFoam, uncorrected laplacian",
     {("laplacianSchemes", "default"): "Gauss linear uncorrected", ("snGradSchemes", "default"): "uncorrected"}, []),
    (SCALAR, "scalarTransportFoam pitzDaily with limited corrected 0.33 non-orthogonal correction",
     {("laplacianSchemes", "laplacian(DT,T)"): "Gauss linear limited corrected 0.33",
      ("snGradSchemes", "default"): "limited corrected 0.33"}, []),
    (SIMPLE, "pitzDaily simpleFoam, laplacian limited 0.5",
     {("laplacianSchemes", "default"): "Gauss linear limited corrected 0.5"}, []),
    # word order, typed v1912 names, non-native wording
    (SIMPLE, "pitzDaily simpleFoam. For k and epsilon, upwind. For U: vanLeerV",
     {("divSchemes", "div(phi,k)"): "bounded Gauss upwind", ("divSchemes", "div(phi,U)"): "bounded Gauss vanLeerV"},
     [("divSchemes", "div(phi,omega)")]),
    (SIMPLE, "Please to use the schema van Leer on the U, and on the turbulent quantities the upwind, simpleFoam "
             "pitzDaily",
     {("divSchemes", "div(phi,U)"): "bounded Gauss vanLeerV",
      ("divSchemes", "div(phi,epsilon)"): "bounded Gauss upwind"}, []),
    (PISO, "cavity pisoFoam RAS: for U use linearUpwindV, QUICK for k and epsilon",
     {("divSchemes", "div(phi,U)"): "Gauss linearUpwind grad(U)", ("divSchemes", "div(phi,k)"): "Gauss QUICK"},
     [("divSchemes", "div(phi,nuTilda)")]),
    # Euler-Euler solvers name their terms by regular expressions
    (EULER, "twoPhaseEulerFoam bubble column: vanLeer for U, upwind for the energy",
     {("divSchemes", r"div\(alphaRhoPhi.*,U.*\)"): "Gauss vanLeerV",
      ("divSchemes", r"div\(alphaRhoPhi.*,(h|e).*\)"): "Gauss upwind"},
     [("divSchemes", "div(phir,alpha.air)"), ("divSchemes", r"div\(alphaRhoPhi.*,K.*\)")]),
    # central solvers: the flux and the reconstruction
    (SHOCK, "shockTube rhoCentralFoam, Tadmor flux and Minmod reconstruction",
     {("fluxScheme",): "Tadmor", ("interpolationSchemes", "reconstruct(rho)"): "Minmod"}, []),
]


@needs_tutorials
@pytest.mark.parametrize(("case", "text", "want", "kept"), WRITES)
def test_scheme_written(case, text, want, kept) -> None:
    binder = _bind(case, text)
    written = _written(binder)
    for entry, value in want.items():
        assert written.get(("system/fvSchemes", *entry)) == value, (entry, written)
    for entry in kept:
        assert ("system/fvSchemes", *entry) not in written
    assert not [n for n in binder.not_applied if "scheme" in n.reason or "v1912" in n.reason], binder.not_applied
    bound = {b.stated for b in binder.bindings if b.file == "system/fvSchemes"}
    assert bound, "each scheme mention is bound, so the written case verifies it"


@needs_tutorials
@pytest.mark.parametrize(("case", "text", "said", "reason"), [
    (SIMPLE, "pitzDaily simpleFoam with Crank-Nicolson", "Crank-Nicolson", "steady"),
    (PIMPLE, "pimpleFoam pitzDaily, local time stepping", "local time stepping", "rhoPimpleFoam"),
    (PIMPLE, "pimpleFoam pitzDaily with the WENO scheme for U", "WENO", "vanLeer"),
    (PIMPLE, "pimpleFoam pitzDaily, Runge-Kutta in time", "Runge-Kutta", "CrankNicolson"),
    (SCALAR, "scalar pitzDaily, TVD scheme for T", "TVD", "limiter"),
    (PIMPLE, "pimpleFoam pitzDaily with bounded Gauss schemes", "bounded Gauss", "steady"),
    (SHOCK, "shockTube rhoCentralFoam with an HLLC flux", "HLLC", "Kurganov"),
    (SIMPLE, "pitzDaily simpleFoam with the Kurganov flux", "Kurganov", "rhoCentralFoam"),
    (PISO, "pisoFoam cavity, SIMPLEC", "SIMPLEC", "simpleFoam"),
    (SCALAR, "scalar pitzDaily, limitedLinear 2 for T", "limitedLinear 2", "[0, 1]"),
])
def test_scheme_not_applied(case, text, said, reason) -> None:
    binder = _bind(case, text)
    refused = [n for n in binder.not_applied if n.text.startswith(said)]
    assert refused and reason in refused[0].reason, binder.not_applied


@needs_tutorials
def test_lts_on_a_steady_solver_is_its_steady_state() -> None:
    """"steady state via local time stepping" on a steady solver: no edit, no refusal, an assumption."""
    binder = _bind(SIMPLE, "pitzDaily simpleFoam, local time stepping to reach the steady state quickly")
    assert not binder.not_applied and not [e for e in binder.edits if e.file == "system/fvSchemes"]
    assert any("local time stepping" in a for a in binder.assumptions)


@needs_tutorials
def test_simplec_sets_consistent() -> None:
    binder = _bind(PIMPLE, "pimpleFoam pitzDaily using SIMPLEC")
    assert _written(binder)[("system/fvSolution", "PIMPLE", "consistent")] == "yes"


@needs_tutorials
def test_edited_fvschemes_parses_back() -> None:
    """The edits applied to the base's fvSchemes leave a dictionary that reads back with the values."""
    binder = _bind(SIMPLE, "pitzDaily simpleFoam: vanLeer for U, limitedLinear 1 for k and epsilon, "
                           "least squares gradients, uncorrected laplacian")
    text = (TUTORIALS / SIMPLE[0] / "system/fvSchemes").read_text()
    for e in binder.edits:
        if e.file == "system/fvSchemes":
            text = fd.set_entry(text, e.entry, e.value)
    assert fd.parse_error(text) is None
    assert fd.get(text, ["divSchemes", "div(phi,U)"]) == "bounded Gauss vanLeerV"
    assert fd.get(text, ["snGradSchemes", "default"]) == "uncorrected"


@pytest.mark.parametrize(("text", "names"), [
    ("a quick run of the cavity, upwind of the building", []),  # no scheme words: "quick", "upwind of"
    ("3 non-orthogonal corrections and 2 outer correctors", []),  # correctors, not a correction scheme
    ("central-upwind solver for the shock tube", []),
    ("steady-state backward-facing step, Euler-Euler bubble column, limited to 0.5 s", []),
    ("run it in LTS mode with the time step limited by Co 0.5", ["localEuler"]),
    ("linear solver tolerance 1e-6 for pressure, gamma 1.4, a linear elastic solid", []),
    ("T: 300 K at the upwind side; the inlet lies upwind of the building", []),
    ("convection: upwind of U", ["upwind"]),
    ("hydrogen jet flame, no LTS, real transient; upwind? rather than upwind", []),
    ("Sod shock tube, density-based central scheme; central upwind after Kurganov", ["Kurganov"]),
    ("the Laplacian with no non-orthogonal correction", ["uncorrected"]),
    ("second-order upwind for U", ["linearUpwind"]),
    ("linear-upwind on U, vanLeer on T", ["linearUpwind", "vanLeer"]),
    ("cellLimited Gauss linear 1 for grad", ["cellLimited"]),
])
def test_mentions(text, names) -> None:
    assert [m.name for m in scheme_mentions(text)] == names


@pytest.mark.parametrize(("text", "fields"), [
    ("use vanLeer for the scalar", [["energy"]]),
    ("velocity with QUICK and turbulence with upwind", [["U"], ["turbulence"]]),
    ("upwind everywhere", [[]]),
    ("k and epsilon: limitedLinear 1", [["k", "epsilon"]]),
    ("linearUpwind for U, limited gradients, endTime 0.1", [["U"], []]),
    ("aerofoil, Ma 0.5; for U, k and omega: limitedLinear 1", [["U", "k", "omega"]]),
    ("inlet velocity 10 m/s, k and epsilon: upwind", [["k", "epsilon"]]),
    ("For k and epsilon, upwind. For U: QUICK", [["k", "epsilon"], ["U"]]),
])
def test_mention_fields(text, fields) -> None:
    mentions = scheme_mentions(text)
    assert [mention_fields(text, mentions, i) for i in range(len(mentions))] == fields


@pytest.mark.parametrize(("name", "field", "old", "value"), [
    ("limitedLinear", "U", "Gauss linear", "Gauss limitedLinearV 1"),
    ("limitedLinear", "k", "bounded Gauss upwind", "bounded Gauss limitedLinear 1"),
    ("linearUpwind", "U", "Gauss linearUpwind limited", "Gauss linearUpwind limited"),
    ("vanLeer", "T", "Gauss upwind", "Gauss vanLeer"),
])
def test_convection_value(name, field, old, value) -> None:
    assert convection_value(name, field, old, None, False, "") == value


def test_phrase_pattern_acronyms_are_cased() -> None:
    assert phrase_pattern("QUICK").search("use QUICK") and not phrase_pattern("QUICK").search("a quick run")
    assert phrase_pattern("second order upwind").search("second-order upwind")
