"""The working state of one evaluation: each object's characteristics so far, and the effects in play.

Objects are small mutable records, cloned before a trial application changes them, so a
trial costs a copy of the objects it touches and nothing else (copy on write).
"""

from __future__ import annotations

from functools import lru_cache

from engines.board.board import FACE_DOWN, FACE_DOWN_WARD, Card, Effect, Permanent, StaticAbility, mana_value_of_cost
from engines.layers.plan import Plan

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Final


_NONE: Final[frozenset[str]] = frozenset()


class Instance:
    """A continuous effect's generator: a static ability on an object, or a resolved effect.

    ``key`` identifies it across layers and passes; ``order`` sorts by timestamp, ties
    broken by board order (the ``simultaneous_timestamps`` decision). A static ability's
    ``source`` is the object that has it, and its key names that object (``key[1]``): the
    same key is never on another object.
    """

    __slots__ = ("key", "label", "body", "plan", "source", "controller", "timestamp", "order", "granted", "cda",
                 "counters")

    def __init__(self, key, label, body, plan: Plan, source, controller, timestamp, order, granted=False):
        self.key = key
        self.label: str = label
        self.body: StaticAbility | Effect = body
        self.plan = plan
        self.source: str | None = source  # the object a static ability is on; None for resolved effects
        self.controller: str | None = controller  # fixed for resolved effects; statics ask their object
        self.timestamp: int = timestamp
        self.order: tuple = order
        self.granted: bool = granted  # granted by an effect: not part of the object's text (418.6b / 612.3)
        self.cda: bool = plan.origin == "cda"
        # A permanent's counters, applied as an effect is but no effect (613.8a names effects only): key ("k", ...).
        self.counters: bool = key[0] == "k"

    @property
    def ability(self) -> StaticAbility:
        """The static ability of an effect that comes from one (``source`` is its object); a resolved effect
        has none."""
        return self.body  # type: ignore[return-value]

    def with_body(self, body: StaticAbility, plan: Plan) -> "Instance":
        """The same ability after a text change (layer 3)."""
        return Instance(self.key, body.label, body, plan, self.source, self.controller, self.timestamp, self.order, self.granted)

    def __repr__(self) -> str:
        return f"Instance({self.label!r}, ts={self.timestamp})"


class Halves:
    """A split card's two halves as filters read them: its two names, either of which it has (708.7 / 709.4a),
    and, where the edition compares each half (708.6a, until 2017-04-28), each half's mana value; from then
    ``mana_values`` is empty and a comparison reads the combined mana value (708.4b)."""

    __slots__ = ("names", "mana_values")

    def __init__(self, names: tuple[str, ...], mana_values: tuple[int, ...]) -> None:
        self.names = names
        self.mana_values = mana_values


def card_halves(card: Card, each_half_compared: bool) -> Halves | None:
    """What filters read of a card's halves, if it is a split card: made once per card and edition kind, not at
    every evaluation."""
    return _halves(card.halves, each_half_compared) if card.halves else None


@lru_cache(maxsize=1024)
def _halves(halves: tuple[tuple[str, str], ...], each_half_compared: bool) -> Halves:
    mana_values = tuple(mana_value_of_cost(cost) for _, cost in halves) if each_half_compared else ()
    return Halves(tuple(name for name, _ in halves), mana_values)


