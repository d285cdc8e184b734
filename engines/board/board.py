"""The board: value types shared by the engines, the harness and the rulesets' users.

A board is a snapshot of the battlefield, of the cards outside it that count or take part (graveyards,
exile, hands, libraries, the stack), and of the continuous effects from resolved spells and abilities
that are still in force. Every type here is a frozen value; lists are tuples, so boards hash and compare.
The abilities and effect parts the objects carry are ``engines.board.abilities``, re-exported here.

``Board.from_dict`` builds a board from data that already passed validation
(``diffcheck.boards.loading`` does that and reports errors with their place in the file);
``Board.to_dict`` writes the contract-v1 form back out, so a shrunk board can be
saved and loaded again.

The value classes here and in ``abilities``, ``values`` and ``trace`` are records (``engines.board.record``):
each declares its fields in ``__match_args__`` and spells out its ``__init__``, which takes those fields in order,
with their defaults, sets each as a frozen value's, and computes the derived fields with them. The compiled
build compiles what the source writes, so building a board runs native code (``dataclasses`` would write an
``__init__`` as source, run as interpreted Python some ten times slower, and building a board costs as much as
evaluating it). ``tests/test_value_classes.py`` holds each ``__init__`` to its fields.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

# Re-exported: the board's users name its words, filters, values, abilities and parts from here.
from engines.board.record import Record
from engines.board.abilities import (  # noqa: F401
    ATTACHED, CHANGELING_ABILITY, PART_KEYS, SELF, AbilityPart, Affects, Attached, ColorPart, ControlPart, CopyPart,
    FullTextPart, Ids, Matching, Part, PTModifyPart, PTSetPart, PTSwitchPart, Self_, StaticAbility, TextPart,
    TypePart, affects_from_dict, generated_label, indicator_text, parts_from_dict, parts_to_dict, subtypes_given,
)
from engines.board.values import (  # noqa: F401
    FACE_DOWN, PAIRED, TAPPED, TOKEN, TRANSFORMED, WAS_CAST, Condition, Count, Filter, ManaValue, PTOf, Value,
    condition_from_dict, per_object,
    value_from_dict, value_to_dict,
)
from engines.board.vocabulary import (  # noqa: F401
    BASIC_LAND_TYPES, CARD_TYPES, CARD_ZONES, CHANGELING, COLORS, DEFAULT_PLAYERS, EVERY_CREATURE_TYPE,
    FACE_DOWN_KINDS, FACE_DOWN_WARD, KINDRED, ON_BATTLEFIELD, SUPERTYPES, ZONES, card_types,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any, ClassVar, Final

# ---------------------------------------------------------------- counters

# A +X/+Y counter adds X and Y, a -X/-Y counter subtracts them (old 200.10; 2009 120.1a): one
# sign for both numbers. The loader refuses a kind that mixes them (``+1/-1``).
_PT_COUNTER: Final = re.compile(r"([+-])(\d{1,9})/\1(\d{1,9})\Z")
MIXED_PT_COUNTER: Final = re.compile(r"[+-]\d+/[+-]\d+\Z")


@lru_cache(maxsize=256)
def counters_pt(counters: Iterable[tuple[str, int]]) -> tuple[int, int]:
    """The net P/T change of (kind, number) counters: +X/+Y and -X/-Y kinds; other kinds change nothing."""
    power = toughness = 0
    for kind, n in counters:
        change = counter_pt_change(kind)
        if change is not None:
            power += n * change[0]
            toughness += n * change[1]
    return power, toughness


def counter_pt_change(kind: str) -> tuple[int, int] | None:
    """What one counter of ``kind`` does to power and toughness; None for any other kind."""
    match = _PT_COUNTER.match(kind)
    if match is None:
        return None
    sign = 1 if match.group(1) == "+" else -1
    return sign * int(match.group(2)), sign * int(match.group(3))


# ---------------------------------------------------------------- mana costs

# A mana cost as printed, in braces: generic numbers, X, colorless {C}, snow {S}, the five colors, hybrid
# ({W/U}, {2/W}) and Phyrexian ({G/P}, {W/U/P}) symbols (107.4). The board format checks the shape.
MANA_SYMBOL: Final = re.compile(r"\{(\d{1,2}|[XYZCS]|[WUBRG](?:/[WUBRGP]){0,2}|2/[WUBRG])\}")
COLOR_LETTERS: Final = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


# An activated ability, as an object's or card's abilities list it: "CARD: LABEL", the card that prints it and a
# short name (Quillspike's "Quillspike: pump"). A keyword is lowercase words without a colon, so the two never meet:
# an effect that gains activated abilities (Necrotic Ooze) takes the words with ``ACTIVATED`` in them.
ACTIVATED: Final = ": "


def activated_words(words: Iterable[str]) -> frozenset[str]:
    """The activated abilities among an object's ability words."""
    return frozenset(w for w in words if ACTIVATED in w)


