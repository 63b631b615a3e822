"""Solver and model switches of `modify`: the steady or transient counterpart of a solver
("make it transient"), the model a request names or only its family ("switch to LES"), and the
words that make a named model the one to switch to."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from tasks.edit.caseops import initial_field
from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.foam.physics import is_steady, model_spec, unrounded
from tasks.plan.manifest import FileEdit
from tasks.plan.request import final_model, named_model
from tasks.plan.stated import read_stated


# a steady solver and its transient counterpart (the same physics, PIMPLE for SIMPLE)
_STEADY_TRANSIENT = {"simpleFoam": "pimpleFoam", "buoyantSimpleFoam": "buoyantPimpleFoam",
                     "buoyantBoussinesqSimpleFoam": "buoyantBoussinesqPimpleFoam", "rhoSimpleFoam": "rhoPimpleFoam",
                     "SRFSimpleFoam": "SRFPimpleFoam", "chtMultiRegionSimpleFoam": "chtMultiRegionFoam"}


_TRANSIENT_STEADY = {**{t: s for s, t in _STEADY_TRANSIENT.items()}, "icoFoam": "simpleFoam", "pisoFoam": "simpleFoam"}


_TIME_WORDS = re.compile(r"\b(?:make|run|switch|change|convert|turn|go)\w*\b[^.;]*?\b(?P<w>transient(?:ly)?|unsteady|"
                         r"time[- ](?:dependent|accurate|resolved)(?:ly)?|steady(?:[- ]state)?)\b"
                         # the algorithm named for the solver: "with PIMPLE", "using the PISO loop", "via SIMPLE"
                         r"|\b(?:with|using|use|via|to|through)\s+(?:the\s+|a\s+)?(?P<w4>pimple|piso|simplec?)\b"
                         # or an adjective of the run itself: "a time-resolved version of this run",
                         # "could we get an unsteady simulation", "a steady-state calculation instead"
                         r"|\b(?P<w3>transient|unsteady|time[- ](?:dependent|accurate|resolved)|steady(?:[- ]state)?)\s+"
                         r"(?:\w+\s+)?(?:version|run|simulation|calculation|computation|solution|analysis|case|solve|rerun)\b"
                         # or opening a clause without a verb: "steady state with SA, 1500 iterations"
                         r"|(?:^|[.;,:]\s*)(?:an?\s+|the\s+)?"
                         r"(?P<w2>transient|unsteady|time[- ](?:dependent|accurate|resolved)|steady[- ]state)\b"
                         r"(?!\s+(?:inlet|flow rate|velocity|value|condition|profile))")


def time_counterpart(solver: str, low: str) -> str | None:
    """The solver "make it transient" / "run it steady-state" asks for: the counterpart of the
    case's solver, None when the words ask for no such switch or the case already is that."""
    m = _TIME_WORDS.search(low)
    if m is None:
        return None
    word = m.group("w") or m.group("w2") or m.group("w3") or m.group("w4")
    wants_steady = word.startswith("steady") or word.startswith("simple")
    if wants_steady == is_steady(solver):
        return None
    return (_TRANSIENT_STEADY if wants_steady else _STEADY_TRANSIENT).get(solver)


# a family named without a model ("switch to LES", "use RANS instead of LES"): its usual model
_FAMILIES = ((re.compile(r"\b(?:rans|ras|reynolds[- ]averaged)\b"), "kOmegaSST"),
             (re.compile(r"\b(?:les|large[- ]eddy(?:\s+simulation)?)\b"), "Smagorinsky"))


_NOT_TARGET = re.compile(r"\b(?:instead of|rather than|in place of|from|replacing)\s+(?:the\s+)?(?:an?\s+)?"
                         r"(?:rans|ras|les|large[- ]eddy(?:\s+simulation)?|laminar)\b")


def family_model(low: str, current: str) -> str | None:
    """The model a request means when it names only a family: kOmegaSST for RANS (the
    all-round choice of canonical/turbulence_models.md), Smagorinsky for LES; None when it names
    none, or only the family the case already has."""
    rest = _NOT_TARGET.sub(" ", low)
    hits = sorted((m.start(), model) for pattern, model in _FAMILIES if (m := pattern.search(rest)))
    if not hits:
        return None
    model = hits[0][1]
    return None if model_spec(model).simulation_type == model_spec(current).simulation_type else model


# "swap A for B", "trade A for B": B replaces A
SWAP_FOR = re.compile(r"\b(?:swap|trade|exchange)\w*\s+(?:out\s+)?(.+?)\s+for\s+", re.I)


# "replace A by B", "exchange A for B": B replaces A (final_model reads "replace A with B")
REPLACE_BY = re.compile(r"\b(?:replac\w*|exchang\w*)\s+(.+?)\s+(?:by|for)\s+(?=\S)", re.I)


# words that ask for the model the case already has to be checked and completed
RECHECK_WORDS = r"\b(switch|change|convert|use|add|replace|turbulen|go back|revert|instead)"


