"""Phase-pair model switches of `modify` on the Euler solvers: "switch the drag to Ishii-Zuber",
"use Tomiyama lift for the bubbles", "remove the virtual mass", "turbulent dispersion Burns". The
model goes into the list of constant/phaseProperties (constant/<region>/phaseProperties of a
multi-region case) for the pairs the words name ("air in water", "the bubbles", one phase), else
for every dispersed pair the list holds (a drag's "(air and water)" segregated entry stays), else,
in an empty list, for the dispersed pairs of the case's other lists. The model's sub-entries come
from an installed tutorial that uses it (modify_pair_catalog). A phase named in such a request is
a pair, not a change of fluid (`speaks_of_pair_models`)."""

from __future__ import annotations

import re
from pathlib import Path

from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.edit.modify_pair_catalog import (
    AMBIGUOUS,
    FAMILY_NAMES,
    FAMILY_WORDS,
    MODELS,
    NONE_FAMILIES,
    WALL_DISTANCE_FAMILIES,
    REQUIRED_FAMILIES,
    STATED_ONLY,
    PairModel,
    families_named,
    models_named,
    models_of,
    template_body,
)
from tasks.edit.modify_pair_multiphase import TRANSPORT, is_multiphase_euler, multiphase_edit, multiphase_switch
from tasks.edit.modify_pair_text import PairEntry, pair_entries, rendered, sub_dict
from tasks.edit.modify_values import NUMBER
from tasks.foam import dictionary as fd
from tasks.foam.phase_pairs import (
    aspect_ratio_model,
    lacks_surface_tension,
    models_named_alone,
    pair_table,
    pairs_named,
)
from tasks.foam.physics import fmt
from tasks.plan.bind_parts_phase_words import phase_kind
from tasks.plan.extract import quantities
from tasks.plan.manifest import FileEdit

# a removal said before the list's name ("remove the virtual mass", "no lift", "turn off the
# wall lubrication force") or after it ("virtual mass off", "lift: none", "drop the lift force")
_REMOVE_BEFORE = re.compile(r"\b(?:remove|delete|drop|disable|deactivate|neglect|ignore|exclude|without|no|(?:turn|switch|shut)\w*"
                            r"\s+off)\s+(?:the\s+|any\s+|all\s+)?(?:(?:interfacial|interphase|phase|bubble)\s+)?$")
_REMOVE_AFTER = re.compile(r"^\s*(?:forces?|models?|terms?|effects?)?\s*(?:(?::|=|\bto|->)\s*(?:none|off|nothing)\b|"
                           r"(?:is\s+|should\s+be\s+)?(?:off|removed|disabled|neglected|switched\s+off|turned\s+off|none)\b)")
# words before a model that make it the new one ("to Ishii-Zuber", "with Tomiyama", "use Burns")
_NEW_MARK = re.compile(r"(?:\bto|\bwith|\bby|\buse|\busing|->|=>|→|\binto|\bbe|\btake|\bchoose|\bpick|\bwant|\bapply|"
                       r"\bprefer)\s+(?:the\s+|a\s+)?$")
# ... and words that make it the old one ("instead of Burns", "replace Schiller-Naumann", "from A to B")
_OLD_MARK = re.compile(r"(?:\binstead\s+of|\brather\s+than|\bin\s+place\s+of|\bfrom|\breplac\w*|\bnot|\bover|"
                       r"\bcurrent(?:ly)?|\bexisting|\bold)\s+(?:the\s+|a\s+)?(?:current\s+)?$")
_NEW_AFTER = re.compile(r"\s*(?:\w+\s+)?(?:instead|rather)\b")
_DISPERSED_WORDS = {"bubble": "gas", "droplet": "liquid", "drop": "liquid", "particle": "solid", "grain": "solid"}


def phase_property_files(case: Path) -> list[str]:
    """The phaseProperties files of an Euler case, relative: constant/phaseProperties, or one per
    fluid region (constant/<region>/phaseProperties)."""
    top = case / "constant/phaseProperties"
    if top.is_file():
        return ["constant/phaseProperties"]
    return sorted(str(p.relative_to(case)) for p in (case / "constant").glob("*/phaseProperties") if p.is_file())


