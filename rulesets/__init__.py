"""Rules versions as data: every edition of the layer rules, and the rulesets they speak.

``RULESETS`` maps the two seed rulesets' names to their values; ``rulesets.editions``
knows every edition from 1999 to 2026 and turns any edition name, alias or date into a
ruleset.

``CR418``, ``CR613`` and ``RULESETS`` are built on first use (PEP 562's module ``__getattr__``), not with the
package: building a ruleset speaks its document (``rulesets.editions.speak``), and ``diffcheck judge`` under
today's rules needs neither seed, only the modules below (``engines.board.vocabulary`` imports
``rulesets.model``, which imports this package first).
"""

from __future__ import annotations

from importlib import import_module

from rulesets.model import CDA, COUNTERS, ORIGINS, PART_KINDS, RESOLVED, STATIC, Decision, Ruleset, Sublayer

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "CDA", "COUNTERS", "CR418", "CR613", "Decision", "ORIGINS", "PART_KINDS", "RESOLVED",
    "RULESETS", "Ruleset", "STATIC", "Sublayer",
]

_SEEDS = {"CR418": "rulesets.cr418", "CR613": "rulesets.cr613"}  # each module's RULESET


def __getattr__(name: str) -> Any:
    if name in _SEEDS:
        value = import_module(_SEEDS[name]).RULESET
    elif name == "RULESETS":
        value = {r.name: r for r in (__getattr__("CR418"), __getattr__("CR613"))}
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # found as a global from now on: this function is not called again for it
    return value
