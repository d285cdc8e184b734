"""Warnings for a resolved effect's amounts that the board cannot know.

An effect of a resolved spell or ability that reads the game for a number read it once, as it resolved
(old 418.3c, 413.2f; 611.2d, 608.2g-h), and the layer machine reads it from the board as it stood at the
effect's timestamp (``engines.layers.resolution``). A board's timestamps tell what had entered and what effects
there were then; they do not tell a life total then, how many cards a player held, the counters put on
since, which cards were in a graveyard, or what a permanent that has turned over since looked like. Where
an amount reads one of these, the answer rests on the board as it is now, and ``judge`` and ``diff`` say so
beside it (the number given outright, a ``cast:``'s ``x``, needs no warning).
"""

from __future__ import annotations

from collections.abc import Iterator

from engines.board import Board, Count, Effect, Filter, PTOf
from engines.board.values import (
    FILTER_STATUS_KEYS, CardTypesAmong, CountersOn, Greatest, ManaValue, ManaValueOf, PlayerNumber, leaves,
)


__all__ = ["X_HINT", "unknowable"]

# How a board gives the number itself; the page says it in its own terms (``diffcheck.page.answers``).
X_HINT = "(x: N beside cast: in a board file; [x=N] after the ability in --cards)"


def unknowable(board: Board) -> list[str]:
    """One sentence per variable resolved effect whose amounts read what the board keeps no history of,
    naming the effect's place and what it reads."""
    found = []
    for index, effect in enumerate(board.effects):
        if not effect.variable:
            continue
        reasons = list(dict.fromkeys(_why(board, effect)))
        if reasons:
            found.append(
                f"effects[{index}] ({effect.id}): its amounts were read once, as it resolved, and the board cannot "
                f"know all they read then: {'; '.join(reasons)}. The answer reads the board as it stood at timestamp "
                f"{effect.timestamp} (decision resolved_values); give the number itself if the game was otherwise "
                f"{X_HINT}")
    return found


def _why(board: Board, effect: Effect) -> Iterator[str]:
    t = effect.timestamp
    objects = {p.id: p for p in board.objects}
    cards = {c.id: c for _, _, _, _, c in board.zone_cards() if c.id is not None}
    for value in _amounts(effect):
        for leaf in leaves(value):
            if isinstance(leaf, PlayerNumber):
                yield f"{'a life total' if leaf.what == 'life' else 'a number of cards in hand'}, which the board " \
                      "gives as it is now"
            elif isinstance(leaf, (PTOf, ManaValueOf, CountersOn)):
                yield from _named(leaf, objects.get(leaf.of), cards.get(leaf.of), t)
            elif isinstance(leaf, (Count, Greatest)):
                f = leaf.filter if isinstance(leaf, Count) else leaf.among
                zone = leaf.zone if isinstance(leaf, Count) else "battlefield"
                if zone != "battlefield":
                    yield from _undated(board, zone, t)
                    continue
                if any(getattr(f, k) is not None for k in FILTER_STATUS_KEYS):
                    yield "whether permanents were tapped, attached or paired, which the board gives as it is now"
                turned = [p.id for p in board.objects if p.timestamp < t and p.latest_timestamp > p.timestamp
                          and p.latest_timestamp >= t]
                if turned:
                    yield f"how {', '.join(turned)} looked before turning over or transforming after it"
                if _reads_pt(leaf, f):
                    late = [p.id for p in board.objects if p.timestamp < t and _counters_since(p, t)]
                    if late:
                        yield f"the counters on {', '.join(late)} then (some were put on after it)"
            elif isinstance(leaf, CardTypesAmong):
                yield from _undated(board, leaf.zone, t)
            elif isinstance(leaf, ManaValue):  # each affected object's own
                for oid in effect.affects.ids:
                    yield from _named(leaf, objects.get(oid), cards.get(oid), t)


def _named(leaf, p, card, t: int) -> Iterator[str]:
    """What the board cannot know of one object or card a value names."""
    if p is not None:
        if p.timestamp >= t:
            yield f"{p.id} as it was then (its timestamp, {p.timestamp}, is not before the effect's)"
        elif p.latest_timestamp >= t and p.latest_timestamp > p.timestamp:
            yield f"how {p.id} looked before it turned over or transformed after it"
        elif not isinstance(leaf, (ManaValue, ManaValueOf)) and _counters_since(p, t):
            yield f"the counters on {p.id} then (some were put on after it)"
    elif card is not None and card.timestamp is None:
        yield f"whether {card.id} was in its zone then (it has no timestamp)"


def _undated(board: Board, zone: str, t: int) -> Iterator[str]:
    key = {"graveyard": "graveyards", "exile": "exile"}[zone]
    if any(c.timestamp is None for _, pile in getattr(board, key) for c in pile):
        yield f"which cards were in {'graveyards' if zone == 'graveyard' else 'exile'} then (a card there without a " \
              "timestamp may have come later, or been a permanent)"


def _counters_since(p, t: int) -> bool:
    return any(n and p.counter_timestamp(kind) >= t and p.counter_timestamp(kind) > p.timestamp
               for kind, n in p.counters)


def _reads_pt(leaf, f: Filter) -> bool:
    if isinstance(leaf, Greatest):
        return leaf.characteristic != "mana_value"
    return any(getattr(f, k) is not None for k in ("power_at_least", "power_at_most", "toughness_at_least",
                                                   "toughness_at_most"))


def _amounts(effect: Effect) -> Iterator:
    for part in effect.parts:
        if part.kind == "pt_set" or part.kind == "pt_modify":
            yield part.power
            yield part.toughness