def requested_families(text: str) -> set[str]:
    """The phaseProperties lists the request switches a model of (or removes)."""
    return {fam for fam, _, _ in _requests(text)}


def speaks_of_pair_models(text: str) -> bool:
    """True when the request names an interfacial model list with a model or a removal ("drag
    Ishii-Zuber", "no virtual mass"), or a model only one list takes ("Schiller-Naumann")."""
    return bool(_requests(text))


def pair_model_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """The edits of phaseProperties the request's phase-pair model switches ask for; each one that
    cannot be made becomes a warning "not applied: ..." with what to do."""
    asked = _requests(text)
    files = phase_property_files(state.case_dir)
    if files:  # an Euler case: a list switched to a name v1912 does not have is said
        plan.warnings += [f"not applied: {' '.join(scope.split())} ({why})" for _, scope, why in _unnamed(text, asked, state.solver)]
    if not asked:
        return
    if not files and is_multiphase_euler(state.case_dir):
        _multiphase_edits(plan, state, asked)
        return
    if not files:
        plan.warnings += [f"not applied: {_said(fam, model)} ({state.solver} has no constant/phaseProperties: interfacial "
                          "models (drag, lift, virtual mass, ...) are set per phase pair there by the Euler solvers "
                          "(twoPhaseEulerFoam, reactingTwoPhaseEulerFoam, reactingMultiphaseEulerFoam))"
                          for fam, model, _ in asked if model is not None]
        return
    for rel in files:
        own = (state.case_dir / rel).read_text()
        clean = fd.strip_comments(own)
        lists = {fam: as_written(clean, fam) for fam in FAMILY_NAMES}
        phases = (fd.get(clean, ["phases"]) or "").strip().strip("()").split()
        for fam, model, scope in asked:
            for key in _list_keys(clean, fam, scope, phases):
                raw = lists.get(key, as_written(clean, key))
                words = scope if key == fam else _SIDE.sub(" ", scope)  # "the liquid side" names no pair
                new, note = _switched(fam, model, words, raw, lists, phases, state.solver, clean)
                if new is None:
                    plan.warnings.append(f"not applied: {_said(fam, model)} ({note})")
                    continue
                if new == raw:  # the pairs already use the model
                    plan.assumptions.append(f"{rel} {key}: {note}; not changed")
                    continue
                lists[key] = new
                plan.edits.append(FileEdit(file=rel, entry=[key], value=new, reason=f"{key}: {note}", locked=True))
                plan.assumptions.append(f"{rel} {key}: {note}")
                if fam in WALL_DISTANCE_FAMILIES and model is not None:
                    _wall_distance(plan, state.case_dir, rel)
                if model is not None and (fam, model.type) in pair_table().reads_aspect_ratio:
                    lists["aspectRatio"] = _with_aspect_ratio(plan, rel, model, new, lists.get("aspectRatio"))


_SIDE = re.compile(r"\b(?:on\s+|for\s+|at\s+)?(?:the\s+|both\s+)?(?:[\w.]+(?:[\s-]+phase)?[\s-]+)?sides?\b", re.I)


def _list_keys(clean: str, fam: str, scope: str, phases: list[str]) -> list[str]:
    """The phaseProperties entries a list's switch goes in: the list itself, or, for heat transfer
    kept per side (heatTransfer.gas, heatTransfer.liquid of the thermal phase-change systems), the
    sides the words name ("for the liquid side"), else every side."""
    if fam != "heatTransfer" or as_written(clean, fam) is not None:
        return [fam]
    sides = [p for p in phases if as_written(clean, f"{fam}.{p}") is not None]
    if not sides:
        return [fam]
    named = [p for p in sides if re.search(rf"\b{re.escape(p)}(?:[\s-]+phase)?[\s-]+sides?\b", scope, re.I)]
    return [f"{fam}.{p}" for p in named or sides]