# words that make a named model the one to switch to ("make it laminar", "run it as LES with
# Smagorinsky", "turn the turbulence model off"), not a mention of the model the case has
SWITCH_WORDS = (r"\b(switch|change|convert|use|add|replace|turbulen|go back|revert|instead|make|run|turn|set|"
                 r"simulat|model|go\b|move|try|want|need|swap|trade|exchange|with)")


# models spelled in words the model names do not read: "dynamic kEqn", "the dynamic one-equation
# (eddy-viscosity) subgrid model" are dynamicKEqn, not kEqn; "one-equation SGS model" is kEqn
_SPELLED = ((re.compile(r"\bdynamic\s+(?:kEqn|k[\s-]*eqn|k[\s-]*equation|one[\s-]*equation)(?:\s+eddy[\s-]*viscosity)?\b", re.I),
             "dynamicKEqn"),
            (re.compile(r"\bone[\s-]*equation(?:\s+eddy[\s-]*viscosity)?(?=\s+(?:sgs|subgrid|sub-grid|les)\b)", re.I), "kEqn"))


def spelled_models(text: str) -> str:
    """The request with the models it spells in words written by their names (_SPELLED)."""
    for pattern, name in _SPELLED:
        text = pattern.sub(name, text)
    return text


# the case's model taken away by name: "turn off the k-epsilon model", "switch the SST model off",
# "remove the Smagorinsky model"
_OFF = re.compile(r"\b(?:turn|switch|shut)\w*\s+off\s+(?P<a>(?:\S+\s+){0,3}?\S*model)\b"
                  r"|\b(?:turn|switch|shut)\w*\s+(?P<b>(?:\S+\s+){1,4}?)off\b"
                  r"|\b(?:remove|disable|drop|without|no)\s+(?P<c>(?:\S+\s+){0,3}?\S*model)\b", re.I)
_LAMINAR_OLD = re.compile(r"\b(?:from|instead\s+of|rather\s+than|not|replac\w*|was)\s+(?:the\s+|a\s+)?laminar\b", re.I)


def laminar_for(text: str, named: str | None, current: str) -> bool:
    """True when a request that names the case's own turbulence model asks for laminar flow: it
    takes that model away by name ("turn off the k-epsilon model") or says laminar, not as the
    old state ("make it laminar", not "from laminar to k-epsilon")."""
    if named != current or current == "laminar":
        return False
    off = any(named_model(m.group("a") or m.group("b") or m.group("c")) == current for m in _OFF.finditer(text))
    return off or (re.search(r"\blaminar\b", text, re.I) is not None and not _LAMINAR_OLD.search(text))


def with_laminar(text: str, model: str | None, current: str) -> str | None:
    """The model a request switches to once laminar is read by its marks: "from laminar to
    k-epsilon" switches to k-epsilon, "turn off the k-epsilon model" on a k-epsilon case to laminar."""
    if model == "laminar" and _LAMINAR_OLD.search(text):
        return target_model(_LAMINAR_OLD.sub(" ", text))
    return "laminar" if laminar_for(text, model, current) else model


target_model = functools.partial(final_model, families=False)  # "replace A with B", "B instead of A"; families below


_CLAUSES = re.compile(r"[,;|()]|\.\s|\.$|\s[-–—]+\s")
_KEEP = re.compile(r"\b(?:keep|kept|retain|leave|unchanged|same|still|not|no|without)\b", re.I)


def named_alone(text: str, model: str) -> bool:
    """True when a clause of the request is the model's name on its own or as the value of a
    key: a list of changes without verbs ("kOmegaSST, endTime 0.5 s", "Smagorinsky; dt 5e-6",
    "SGS model: WALE", "RAS model = realizableKE") or after an arrow ("kEpsilon -> kOmegaSST"). A
    clause that keeps it ("same kEpsilon") asks for no switch."""
    for clause in _CLAUSES.split(text):
        words = clause.split()
        if words and not _KEEP.search(clause) and named_model(clause) == model \
                and (len(words) <= 3 or re.search(r"[:=]", clause)):
            return True
        arrow = _ARROW.split(clause)  # "k-epsilon -> k-omega SST": the model after the arrow
        if len(arrow) > 1 and named_model(arrow[-1]) == model:
            return True
    return False


_ARROW = re.compile(r"\s*(?:->|→|=>|⇒)\s*")


# the field of a turbulence quantity a request states (roles of tasks.plan.stated)
_FIELD_OF_ROLE = {"turbulent_kinetic_energy": "k", "dissipation_rate": "epsilon", "specific_dissipation_rate": "omega",
                  "modified_viscosity": "nuTilda"}