def mana_symbols(cost: str) -> tuple[str, ...]:
    """The symbols of a mana cost, without their braces (``{1}{U}{U}`` -> ``("1", "U", "U")``)."""
    return tuple(MANA_SYMBOL.findall(cost))


@lru_cache(maxsize=4096)
def mana_value_of_cost(cost: str) -> int:
    """The mana value a mana cost gives (202.3): a generic symbol counts its number, X counts 0, a hybrid
    {2/W} its larger part, every other symbol 1. Kept for the costs seen lately: every board's objects and cards
    ask, most with a cost seen before."""
    total = 0
    for symbol in mana_symbols(cost):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol.startswith("2/"):
            total += 2
        elif symbol not in ("X", "Y", "Z"):
            total += 1
    return total


def devotion_in(cost: str, letters: str) -> int:
    """How many mana symbols of a cost count toward devotion to the colors whose letters are given (700.5):
    each symbol once if it is of any of them, hybrid and Phyrexian symbols included (700.5a)."""
    if not cost:
        return 0
    n = 0
    for symbol in cost.split("}"):
        for letter in letters:
            if letter in symbol:
                n += 1
                break
    return n


# ---------------------------------------------------------------- cards, objects, effects, the board


class Card(Record):
    """A card outside the battlefield (in a graveyard, exile, a hand, a library, or a spell on the stack):
    printed characteristics, counters, keywords and static abilities. Counts and values read it (``PTOf``
    by its ``id``); effects that reach its zone change it (``Filter.zones``); its static abilities
    function where they say (``StaticAbility.functions_in``), its characteristic-defining ones where the
    edition says."""

    __match_args__: ClassVar[tuple[str, ...]] = (
        "name", "types", "subtypes", "supertypes", "colors", "power", "toughness", "mana_value", "id", "mana_cost",
        "halves", "activated", "color_indicator", "counters", "abilities", "static", "timestamp",
    )

    name: str | None
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: tuple[str, ...]
    power: int | None
    toughness: int | None
    mana_value: int
    id: str | None
    mana_cost: str  # as printed, in braces ("{1}{U}"); "" for none: what devotion and copies read
    # A split card's two halves, each its name and mana cost (708 / 709): the card has both names and the halves'
    # combined mana cost, types and colors; a comparison of its mana value read each half's until 2017-04-28.
    halves: tuple[tuple[str, str], ...]
    activated: tuple[str, ...]  # its activated abilities, each "CARD: LABEL" (``ACTIVATED``)
    # The colors of a color indicator, in every zone (202.2e, from 2011-09-30); before, what its Oracle text said.
    color_indicator: tuple[str, ...]
    counters: tuple[tuple[str, int], ...]
    abilities: tuple[str, ...]  # keyword abilities
    static: tuple["StaticAbility", ...]
    timestamp: int | None  # when it entered its zone (613.7d); default: after every object and effect

    def __init__(self, name: str | None = None, types: tuple[str, ...] = (), subtypes: tuple[str, ...] = (),
                 supertypes: tuple[str, ...] = (), colors: tuple[str, ...] = (), power: int | None = None,
                 toughness: int | None = None, mana_value: int = 0, id: str | None = None, mana_cost: str = "",
                 halves: tuple[tuple[str, str], ...] = (), activated: tuple[str, ...] = (),
                 color_indicator: tuple[str, ...] = (), counters: tuple[tuple[str, int], ...] = (),
                 abilities: tuple[str, ...] = (), static: tuple["StaticAbility", ...] = (),
                 timestamp: int | None = None) -> None:
        # Spelled out (see the module's docstring): the fields' names and defaults, in their order.
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "types", types)
        object.__setattr__(self, "subtypes", subtypes)
        object.__setattr__(self, "supertypes", supertypes)
        object.__setattr__(self, "colors", colors)
        object.__setattr__(self, "power", power)
        object.__setattr__(self, "toughness", toughness)
        object.__setattr__(self, "mana_value", mana_value)
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "mana_cost", mana_cost)
        object.__setattr__(self, "halves", halves)
        object.__setattr__(self, "activated", activated)
        object.__setattr__(self, "color_indicator", color_indicator)
        object.__setattr__(self, "counters", counters)
        object.__setattr__(self, "abilities", abilities)
        object.__setattr__(self, "static", static)
        object.__setattr__(self, "timestamp", timestamp)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Card":
        halves = tuple((h["name"], h.get("mana_cost", "")) for h in data.get("halves", ()))
        # A split card's combined mana cost and name, where the board gives only its halves (709.4b; 708.4a).
        cost = data.get("mana_cost", "".join(c for _, c in halves))
        return Card(  # not ``cls``: the compiled build calls a class it knows directly
            name=data.get("name", " // ".join(n for n, _ in halves) or None),
            types=card_types(data.get("types", ())),
            subtypes=tuple(data.get("subtypes", ())),
            supertypes=tuple(data.get("supertypes", ())),
            colors=tuple(data.get("colors", ())),
            power=data.get("power"),
            toughness=data.get("toughness"),
            mana_value=data["mana_value"] if "mana_value" in data else mana_value_of_cost(cost),
            id=data.get("id"),
            mana_cost=cost,
            halves=halves,
            activated=tuple(data.get("activated", ())),
            color_indicator=tuple(data.get("color_indicator", ())),
            counters=tuple(sorted(data.get("counters", {}).items())),
            abilities=tuple(data.get("abilities", ())),
            static=tuple(StaticAbility.from_dict(s) for s in data.get("static", ())),
            timestamp=data.get("timestamp"),
        )

    def pt(self, with_counters: bool) -> tuple[int | None, int | None]:
        """Its power and toughness; with ``with_counters``, its +X/+Y and -X/-Y counters count, as they
        do on a creature card in any zone from 2011-06 (121.1a)."""
        if not with_counters or "creature" not in self.types or self.power is None:
            return self.power, self.toughness
        power, toughness = counters_pt(self.counters)
        return self.power + power, (self.toughness or 0) + toughness

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {} if self.id is None else {"id": self.id}
        if self.name is not None:
            out["name"] = self.name
        for key in ("types", "subtypes", "supertypes", "colors", "color_indicator"):
            if getattr(self, key):
                out[key] = list(getattr(self, key))
        for key in ("power", "toughness"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.mana_cost:
            out["mana_cost"] = self.mana_cost
        if self.mana_value:
            out["mana_value"] = self.mana_value
        if self.halves:
            out["halves"] = [{"name": name, "mana_cost": cost} for name, cost in self.halves]
        if self.activated:
            out["activated"] = list(self.activated)
        if self.counters:
            out["counters"] = dict(self.counters)
        if self.abilities:
            out["abilities"] = list(self.abilities)
        if self.static:
            out["static"] = [s.to_dict() for s in self.static]
        if self.timestamp is not None:
            out["timestamp"] = self.timestamp
        return out


class Permanent(Record):
    """An object on the battlefield, with its printed characteristics."""

    __match_args__: ClassVar[tuple[str, ...]] = (
        "id", "name", "controller", "owner", "timestamp", "types", "subtypes", "supertypes", "colors", "power",
        "toughness", "mana_value", "abilities", "static", "counters", "attached_to", "counter_timestamps",
        "face_up_at", "transformed_at", "color_indicator", "tapped", "paired_with", "face_down", "face_down_at",
        "token", "was_cast", "transformed", "mana_cost", "activated",
    )

    id: str
    name: str
    controller: str
    owner: str
    timestamp: int
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: tuple[str, ...]
    power: int | None
    toughness: int | None
    mana_value: int
    abilities: tuple[str, ...]  # keyword abilities
    static: tuple[StaticAbility, ...]
    counters: tuple[tuple[str, int], ...]
    attached_to: str | None
    # counter kind -> the timestamp of its newest counter (613.7c, from 2020); a kind not named has
    # the object's timestamp (decision counters_timestamp).
    counter_timestamps: tuple[tuple[str, int], ...]
    # When it last turned face up, and last transformed: from 2015 each gives it a new timestamp (613.6e-f).
    face_up_at: int | None
    transformed_at: int | None
    # The colors of a color indicator (202.2e, 204, from 2011-09-30); before, what its Oracle text said.
    color_indicator: tuple[str, ...]
    tapped: bool
    paired_with: str | None  # soulbond (702.95)
    # Face down: how (``FACE_DOWN_KINDS``), and when it last turned face down (a new timestamp from 2015, 613.6e).
    # Its printed characteristics stay on the board, as the card under it, but no rule reads them.
    face_down: str | None
    face_down_at: int | None
    token: bool  # a token rather than a card (111.1): filters and conditions ask
    was_cast: bool  # it entered as a spell that was cast and resolved: filters and conditions ask
    transformed: bool  # a double-faced permanent with its back face up (712): filters ask
    # Its mana cost as printed, in braces; "" for none (a land, or a board that does not say): devotion reads it.
    mana_cost: str
    activated: tuple[str, ...]  # its activated abilities, each "CARD: LABEL" (``ACTIVATED``)
    # Derived: the facts above that filters ask and no effect changes, as ``values`` status bits.
    status: int
    # Derived: whether its abilities are only its static ones, all functioning on the battlefield (no face-down
    # status, no changeling, no color indicator, no ability that works elsewhere only, not transformed): the
    # layer machine
    # builds most objects on that fast path.
    plain: bool
    # Derived: its printed words as the sets the layer machine starts its object from (``engines.layers.state``),
    # made once with the board rather than at every evaluation of it (a run evaluates a board with two editions,
    # ``diff`` with every one); its keywords count its activated abilities' words.
    type_set: frozenset[str]
    subtype_set: frozenset[str]
    supertype_set: frozenset[str]
    color_set: frozenset[str]
    keyword_set: frozenset[str]

    def __init__(self, id: str, name: str, controller: str, owner: str, timestamp: int, types: tuple[str, ...] = (),
                 subtypes: tuple[str, ...] = (), supertypes: tuple[str, ...] = (), colors: tuple[str, ...] = (),
                 power: int | None = None, toughness: int | None = None, mana_value: int = 0,
                 abilities: tuple[str, ...] = (), static: tuple[StaticAbility, ...] = (),
                 counters: tuple[tuple[str, int], ...] = (), attached_to: str | None = None,
                 counter_timestamps: tuple[tuple[str, int], ...] = (), face_up_at: int | None = None,
                 transformed_at: int | None = None, color_indicator: tuple[str, ...] = (), tapped: bool = False,
                 paired_with: str | None = None, face_down: str | None = None, face_down_at: int | None = None,
                 token: bool = False, was_cast: bool = False, transformed: bool = False, mana_cost: str = "",
                 activated: tuple[str, ...] = ()) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "controller", controller)
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "timestamp", timestamp)
        object.__setattr__(self, "types", types)
        object.__setattr__(self, "subtypes", subtypes)
        object.__setattr__(self, "supertypes", supertypes)
        object.__setattr__(self, "colors", colors)
        object.__setattr__(self, "power", power)
        object.__setattr__(self, "toughness", toughness)
        object.__setattr__(self, "mana_value", mana_value)
        object.__setattr__(self, "abilities", abilities)
        object.__setattr__(self, "static", static)
        object.__setattr__(self, "counters", counters)
        object.__setattr__(self, "attached_to", attached_to)
        object.__setattr__(self, "counter_timestamps", counter_timestamps)
        object.__setattr__(self, "face_up_at", face_up_at)
        object.__setattr__(self, "transformed_at", transformed_at)
        object.__setattr__(self, "color_indicator", color_indicator)
        object.__setattr__(self, "tapped", tapped)
        object.__setattr__(self, "paired_with", paired_with)
        object.__setattr__(self, "face_down", face_down)
        object.__setattr__(self, "face_down_at", face_down_at)
        object.__setattr__(self, "token", token)
        object.__setattr__(self, "was_cast", was_cast)
        object.__setattr__(self, "transformed", transformed)
        object.__setattr__(self, "mana_cost", mana_cost)
        object.__setattr__(self, "activated", activated)
        plain = face_down is None and not color_indicator and CHANGELING not in abilities and not transformed
        if plain:
            for s in static:
                if s.functions_in is not ON_BATTLEFIELD:
                    plain = False
                    break
        object.__setattr__(self, "plain", plain)
        object.__setattr__(self, "status", (TAPPED if tapped else 0) | (PAIRED if paired_with is not None else 0)
                           | (TOKEN if token else 0) | (WAS_CAST if was_cast else 0)
                           | (TRANSFORMED if transformed else 0))
        object.__setattr__(self, "type_set", frozenset(types))
        object.__setattr__(self, "subtype_set", frozenset(subtypes))
        object.__setattr__(self, "supertype_set", frozenset(supertypes))
        object.__setattr__(self, "color_set", frozenset(colors))
        object.__setattr__(self, "keyword_set", frozenset(abilities + activated if activated else abilities))

    def counter_timestamp(self, kind: str) -> int:
        return dict(self.counter_timestamps).get(kind, self.timestamp)

    @property
    def latest_timestamp(self) -> int:
        """Its timestamp where turning face up or down and transforming give new ones (613.6e-f, 2015)."""
        return max(t for t in (self.timestamp, self.face_up_at, self.face_down_at, self.transformed_at)
                   if t is not None)

    @property
    def pt_counters(self) -> tuple[tuple[str, int], ...]:
        """The counters that change power and toughness: every +X/+Y and -X/-Y kind."""
        return tuple((kind, n) for kind, n in self.counters if n and counter_pt_change(kind) is not None)

    @property
    def counter_pt(self) -> tuple[int, int]:
        """Net P/T change from the object's +X/+Y and -X/-Y counters; other kinds change nothing."""
        return counters_pt(self.counters)