def _with_aspect_ratio(plan: ChangePlan, rel: str, model: PairModel, new: str, raw: str | None) -> str | None:
    """The aspectRatio list with an entry (constant E0 1.0, as the tutorials) for each pair now
    using `model` that has none: the model reads the pair's aspect ratio and v1912 aborts without
    one. A case with no aspectRatio list is said."""
    pairs = [e for e in pair_entries(new) if e.type == model.type and e.how == "in"]
    entries = pair_entries(raw or "")
    missing = [PairEntry(e.a, "in", e.b, None, "", -1, -1) for e in pairs
               if not any((x.a, x.how, x.b) == (e.a, "in", e.b) for x in entries)]
    if not missing:
        return raw
    if raw is None or not raw.strip().startswith("("):
        plan.warnings.append(f"not applied: an aspect ratio for {_pairs(missing)} ({model.type} reads it and {rel} has "
                             "no aspectRatio list of pairs; add one, e.g. 'aspectRatio ((air in water) { type constant; E0 1; })')")
        return raw
    default = aspect_ratio_model()
    body = f"type {default.type}; {default.coeffs_text}"
    text = rendered(raw, entries, {(e.a, e.how, e.b): body for e in missing}, added=missing)
    note = f"{default.type} {default.coeffs_text} added for {_pairs(missing)} ({model.type} reads the pair's aspect ratio)"
    plan.edits.append(FileEdit(file=rel, entry=["aspectRatio"], value=text, reason=f"aspect ratio: {note}", locked=True))
    plan.assumptions.append(f"{rel} aspect ratio: {note}")
    return text


def _multiphase_edits(plan: ChangePlan, state: CaseState, asked: list[tuple[str, PairModel | None, str]]) -> None:
    """The switches on a multiphaseEulerFoam case (constant/transportProperties), one edit per list."""
    text = (state.case_dir / TRANSPORT).read_text()
    for fam, model, scope in asked:
        value, note = multiphase_switch(text, fam, model, scope)
        if value is None:
            plan.warnings.append(f"not applied: {_said(fam, model)} ({note})")
            continue
        plan.edits.append(multiphase_edit(fam, value, note))
        plan.assumptions.append(f"{TRANSPORT} {FAMILY_NAMES[fam]}: {note}")
        text = fd.set_entry(text, [fam], value)


def _wall_distance(plan: ChangePlan, case: Path, rel: str) -> None:
    """A wall-lubrication model reads the distance to the walls: fvSchemes' wallDist method
    (meshWave, as the tutorials that use one) when the case's fvSchemes has none."""
    region = Path(rel).parent.name if Path(rel).parent.name != "constant" else ""
    schemes = f"system/{region}/fvSchemes" if region else "system/fvSchemes"
    path = case / schemes
    if not path.is_file() or fd.get(path.read_text(), ["wallDist", "method"]) is not None or \
            any(e.file == schemes and e.entry[:1] == ["wallDist"] for e in plan.edits):
        return
    plan.edits.append(FileEdit(file=schemes, entry=["wallDist"], value={"method": "meshWave"},
                               reason="wall distance for the wall lubrication model", locked=False))
    plan.assumptions.append(f"{schemes}: wallDist {{ method meshWave; }} (the wall lubrication model reads the wall distance)")


def as_written(text: str, key: str) -> str | None:
    """A top-level entry's value as the file writes it (its lines and indentation kept)."""
    span = fd.find(text, [key])
    return text[span.value_start:span.value_end].strip() if span is not None else None


def _said(fam: str, model: PairModel | None) -> str:
    return f"{FAMILY_NAMES[fam]} {model.type}" if model else f"no {FAMILY_NAMES[fam]}"


