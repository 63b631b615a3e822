"""Dimensionless groups written as symbols with subscripts, put as the plain symbol the group
readers know: "Re_tau = 180", "Re_\\tau 395", "Re_{\\tau}", "Re_τ", "Retau" -> "friction Re"
(u_tau delta / nu, read by the binder as a friction Reynolds number); "Re_D 200", "Re_b = 5600",
"Ra_H = 1e8", "Gr_L", "Pe_L", "Ma_inf", "Ma_∞" -> "Re", "Ra", "Gr", "Pe", "Ma". The turbulent
Prandtl number "Pr_t" is another quantity and stays. Pure, idempotent.
"""

from __future__ import annotations

import re

_TAU = r"(?:\\?tau|τ)"
_FRICTION = re.compile(rf"(?<![\w.])Re_?(?:\{{\s*{_TAU}\s*\}}|{_TAU})(?![A-Za-z])")
_SUBSCRIPTED = re.compile(r"(?<![\w.])(?P<group>Re|Ra|Gr|Pe|Pr|Ma|Fr|We|St|Sc|Ri|Ha)_"
                          r"(?:\{\s*(?P<braced>[^{}\s]{1,8})\s*\}|(?P<sub>[A-Za-z0-9∞]{1,8}))(?![\w])")
_KEPT = {("Pr", "t")}  # Pr_t: the turbulent Prandtl number, not the fluid's


def group_subscripts(text: str) -> str:
    """The text with each subscripted group symbol put as the symbol its readers know."""
    text = _FRICTION.sub("friction Re", text)

    def plain(m: re.Match[str]) -> str:
        sub = m.group("braced") or m.group("sub")
        return m.group(0) if (m.group("group"), sub.lower()) in _KEPT else m.group("group")

    return _SUBSCRIPTED.sub(plain, text)