class Obj:
    """An object's characteristics as far as the layers applied so far have determined them.

    ``hidden`` holds the subtypes of a card type the object has lost: they do not exist while
    it is gone and come back with it (212.1b / 204.1a). ``words`` holds the subtypes and
    keywords of its text (printed or copied, as text changes left them): a text change
    rewrites only those, never a subtype or keyword another effect gave (418.6 / 612). Where
    text changes come before every effect that gives subtypes or keywords (the layers; July
    2003) that is no restriction, and ``words`` is None: all it has is text when they apply.
    ``status`` holds the board's facts about it that no effect changes (``values.TAPPED``, ``PAIRED``,
    ``FACE_DOWN``, ``TOKEN``, ``WAS_CAST``, ``TRANSFORMED``: ``Permanent.status``). ``zone`` is where it is:
    "battlefield" for a permanent, or a card's zone
    (``engines.layers.zones``); ``dormant`` holds a card's printed static abilities that do not function where it
    is, which a copy of it still copies.
    """

    __slots__ = (
        "id", "name", "controller", "owner", "types", "subtypes", "supertypes", "colors", "keywords",
        "statics", "power", "toughness", "mana_value", "mana_cost", "timestamp", "attached_to", "position", "hidden", "words",
        "status", "zone", "dormant", "halves",
    )
    id: str
    name: str | None
    controller: str
    owner: str
    types: frozenset[str]
    subtypes: frozenset[str]
    supertypes: frozenset[str]
    colors: frozenset[str]
    keywords: frozenset[str]
    statics: tuple[Instance, ...]
    power: int | None
    toughness: int | None
    mana_value: int
    mana_cost: str  # in braces, "" for none: a copiable value (706.2) that devotion reads (700.5)
    timestamp: int
    attached_to: str | None
    position: int
    hidden: frozenset[str]
    words: frozenset[str] | None
    status: int
    zone: str
    dormant: tuple[Instance, ...]
    halves: Halves | None  # a split card's (``Halves``); None for any other object

    def __init__(self, id: str, name: str | None, controller: str, owner: str, types: frozenset[str],
                 subtypes: frozenset[str], supertypes: frozenset[str], colors: frozenset[str],
                 keywords: frozenset[str], statics: tuple[Instance, ...], power: int | None, toughness: int | None,
                 mana_value: int, mana_cost: str, timestamp: int, attached_to: str | None, position: int,
                 hidden: frozenset[str], words: frozenset[str] | None, status: int, zone: str,
                 dormant: tuple[Instance, ...], halves: Halves | None) -> None:
        # Every field by position: the compiled build makes an object with one native call, where
        # ``Obj.__new__`` and a field at a time went through the generic call of a type's method.
        self.id = id
        self.name = name
        self.controller = controller
        self.owner = owner
        self.types = types
        self.subtypes = subtypes
        self.supertypes = supertypes
        self.colors = colors
        self.keywords = keywords
        self.statics = statics
        self.power = power
        self.toughness = toughness
        self.mana_value = mana_value
        self.mana_cost = mana_cost
        self.timestamp = timestamp
        self.attached_to = attached_to
        self.position = position
        self.hidden = hidden
        self.words = words
        self.status = status
        self.zone = zone
        self.dormant = dormant
        self.halves = halves

    def clone(self) -> "Obj":
        # Trial applications clone objects in the innermost loop of dependency checks.
        return Obj(self.id, self.name, self.controller, self.owner, self.types, self.subtypes, self.supertypes,
                   self.colors, self.keywords, self.statics, self.power, self.toughness, self.mana_value,
                   self.mana_cost, self.timestamp, self.attached_to, self.position, self.hidden, self.words,
                   self.status, self.zone, self.dormant, self.halves)

    @property
    def ability_words(self) -> frozenset[str]:
        """Keywords and static-ability labels: what an ``abilities`` filter sees (a card's abilities that do
        not function where it is are abilities it has all the same)."""
        if not self.statics and not self.dormant:
            return self.keywords
        return self.keywords | {s.label for s in self.statics} | {s.label for s in self.dormant}

    @property
    def has_ability_words(self) -> bool:
        """Whether ``ability_words`` holds any word, asked without building it."""
        return bool(self.keywords) or bool(self.statics) or bool(self.dormant)

    def has_static(self, key) -> bool:
        for s in self.statics:
            if s.key is key or s.key == key:  # most often the very key asked for: no tuple compared
                return True
        return False

    def static(self, key) -> Instance | None:
        for s in self.statics:
            if s.key == key:
                return s
        return None


def obj_from_permanent(p: Permanent, position: int, statics: tuple[Instance, ...], words: bool = False) -> Obj:
    """The object as printed; with ``words``, it keeps apart the words of its text (see ``Obj``)."""
    subtypes, keywords = p.subtype_set, p.keyword_set
    # An activated ability's words name a card, which a text change never changes (418.6a / 612.2).
    text_words = (subtypes | (keywords if not p.activated else frozenset(p.abilities))) if words else None
    o = Obj(p.id, p.name, p.controller, p.owner, p.type_set, subtypes, p.supertype_set, p.color_set, keywords,
            statics, p.power, p.toughness, p.mana_value, p.mana_cost, p.timestamp, p.attached_to, position, _NONE,
            text_words, p.status, "battlefield", (), None)
    if p.face_down is not None:
        _face_down(o, p.face_down)
    return o


_CREATURE: Final = frozenset({"creature"})
_WARD: Final = frozenset({"ward 2"})


def _face_down(o: Obj, kind: str) -> None:
    """A face-down permanent's values: a 2/2 creature with no text, no name, no subtypes and no mana cost
    (504.2 of 2002-10; 707.2a / 708.2a), with ward {2} if disguised or cloaked (702.168a; 701.58a). They are
    what it starts from, and from 2003-07 its copiable values (``Ruleset.face_down_copiable``)."""
    o.name = None
    o.types = _CREATURE
    o.subtypes = o.supertypes = o.colors = _NONE
    o.keywords = _WARD if kind in FACE_DOWN_WARD else _NONE
    o.statics = ()
    o.power = o.toughness = 2
    o.mana_value = 0
    o.mana_cost = ""
    if o.words is not None:
        o.words = o.keywords
    o.status |= FACE_DOWN


def copiable_snapshot(o: Obj) -> tuple:
    """An object's copiable values (706.2 / 503.2): what a copy effect reading it would take.

    In layer 1 the object's current values are exactly its copiable values: only copy
    effects have been applied so far.
    """
    return (
        o.name, o.mana_value, o.mana_cost, o.types, o.subtypes, o.supertypes, o.colors, o.power, o.toughness,
        o.keywords, tuple(s.body for s in o.statics if not s.granted),
    )