def model_field_values(plan: ChangePlan, state: CaseState, text: str) -> None:
    """Values a request gives for the fields of the model it switches to ("k-epsilon with k =
    0.001 m2/s2 at the inlet", "SST, omega 50 1/s at the inflow"): the value seeds the new field
    (plan.bc_values) and is set on the patch its clause names, else on every inlet. The switch
    writes the field first, so the edit lands on the new file. A value for a field the new model
    does not solve is left to the binder."""
    if plan.model is None:
        return
    solved = model_spec(plan.model).solved
    inlets = [p for p, r in state.roles.items() if r == "inlet"]
    for q in read_stated(text):
        at = text.find(q.text)
        clause = _clause_around(text, at, at + len(q.text)) if at >= 0 else ""
        field = _FIELD_OF_ROLE.get(q.role) or ("omega" if q.role == "frequency" and re.search(r"\bomega\b", clause, re.I)
                                                else None)
        if field is None or field not in solved:
            continue
        value = unrounded(q.value)  # the value as stated (epsilon 14.855, not 14.86)
        plan.bc_values[field] = value
        named = state.patch_named(clause.lower())
        if named is None and initial_field(state.case_dir, field) is not None:
            # a field the case has keeps its file through the switch: the value said of no patch
            # starts the field there too, as it seeds a new one
            plan.edits[:] = [e for e in plan.edits if not (e.file == f"0/{field}" and e.entry == ["internalField"])]
            plan.edits.append(FileEdit(file=f"0/{field}", entry=["internalField"], value=f"uniform {value}",
                                       reason=f"{field} {q.text} (a field of {plan.model})", locked=True))
        for patch in [named] if named else inlets:
            plan.edits[:] = [e for e in plan.edits if not (e.file == f"0/{field}" and e.entry[:2] == ["boundaryField", patch])]
            plan.edits.append(FileEdit(file=f"0/{field}", entry=["boundaryField", patch, "value"], value=f"uniform {value}",
                                       reason=f"{patch} {field} {q.text} (a field of {plan.model})", locked=True))


def _clause_around(text: str, start: int, end: int) -> str:
    """The clause a span of the text lies in (between , ; and sentence ends)."""
    left = max(text.rfind(c, 0, start) for c in ",;()") + 1
    stops = [i for i in (text.find(c, end) for c in ",;()") if i >= 0]
    sentence = re.search(r"\.(?:\s|$)", text[end:])
    if sentence:
        stops.append(end + sentence.start())
    return text[left:min(stops) if stops else len(text)]


# a sentence that keeps what it names ("Everything else, including the k-epsilon model, stays as it is")
_KEPT_SENTENCE = re.compile(r"\b(?:stays?|remains?|unchanged|untouched|as it is|as is|keep|kept|leave|left alone|"
                            r"do(?:es)? not change|don'?t change)\b", re.I)
_SWITCH_VERB = re.compile(r"\b(?:switch|change[ds]?\s+(?:to|it|the)|convert|use|replac|swap|instead|rather than|go to|"
                          r"move to|turn)\w*", re.I)


def without_kept_sentences(text: str) -> str:
    """The request without its sentences that only keep things as they are (a model named there is
    no model to switch to); a sentence that also asks for a switch stays."""
    sentences = re.split(r"(?<=[.!?;])\s+", text)
    return " ".join(s for s in sentences if not (_KEPT_SENTENCE.search(s) and not _SWITCH_VERB.search(s)))


def per_phase_turbulence(case: Path) -> bool:
    """The case keeps a turbulence model per phase (turbulenceProperties.<phase>, Euler-Euler) and no
    single-phase turbulenceProperties."""
    constant = case / "constant"
    return not (constant / "turbulenceProperties").is_file() and \
        any(p.suffix not in (".orig", ".gz", ".bak") for p in constant.glob("turbulenceProperties.*"))  # not a pristine copy


def radiation_model_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """A radiation model the request switches to ("replace fvDOM by P1", "use the discrete
    ordinates model", "switch off radiation"): radiationModel and, where the case lacks them, the
    model's coefficients in each radiationProperties of the fluid; the coefficients it has are
    kept. Its field, solver and schemes are written when the plan is applied
    (caseops_switch.complete_radiation)."""
    from tasks.plan.bind_radiation import radiation_on
    from tasks.plan.bind_radiation_models import model_entries, said_radiation_model, switch_targets, unmet_need

    case = state.case_dir
    constant = case / "constant"
    texts = {str(p.relative_to(case)): p.read_text()
             for p in sorted(constant.rglob("radiationProperties"))} if constant.is_dir() else {}
    model = said_radiation_model(text, radiative_case=any(radiation_on(t) for t in texts.values()))
    if model is None:
        return
    why = unmet_need(model, {str(p.relative_to(case)) for p in case.rglob("*") if p.is_file()}) if texts else \
        f"{case.name} has no radiationProperties (its solver reads no radiation model)"
    targets = switch_targets(texts, [rel for rel, t in texts.items() if radiation_on(t)])
    if why or not targets:
        plan.warnings.append(f"not applied: {model} radiation ({why or 'no radiationProperties of the fluid solves radiation; say which region'})")
        return
    for rel in targets:
        for entry, value, reason in model_entries(texts[rel], model, text):
            plan.edits.append(FileEdit(file=rel, entry=entry, value=value, reason=reason, locked=True))