class Effect(Record):
    """A continuous effect from a resolved spell or ability; it affects a fixed set of objects (418.3b)."""

    __match_args__: ClassVar[tuple[str, ...]] = (
        "id", "source", "controller", "timestamp", "affects", "parts", "source_given",
    )

    id: str
    source: str
    controller: str
    timestamp: int
    affects: Ids
    parts: tuple[Part, ...]
    source_given: bool
    # Derived: whether an amount of its P/T parts is read from the game, which it did once, as it resolved
    # (a variable: old 418.3c; 611.2d): the layer machine fixes it first (``engines.layers.resolution``).
    variable: bool

    def __init__(self, id: str, source: str, controller: str, timestamp: int, affects: Ids, parts: tuple[Part, ...],
                 source_given: bool = True) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "controller", controller)
        object.__setattr__(self, "timestamp", timestamp)
        object.__setattr__(self, "affects", affects)
        object.__setattr__(self, "parts", parts)
        object.__setattr__(self, "source_given", source_given)
        variable = False
        for p in parts:
            if (p.kind == "pt_set" or p.kind == "pt_modify") and not (type(p.power) is int
                                                                       and type(p.toughness) is int):
                variable = True
                break
        object.__setattr__(self, "variable", variable)


class Board(Record):
    """A board: its players (the active player first), the permanents on the battlefield, the continuous
    effects of resolved spells and abilities, and the cards in other zones (``from_dict`` reads the board
    format, docs/board-format.md)."""

    __match_args__: ClassVar[tuple[str, ...]] = (
        "players", "objects", "effects", "graveyards", "notes", "exile", "life", "hand_sizes", "hands", "libraries",
        "stack",
    )

    players: tuple[str, ...]
    objects: tuple[Permanent, ...]
    effects: tuple[Effect, ...]
    graveyards: tuple[tuple[str, tuple[Card, ...]], ...]
    notes: str | None
    exile: tuple[tuple[str, tuple[Card, ...]], ...]  # each player's cards in exile, as graveyards
    # Each player's life total and number of cards in hand, where the board gives them (default 20, the starting life total of old 101.3 / 2009 103.3, and 0).
    life: tuple[tuple[str, int], ...]
    hand_sizes: tuple[tuple[str, int], ...]
    # Each player's cards in hand and in library (the top first), and the spells on the stack by controller.
    hands: tuple[tuple[str, tuple[Card, ...]], ...]
    libraries: tuple[tuple[str, tuple[Card, ...]], ...]
    stack: tuple[tuple[str, tuple[Card, ...]], ...]
    # Derived: the objects by id.
    _by_id: dict

    # Derived: whether its cards outside the battlefield take part in the layers (``reaches_cards``).
    reaches_cards: bool
    # Derived: whether an effect's amounts were read as it resolved (``Effect.variable``).
    variable_effects: bool

    def __init__(self, players: tuple[str, ...], objects: tuple[Permanent, ...], effects: tuple[Effect, ...] = (),
                 graveyards: tuple[tuple[str, tuple[Card, ...]], ...] = (), notes: str | None = None,
                 exile: tuple[tuple[str, tuple[Card, ...]], ...] = (), life: tuple[tuple[str, int], ...] = (),
                 hand_sizes: tuple[tuple[str, int], ...] = (), hands: tuple[tuple[str, tuple[Card, ...]], ...] = (),
                 libraries: tuple[tuple[str, tuple[Card, ...]], ...] = (),
                 stack: tuple[tuple[str, tuple[Card, ...]], ...] = ()) -> None:
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "objects", objects)
        object.__setattr__(self, "effects", effects)
        object.__setattr__(self, "graveyards", graveyards)
        object.__setattr__(self, "notes", notes)
        object.__setattr__(self, "exile", exile)
        object.__setattr__(self, "life", life)
        object.__setattr__(self, "hand_sizes", hand_sizes)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "libraries", libraries)
        object.__setattr__(self, "stack", stack)
        object.__setattr__(self, "_by_id", {o.id: o for o in objects})
        variable = False
        for e in effects:
            if e.variable:
                variable = True
                break
        object.__setattr__(self, "variable_effects", variable)
        object.__setattr__(self, "reaches_cards", bool(graveyards or exile or hands or libraries or stack)
                           and _reaches_cards(self))

    def zone_cards(self) -> Iterable[tuple[str, str, str, int, Card]]:
        """Every card outside the battlefield: (its zone's board key, zone, player, index, card)."""
        for key, zone in CARD_ZONES.items():
            for player, cards in getattr(self, key):
                for index, card in enumerate(cards):
                    yield key, zone, player, index, card

    def object(self, object_id: str) -> Permanent:
        return self._by_id[object_id]

    @property
    def active_player(self) -> str:
        return self.players[0]

    @classmethod
    def from_dict(cls, data: dict[str, Any], memo: dict | None = None) -> "Board":
        """Build a board from validated contract-v1 data, filling in every default.

        With ``memo`` (a dict kept across calls), a static ability or effect written by the same
        mapping object as in an earlier call is that call's value again: a shrinker's variants
        share their unchanged parts, and an engine then finds its plans for them by identity.
        """
        players = tuple(data.get("players", DEFAULT_PLAYERS))
        # Typed as the dicts they are, here and in the other readers: the compiled build then reads them with
        # dict operations, not through a mapping's methods (a fifth of building a board).
        raw_objects: list[dict[str, Any]] = data.get("objects", [])
        raw_effects: list[dict[str, Any]] = data.get("effects", [])
        # Default timestamps: order of appearance, objects first, then effects.
        objects = []
        for position, o in enumerate(raw_objects, start=1):
            controller = o.get("controller", players[0])
            objects.append(
                Permanent(
                    id=o["id"],
                    name=o.get("name", o["id"]),
                    controller=controller,
                    owner=o.get("owner", controller),
                    timestamp=o.get("timestamp", position),
                    types=card_types(o.get("types", ())),
                    subtypes=tuple(o.get("subtypes", ())),
                    supertypes=tuple(o.get("supertypes", ())),
                    colors=tuple(o.get("colors", ())),
                    color_indicator=tuple(o.get("color_indicator", ())),
                    power=o.get("power"),
                    toughness=o.get("toughness"),
                    mana_value=o["mana_value"] if "mana_value" in o else mana_value_of_cost(o.get("mana_cost", "")),
                    mana_cost=o.get("mana_cost", ""),
                    activated=tuple(o.get("activated", ())),
                    abilities=tuple(o.get("abilities", ())),
                    static=tuple(StaticAbility.from_dict(s) if memo is None else
                                 _memo(memo, id(s), s, StaticAbility.from_dict) for s in o.get("static", ())),
                    counters=tuple(sorted(o.get("counters", {}).items())),
                    attached_to=o.get("attached_to"),
                    counter_timestamps=tuple(sorted(o.get("counter_timestamps", {}).items())),
                    face_up_at=o.get("face_up_at"),
                    transformed_at=o.get("transformed_at"),
                    tapped=o.get("tapped", False),
                    paired_with=o.get("paired_with"),
                    face_down=o.get("face_down"),
                    face_down_at=o.get("face_down_at"),
                    token=o.get("token", False),
                    was_cast=o.get("was_cast", False),
                    transformed=o.get("transformed", False),
                )
            )
        effects = []
        for position, e in enumerate(raw_effects, start=len(raw_objects) + 1):
            # An effect's defaults depend on its position and the active player: they are part of the key.
            effects.append(_effect(e, position, players[0]) if memo is None else
                           _memo(memo, (id(e), position, players[0]), e, _effect, position, players[0]))
        graveyards, exile, hands, libraries, stack = (
            tuple((player, tuple(Card.from_dict(c) for c in cards)) for player, cards in data.get(zone, {}).items())
            for zone in CARD_ZONES
        )
        return Board(players, tuple(objects), tuple(effects), graveyards, data.get("notes"), exile,
                   tuple(data.get("life", {}).items()), tuple(data.get("hand_size", {}).items()), hands, libraries,
                   stack)

    def player_number(self, what: str, player: str) -> int:
        """A player's life total (20 unless the board says: old 101.3; 2009 103.3) or number of cards in hand (as
        many as it lists in ``hands`` unless it says)."""
        if what == "life":
            return dict(self.life).get(player, 20)
        return dict(self.hand_sizes).get(player, len(dict(self.hands).get(player, ())))

    def cards(self) -> dict[str, Card]:
        """The cards outside the battlefield that have an id, by id."""
        return {c.id: c for _, _, _, _, c in self.zone_cards() if c.id is not None}

    def to_dict(self) -> dict[str, Any]:
        """The board in contract-v1 form, with every timestamp written out."""
        out: dict[str, Any] = {"players": list(self.players), "objects": []}
        for o in self.objects:
            d: dict[str, Any] = {"id": o.id}
            if o.name != o.id:
                d["name"] = o.name
            d["controller"] = o.controller
            if o.owner != o.controller:
                d["owner"] = o.owner
            for key in ("types", "subtypes", "supertypes", "colors", "color_indicator"):
                if getattr(o, key):
                    d[key] = list(getattr(o, key))
            for key in ("power", "toughness"):
                if getattr(o, key) is not None:
                    d[key] = getattr(o, key)
            if o.mana_cost:
                d["mana_cost"] = o.mana_cost
            if o.mana_value:
                d["mana_value"] = o.mana_value
            if o.abilities:
                d["abilities"] = list(o.abilities)
            if o.activated:
                d["activated"] = list(o.activated)
            if o.counters:
                d["counters"] = dict(o.counters)
            if o.counter_timestamps:
                d["counter_timestamps"] = dict(o.counter_timestamps)
            d["timestamp"] = o.timestamp
            for key in ("face_down", "face_up_at", "face_down_at", "transformed_at"):
                if getattr(o, key) is not None:
                    d[key] = getattr(o, key)
            if o.attached_to is not None:
                d["attached_to"] = o.attached_to
            for flag in ("tapped", "token", "was_cast", "transformed"):
                if getattr(o, flag):
                    d[flag] = True
            if o.paired_with is not None:
                d["paired_with"] = o.paired_with
            if o.static:
                d["static"] = [s.to_dict() for s in o.static]
            out["objects"].append(d)
        for key in CARD_ZONES:
            if getattr(self, key):
                out[key] = {p: [c.to_dict() for c in cards] for p, cards in getattr(self, key)}
        if self.life:
            out["life"] = dict(self.life)
        if self.hand_sizes:
            out["hand_size"] = dict(self.hand_sizes)
        if self.effects:
            out["effects"] = []
            for e in self.effects:
                d = {"id": e.id}
                if e.source_given:
                    d["source"] = e.source
                d["controller"] = e.controller
                d["timestamp"] = e.timestamp
                d["affects"] = list(e.affects.ids)
                d.update(parts_to_dict(e.parts))
                out["effects"].append(d)
        if self.notes is not None:
            out["notes"] = self.notes
        return out