def _requests(text: str) -> list[tuple[str, PairModel | None, str]]:
    """(list, model or None for a removal, the words about it) for each phase-pair model switch of
    the request: a list named with a model of it or a removal word in its scope (from the previous
    list named to the next, within a sentence), and a model named alone that only one list takes."""
    found: list[tuple[str, PairModel | None, str]] = []
    for sentence in re.split(r"[.;!?](?:\s|$)|\n", text):
        named = families_named(sentence)
        cuts = _cuts(sentence, named)
        for i, (at, fam) in enumerate(named):
            scope = sentence[cuts[i][0]:cuts[i][1]]
            model = _new_model(scope, fam)
            if model is not None:
                found.append((fam, model, scope))
            elif _removed(sentence, at, fam) and not any(f == fam for f, _, _ in found):
                found.append((fam, None, scope))
        said = {fam for _, fam in named}
        found += [(model.family, model, sentence) for model in _named_alone(sentence) if model.family not in said]
    return found


def _unnamed(text: str, asked: list[tuple[str, PairModel | None, str]], solver: str) -> list[tuple[str, str, str]]:
    """(list, words, why) of each list the request switches without a model v1912 has ("switch the
    drag to Grace", "Tomiyama drag": three drag models carry that name): said, not guessed."""
    done = {fam for fam, _, _ in asked}
    found = []
    for sentence in re.split(r"[.;!?](?:\s|$)|\n", text):
        named = families_named(sentence)
        for (at, fam), (lo, hi) in zip(named, _cuts(sentence, named)):
            scope = sentence[lo:hi]
            family = FAMILY_WORDS[fam]
            to_model = re.search(rf"(?:{family})(?:\s+model)?\s*(?:\bto\b|\binto\b|->|:|=)\s*(?:the\s+|a\s+)?[A-Za-z]", scope, re.I)
            model_first = re.search(rf"\b(?:use|using|try)\s+(?:the\s+|a\s+)?(?!the\b|a\b|an\b)[A-Za-z][\w'-]*\s+(?:{family})"
                                    r"(?!\s+(?:force|coefficient))",
                                    scope, re.I)
            shared = next((models for (f, word), models in AMBIGUOUS.items()
                           if f == fam and re.search(rf"\b{word}\b", scope.lower())), None)
            if fam not in done and shared:
                found.append((fam, scope.strip(" ,"), f"several {FAMILY_NAMES[fam]} models share that name: say which of "
                                                      f"{', '.join(shared)}"))
                continue
            if fam in done or not (to_model or model_first) or re.search(r"\d|coefficient|\bforces?\b|\bsame\b|\bkeep|"
                                                                         r"\bkept\b|unchanged|\bas\s+(?:before|is)\b|\bstays?\b", scope, re.I) \
                    or _removed(sentence, at, fam):
                continue
            found.append((fam, scope.strip(" ,"), f"no {FAMILY_NAMES[fam]} model of v1912 is named there; {solver} has "
                                                  f"{', '.join(models_of(fam, solver))}"))
    return found


_CLAUSE_BREAK = re.compile(r",|\band\b|\bthen\b|\bplus\b|\balso\b|\bwhile\b", re.I)


def _cuts(sentence: str, named: list[tuple[int, str]]) -> list[tuple[int, int]]:
    """The span of words about each list named in a sentence: between two lists, the last clause
    break (",", "and", "then") parts them ("no virtual mass for the droplets (water in air) and
    the lift to Tomiyama"); with none, each list's span reaches over the words between them (a
    model may come before or after its list: "Ishii-Zuber drag Tomiyama lift")."""
    ends = [at + (m.end() if (m := re.match(FAMILY_WORDS[fam], sentence[at:].lower())) else 0) for at, fam in named]
    spans = []
    for i, (at, _) in enumerate(named):
        lo, hi = 0, len(sentence)
        if i:
            breaks = list(_CLAUSE_BREAK.finditer(sentence, ends[i - 1], at))
            lo = breaks[-1].start() if breaks else ends[i - 1]
        if i + 1 < len(named):
            breaks = list(_CLAUSE_BREAK.finditer(sentence, ends[i], named[i + 1][0]))
            hi = breaks[-1].start() if breaks else named[i + 1][0]
        spans.append((lo, hi))
    return spans


