"""What a rules version is, as data: its layers, where each effect part goes, and its policies.

A ruleset knows nothing of engines. The layer machine in ``engines`` reads one of
these and does what it says; a new rules version is a new ``Ruleset`` value, not a
new code path.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

# Where an effect comes from; the layer a part goes to can depend on it (418.5a 6b/6d).
CDA = "cda"  # a characteristic-defining (old: characteristic-setting) ability
STATIC = "static"  # any other static ability
RESOLVED = "resolved"  # a resolved spell or ability
ORIGINS = (CDA, STATIC, RESOLVED)

# The kinds of effect part, as ``engines.board`` names them, plus the counters step.
PART_KINDS = ("copy", "control", "text", "type", "color", "ability", "pt_set", "pt_modify", "pt_switch")
COUNTERS = "counters"


@dataclass(frozen=True)
class Sublayer:
    """One step of the layer order: a layer, or a sublayer of the P/T layer."""

    key: str  # "1" .. "7e"; what traces and reports print
    title: str
    rule: str  # the rule that defines this step
    cda_first: bool = False  # characteristic-defining abilities apply before other effects here


@dataclass(frozen=True)
class Decision:
    """A case the rules text leaves open, and what this ruleset does there."""

    key: str
    rule: str  # the rule the choice rests on
    choice: str  # one plain sentence


@dataclass(frozen=True)
class Ruleset:
    """A rules version: the layer plan, the placement of each kind of part, and policies."""

    name: str
    title: str
    document: str  # which Comprehensive Rules document
    document_date: str  # ISO date the document took effect
    sublayers: tuple[Sublayer, ...]
    # (part kind, origin) -> sublayer key. Complete: every kind for every origin it can have.
    placement: Mapping[tuple[str, str], str]
    counters_sublayer: str
    # 613.7a(c): in the 2009 rules a characteristic-defining ability never takes part in dependency.
    cda_in_dependency: bool
    # Which part kinds a `cda: true` ability really defines (old 405.2 vs 2009 604.3a(1));
    # a part of any other kind in such an ability is an ordinary static effect.
    cda_characteristics: frozenset[str]
    cda_term: str  # what this document calls a `cda: true` ability (405.2 / 604.3)
    citations: Mapping[str, str]  # topic -> rule number, for traces and reports
    decisions: tuple[Decision, ...] = ()
    words: Mapping[str, str] | None = None  # 2009 term -> this document's term
    # The card types this document knows (empty: not stated); a board using another is warned about.
    card_types: frozenset[str] = frozenset()

    def sublayer(self, key: str) -> Sublayer:
        for s in self.sublayers:
            if s.key == key:
                return s
        raise KeyError(key)

    def cite(self, topic: str) -> str:
        return self.citations[topic]

    def say(self, text: str) -> str:
        """Speak this document's words ("in play" for the old "battlefield")."""
        for new, old in (self.words or {}).items():
            text = text.replace(new, old)
        return text

    def __post_init__(self) -> None:
        keys = {s.key for s in self.sublayers}
        missing = [(k, o) for k in PART_KINDS for o in (STATIC, RESOLVED) if (k, o) not in self.placement]
        if missing:
            raise ValueError(f"ruleset {self.name}: no sublayer for {missing}")
        unknown = {v for v in self.placement.values() if v not in keys} | (
            {self.counters_sublayer} - keys
        )
        if unknown:
            raise ValueError(f"ruleset {self.name}: placement names unknown sublayers {sorted(unknown)}")


def placement_table(
    common: Mapping[str, str],
    *,
    cda: Mapping[str, str],
    static: Mapping[str, str] | None = None,
    resolved: Mapping[str, str] | None = None,
) -> Mapping[tuple[str, str], str]:
    """Spell out (kind, origin) -> sublayer from the kinds that go to one place for every origin."""
    table: dict[tuple[str, str], str] = {}
    for origin, overrides in ((STATIC, static or {}), (RESOLVED, resolved or {}), (CDA, cda)):
        for kind in PART_KINDS:
            where = overrides.get(kind, common.get(kind))
            if where is not None:
                table[(kind, origin)] = where
    return MappingProxyType(table)
