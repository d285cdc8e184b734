"""A resolved spell's or ability's amounts, fixed as it resolved.

An effect of a resolved spell or ability that reads the game for a number (the creatures its controller
controls, an object's mana value or power) reads it once, as it resolves, and keeps that number: it is not
read again when the game changes later (418.3c and 413.2f until 2009; 611.2d and 608.2g from October 2009,
608.2h from November 2020). A static ability's amounts are never fixed (418.4a / 611.3a).

A board is a snapshot of the game now; its timestamps are its history. So the layer machine fixes such an
effect's amounts first, from the board as it stood at the effect's timestamp (``before``): the objects that
had entered before it, the effects created before it (their own amounts fixed the same way), the cards of
the other zones that were there (a card with no timestamp is taken to have been), the objects it affected
(chosen as it resolved: 418.3b / 611.2c) and whatever these name, evaluated under the same rules through
every layer. That is what the board can know (decision ``resolved_values``); what it cannot (a permanent
that has left the battlefield since, a life total then) a board gives as the number itself, and
``diffcheck.boards.resolution`` warns where the board cannot know it.
"""

from __future__ import annotations

from collections.abc import Iterator

from engines.board.board import (
    CHANGELING, AbilityPart, Board, CopyPart, Effect, FullTextPart, Ids, Permanent, PTModifyPart, PTSetPart,
    StaticAbility, body_parts,
)
from engines.layers.plan import ABILITIES, COLORS, PT, TYPES, Planner, value_reads
from engines.layers.state import Instance
from engines.board.values import (
    AllOf, AnyOf, AsResolved, CardTypesAmong, Compare, Count, CountersOn, ManaValueOf, Not, PTOf, Value, leaves,
    per_object,
)
from rulesets.model import CDA, STATIC


class Fixed:
    """One effect's amounts as it resolved: the effect with numbers in place of what it read, and for each
    P/T part the pair it came to (per object where each affected object has its own)."""

    __slots__ = ("original", "effect", "pairs")

    def __init__(self, original: Effect, effect: Effect, pairs: tuple[tuple[str, str], ...]) -> None:
        self.original = original
        self.effect = effect
        self.pairs = pairs  # (the part's kind, "P/T" as it came to: "3/3", or "4/4 for tome, 2/2 for ogre")


def fix_amounts(machine, board: Board) -> tuple[Board, tuple[Fixed, ...]]:
    """``board`` with every variable effect's amounts fixed as it resolved, earliest first (a later one's
    state then holds the earlier ones as they resolved), and what each came to. ``machine``: the layer
    machine whose rules the state at each timestamp is evaluated under."""
    effects = list(board.effects)
    fixed: list[Fixed] = []
    for n in sorted((n for n, e in enumerate(effects) if e.variable), key=lambda n: effects[n].timestamp):
        e = effects[n]
        then_board = before(board, e, effects)
        then = machine.run(then_board, until=_needed(machine.planner, e, then_board))
        effects[n], pairs = _fixed(then, e)
        fixed.append(Fixed(e, effects[n], pairs))
    return _with_effects(board, tuple(effects)), tuple(fixed)


def before(board: Board, effect: Effect, effects: list[Effect] | None = None) -> Board:
    """The board as it stood when ``effect`` resolved, as far as its timestamps tell: the objects with an
    earlier timestamp, the effects created before it (from ``effects``, the board's, some already fixed),
    the cards outside the battlefield but those that entered their zone after it, the objects it affected,
    and every object or card these refer to (what an Aura is attached to, what a copy effect copies, what a
    value reads), so that the board is whole."""
    t = effect.timestamp
    effects = [e for e in (board.effects if effects is None else effects) if e.timestamp < t]
    objects = {p.id: p for p in board.objects}
    cards = {c.id: c for _, _, _, _, c in board.zone_cards() if c.id is not None}
    pending = [p.id for p in board.objects if p.timestamp < t]
    pending += _ids_of_body(effect)
    pending += [oid for oid, c in cards.items() if c.timestamp is None or c.timestamp < t]
    for e in effects:
        pending += _ids_of_body(e)
    kept: set[str] = set()
    while pending:
        oid = pending.pop()
        if oid in kept:
            continue
        kept.add(oid)
        p = objects.get(oid)
        card = cards.get(oid)
        if p is not None:
            pending += _ids_of_permanent(p)
        elif card is not None:
            pending += [i for s in card.static for i in _ids_of_body(s)]
    zones = {key: tuple((player, tuple(c for c in pile if (c.id in kept if c.id is not None else (
        c.timestamp is None or c.timestamp < t)))) for player, pile in getattr(board, key))
        for key in ("graveyards", "exile", "hands", "libraries", "stack")}
    return Board(board.players, tuple(p for p in board.objects if p.id in kept), tuple(effects), zones["graveyards"],
                 board.notes, zones["exile"], board.life, board.hand_sizes, zones["hands"], zones["libraries"],
                 zones["stack"])