def _removed(sentence: str, at: int, fam: str) -> bool:
    """True when the words at `at` (where the list is named) remove it."""
    low = sentence.lower()
    name = re.match(FAMILY_WORDS[fam], low[at:])
    after = low[at + (name.end() if name else 0):]
    return bool(_REMOVE_BEFORE.search(low[:at]) or _REMOVE_AFTER.match(after))


def _named_alone(sentence: str) -> list[PairModel]:
    """The models a sentence names without their list ("switch to Ishii-Zuber"), once each."""
    return list(dict.fromkeys(model for model, _, _ in models_named_alone(sentence)))


def _new_model(scope: str, fam: str) -> PairModel | None:
    """The model of `fam` the words switch to: the only one named, else the one marked new ("replace
    Schiller-Naumann with Ishii-Zuber", "from A to B"), else the last named."""
    models = models_named(scope, fam)
    if len(models) <= 1:
        return models[0] if models else None
    low = scope.lower()
    at = {model: re.search(rf"\b(?:{model.words})\b", low) for model in models}
    marked = [mo for mo, m in at.items() if _NEW_MARK.search(low[:m.start()]) or _NEW_AFTER.match(low[m.end():])]
    if marked:
        return marked[0]
    fresh = [mo for mo, m in at.items() if not _OLD_MARK.search(low[:m.start()])]
    if len(fresh) == 1:  # "Gosman instead of Burns", "from Schiller-Naumann to ..."
        return fresh[0]
    return max(models, key=lambda mo: at[mo].start())


def _switched(fam: str, model: PairModel | None, scope: str, raw: str | None, lists: dict[str, str | None],
              phases: list[str], solver: str, own: str) -> tuple[str | None, str]:
    """(the list's new text, what changed) or (None, why it cannot be changed)."""
    entries = pair_entries(raw or "")
    foreign = pairs_named(scope, phases, phase_kind).foreign
    if foreign is not None:
        return None, (f"the case has no {foreign} phase: its phases are {', '.join(phases)} and its {FAMILY_NAMES[fam]} "
                      f"pairs {_pairs(entries) or 'none'}; name one of those")
    if model is None:
        if fam in REQUIRED_FAMILIES:
            return None, f"the phases need a {FAMILY_NAMES[fam]} model to exchange momentum; name another one instead"
        if fam not in NONE_FAMILIES:
            return None, f"v1912 has no 'none' {FAMILY_NAMES[fam]} model; name the model to use instead"
        chosen = [e for e in chosen_entries(entries, scope, phases, model=None) if e.type != "none"]
        if not chosen:
            return None, f"the case has no {FAMILY_NAMES[fam]} to remove"
        kept = [e for e in entries if e not in chosen]
        note = f"{' / '.join(sorted({e.type or '?' for e in chosen}))} -> none (no force) for {_pairs(chosen)}"
        return rendered(raw or "()", entries, {(e.a, e.how, e.b): "type none;" for e in chosen}), \
            note + (f"; {_pairs(kept)} keep{'s' if len(kept) == 1 else ''} {', '.join(sorted({e.type or '?' for e in kept}))}"
                    if kept else "")
    if solver in model.absent_in:
        return None, f"{solver} (v1912) has no {model.type} {FAMILY_NAMES[fam]}; it has {', '.join(models_of(fam, solver))}"
    if model.type != "segregated" and re.search(r"\bsegregated\s+(?:pair|entry|one)", scope, re.I):
        return None, (f"{model.type} needs a dispersed phase: v1912 aborts on an unordered (a and b) pair ('Requested "
                      "dispersed phase from an unordered pair'); that pair takes segregated only")
    if raw is not None and not raw.strip().startswith("("):
        return None, f"its {fam} entry is no list of phase pairs; set it by hand"
    chosen = chosen_entries(entries, scope, phases, model) if entries else []
    if chosen and all(e.type == model.type for e in chosen) and \
            not re.search(rf"(?:\bcoefficient|\b(?:C\w*|E0))\b\s*(?:=|:|of|is|to)?\s*{NUMBER}", scope):
        return raw, f"{_pairs(chosen)} already use{'s' if len(chosen) == 1 else ''} {model.type}"
    if not chosen:
        chosen = _added_pairs(lists, scope, phases, fam)
        if not chosen:
            return None, (f"the words name no pair the case has: its {FAMILY_NAMES[fam]} pairs are {_pairs(entries) or 'none'} "
                          f"(phases {', '.join(phases)}); name one, e.g. '{' in '.join(phases[:2])}'")
    tension = lacks_surface_tension(own, fam, model.type, [(e.a, e.b) for e in chosen])
    if tension is not None:
        return None, (f"{model.type} reads the Eotvos number of {tension}, and the case holds no non-zero surface tension for that "
                      f"pair (v1912 aborts without one); choose a model that reads none, or add "
                      f"'surfaceTension ({tension} {{ type constant; sigma <N/m>; }})' to phaseProperties by hand")
    body = template_body(model, solver, own)
    stated = STATED_ONLY.get((fam, model.type))
    if stated is not None:
        value = _stated_length(scope)
        if value is None:
            return None, f"{model.type} reads {stated[1]} of the case; state it, e.g. '{stated[0][0]} 0.05 m'"
        body += "".join(f" {key} {fmt(value)};" for key in stated[0])
    body = _with_stated_coefficients(body, scope)
    bodies = {}
    for e in chosen:
        new = body
        if "swarmCorrection" not in new and "swarmCorrection" in e.body and fam == "drag":
            new += " swarmCorrection " + sub_dict(e.body, "swarmCorrection")
        bodies[(e.a, e.how, e.b)] = new
    olds = sorted({e.type or "?" for e in chosen if e.start >= 0})
    kept = [e for e in entries if e not in chosen]
    what = f"{' / '.join(olds)} -> {model.type}" if olds else f"{model.type} added"
    note = f"{what} for {_pairs(chosen)} (sub-entries: {' '.join(body.split())})"
    if kept:
        note += f"; {_pairs(kept)} keep{'s' if len(kept) == 1 else ''} {', '.join(sorted({e.type or '?' for e in kept}))}"
    return rendered(raw or "()", entries, bodies, added=[e for e in chosen if e.start < 0]), note