def _reaches_cards(board: Board) -> bool:
    """Whether the board's cards outside the battlefield take part in the layers: one of them has a static
    ability or changeling, an effect reaches another zone (a filter's ``zones``, or a resolved effect that
    affected a card), or a copy effect copies a card."""
    cards = board.cards()
    if any(card.static or CHANGELING in card.abilities for _, _, _, _, card in board.zone_cards()):
        return True
    bodies = [s for p in board.objects for s in p.static] + list(board.effects)
    return any(_reaches(part, cards) for body in bodies for part in body_parts(body))


def body_parts(body) -> Iterable:
    """A body's affects, parts and condition (a static ability's), and those of the static abilities it grants, all
    the way down."""
    yield body.affects
    for part in body.parts:
        yield part
        if isinstance(part, AbilityPart):
            for added in part.add:
                if isinstance(added, StaticAbility):
                    yield from body_parts(added)
    if isinstance(body, StaticAbility) and body.condition is not None:
        yield body.condition


def _reaches(thing, cards: Mapping[str, Card]) -> bool:
    if isinstance(thing, Matching):
        return thing.filter.zones is not None
    if isinstance(thing, Ids):  # a resolved effect that affected a card
        return any(i in cards for i in thing.ids)
    return isinstance(thing, (CopyPart, FullTextPart)) and thing.of in cards


def _effect(e: dict[str, Any], position: int, active_player: str) -> Effect:
    # Not a closure in Board.from_dict: a compiled closure and its function hold each other (a reference cycle).
    return Effect(
        id=e["id"],
        source=e.get("source", e["id"]),
        controller=e.get("controller", active_player),
        timestamp=e.get("timestamp", position),
        affects=Ids(tuple(e["affects"])),
        parts=parts_from_dict(e),
        source_given="source" in e,
    )


def _memo(memo: dict, key, data: dict[str, Any], build, *args):
    """``build(data, *args)``, remembered in ``memo`` under ``key`` (which holds ``id(data)`` and whatever
    else the value depends on); the mapping is kept with the value, so its id is never reused meanwhile."""
    hit = memo.get(key)
    if hit is not None and hit[0] is data:
        return hit[1]
    value = build(data, *args)
    memo[key] = (data, value)
    return value