def _needed(planner: Planner, effect: Effect, board: Board) -> int | None:
    """How many sublayers the board as the effect resolved must run for its amounts to be read: up to the last in
    which something on that board changes what they read (a count of creatures needs no P/T layer; a mana value,
    only copy effects; where nothing changes it, none: the printed characteristics answer). All (None) where they
    read cards outside the battlefield that effects reaching their zones may change."""
    objects = {p.id for p in board.objects}
    bits = 0
    for part in effect.parts:
        if part.kind == "pt_set" or part.kind == "pt_modify":
            for value in (part.power, part.toughness):
                for leaf in leaves(value):
                    if isinstance(leaf, (Count, CardTypesAmong)) and getattr(leaf, "zone", "") != "battlefield" \
                            or isinstance(leaf, (PTOf, ManaValueOf, CountersOn)) and leaf.of not in objects:
                        if board.reaches_cards:
                            return None  # cards are objects of the layers there, which may change them
                        continue  # as printed, whatever the layers do
                    bits |= value_reads(leaf)
    if not bits:
        return 0
    index = planner.index
    ruleset = planner.ruleset
    grants = index[ruleset.placement[("ability", STATIC)]]
    last = -1
    # The abilities a copy or full-text effect gives are bodies of the board too, on what it copies: their writes
    # are counted there. A granted ability that changes what the amounts read may apply from an earlier layer
    # only once the layer that grants it has run (decision granted_earlier_layer): that layer is needed too.
    for body, granted in _bodies(board):
        for key, step in planner.plan(body).at.items():
            if step.writes & bits:
                last = max(last, index[key], grants if granted else -1)
    if bits & PT and any(p.pt_counters for p in board.objects):
        last = max(last, index[ruleset.counters_sublayer])
    if bits & ABILITIES and ruleset.keyword_counters and any(p.counters for p in board.objects):
        last = max(last, index[ruleset.placement[("ability", STATIC)]])  # keyword counters (122.1b, 2020)
    if bits & TYPES and any(CHANGELING in p.abilities for p in board.objects):
        last = max(last, index[ruleset.placement[("type", CDA)]])  # every creature type (702.73a)
    if bits & COLORS and any(p.color_indicator for p in board.objects) and not ruleset.color_indicators:
        last = max(last, index[ruleset.placement[("color", CDA)]])  # the indicator as Oracle text (decision)
    return last + 1


def _bodies(board: Board) -> list[tuple[StaticAbility | Effect, bool]]:
    """Every effect body of the board, and whether it is granted: its objects' and cards' static abilities, its
    resolved effects, and the static abilities these grant, all the way down (a list rather than a generator
    for each body, nested for the abilities it grants)."""
    found: list[tuple[StaticAbility | Effect, bool]] = []
    for p in board.objects:
        for s in p.static:
            _add_with_granted(found, s, False)
    for e in board.effects:
        _add_with_granted(found, e, False)
    for _, _, _, _, card in board.zone_cards():
        for s in card.static:
            _add_with_granted(found, s, False)
    return found


def _add_with_granted(found: list, body: StaticAbility | Effect, granted: bool) -> None:
    found.append((body, granted))
    for part in body.parts:
        if isinstance(part, AbilityPart):
            for added in part.add:
                if isinstance(added, StaticAbility):
                    _add_with_granted(found, added, True)