def _pairs(entries: list[PairEntry]) -> str:
    return ", ".join(f"({e.a} {e.how} {e.b})" for e in entries)


def chosen_entries(entries: list[PairEntry], scope: str, phases: list[str], model: PairModel | None) -> list[PairEntry]:
    """The entries the words name: "air in water", a phase ("for the air"), a dispersed kind ("the
    bubbles"); else every dispersed ("in") entry, else every entry. A drag's "(a and b)" entry
    (segregated) is chosen only by a segregated model or by naming it."""
    low = scope.lower()
    spelled = [e for e in entries if re.search(rf"\b{re.escape(e.a.lower())}\s+{e.how}\s+{re.escape(e.b.lower())}\b", low)]
    if model is not None and model.type != "segregated" and any(e.how == "in" for e in entries):
        spelled = [e for e in spelled if e.how == "in"]  # "air and water" with Ishii-Zuber names the phases, not the segregated pair
    if spelled:
        return spelled
    pool = [e for e in entries if model is None or model.type != "segregated" or e.how == "and"]
    if model is not None and model.type != "segregated":
        pool = [e for e in pool if e.how == "in"] or pool
    said = pairs_named(scope, phases, phase_kind).pairs
    if said:  # "air bubbles in the water", "droplets in air": those pairs only (none when the list lacks them)
        return [e for e in pool if e.how == "in" and any(e.a == d and c in (None, e.b) for d, c in said)]
    named = {p for p in phases if re.search(rf"\b{re.escape(p.lower())}\b", low)}
    between = [e for e in pool if {e.a, e.b} <= named]
    if len(named) == 2 and between:  # "between air and oil": the pairs of those two phases
        return between
    dispersed = _dispersed_named(low, phases)
    if dispersed:
        return [e for e in pool if e.a in dispersed and e.how == "in"]
    return pool


