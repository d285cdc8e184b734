"""A ruleset's subtype sets as the layer machine reads them: which set each subtype word belongs to."""

from __future__ import annotations

from rulesets.model import LEGACY_SUBTYPES, SubtypeSets

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Final


class SubtypeIndex:
    """A ruleset's subtype sets (``rulesets.model.SubtypeSets``) as the layers read them in their innermost loops:
    which set a word belongs to (205.3), and the card types each set goes with (205.3d). The same answers as the
    ruleset's, from dicts this compiled class holds, so that a lookup is a native call and not a call into the
    interpreted ruleset (``tests/test_properties.py`` holds the two to the same answers)."""

    __slots__ = ("sets", "card_types", "sets_of_type")

    def __init__(self, sets: SubtypeSets) -> None:
        self.sets: dict[str, str] = dict(sets.sets)
        self.card_types: dict[str, frozenset[str]] = dict(sets.card_types)
        # Card type -> the sets whose subtypes go with it: a change of card types can only move the subtypes of
        # the sets of the card types it adds or removes (205.1a).
        self.sets_of_type: dict[str, tuple[str, ...]] = {}
        for name, types in self.card_types.items():
            for t in types:
                self.sets_of_type[t] = self.sets_of_type.get(t, ()) + (name,)

    def of(self, word: str) -> str:
        return self.sets.get(word, "creature")

    def in_set(self, words: frozenset[str], name: str) -> frozenset[str]:
        """Those of ``words`` that belong to set ``name`` (an object's land types, its creature types...)."""
        sets = self.sets
        return frozenset([w for w in words if sets.get(w, "creature") == name])

    def creature_types(self, words: frozenset[str]) -> bool:
        """Whether every one of ``words`` is a creature type: what an object with every creature type has."""
        sets = self.sets
        for w in words:
            if sets.get(w, "creature") != "creature":
                return False
        return True

    def fits(self, word: str, types: frozenset[str]) -> bool:
        """Whether ``word`` is a subtype of one of ``types`` (205.3d from 2011-09: only such a one can be gained)."""
        return not self.card_types.get(self.of(word), _NO_TYPES).isdisjoint(types)


_NO_TYPES: Final[frozenset[str]] = frozenset()
LEGACY_INDEX: Final = SubtypeIndex(LEGACY_SUBTYPES)
