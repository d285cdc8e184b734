"""Rules bisect: which rule changes, applied to the old ruleset, give the new outcome on a board.

The changes tried are those between the two editions (``rulesets.editions.changes_between``);
every subset of them is a hybrid ruleset (``derive``). The attribution of a divergent board is the
smallest subset whose hybrid reproduces the new engine's outcome, trying subsets by size, then in
the canonical order of the changes, so the answer is deterministic. When the smallest subset has
more than one change, no single one of them reproduces the outcome alone: they only matter together.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, count
from typing import Any, Mapping

from diffcheck.search.skip import WORDING, Skip
from engines.board import Board
from engines.layered import LayerEngine
from rulesets.changes import BY_KEY, RuleChange, derive
from rulesets.editions import changes_between
from rulesets.model import Ruleset
from rulesets.record import fields

# Subsets are tried by size; a minimal board needing more changes than this together is left unexplained.
MAX_TOGETHER = 4


class _Hybrid:
    """``old`` with some rule changes applied: its engine, and the static skip between ``old`` and it, found
    when first asked for (only a run whose old engine is the layer machine asks)."""

    def __init__(self, old: Ruleset, changes: tuple[str, ...]) -> None:
        self.old = old
        self.engine = LayerEngine(derive(old, changes))

    @cached_property
    def skip(self) -> Skip | None:
        return Skip.between(self.old, self.engine.ruleset)

    @cached_property
    def rules(self) -> int:
        return rules_played(self.engine.ruleset)


_HYBRIDS: dict[tuple[str, tuple[str, ...]], _Hybrid] = {}  # a run tries few subsets: each is kept


def _hybrid(old: Ruleset, changes: tuple[str, ...]) -> _Hybrid:
    key = (old.name, changes)
    found = _HYBRIDS.get(key)
    if found is None:
        found = _HYBRIDS[key] = _Hybrid(old, changes)
    return found


def hybrid_engine(old: Ruleset, changes: tuple[str, ...]) -> LayerEngine:
    """The engine of ``old`` with ``changes`` applied."""
    return _hybrid(old, changes).engine


def hybrid_rules(old: Ruleset, changes: tuple[str, ...]) -> int:
    """The number of the rules ``old`` with ``changes`` applied plays by (``rules_played``)."""
    return _hybrid(old, changes).rules


# Fields of a ruleset that say only how an answer is worded (``diffcheck.search.skip.WORDING``): never an object's
# characteristics, so two rulesets that differ in nothing else answer every board alike (the static skip rests on the
# same). Between the editions of 1999 and 2005, half the subsets of their rule changes are such twins of another.
_PLAYED = tuple(name for name in fields(Ruleset) if name not in WORDING)
_NUMBERED: dict[int, list[tuple[tuple, int]]] = {}  # a hash of the fields that have one -> (the fields, number)
_NUMBERS = count()


def rules_played(ruleset: Ruleset) -> int:
    """A number for the rules ``ruleset`` plays by: two rulesets get one number when they are equal in every field
    but those that word an answer, and so answer every board with the same objects."""
    played = tuple(getattr(ruleset, name) for name in _PLAYED)
    alike = _NUMBERED.setdefault(hash(tuple(_hash(value) for value in played)), [])
    for other, number in alike:
        if other == played:
            return number
    number = next(_NUMBERS)
    alike.append((played, number))
    return number


def _hash(value: Any) -> int:
    try:
        return hash(value)
    except TypeError:  # a mapping (the placement of the parts), or a record holding one: compared whole, above
        return 0


def hybrid_objects(board: Board, old: Ruleset, combo: tuple[str, ...], old_objects: Mapping[str, Any] | None,
                   known: dict[int, Any]) -> Any:
    """The objects of the hybrid of ``old`` with ``combo`` on ``board``. ``known``: the objects of the hybrids asked
    about before on this board, by the rules they play by (``rules_played``), which this fills in: a hybrid that
    plays by the same rules as one of them is not evaluated. With ``old_objects`` (those the layer machine gives the
    board under ``old`` itself), neither is a hybrid that plays by ``old``'s rules, nor one the static skip
    (``diffcheck.search.skip``) finds answering the board as ``old`` does: its objects are those."""
    rules = hybrid_rules(old, combo)
    objects = known.get(rules)
    if objects is None:
        if old_objects is not None and (rules == hybrid_rules(old, ()) or _skipped(board, old, combo)):
            objects = old_objects
        else:
            objects = hybrid_engine(old, combo).evaluate(board)["objects"]
        known[rules] = objects
    return objects


def _skipped(board: Board, old: Ruleset, combo: tuple[str, ...]) -> bool:
    skip = hybrid_skip(old, combo)
    return skip is not None and skip.skips(board)


def hybrid_skip(old: Ruleset, changes: tuple[str, ...]) -> Skip | None:
    """The boards on which ``old`` with ``changes`` applied answers as ``old`` does, by the static check of
    ``diffcheck.search.skip`` (None: it finds none)."""
    return _hybrid(old, changes).skip


@dataclass(frozen=True)
class Attribution:
    """The smallest set of rule changes that turns the old outcome into the new one on a board."""

    changes: tuple[str, ...]  # () when the outcomes already agree
    alternatives: tuple[tuple[str, ...], ...] = ()  # other sets of the same size that also work
    explained: bool = True  # False: no combination of the known changes gives the new outcome

    @property
    def together(self) -> bool:
        """More than one change, none of which gives the new outcome alone."""
        return len(self.changes) > 1

    def to_json(self) -> dict[str, Any]:
        return {
            "changes": list(self.changes),
            "alternatives": [list(a) for a in self.alternatives],
            "together": self.together,
            "explained": self.explained,
        }


class NoRuleset(ValueError):
    """The old side of a bisect is an engine not built on a ruleset: there is nothing to apply rule changes to."""


class NoRuleChange(ValueError):
    """No rule change leads from the old side of a bisect to the new one (the old is not an older edition)."""


def rule_changes(old: str, new: str, old_engine: Any) -> tuple[Ruleset, tuple[RuleChange, ...]]:
    """What a bisect from ``old`` to ``new`` (editions, aliases or dates) tries: the old engine's ruleset and
    the rule changes between the two editions. Raises ``NoRuleset`` or ``NoRuleChange``."""
    ruleset = getattr(old_engine, "ruleset", None)
    if ruleset is None:
        raise NoRuleset(f"engine {old} has no ruleset to apply rule changes to")
    changes = changes_between(old, new)
    if not changes:
        raise NoRuleChange(f"no rule change leads from {old} to {new}")
    return ruleset, changes


def bisect(board: Board, old: Ruleset, target: dict, changes: tuple[RuleChange, ...]) -> Attribution:
    """The smallest subset of ``changes`` whose hybrid of ``old`` gives ``target`` (an outcome) on ``board``."""
    wanted = target["objects"]
    keys = tuple(c.key for c in changes)
    known: dict[int, Any] = {}  # a hybrid's twins are not evaluated (``hybrid_objects``)
    for size in range(min(len(keys), MAX_TOGETHER) + 1):
        found = [combo for combo in combinations(keys, size)
                 if hybrid_objects(board, old, combo, None, known) == wanted]
        if found:
            return Attribution(found[0], tuple(found[1:]))
    return Attribution((), explained=False)


def alone(board: Board, old: Ruleset, changes: tuple[str, ...]) -> dict[str, dict]:
    """The outcome of each change applied by itself: what a judge compares to see why they only matter together."""
    return {key: hybrid_engine(old, (key,)).evaluate(board) for key in changes}


def describe(key: str) -> str:
    change = BY_KEY[key]
    return f"{change.title} ({change.old_rule} -> {change.new_rule})"
