"""Rules versions as data: every edition of the layer rules, and the rulesets they speak.

``RULESETS`` maps the two seed rulesets' names to their values; ``rulesets.editions``
knows every edition from 1999 to 2026 and turns any edition name, alias or date into a
ruleset.
"""

from rulesets.cr418 import RULESET as CR418
from rulesets.cr613 import RULESET as CR613
from rulesets.model import CDA, COUNTERS, ORIGINS, PART_KINDS, RESOLVED, STATIC, Decision, Ruleset, Sublayer

RULESETS = {r.name: r for r in (CR418, CR613)}

__all__ = [
    "CDA", "COUNTERS", "CR418", "CR613", "Decision", "ORIGINS", "PART_KINDS", "RESOLVED",
    "RULESETS", "Ruleset", "STATIC", "Sublayer",
]
