"""How much, and whether: the values a P/T effect reads and the conditions of conditional abilities,
read from the state as the layers applied so far leave it.

A mixin of the layer machine's pass (``engines.layers.machine._Run``): it reads ``board``, ``state``,
``cards``, ``zones``, ``ruleset``, ``planner`` and ``machine``.
"""

from __future__ import annotations

from engines.board.board import COLOR_LETTERS, activated_words, devotion_in
from engines.layers.reading import CardView, count, count_sharing, matches, read_pt
from engines.layers.layer_pass import LayerPass
from engines.layers.state import Instance, Obj
from engines.layers.zones import with_counters, zone_views
from engines.board.values import (
    AllOf, AnyOf, AsResolved, AttachedIs, CardTypesAmong, Compare, Controls, Count, CountersOn, Devotion, Greatest, Is,
    ManaValue,
    ManaValueOf, Not, PlayerNumber, PTOf, Sum, Times, YourTurn,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any


class Amounts(LayerPass):
    """Values and conditions, for one pass of the layer machine."""

    def _pt_values(
            self, part, unit: Instance, state: dict[str, Obj], you: str, objects, key: str) -> list[tuple[int, int]]:
        """The P/T pair a set or modify part gives each object in sublayer ``key``; a value that is the same
        for every object (a count, a life total) is read once for all of them."""
        power, toughness = part.power, part.toughness
        if type(power) is int and type(toughness) is int:
            return [(power, toughness)] * len(objects)
        if part.per_object:
            amount = self._amount
            return [(amount(power, unit, state, you, key, oid), amount(toughness, unit, state, you, key, oid))
                    for oid in objects]
        return [(self._amount(power, unit, state, you, key), self._amount(toughness, unit, state, you, key))] \
            * len(objects)

    def _amount(self, value, unit: Instance, state: dict[str, Obj], you: str, key: str, oid: str | None = None) -> int:
        """What ``value`` comes to in sublayer ``key``; ``oid``: the object whose own mana value
        ``mana_value`` reads (an affected object; in a condition, the ability's own object)."""
        # isinstance rather than type(value) is: each branch then reads the value's attributes natively, compiled
        # (no value class has a subclass, so the two agree).
        if type(value) is int:
            return value
        if isinstance(value, ManaValue):
            assert oid is not None, "a mana value is read of an affected object or the ability's own"
            return state[oid].mana_value
        if isinstance(value, Count):
            if value.zone == "battlefield":
                objects = state.values() if not self.zoned else self._permanents(state)
            else:
                objects = self._zone_views(state, self._card_counters_counted(key))[value.zone]
            if value.sharing is not None:
                assert oid is not None, "what shares is counted for an affected object or the ability's own"
                return count_sharing(value, objects, state[oid], you, unit.source, self.sets)
            return count(value, objects, you, unit.source, self.sets)
        if isinstance(value, PTOf):
            o = state.get(value.of)
            if o is not None and o.zone == "battlefield":
                return read_pt(o, value)
            if o is not None:  # a card object (``engines.layers.zones``), as the layers so far leave it
                counted = self._card_counters_counted(key)
                return read_pt(with_counters(o, self.cards[value.of]) if counted else o, value)
            power, toughness = self.cards[value.of].pt(self._card_counters_counted(key))
            return (power if value.characteristic == "power" else toughness) or 0
        if isinstance(value, Sum):
            return sum(self._amount(v, unit, state, you, key, oid) for v in value.values)
        if isinstance(value, Times):
            return value.factor * self._amount(value.value, unit, state, you, key, oid)
        if isinstance(value, ManaValueOf):
            o = state.get(value.of)
            return o.mana_value if o is not None else self.cards[value.of].mana_value
        if isinstance(value, CountersOn):
            holder = self.cards.get(value.of) or self.board.object(value.of)
            return dict(holder.counters).get(value.kind, 0)
        if isinstance(value, Greatest):
            return self._greatest(value, unit, state, you)
        if isinstance(value, CardTypesAmong):
            # The card types among the cards in the zone, whoever owns them (Tarmogoyf: 205.2a / 300.1).
            views = self._zone_views(state, False)[value.zone]
            return len(frozenset().union(*(c.types for c in views))) if views else 0
        if isinstance(value, PlayerNumber):
            return self.board.player_number(value.what, self._player(value.player, you))
        if isinstance(value, Devotion):
            player = self._player(value.player, you)
            letters = "".join(COLOR_LETTERS[c] for c in value.colors)
            return sum(devotion_in(o.mana_cost, letters) for o in self._permanents(state) if o.controller == player)
        if isinstance(value, AsResolved):  # a resolved effect's amount for each object, fixed as it resolved (611.2d)
            for target, amount in value.amounts:
                if target == oid:
                    return amount
            return 0
        raise AssertionError(f"not a value: {value!r}")

    def _activated_of(self, value: Count, unit: Instance, state: dict[str, Obj], you: str) -> frozenset[str]:
        """The activated abilities of what ``value``'s filter matches in its zone, as the layers so far leave them
        (Necrotic Ooze: those of the creature cards in every graveyard)."""
        words: set[str] = set()
        if value.zone == "battlefield":
            for o in (state.values() if not self.zoned else self._permanents(state)):
                if matches(value.filter, o, you, unit.source, self.sets):
                    words.update(activated_words(o.keywords))
            return frozenset(words)
        view: Any  # a card as a count reads it: a ``CardView``, or a card object where effects reach its zone
        for view in self._zone_views(state, False)[value.zone]:
            if matches(value.filter, view, you, unit.source, self.sets):
                words.update(view.activated if type(view) is CardView else activated_words(view.keywords))
        return frozenset(words)

    def _greatest(self, value: Greatest, unit: Instance, state: dict[str, Obj], you: str) -> int:
        numbers = []
        for o in self._permanents(state):
            if not matches(value.among, o, you, unit.source, self.sets):
                continue
            if value.characteristic == "mana_value":
                numbers.append(o.mana_value)
            elif "creature" in o.types:  # a noncreature has no power or toughness (208.3 / 207.3)
                numbers.append((o.power if value.characteristic == "power" else o.toughness) or 0)
        return max(numbers, default=0)

    def _zone_views(self, state: dict[str, Obj], counted: bool) -> dict:
        """Each zone outside the battlefield -> its cards as a count reads them, with their counters where
        ``counted``: built once per pass, or from the card objects of the state (``engines.layers.zones``)."""
        if self.zones is not None:
            return self.zones[counted]
        views = zone_views(state, self.cards, counted)
        return {"graveyard": (), "exile": (), **views}

    def _player(self, word: str, you: str) -> str:
        """The player a value or condition names: "you", "opponent" (the loader allows it with two players
        only) or a player's name."""
        if word == "you":
            return you
        if word == "opponent":
            return next(p for p in self.board.players if p != you)
        return word

    def _card_counters_counted(self, key: str) -> bool:
        """Whether the counters of a creature card in a graveyard or in exile have applied by sublayer
        ``key``. From 2011-06 they change its P/T (121.1a / 122.1a) as the layers apply them (613.3 / 613.4):
        until 2020 in their own sublayer, 7d, after every modifying effect (Phyrexian Ingester reading an
        exiled Skullbriar gets the printed power); from 2020 in 7c by timestamp, where a card's counters,
        which came with it into its zone, are older than every effect (decision counters_timestamp)."""
        if not self.ruleset.card_counters:
            return False
        index = self.planner.index
        return index[key] >= index[self.ruleset.counters_sublayer] if self.machine.counters_with_modifiers else \
            index[key] > index[self.ruleset.counters_sublayer]

    # ------------------------------------------------------------ conditions

    def _holds(self, condition, unit: Instance, state: dict[str, Obj], you: str, key: str) -> bool:
        """Whether a conditional ability's condition holds in ``state`` (as the layers before leave it)."""
        if isinstance(condition, Controls):
            mine = condition.player == "you"
            return any((o.controller == you) == mine and matches(condition.filter, o, you, unit.source, self.sets)
                       for o in self._permanents(state))
        if isinstance(condition, Compare):
            n = self._amount(condition.value, unit, state, you, key, unit.source)
            return (condition.at_least is None or n >= condition.at_least) and (
                condition.at_most is None or n <= condition.at_most)
        if isinstance(condition, Is):
            return unit.source is not None and matches(condition.filter, state[unit.source], you, None, self.sets)
        if isinstance(condition, AttachedIs):
            target = state[unit.source].attached_to if unit.source is not None else None
            return target is not None and matches(condition.filter, state[target], you, unit.source, self.sets)
        if isinstance(condition, YourTurn):
            return (you == self.board.active_player) == condition.yours
        if isinstance(condition, AllOf):
            return all(self._holds(c, unit, state, you, key) for c in condition.conditions)
        if isinstance(condition, AnyOf):
            return any(self._holds(c, unit, state, you, key) for c in condition.conditions)
        if isinstance(condition, Not):
            return not self._holds(condition.condition, unit, state, you, key)
        raise AssertionError(f"not a condition: {condition!r}")