def _fixed(then, effect: Effect) -> tuple[Effect, tuple[tuple[str, str], ...]]:
    """The effect with the amounts it reads as they are in ``then`` (the last pass of an evaluation of the
    board as it stood), and what each P/T part came to."""
    unit = Instance(("e", effect.id), effect.source, effect, then.planner.plan(effect), None, effect.controller,
                    effect.timestamp, (effect.timestamp, 1, 0, 0))
    last = then.ruleset.sublayers[-1].key  # every layer applied: the game as it was
    targets = [oid for oid in effect.affects.ids if oid in then.state]
    parts = []
    said = []
    for part in effect.parts:
        if part.kind != "pt_set" and part.kind != "pt_modify" or (
                type(part.power) is int and type(part.toughness) is int):
            parts.append(part)
            continue
        amounts = {oid: (_read(then, part.power, unit, last, oid), _read(then, part.toughness, unit, last, oid))
                   for oid in (targets if part.per_object else targets[:1])}
        pairs = set(amounts.values())
        if len(pairs) <= 1:
            power, toughness = pairs.pop() if pairs else (0, 0)
            value_p: Value = power
            value_t: Value = toughness
            said.append((part.kind, f"{power}/{toughness}" if part.kind == "pt_set" else f"{power:+d}/{toughness:+d}"))
        else:
            value_p = AsResolved(tuple((oid, p) for oid, (p, _) in amounts.items()))
            value_t = AsResolved(tuple((oid, t) for oid, (_, t) in amounts.items()))
            sign = "{}/{}" if part.kind == "pt_set" else "{:+d}/{:+d}"
            said.append((part.kind, ", ".join(f"{sign.format(p, t)} for {oid}" for oid, (p, t) in amounts.items())))
        parts.append(PTSetPart(value_p, value_t) if part.kind == "pt_set" else PTModifyPart(value_p, value_t))
    made = Effect(effect.id, effect.source, effect.controller, effect.timestamp, effect.affects, tuple(parts),
                  effect.source_given)
    return made, tuple(said)


def _read(then, value: Value, unit: Instance, key: str, oid: str) -> int:
    if type(value) is int:
        return value
    return then._amount(value, unit, then.state, unit.controller, key, oid if per_object(value) else None)


def _with_effects(board: Board, effects: tuple[Effect, ...]) -> Board:
    return Board(board.players, board.objects, effects, board.graveyards, board.notes, board.exile, board.life,
                 board.hand_sizes, board.hands, board.libraries, board.stack)


# ---------------------------------------------------------------- what a board's things name


def _ids_of_permanent(p: Permanent) -> list[str]:
    found = [i for i in (p.attached_to, p.paired_with) if i is not None]
    for s in p.static:
        _add_ids_of_body(found, s)
    return found


def _ids_of_body(body: StaticAbility | Effect) -> list[str]:
    """The objects and cards a body names: those it affects by id, what its copy and full-text parts take, what its
    values and condition read, and the same of the abilities it grants."""
    found: list[str] = []
    _add_ids_of_body(found, body)
    return found


def _add_ids_of_body(found: list[str], body: StaticAbility | Effect) -> None:
    for thing in body_parts(body):
        if isinstance(thing, Ids):
            found.extend(thing.ids)
        elif isinstance(thing, (CopyPart, FullTextPart)):
            found.append(thing.of)
        elif isinstance(thing, (PTSetPart, PTModifyPart)):
            for value in (thing.power, thing.toughness):
                if type(value) is not int:  # a number names nothing
                    found.extend(_ids_of_value(value))
        elif isinstance(thing, (Compare, AllOf, AnyOf, Not)):
            found.extend(_ids_of_condition(thing))


def _ids_of_value(value) -> Iterator[str]:
    for leaf in leaves(value):
        if isinstance(leaf, (PTOf, ManaValueOf, CountersOn)):
            yield leaf.of


def _ids_of_condition(condition) -> Iterator[str]:
    if isinstance(condition, Compare):
        yield from _ids_of_value(condition.value)
    elif isinstance(condition, (AllOf, AnyOf)):
        for c in condition.conditions:
            yield from _ids_of_condition(c)
    elif isinstance(condition, Not):
        yield from _ids_of_condition(condition.condition)
