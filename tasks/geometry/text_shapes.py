"""Which library shape a request names ("a backward-facing step", "flow past a cylinder", "a T-junction")
and whether it is 2D or 3D. Pure functions."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT, Shape, unit_factor
from tasks.geometry.text_blocks import BEND_WORDS, CAVITY_CHANNEL_WORDS, CROSS_WORDS, is_2d_bend
from tasks.geometry.text_cavity import hotter_wall, moving_wall, thermal_walls
from tasks.geometry.text_numbers import digits
from tasks.geometry.text_outlines import DESCRIBED_BODY
from tasks.geometry.text_rectilinear_union import names_union
from tasks.geometry.text_wall_bodies import wall_body
from tasks.geometry.text_phrasings import canonical_phrasing


# a change of section said to be abrupt, the adverb before or after the verb: "suddenly widens",
# "opens up abruptly", "abruptly narrows", "narrows sharply to", "abruptly narrowed", "stepped down suddenly"
_ABRUPT = r"(?:sudden(?:ly)?|abrupt(?:ly)?|sharp(?:ly)?|instantaneous(?:ly)?)"
_WIDENS = r"(?:widen(?:s|ed)|expand(?:s|ed)|enlarge[sd]|open(?:s|ed)\s+(?:up|out|into)|step(?:s|ped)\s+(?:up|out))"  # not a valve that "opens"
_NARROWS = r"(?:narrow(?:s|ed)|contract(?:s|ed)|neck(?:s|ed)\s+down|step(?:s|ped)\s+(?:down|in))"

_INNER_ROUND = r"\b(?:inner\s+(?:cylinder|wall|tube|pipe|shaft|rotor|surface)|shaft|rotor|spindle|bob)\b"
_OUTER_ROUND = r"\b(?:outer\s+(?:cylinder|wall|tube|pipe|shell|casing|surface)|housing|casing|stator|sleeve)\b"
_HALF_ROUND = r"\b(?:semi[- ]?circ\w*|half[- ]?(?:round|circ\w*|cylind\w*|disc|disk)|(?:semi|hemi)[- ]?cylind\w*)"
_ON_WALL = r"\b(?:on|along|against|to|from)\s+(?:the\s+|its\s+)?(?:floor|bottom(?:\s+wall)?|bed|lower\s+wall|ceiling|top\s+wall|upper\s+wall)\b"
_RATIO = rf"{NUM}\s*(?::|to)\s*{NUM}\s+"  # "a sudden 4 to 1 contraction", "an abrupt 1:3 expansion"

_GRADUAL = (rf"(?:\btaper(?:s|ed|ing)?\b|\bover\s+(?:a\s+|the\s+next\s+)?(?:length\s+of\s+)?{NUM}\s*{UNIT}\b"
            r"|\b(?:gradual(?:ly)?|linear(?:ly)?|smooth(?:ly)?)\b|\bhalf[- ]angle\b|\b(?:wall|included|cone)\s+angle\b)")

# The shapes in the order they are tried: the more specific first.
_SHAPE_WORDS: list[tuple[Shape, str]] = [
    ("naca_airfoil", r"\bnaca(?:\s*-?\s*\d{4})?\b|aero\s?foil|air\s?foil|wing\s+section|\bblade\s+section"),
    ("annulus", r"annul(?:us|ar)|taylor[- ]couette|couette[- ]taylor|concentric\s+cylinders|coaxial\s+cylinders"
                r"|between\s+(?:two\s+)?(?:rotating\s+)?cylinders|circular\s+couette|couette\s+flow\s+between\s+radii"
                r"|between\s+(?:the\s+)?radii|journal[- ]bearing"
                # a gap around a round body, a rod turning inside a tube: "a 5 mm gap around a 20 mm rod"
                r"|\bgap\b(?:[^.]|\.\d){0,40}?\b(?:around|surrounding|about)\s+(?:an?\s+|the\s+)?(?:[\w.]+\s+){0,3}?"
                r"(?:rod|shaft|spindle|rotor|cylinder)\b"
                r"|\b(?:rod|shaft|spindle|rotor)\b(?:[^.]|\.\d){0,60}?\b(?:inside|within)\s+(?:an?\s+|the\s+)?(?:[\w.]+\s+){0,4}?"
                r"(?:tube|pipe|cylinder|housing|casing|sleeve|bore)\b"
                # an inner round body and an outer one in one sentence: "a rotor of radius 2 cm inside a stationary outer
                # cylinder", "the shaft turns in its housing", "inner cylinder ... outer cylinder"
                r"|couette\s+(?:cell|device|apparatus|rig|viscometer)|(?:rotational|concentric[- ]cylinder)\s+viscometer"
                rf"|{_INNER_ROUND}(?:[^.]|\.\d)*{_OUTER_ROUND}|{_OUTER_ROUND}(?:[^.]|\.\d)*{_INNER_ROUND}"),
    # ducts of a few blocks: two channels crossing, a cavity cut into a channel's wall, a 2D bend (a round pipe's
    # elbow or a coil is left to text_unbuildable)
    ("cross_junction", CROSS_WORDS),
    ("channel_with_cavity", CAVITY_CHANNEL_WORDS),
    ("bend", BEND_WORDS),
    # a Y-piece is named here so that it is refused with its reason (text_unbuildable), not read as no shape at all
    ("t_junction", r"\bt[- ]?(?:junction|joint|piece|shaped|branch)|\btee\b|\bbranch(?:ing)?\s+(?:channel|pipe)"
                   r"|\by[- ]?(?:piece|junction|joint|branch|fitting|connector)\b|\bwye\b"
                   # a branch off a run, header or main line: "a branch 40 wide on top of a 40 x 400 run", "the branch
                   # leaves the header", "a side branch off the main pipe"
                   r"|\bbranch(?:es)?\b(?=(?:[^.]|\.\d)*\b(?:run|header|main(?:\s+(?:line|pipe|channel|duct|run))?)\b)"
                   r"|\b(?:header|main\s+(?:line|pipe|channel|duct))\b(?=(?:[^.]|\.\d)*\bbranch)"),
    # a step facing the flow, by its name or by the way the floor goes: "rising step (forward facing)", "a step up",
    # "the floor rises by 3 cm"
    ("forward_step", r"forward[- ]?facing\s+step|forward\s+step|\bstep\b[^.;]{0,20}?\bforward[- ]?facing\b"
                     r"|^(?![\s\S]*\bback(?:ward|wards)?\b)(?=[\s\S]*\bstep\b)[\s\S]*\bforward[- ]?facing\b"
                     r"|\b(?:rising|upward|up)[- ]step\b|\bstep[- ]up\b|\bstep\s+(?:rises|goes\s+up)\b"
                     r"|\b(?:floor|bottom|bed|lower\s+wall)\s+(?:\w+ly\s+)?(?:rises|steps\s+up|goes\s+up)\b(?=[^.]*\bstep\b)"
                     r"|\brise\s+(?:of|in)\s+the\s+(?:floor|bottom|bed)\b(?=[^.]*\bstep\b)"),
    ("backward_step", r"backward?s?[- ]?facing\s+step|back(?:ward)?[- ]?step|rearward[- ]?facing\s+step|\bbfs\b"),
    ("sudden_expansion", rf"{_ABRUPT}\s+(?:{_RATIO}|[\w:.]+\s+)?(?:expansion|enlargement|expand|widening|enlarging|opening[- ]up|step[- ]?out)"
                         rf"|{_ABRUPT}\s+{_WIDENS}|{_WIDENS}\s+(?:\w+\s+)?{_ABRUPT}"
                         r"|\b(?:expansion|enlargement)\b(?=[^.]*\b(?:abrupt|sudden))"
                         r"|expansion\s+channel|^(?!.*(?:diffuser|diverg|step)).*expansion\s+ratio"
                         r"|^(?!.*(?:diffuser|diverg|step|nozzle))(?:[^.]|\.\d)*\bexpansion\b(?:[^.]|\.\d)*\b(?:area|height|width)\s+ratio"),
    ("sudden_contraction", rf"{_ABRUPT}\s+(?:{_RATIO}|[\w:.]+\s+)?(?:contract(?:ion)?|narrowing|reduction|step[- ]?in)"
                           rf"|{_ABRUPT}\s+{_NARROWS}|{_NARROWS}\s+(?:\w+\s+)?{_ABRUPT}"
                           r"|\bcontraction\b(?=[^.]*\b(?:abrupt|sudden))"
                           r"|^(?!.*(?:nozzle|converg|taper)).*contraction\s+ratio"
                           r"|^(?!.*(?:nozzle|converg|taper|diffuser))(?:[^.]|\.\d)*\bcontraction\b(?:[^.]|\.\d)*\b(?:area|height|width)\s+ratio"),
    # a gradual change of section, named by the change and made gradual by a taper, a length or an angle it
    # happens over: "a contraction from 100 to 40 mm over a 150 mm taper", "widening at 7 degrees"
    ("diffuser", r"diffuser|diverging\s+(?:channel|duct|section)"
                 # "then a cone out to 200 mm diameter", "a conical expansion", "the pipe flares out"
                 r"|\bcone\s+(?:out|widening|opening|expanding|flaring)\b|\bflar(?:es|ing)\s+out\b"
                 r"|\bconical(?:ly)?\s+(?:expansion|enlargement|widening|expanding|widens?)\b"
                 rf"|\b(?:expansion|enlargement|widening|expander)\b(?=(?:[^.]|\.\d)*{_GRADUAL})"),
    ("nozzle", r"nozzle|venturi|converging\s+(?:channel|duct|section)|convergent"
               r"|\bcone\s+(?:in|down|narrowing|contracting)\s+to\b|\bconical(?:ly)?\s+(?:contraction|reduction|reducer|narrowing)\b"
               rf"|\b(?:contraction|narrowing|reducer|reduction)\b(?=(?:[^.]|\.\d)*{_GRADUAL})"),
    # a step named by no more than the word: after the changes of section, which may call their plane "the step"
    ("backward_step", r"(?<!time )(?<!time-)\bstep\b(?!\s*(?:size|count)\b)"),  # not a time step
    ("heated_cavity", r"(?:heated|natural[- ]convection|free[- ]convection|buoyan(?:t|cy)(?:[- ]driven)?|thermally[- ]driven|differentially|hot)\b(?:[^.]|\.\d)*\b(?:cavity|enclosure|box|square|slot|tank)"
                      r"|(?:cavity|enclosure|slot|tank)\b(?:[^.]|\.\d)*\b(?:heated|hot\s+(?:(?:left|right|top|bottom|upper|lower|side)\s+)?(?:wall|floor|bottom|plate|base|side)|natural\s+convection"
                      r"|(?:wall|side|floor|bottom|ceiling)\s+(?:is\s+|kept\s+|held\s+)?(?:hot|heated|warm)\b"
                      r"|cold\s+(?:lid|ceiling|top))|rayleigh[-\s–—]+b[eé]nard|\bb[eé]nard[-\s]?(?:convection|cells?|problem)"
                      r"|\bRB\s+(?:convection|cells?|problem)|heated[\s-]+from[\s-]+(?:below|above|the[\s-]+(?:bottom|top))"),
    ("lid_driven_cavity", r"cavity|lid[- ]driven|driven\s+lid|(?:sliding|moving)\s+(?:lid|top\s+wall)"
                          r"|\b(?:box|tank|enclosure|container)\b(?:[^.]|\.\d)*\b(?:lid|top(?:\s+wall)?)\s+(?:\w+ly\s+)?"
                          r"(?:moves|moving|slides|sliding|is\s+(?:moving|driven|sliding))"),
    ("channel_with_obstacles", r"obstacles?|obstruction|\bblocks?\s+in\b|square\s+cylinder|baffles?"
                               r"|\b(?:two|three|four|five|six|several|multiple|\d+|pair\s+of|array\s+of|row\s+of)\s+"
                               r"(?:[\w.-]+\s+){0,4}(?:cylinders|rods|posts|pillars|pins|discs|disks|circles)\b"
                               r"|(?:tandem|side[- ]by[- ]side|staggered)\s+cylinders|cylinders\s+(?:in\s+tandem|side\s+by\s+side)"
                               r"|(?:square|rectangular)\s+(?:block|body|prism|rod|bar|plate|slab|beam|post|pillar|fin|rib|brick)\b(?!s)"
                               r"|\b(?:block|square|rectangle|body|triangle)\b[^.;()]{0,40}?\b(?:cent(?:er|re)d|placed|located"
                               r"|positioned|mounted|sits|sitting|stands|standing|rests|resting|blocks|obstructs"
                               r"|on\s+the\s+cent(?:re|er)\s*-?line)"
                               # "a plate with a square block on it", "a block on the floor"
                               r"|\b(?:block|square|rib|ridge|cube)\s+(?:\w+\s+){0,2}?on\s+(?:it|the\s+(?:floor|bottom|wall|plate|top))\b"
                               r"|\b(?:channel|duct)\s+with\s+(?:an?|one|two|three|several)\s+(?:[\w.-]+\s+){0,3}?"
                               r"(?:blocks?|obstacles?|prisms?|bars?|plates?|fins?|baffles?)\b"
                               r"|\b(?:rectangle|square|triangle)(?:'s|\s+has\s+its)\s+cent(?:er|re)"
                               r"|\b(?:triang(?:le|ular)|wedge[- ]shaped|polygon(?:al)?)\b(?!\s+(?:domain|region|outline)\b)"
                               r"[^.;]{0,40}?\b(?:vertices|corners|apex|obstacle|body|block|prism|fin|insert|bump|ramp)"
                               r"|\b(?:plate|fin|flap|vane|strip|wall)\b[^.;]{0,40}?\b(?:thick|thickness)\b"
                               r"|\b(?:thick|thickness)\b[^.;]{0,30}?\b(?:plate|fin|flap|vane|strip|baffle)\b"
                               r"|\b(?:thin|flat)\s+(?:plate|fin|flap)\b[^.;]{0,60}?\b(?:across|normal|perpendicular|standing|mounted)\b"
                               r"|\b(?:around|past|over|behind)\s+an?\s+(?:\w+\s+)?(?:triangle|triangular|polygon(?:al)?)\b"
                               # a body given by its corner points: "a body whose profile is (...)", "block contour (...)"
                               r"|\b(?:obstacle|obstruction|body|block|insert|bump|prism|fin|rib)\b[^.;]{0,40}?"
                               r"\b(?:vertices|corners|outline|profile|contour|corner\s+points)\b(?=[^.;]{0,20}\()"
                               # a regular polygon body: "a hexagon with 5 cm sides", "an octagonal bar", "a 5-sided prism"
                               r"|\b(?:(?:penta|hexa|hepta|octa|deca)gon(?:al)?s?|\d+\s*-\s*sided|equilateral\s+triangles?)\b"
                               r"(?!\s+(?:domain|region|outline|tank|vessel|container|chamber|duct|channel|pipe|tube|enclosure|cavity|box)\b)"
                               # an ellipse, a wedge, a flame holder, a trapezoidal bump: a polygon outlined in words
                               rf"|{DESCRIBED_BODY}"
                               # a half-round body on a wall is a bump, not a cylinder in the stream: "a half-cylinder
                               # lying on the floor", "on the floor sits a semicircular bead"
                               rf"|{_HALF_ROUND}(?:[^.;]|\.\d){{0,60}}?{_ON_WALL}|{_ON_WALL}(?:[^.;]|\.\d){{0,60}}?{_HALF_ROUND}"),
    ("cylinder_crossflow", r"cylinder|(?:round|circular)\s+(?:rod|bar|post|pillar|pin)\b"
                           # "a rod across the duct", "a wire spanning the tunnel": a round body in cross-flow
                           r"|\b(?:rod|pin|wire|dowel|tube)\s+(?:spanning|across|through|crossing)\s+(?:the\s+)?(?:duct|channel|stream|flow|tunnel|passage)\b"
                           r"|\b(?:rod|pin|wire|post|pillar)\b[^.;]{0,15}?(?:(?-i:\bD\b)|diameter|\bdia\b)"
                           r"|(?:diameter|(?-i:\bD\b))[^.;]{0,25}?\b(?:rod|pin|wire|post|pillar)\b|von\s+k[aá]rm[aá]n|vortex\s+street"
                           r"|(?:past|around|over)\s+a\s+(?:circular\s+)?(?:rod|post|pillar|circle)"
                           # "around a 4 mm rod", "past a 1 in diameter steel pin" (a size makes it a body in the flow)
                           rf"|(?:past|around|over)\s+an?\s+{NUM}\s*{UNIT}\s*(?:-\s*)?(?:(?!square|rectangular|triangular)[\w-]+\s+)"
                           r"{0,2}?(?:rod|post|pillar|circle|pin|wire)\b"
                           # an everyday round body with its size: "a 2 cm heated rod", "a 5 mm wire", "a pin of 3 mm"
                           rf"|\ban?\s+{NUM}\s*{UNIT}\s*(?:-\s*)?(?:(?!square|rectangular|triangular|long|high|wide|tall|deep)[\w-]+\s+)"
                           r"{0,2}?(?:rod|pin|wire|post|pillar|dowel)\b"
                           rf"|\b(?:rod|pin|wire|post|pillar|dowel)\s+(?:of|with)\s+(?:an?\s+)?(?:(?:diameter|radius|thickness)\s+(?:of\s+)?)?{NUM}\s*{UNIT}"
                           rf"|\b(?:rod|pin|wire|post|pillar|dowel)\s*,?\s+{NUM}\s*{UNIT}\s+(?:across|thick|in\s+(?:diameter|radius)|radius)\b"),
    ("pipe", r"\bpipes?\b|\btubes?\b|hagen|poiseuille\s+flow\s+in\s+a\s+pipe|axisymmetric\s+duct"),
    ("box", r"\bbox\b(?![- ](?:section|duct|channel|shaped\s+(?:duct|channel)))|\bcube\b|cuboid"),
    ("channel", r"channel|\bduct\b|\bflumes?\b|between\s+(?:two\s+)?(?:parallel\s+)?plates|plane\s+poiseuille"
                r"|(?<!time\s)\bslot\b|\bslit\b|\bpassage\b"),
    ("rectangle", r"rectang(?:le|ular)\s+(?:domain|region)|\brectangle\b"),
]


# a channel whose section changes from one size to another at one plane is an abrupt change, widening or
# narrowing by its sizes: "the channel contracts from 60 mm to 20 mm at x = 0", "narrows 40 mm -> 10 mm at the
# plane x = 0.2 m", "steps out from 2 cm to 5 cm at x = 0" (not a taper "over 10 cm" or "at 5 degrees")
_CHANGES = rf"(?:{_WIDENS}|{_NARROWS}|widen|narrow|contract|expand|change[sd]?|goes|jumps?|drops?)"
_SIZE_TO_SIZE = re.compile(rf"\b{_CHANGES}\s+(?:\w+ly\s+)?(?:in\s+(?:height|width)\s+)?(?:from\s+)?({NUM})\s*({UNIT})?\s*(?:to|->|→)\s*({NUM})\s*({UNIT})"
                           rf"(?P<rest>[^.;\n]*)", re.I)
_TAPERING = re.compile(r"\bover\b|\bangle\b|\bdeg|gradual|linear|smooth|taper|\bslope|nozzle|diffuser|converg|diverg", re.I)


def change_at_a_plane(text: str) -> Shape | None:
    """"sudden_expansion" or "sudden_contraction" for a channel whose height goes from one size to
    another at one plane ("at x = 0", "at the step plane"), else None."""
    text = digits(text)  # "from sixty to twenty millimetres"
    m = _SIZE_TO_SIZE.search(text)
    if not m or _TAPERING.search(text) or not re.search(r"\bat\s+(?:the\s+(?:plane|section|station)\s+)?x\s*=|\bat\s+the\s+(?:plane|section)\b",
                                                        m.group("rest") + text[:m.start()], re.I):
        return None
    first, second = float(m.group(1)), float(m.group(3))
    if m.group(2):
        first *= unit_factor(m.group(2))
    else:
        first *= unit_factor(m.group(4))
    second *= unit_factor(m.group(4))
    return "sudden_expansion" if second > first else "sudden_contraction" if second < first else None


_ENCLOSURE = re.compile(r"\b(?:enclosure|slot|tank|container)\b", re.I)
_CLOSED_BODY = re.compile(r"\b(?:enclosure|cavity|closed\s+(?:\w+\s+){0,2}(?:box|domain|container|vessel|chamber))\b", re.I)
_HEATED_BODY = re.compile(r"\b(?:heaters?|heated|hot|cooled|cold|warm)\b|\b(?:held|kept|maintained)\s+at\s+[-\d.]+\s*(?:°\s*[CF]|deg\s*[CF]|K)\b",
                          re.I)
# a closed vessel with no flow-shape word: a rectangle in 2D, a box in 3D ("a 2D settling tank", "a vessel 1 x 0.5 x 0.2 m")
_VESSEL = re.compile(r"\b(?:tank|vessel|container|basin|reservoir|chamber|enclosure)s?\b", re.I)
# a vessel the flow passes through (an inlet and an outlet) is a rectangle or a box of the library; a vessel that is
# stirred, sloshed, filled, burnt in or holds two phases is its tutorial's (mixerVessel, sloshingTank, damBreak, ...)
_FLOW_THROUGH = re.compile(r"\b(?:inlet|inflow|outlet|outflow|enter(?:s|ing)?|leav(?:es|ing)|flow(?:s|ing)?\s+through|through\s+(?:a|the)\b)",
                           re.I)
_TUTORIAL_VESSEL = re.compile(r"mix|stir|impeller|agitat|\brpm\b|rotat|spin|slosh|oscillat|mov(?:ing|es)\s+(?:tank|vessel)|water\s+column"
                              r"|dam[- ]?break|free[- ]surface|interfoam|\bvof\b|two[- ]phase|multiphase|phases?\b|bubbl|droplet|liquid\s+level"
                              r"|fill|drain|combust|spray|inject|fuel|flame|burn|condens|evapor|boil|decompress|sludge|drift|particle"
                              r"|cloud|lagrang|pressuri[sz]|explo|shock|compressib|air\s+and\s+water|water\s+and\s+air", re.I)
# a vessel whose outline the words give as something no rectangle is ("a kidney-shaped vessel", "a round tank",
# "a conical chamber"): not the library's rectangle or box
_SHAPED_VESSEL = re.compile(r"(?:\b\w+[- ]shaped|\bshaped\s+like\b[^,.;]*|\b(?:round|circular|cylindrical|spherical|oval|"
                            r"elliptic\w*|curved|bent|irregular\w*|conical|cone|annular|hemispheric\w*|domed|"
                            r"triangular|hexagonal|octagonal|polygonal))\s+(?:\w+\s+)?(?:tank|vessel|container|basin|"
                            r"reservoir|chamber|enclosure)|\b(?:tank|vessel|container|basin|reservoir|chamber|enclosure)s?\s+"
                            r"(?:\w+\s+){0,2}shaped\b", re.I)
_GRADUAL_CHANGES = rf"(?:{_CHANGES}|widening|narrowing|expanding|contracting|diverging|converging|tapering|tapers?|grows|increases|decreases|opening\s+up)"
_GRADUAL = re.compile(rf"\b{_GRADUAL_CHANGES}\s+(?:\w+ly\s+)?(?:in\s+(?:height|width)\s+)?from\s+({NUM})\s*({UNIT})?\s*(?:to|->|→)\s*({NUM})\s*({UNIT})",
                      re.I)


def gradual_change(text: str) -> Shape | None:
    """"diffuser" or "nozzle" for a channel whose section goes from one size to another over a length or
    an angle ("widens from 40 mm to 80 mm over 0.3 m", "narrowing from 8 cm to 2 cm along 20 cm"), else None."""
    text = digits(text)
    m = _GRADUAL.search(text)
    if not m or not _TAPERING.search(text[m.end():] + text[:m.start()]) and not re.search(r"\balong\b|\blong\b", text[m.end():], re.I):
        return None
    first = float(m.group(1)) * unit_factor(m.group(2) or m.group(4))
    second = float(m.group(3)) * unit_factor(m.group(4))
    return "diffuser" if second > first else "nozzle" if second < first else None


def _two_d_box(shape: Shape, text: str) -> Shape:
    """A box or a vessel said to be 2D is a rectangle ("a 2D box 0.4 m wide and 0.1 m tall")."""
    return "rectangle" if dimensionality(text) else shape


# the shapes of a closed vessel whose walls say what drives the flow in it
_CLOSED = frozenset({"lid_driven_cavity", "heated_cavity", "box"})


def by_walls(shape: Shape, text: str) -> Shape:
    """A closed vessel's shape from its walls' roles: a moving lid or wall makes it lid-driven, walls
    given temperatures or called hot/cold make it a heated cavity ("a square box with a heated wall and a
    cooled one", "the cavity's left side at 30 degC, right side at 20 degC"); a box the flow passes
    through (an inlet, an outlet) stays a box."""
    if moving_wall(text) and hotter_wall(text) is None:
        return "lid_driven_cavity" if shape != "box" or not _FLOW_THROUGH.search(text) else shape
    if thermal_walls(text) and not (shape == "box" and _FLOW_THROUGH.search(text)):
        return "heated_cavity"
    return shape


def shape_words(text: str) -> Shape | None:
    """The library shape a request names, or None (a cavity whose facing walls are given different
    temperatures is a heated one, whatever it is called)."""
    text = canonical_phrasing(re.sub(r"(?<=\w)[‐‑–—](?=\w)", "-", text))  # "Taylor–Couette", "a convection cell"
    named = _named_shape(text)
    if named in _UNION_OF and names_union(text, named):  # "x 0..1 m, y 0..0.1 m and x 1..3 m, y 0..0.5 m", 3+ sections
        return "rectilinear"
    return named


# shapes whose words a union of rectangles may use ("a channel that steps twice", "a box fed by a slot")
_UNION_OF = frozenset({None, "channel", "rectangle", "box", "backward_step", "forward_step", "sudden_expansion",
                       "sudden_contraction", "channel_with_cavity", "lid_driven_cavity", "heated_cavity",
                       "diffuser", "nozzle"})


# a stirred or rotating vessel, whose baffles are its own (the mixerVessel tutorials), not obstacles in a channel
_STIRRED = re.compile(r"\b(?:mixers?|mixing\s+(?:vessel|tank)|stirred|stirrers?|impellers?|agitat\w*|rotors?|rotating)\b", re.I)


def _named_shape(text: str) -> Shape | None:
    """`shape_words` of a text already in canonical phrasing, before a union of rectangles is looked for."""
    for shape, pattern in _SHAPE_WORDS:
        if (found := re.search(pattern, text, re.I)):
            if shape == "channel_with_obstacles" and re.fullmatch(r"baffles?", found.group(0), re.I) and \
                    _STIRRED.search(text):
                continue  # "a rotating mixer with 4 baffles on its walls": a stirred vessel's baffles, no channel's
            if shape == "channel_with_obstacles" and _CLOSED_BODY.search(text) and _HEATED_BODY.search(text) and \
                    not _FLOW_THROUGH.search(text):
                return "heated_cavity"  # "a square enclosure contains a square heater ...": a body heated in a closed cavity
            if shape == "bend" and not is_2d_bend(text):
                continue
            if shape == "annulus" and is_2d_bend(text) and re.search(r"\b(?:legs?|straights?|arms?|limbs?)\b", text, re.I):
                continue  # "the inner wall a quarter circle of radius 6 cm, the outer ...; upstream leg 0.4 m": a bend
            if shape == "channel":
                # "a channel with a rib on the floor": a body standing on a wall makes it a channel with an obstacle
                return change_at_a_plane(text) or gradual_change(text) or \
                    ("channel_with_obstacles" if wall_body(text) is not None else shape)
            if shape in _CLOSED:
                shape = by_walls(shape, text)
            if shape == "box":
                return _two_d_box(shape, text)
            return shape
    if _ENCLOSURE.search(text) and hotter_wall(text):  # "an enclosure whose left wall is at 35 degC and right one at 15 degC"
        return "heated_cavity"
    if _ENCLOSURE.search(text) and moving_wall(text) and not _FLOW_THROUGH.search(text):  # "an enclosure, lid velocity 1 m/s"
        return "lid_driven_cavity"
    if _VESSEL.search(text) and _FLOW_THROUGH.search(text) and not _TUTORIAL_VESSEL.search(text) and \
            not _SHAPED_VESSEL.search(text):
        # "flow through a tank 2 m long, inlet on the left": a vessel the flow passes through, as its own outline
        return "box" if dimensionality(text) is False or re.search(rf"{NUM}\s*{UNIT}?\s*(?:x|by|×)\s*{NUM}\s*{UNIT}?\s*(?:x|by|×)\s*{NUM}", text, re.I) else "rectangle"
    return None


def dimensionality(text: str) -> bool | None:
    """True for 2D words, False for 3D words, None when the request says neither."""
    if re.search(r"\b3-?d\b|three[- ]dimensional", text, re.I):
        return False
    if re.search(r"\b2-?d\b|two[- ]dimensional|planar|axisymmetric|\bwedge\b", text, re.I):
        return True
    return None
