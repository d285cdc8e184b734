"""Rules versions as data. ``RULESETS`` maps each built-in ruleset's name to its value."""

from rulesets.cr418 import RULESET as CR418
from rulesets.cr613 import RULESET as CR613
from rulesets.model import CDA, COUNTERS, ORIGINS, PART_KINDS, RESOLVED, STATIC, Decision, Ruleset, Sublayer

RULESETS = {r.name: r for r in (CR418, CR613)}

__all__ = [
    "CDA", "COUNTERS", "CR418", "CR613", "Decision", "ORIGINS", "PART_KINDS", "RESOLVED",
    "RULESETS", "Ruleset", "STATIC", "Sublayer",
]
