"""A field's symbol with its place as a subscript ("T_in", "U_lid", "p_outlet2", "T_0", "T_heater"),
read as the place's words before the symbol ("inlet T", "lid U", "outlet2 p", "initial T", "heater T"):
the role words and the patch names then say where the value goes, as they do for words. Pure."""

from __future__ import annotations

import re

# the symbols of the fields a request gives values of, in the case they are written
_FIELD_SYMBOLS = r"T|U|u|p|P|t|k|omega|epsilon|nut|nuTilda|alpha|rho"
# the places a short subscript stands for; a longer one is a word or a patch name of its own
_SUBSCRIPTS: dict[str, str] = {
    "in": "inlet", "inl": "inlet", "inlet": "inlet", "i": "inlet", "inflow": "inlet", "inf": "free stream",
    "infinity": "free stream", "∞": "free stream", "fs": "free stream", "freestream": "free stream",
    "out": "outlet", "o": "outlet", "outlet": "outlet", "exit": "outlet", "e": "outlet", "outflow": "outlet",
    "w": "wall", "wall": "wall", "walls": "wall", "s": "surface", "surf": "surface",
    "0": "initial", "ini": "initial", "init": "initial", "initial": "initial", "start": "initial",
    "amb": "ambient", "a": "ambient", "atm": "ambient", "ambient": "ambient", "env": "ambient",
    "ref": "reference", "r": "reference", "h": "hot", "hot": "hot", "c": "cold", "cold": "cold",
    "lid": "lid", "top": "top", "bot": "bottom", "bottom": "bottom",
}
# fields whose own name carries an underscore: no place
_WHOLE_NAMES = {"p_rgh", "alpha_water", "alpha_air"}
_SYMBOL = re.compile(rf"(?<![\w.$])(?P<symbol>{_FIELD_SYMBOLS})_(?:\{{(?P<braced>[^{{}}\s]+)\}}|(?P<sub>[A-Za-z0-9∞]+))(?![\w])")


# a field's word or symbol with "in" or "out" written after it, right before its value ("T in 290 K",
# "temp in: 320 K", "vel in 3m/s", "p out=0"): the inlet's or the outlet's
_SPACED = re.compile(r"(?<![\w.$])(?P<symbol>T|U|u|p|P|temp|temperature|vel|velocity|speed|press|pressure)\s+(?P<sub>in|out)"
                     r"(?=\s*(?:[=:]|->|→)?\s*[-+]?\.?\d)")


# a dispersed phase's property by its subscripted symbol ("d_p = 0.2 mm", "rho_p 2500 kg/m3", "d_b = 5 mm"): the
# particle's, bubble's or droplet's own words, as the cloud and phase binders read them
_OWNERS = {"p": "particle", "part": "particle", "particle": "particle", "s": "particle", "b": "bubble", "bubble": "bubble",
           "d": "droplet", "drop": "droplet", "droplet": "droplet"}
_DISPERSED = re.compile(r"(?<![\w.$])(?P<symbol>d|D|rho|ρ)_(?:\{(?P<braced>[A-Za-z]+)\}|(?P<sub>[A-Za-z]+))(?![\w])")


def _dispersed(m: re.Match[str]) -> str:
    owner = _OWNERS.get((m.group("braced") or m.group("sub")).lower())
    if owner is None:
        return m.group(0)
    return f"{owner} {'diameter' if m.group('symbol') in ('d', 'D') else 'density'}"


def symbol_places(text: str) -> str:
    """The text with each subscripted field symbol put as its place's words and the symbol ("T_in 300 K"
    -> "inlet T 300 K", "p_{outlet2} = 2" -> "outlet2 p = 2", "temp in 320 K" -> "inlet temp 320 K"); a name with an underscore of its own
    (p_rgh, alpha_water) and a symbol run into other words stay as written."""

    def place(m: re.Match[str]) -> str:
        if m.group(0).lower() in _WHOLE_NAMES:
            return m.group(0)
        sub = m.group("braced") or m.group("sub")
        words = _SUBSCRIPTS.get(sub.lower(), sub)
        if words == sub and (sub.isdigit() or len(sub) < 3):
            return m.group(0)  # "T_1", "U_x": a number or a component, not a place
        return f"{words} {m.group('symbol')}"

    text = _DISPERSED.sub(_dispersed, text)
    text = _SPACED.sub(lambda m: f"{_SUBSCRIPTS[m.group('sub')]} {m.group('symbol')}", text)
    return _SYMBOL.sub(place, text)
