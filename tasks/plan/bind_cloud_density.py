"""A density the words give the particles ("5 mm glass beads 2500 kg/m3", "rho 2500 kg/m3 beads",
"coal 1300 kg/m3, limestone 2700 kg/m3", "particle density 2.5 g/cm3") is each cloud's
`constantProperties/rho0`, never the carrier's: bound before the by-name binder (a `rho` of a
source-term scheme is no density) and before the carrier's density binders. The clouds the words
name (coal, limestone) take it, else every cloud with a rho0. A density whose words give the
carrier ("air at 1.2 kg/m3") is left to the other binders. Mixed into `tasks.plan.bind.Binder`
(through `CloudBinding`).
"""

from __future__ import annotations

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity

_RHO0 = ["constantProperties", "rho0"]
# clouds whose parcels take their density from a liquid or a composition as they heat
_COMPOSED = ("spray", "reacting", "coal")


class CloudDensityBinding:
    def bind_particle_densities(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Every density the words give the particles into the clouds' rho0; the quantities taken."""
        from tasks.plan.cloud_words import particles_meant
        from tasks.plan.cloud_words import named_clouds

        clouds = [rel for rel in self._cloud_files() if fd.find(self.base.text(rel) or "", _RHO0) is not None]
        taken: list[StatedQuantity] = []
        if not clouds:
            return taken
        for q in stated:
            if q.quantity != "density" or q.role not in ("density", "particle_density"):
                continue
            clause, _ = self._words_of(q)
            head, _, tail = clause.partition(q.text.lower())
            named = named_clouds(clouds, clause)
            if q.role != "particle_density" and not named and not particles_meant(head, tail):
                continue
            for rel in named or clouds:
                self.set(rel, _RHO0, fmt(q.value), "particle density (rho0)", q)
                self.bind_table_column(q, "rho")  # a table injection's rows hold their own rho (bind_cloud_table)
                kind = rel.removeprefix("constant/").split("Cloud")[0].lower()
                if kind.startswith(_COMPOSED):
                    self.assumptions.append(f"{q.text}: the parcels of {rel} start at this density (rho0); "
                                            f"their liquid or solid composition may change it as they heat")
            taken.append(q)
        return taken