def _dispersed_named(low: str, phases: list[str]) -> set[str]:
    """The phases the words make the dispersed one: named with a dispersed word ("air bubbles",
    "the particles") or alone ("for the air")."""
    named = {p for p in phases if re.search(rf"\b{re.escape(p.lower())}\b", low)}
    for word, kind in _DISPERSED_WORDS.items():
        if re.search(rf"\b{word}s?\b", low):
            named |= {p for p in phases if phase_kind(p) == kind} if not named else set()
    if len(named) > 1:  # "air in water": the first is dispersed; "between air and water": all
        m = re.search(r"\b([\w.]+)\s+in\s+(?:the\s+)?([\w.]+)\b", low)
        if m and m.group(1) in {p.lower() for p in named}:
            return {p for p in named if p.lower() == m.group(1)}
    return named


def _added_pairs(lists: dict[str, str | None], scope: str, phases: list[str], fam: str) -> list[PairEntry]:
    """The pairs a model is added for in an empty list: the dispersed pairs of the case's other
    lists (drag first) that the words name, else those with a gas dispersed (bubbles) when the
    model acts on bubbles, else all; marked as new entries (start -1)."""
    seen: dict[tuple[str, str], PairEntry] = {}
    for other in ("drag", "virtualMass", "aspectRatio", "heatTransfer", "lift", "turbulentDispersion"):
        for e in pair_entries(lists.get(other) or ""):
            if e.how == "in" and (e.a, e.b) not in seen:
                seen[(e.a, e.b)] = PairEntry(e.a, "in", e.b, None, "", -1, -1)
    pairs = list(seen.values())
    low = scope.lower()
    spelled = [e for e in pairs if re.search(rf"\b{re.escape(e.a.lower())}\s+in\s+{re.escape(e.b.lower())}\b", low)]
    if spelled:
        return spelled
    said = pairs_named(scope, phases, phase_kind).pairs
    if said:
        return [e for e in pairs if any(e.a == d and c in (None, e.b) for d, c in said)]
    dispersed = _dispersed_named(low, phases)
    if dispersed:
        return [e for e in pairs if e.a in dispersed]
    if len(pairs) > 1 and fam in ("lift", "turbulentDispersion", "wallLubrication"):
        gas = [e for e in pairs if phase_kind(e.a) == "gas" and phase_kind(e.b) != "gas"]
        return gas if len(gas) == 1 else []
    return pairs


def _stated_length(scope: str) -> float | None:
    """A length the words state (a pipe diameter), in m."""
    return next((q.value for q in quantities(scope) if q.kind == "length"), None)


def _with_stated_coefficients(body: str, scope: str) -> str:
    """The body with each coefficient the words state ("Cl 0.25", "Cvm = 0.3"), and with a bare
    "coefficient 0.25" on the body's one coefficient (Cl, Cvm, Ctd)."""
    for key in re.findall(r"(?:^|;\s*)(C\w*|E0|sigma)\s+" + NUMBER + r"\s*;", body):
        m = re.search(rf"\b{re.escape(key)}\b\s*(?:=|:|of|is|to)?\s*({NUMBER})", scope, re.I)
        if m:
            body = re.sub(rf"((?:^|;\s*){re.escape(key)}\s+){NUMBER}", lambda x, v=m.group(1): x.group(1) + v, body, count=1)
    keys = re.findall(r"(?:^|;\s*)(C[a-z]{1,2}|C)\s+" + NUMBER + r"\s*;", body)
    bare = re.search(rf"\bcoefficient\s*(?:=|:|of|is|to)?\s*({NUMBER})", scope, re.I)
    if len(keys) == 1 and bare:
        body = re.sub(rf"((?:^|;\s*){keys[0]}\s+){NUMBER}", lambda x: x.group(1) + bare.group(1), body, count=1)
    return body
