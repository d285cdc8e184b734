"""What an ability reads: filters (which objects), values (how much) and conditions (whether).

A filter says which objects (or cards in graveyards and exile) an effect affects or counts.
A value is the number a P/T effect adds or sets: an integer, or a tree of values read from the
state when the effect applies (a count, another object's power, a player's life, sums and
multiples of them). A condition is the "as long as" of a conditional static ability: while it
does not hold, the ability's effect does not exist (old 418.5c, 2009 613.8a count a change of it
as a change of existence). Every type here is a frozen value, read by ``engines.layers.reading``.
"""

from __future__ import annotations

from collections.abc import Iterator

from engines.board.record import Record
from engines.board.vocabulary import KINDRED, card_types

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any, ClassVar, Final

# An object's status bits (``Obj.status``): facts of the board that no continuous effect changes.
TAPPED: Final = 1
PAIRED: Final = 2
FACE_DOWN: Final = 4
TOKEN: Final = 8  # a token, not a card (111.1)
WAS_CAST: Final = 16  # it entered the battlefield as a spell that resolved (601, 608.3)
TRANSFORMED: Final = 32  # a double-faced permanent with its back face up (711 / 712)


# A filter's keys by the kind of value each holds (Filter.from_dict, to_dict).
FILTER_SET_KEYS: Final = (
    "types", "subtypes", "supertypes", "colors", "abilities",
    "not_types", "not_subtypes", "not_supertypes", "not_colors",
)
FILTER_INT_KEYS: Final = (
    "power_at_least", "power_at_most", "toughness_at_least", "toughness_at_most", "mana_value_at_least",
    "mana_value_at_most",
)
FILTER_PLAYER_KEYS: Final = ("controller", "owner")
FILTER_STATUS_KEYS: Final = ("tapped", "attached", "paired", "face_down", "token", "was_cast", "transformed")


class Filter(Record):
    """Which objects (or graveyard cards) an effect reads; every given key must hold."""

    __match_args__: ClassVar[tuple[str, ...]] = (
        "types", "subtypes", "supertypes", "colors", "abilities", "not_types", "not_subtypes", "not_supertypes",
        "not_colors", "controller", "owner", "name", "other", "power_at_least", "power_at_most",
        "toughness_at_least", "toughness_at_most", "mana_value_at_least", "mana_value_at_most", "no_abilities",
        "tapped", "attached", "paired", "face_down", "token", "was_cast", "transformed", "zones",
    )

    types: frozenset[str]
    subtypes: frozenset[str]
    supertypes: frozenset[str]
    colors: frozenset[str]
    abilities: frozenset[str]
    not_types: frozenset[str]
    not_subtypes: frozenset[str]
    not_supertypes: frozenset[str]
    not_colors: frozenset[str]
    controller: str | None  # "you", "opponent" or a player's name
    owner: str | None  # the same words, for the object's owner
    name: str | None
    other: bool
    power_at_least: int | None
    power_at_most: int | None
    toughness_at_least: int | None
    toughness_at_most: int | None
    mana_value_at_least: int | None
    mana_value_at_most: int | None
    no_abilities: bool  # Muraganda Petroglyphs: not one ability, keyword or other
    tapped: bool | None
    attached: bool | None  # attached to an object (an Aura, Equipment or Fortification)
    paired: bool | None  # paired with a creature (soulbond)
    face_down: bool | None  # a face-down permanent (Ixidron counts them)
    token: bool | None  # a token (Intangible Virtue's creature tokens), or a card (false: nontoken)
    was_cast: bool | None  # it entered as a spell that was cast and resolved
    transformed: bool | None  # its back face up (a transformed double-faced permanent)
    # Where an effect that affects by this filter reaches (Painter's Servant, Conspiracy): the zones' words;
    # None is the battlefield only. Counts say their zone apart (``Count.zone``).
    zones: frozenset[str] | None
    # Whether any key below ``other`` besides the P/T bounds is given: the layer machine asks a filter
    # millions of times, and most filters give none of them.
    rare: bool
    # Derived from the status keys: the bits they ask about, and those that must be set (an object matches when
    # ``status & status_mask == status_wanted``).
    status_mask: int
    status_wanted: int

    def __init__(self, types: frozenset[str] = frozenset(), subtypes: frozenset[str] = frozenset(),
                 supertypes: frozenset[str] = frozenset(), colors: frozenset[str] = frozenset(),
                 abilities: frozenset[str] = frozenset(), not_types: frozenset[str] = frozenset(),
                 not_subtypes: frozenset[str] = frozenset(), not_supertypes: frozenset[str] = frozenset(),
                 not_colors: frozenset[str] = frozenset(), controller: str | None = None, owner: str | None = None,
                 name: str | None = None, other: bool = False, power_at_least: int | None = None,
                 power_at_most: int | None = None, toughness_at_least: int | None = None,
                 toughness_at_most: int | None = None, mana_value_at_least: int | None = None,
                 mana_value_at_most: int | None = None, no_abilities: bool = False, tapped: bool | None = None,
                 attached: bool | None = None, paired: bool | None = None, face_down: bool | None = None,
                 token: bool | None = None, was_cast: bool | None = None, transformed: bool | None = None,
                 zones: frozenset[str] | None = None) -> None:
        object.__setattr__(self, "types", types)
        object.__setattr__(self, "subtypes", subtypes)
        object.__setattr__(self, "supertypes", supertypes)
        object.__setattr__(self, "colors", colors)
        object.__setattr__(self, "abilities", abilities)
        object.__setattr__(self, "not_types", not_types)
        object.__setattr__(self, "not_subtypes", not_subtypes)
        object.__setattr__(self, "not_supertypes", not_supertypes)
        object.__setattr__(self, "not_colors", not_colors)
        object.__setattr__(self, "controller", controller)
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "other", other)
        object.__setattr__(self, "power_at_least", power_at_least)
        object.__setattr__(self, "power_at_most", power_at_most)
        object.__setattr__(self, "toughness_at_least", toughness_at_least)
        object.__setattr__(self, "toughness_at_most", toughness_at_most)
        object.__setattr__(self, "mana_value_at_least", mana_value_at_least)
        object.__setattr__(self, "mana_value_at_most", mana_value_at_most)
        object.__setattr__(self, "no_abilities", no_abilities)
        object.__setattr__(self, "tapped", tapped)
        object.__setattr__(self, "attached", attached)
        object.__setattr__(self, "paired", paired)
        object.__setattr__(self, "face_down", face_down)
        object.__setattr__(self, "token", token)
        object.__setattr__(self, "was_cast", was_cast)
        object.__setattr__(self, "transformed", transformed)
        object.__setattr__(self, "zones", zones)
        # Derived: the status bits the status keys ask about (all but ``attached``, which asks what it is attached
        # to), and those that must be set.
        mask = wanted = 0
        for asked, bit in ((tapped, TAPPED), (paired, PAIRED), (face_down, FACE_DOWN), (token, TOKEN),
                           (was_cast, WAS_CAST), (transformed, TRANSFORMED)):
            if asked is not None:
                mask |= bit
                wanted |= bit if asked else 0
        object.__setattr__(self, "status_mask", mask)
        object.__setattr__(self, "status_wanted", wanted)
        object.__setattr__(self, "rare", owner is not None or name is not None or mana_value_at_least is not None
                           or mana_value_at_most is not None or no_abilities or mask != 0 or attached is not None)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Filter":
        # Each key read by name, not gathered into keyword arguments: the compiled build then calls the compiled
        # ``__init__`` directly (``Filter``, not ``cls``, whose call the build cannot know). A filter's card types
        # say kindred as tribal, as the board's values do.
        return Filter(
            types=_words(data, "types", True), subtypes=_words(data, "subtypes"),
            supertypes=_words(data, "supertypes"), colors=_words(data, "colors"),
            abilities=_words(data, "abilities"), not_types=_words(data, "not_types", True),
            not_subtypes=_words(data, "not_subtypes"), not_supertypes=_words(data, "not_supertypes"),
            not_colors=_words(data, "not_colors"), controller=data.get("controller"), owner=data.get("owner"),
            name=data.get("name"), other=bool(data.get("other")), power_at_least=data.get("power_at_least"),
            power_at_most=data.get("power_at_most"), toughness_at_least=data.get("toughness_at_least"),
            toughness_at_most=data.get("toughness_at_most"), mana_value_at_least=data.get("mana_value_at_least"),
            mana_value_at_most=data.get("mana_value_at_most"), no_abilities=bool(data.get("no_abilities")),
            tapped=data.get("tapped"), attached=data.get("attached"), paired=data.get("paired"),
            face_down=data.get("face_down"), token=data.get("token"), was_cast=data.get("was_cast"),
            transformed=data.get("transformed"),
            zones=frozenset(data["zones"]) if "zones" in data else None,
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: sorted(getattr(self, k)) for k in FILTER_SET_KEYS if getattr(self, k)}
        out.update({k: getattr(self, k) for k in (*FILTER_PLAYER_KEYS, "name") if getattr(self, k) is not None})
        for k in ("other", "no_abilities"):
            if getattr(self, k):
                out[k] = True
        out.update({k: getattr(self, k) for k in (*FILTER_INT_KEYS, *FILTER_STATUS_KEYS)
                    if getattr(self, k) is not None})
        if self.zones is not None:
            out["zones"] = sorted(self.zones)
        return out


_NO_WORDS: Final[frozenset[str]] = frozenset()


def _words(data: dict[str, Any], key: str, of_card_types: bool = False) -> frozenset[str]:
    """A filter's set of words under ``key`` (none: the empty set); ``of_card_types``: kindred is read as tribal."""
    words = data.get(key)
    if not words:
        return _NO_WORDS
    return frozenset(card_types(words) if of_card_types and KINDRED in words else words)


# ---------------------------------------------------------------- values


class ManaValue(Record):
    """The affected object's mana value (old rules: converted mana cost): each object answers for itself."""

    __match_args__: ClassVar[tuple[str, ...]] = ()

    def to_dict(self) -> str:
        return "mana_value"


# What a count's objects may be asked to share with the object the value is read for (``Count.sharing``).
SHARING: Final = ("creature_type", "color")


class Count(Record):
    """How many objects on the battlefield, or cards in graveyards or in exile, match a filter.

    With ``sharing``, each affected object has its own count: the others that match and share at least one
    creature type (or color) with it (Coat of Arms: +1/+1 for each other creature that shares a creature type
    with it). In a condition, the object is the ability's own."""

    __match_args__: ClassVar[tuple[str, ...]] = ("filter", "zone", "sharing")

    filter: Filter
    zone: str  # or "graveyard", "exile"
    sharing: str | None  # one of SHARING

    def __init__(self, filter: Filter, zone: str = "battlefield", sharing: str | None = None) -> None:
        object.__setattr__(self, "filter", filter)
        object.__setattr__(self, "zone", zone)
        object.__setattr__(self, "sharing", sharing)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"count": self.filter.to_dict()}
        if self.zone != "battlefield":
            out["zone"] = self.zone
        if self.sharing is not None:
            out["sharing"] = self.sharing
        return out


class PTOf(Record):
    """The power or toughness of another object: a permanent, as the layers applied so far have
    left it (a noncreature has none: 0), or a card in a graveyard or in exile (Phyrexian Ingester's
    exiled card), whose P/T is its printed one, its +X/+Y counters counting from 2011-06 (121.1a).
    """

    __match_args__: ClassVar[tuple[str, ...]] = ("of", "characteristic")

    of: str  # the id of an object or of a card
    characteristic: str  # "power" or "toughness"

    def __init__(self, of: str, characteristic: str) -> None:
        object.__setattr__(self, "of", of)
        object.__setattr__(self, "characteristic", characteristic)

    def to_dict(self) -> dict[str, str]:
        return {f"{self.characteristic}_of": self.of}


class ManaValueOf(Record):
    """The mana value of an object, as copy effects leave it (a copiable value: 503.2 / 706.2), or of a card."""

    __match_args__: ClassVar[tuple[str, ...]] = ("of",)

    of: str

    def __init__(self, of: str) -> None:
        object.__setattr__(self, "of", of)

    def to_dict(self) -> dict[str, str]:
        return {"mana_value_of": self.of}


class CountersOn(Record):
    """How many counters of one kind are on an object or a card (no continuous effect changes it)."""

    __match_args__: ClassVar[tuple[str, ...]] = ("kind", "of")

    kind: str
    of: str  # the id of an object or of a card

    def __init__(self, kind: str, of: str) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "of", of)

    def to_dict(self) -> dict[str, str]:
        return {"counters": self.kind, "of": self.of}


class Greatest(Record):
    """The greatest power, toughness or mana value among the permanents a filter matches; 0 if none
    matches (a noncreature has no power or toughness: it is not counted for them, 208.3 / 207.3)."""

    __match_args__: ClassVar[tuple[str, ...]] = ("characteristic", "among")

    characteristic: str  # "power", "toughness" or "mana_value"
    among: Filter

    def __init__(self, characteristic: str, among: Filter) -> None:
        object.__setattr__(self, "characteristic", characteristic)
        object.__setattr__(self, "among", among)

    def to_dict(self) -> dict[str, Any]:
        return {f"greatest_{self.characteristic}": self.among.to_dict()}


class CardTypesAmong(Record):
    """How many card types there are among the cards in every graveyard, or in exile (Tarmogoyf)."""

    __match_args__: ClassVar[tuple[str, ...]] = ("zone",)

    zone: str  # "graveyard" or "exile"

    def __init__(self, zone: str) -> None:
        object.__setattr__(self, "zone", zone)

    def to_dict(self) -> dict[str, str]:
        return {"card_types_among": self.zone}


class PlayerNumber(Record):
    """A player's life total or number of cards in hand: "you" (the ability's controller), "opponent"
    (the only opponent, on a board of two players) or a player by name."""

    __match_args__: ClassVar[tuple[str, ...]] = ("what", "player")

    what: str  # "life" or "hand_size"
    player: str

    def __init__(self, what: str, player: str) -> None:
        object.__setattr__(self, "what", what)
        object.__setattr__(self, "player", player)

    def to_dict(self) -> dict[str, str]:
        return {self.what: self.player}


class Devotion(Record):
    """A player's devotion to a color, or to two colors (700.5): the mana symbols of those colors among the mana
    costs of the permanents the player controls, a hybrid symbol of both counted once (a Theros God: "as long as
    your devotion to blue is less than five"). Mana costs change only by copy effects and controllers only by
    control-changing ones, so read as later layers apply, it is what 700.5a says: devotion after the copy,
    control and text-changing effects. Its color words are text (612.2): a text-changing effect changes them."""

    __match_args__: ClassVar[tuple[str, ...]] = ("colors", "player")

    colors: tuple[str, ...]
    player: str

    def __init__(self, colors: tuple[str, ...], player: str = "you") -> None:
        object.__setattr__(self, "colors", colors)
        object.__setattr__(self, "player", player)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"devotion": list(self.colors)}
        if self.player != "you":
            out["player"] = self.player
        return out


class Sum(Record):
    """The sum of values ("1 plus the number of ...": Lhurgoyf's toughness)."""

    __match_args__: ClassVar[tuple[str, ...]] = ("values",)

    values: tuple["Value", ...]

    def __init__(self, values: tuple["Value", ...]) -> None:
        object.__setattr__(self, "values", values)

    def to_dict(self) -> dict[str, Any]:
        return {"sum": [value_to_dict(v) for v in self.values]}


class Times(Record):
    """A value multiplied by an integer ("+2/+2 for each ...", or -1 times a value for "-X")."""

    __match_args__: ClassVar[tuple[str, ...]] = ("factor", "value")

    factor: int
    value: "Value"

    def __init__(self, factor: int, value: "Value") -> None:
        object.__setattr__(self, "factor", factor)
        object.__setattr__(self, "value", value)

    def to_dict(self) -> dict[str, Any]:
        return {"times": self.factor, "value": value_to_dict(self.value)}


class AsResolved(Record):
    """What a per-object amount of a resolved effect came to for each object it affects, as it resolved (old
    418.3c; 611.2d): made by the layer machine (``engines.layers.resolution``), never written in a board."""

    __match_args__: ClassVar[tuple[str, ...]] = ("amounts",)

    amounts: tuple[tuple[str, int], ...]  # (object id, amount)

    def __init__(self, amounts: tuple[tuple[str, int], ...]) -> None:
        object.__setattr__(self, "amounts", amounts)

    def to_dict(self) -> dict[str, Any]:
        return {"as_resolved": dict(self.amounts)}


Value = (int | ManaValue | Count | PTOf | ManaValueOf | CountersOn | Greatest | CardTypesAmong | PlayerNumber | Devotion
         | Sum | Times | AsResolved)
MANA_VALUE: Final = ManaValue()


def value_from_dict(data: Any) -> Value:
    if isinstance(data, int):
        return data
    if data == "mana_value":
        return MANA_VALUE
    if "count" in data:
        return Count(Filter.from_dict(data["count"]), data.get("zone", "battlefield"), data.get("sharing"))
    if "counters" in data:
        return CountersOn(data["counters"], data["of"])
    if "devotion" in data:
        return Devotion(tuple(data["devotion"]), data.get("player", "you"))
    if "sum" in data:
        return Sum(tuple(value_from_dict(v) for v in data["sum"]))
    if "times" in data:
        return Times(data["times"], value_from_dict(data["value"]))
    (key, arg), = data.items()
    if key in ("power_of", "toughness_of"):
        return PTOf(arg, key[:-3])
    if key == "mana_value_of":
        return ManaValueOf(arg)
    if key.startswith("greatest_"):
        return Greatest(key[len("greatest_"):], Filter.from_dict(arg))
    if key == "card_types_among":
        return CardTypesAmong(arg)
    return PlayerNumber(key, arg)


def value_to_dict(value: Value) -> Any:
    return value if isinstance(value, int) else value.to_dict()


def leaves(value: Value) -> Iterator[Value]:
    """The values a value is made of, sums and multiples opened: what it reads."""
    if isinstance(value, Sum):
        for v in value.values:
            yield from leaves(v)
    elif isinstance(value, Times):
        yield from leaves(value.value)
    else:
        yield value


def per_object(value: Value) -> bool:
    """Whether each affected object has its own amount: the value reads the affected object's mana value, or
    counts what shares a creature type or color with it."""
    if isinstance(value, (ManaValue, AsResolved)):
        return True
    if isinstance(value, Count):
        return value.sharing is not None
    if isinstance(value, Sum):
        return any(per_object(v) for v in value.values)
    if isinstance(value, Times):
        return per_object(value.value)
    return False


# ---------------------------------------------------------------- conditions


class Controls(Record):
    """A player ("you": the ability's controller, or "opponent": any other player) controls a permanent
    that matches the filter ("as long as you control a Forest": Kird Ape)."""

    __match_args__: ClassVar[tuple[str, ...]] = ("player", "filter")

    player: str  # "you" or "opponent"
    filter: Filter

    def __init__(self, player: str, filter: Filter) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "filter", filter)

    def to_dict(self) -> dict[str, Any]:
        return {"you_control" if self.player == "you" else "opponent_controls": self.filter.to_dict()}


class Compare(Record):
    """A value is at least, and/or at most, a number ("as long as you have 30 or more life")."""

    __match_args__: ClassVar[tuple[str, ...]] = ("value", "at_least", "at_most")

    value: Value
    at_least: int | None
    at_most: int | None

    def __init__(self, value: Value, at_least: int | None = None, at_most: int | None = None) -> None:
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "at_least", at_least)
        object.__setattr__(self, "at_most", at_most)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"value": value_to_dict(self.value)}
        if self.at_least is not None:
            out["at_least"] = self.at_least
        if self.at_most is not None:
            out["at_most"] = self.at_most
        return out


class Is(Record):
    """The ability's own object matches the filter ("as long as it's red", "as long as it's tapped")."""

    __match_args__: ClassVar[tuple[str, ...]] = ("filter",)

    filter: Filter

    def __init__(self, filter: Filter) -> None:
        object.__setattr__(self, "filter", filter)

    def to_dict(self) -> dict[str, Any]:
        return {"is": self.filter.to_dict()}


class AttachedIs(Record):
    """The object the ability's Aura or Equipment is attached to matches the filter ("as long as enchanted
    artifact isn't a creature": Animate Artifact); never, if it is attached to nothing."""

    __match_args__: ClassVar[tuple[str, ...]] = ("filter",)

    filter: Filter

    def __init__(self, filter: Filter) -> None:
        object.__setattr__(self, "filter", filter)

    def to_dict(self) -> dict[str, Any]:
        return {"attached_is": self.filter.to_dict()}


class YourTurn(Record):
    """It is (or is not) the turn of the ability's controller; the board's first player is the active one."""

    __match_args__: ClassVar[tuple[str, ...]] = ("yours",)

    yours: bool

    def __init__(self, yours: bool = True) -> None:
        object.__setattr__(self, "yours", yours)

    def to_dict(self) -> dict[str, bool]:
        return {"your_turn": self.yours}


class AllOf(Record):
    __match_args__: ClassVar[tuple[str, ...]] = ("conditions",)
    conditions: tuple["Condition", ...]

    def __init__(self, conditions: tuple["Condition", ...]) -> None:
        object.__setattr__(self, "conditions", conditions)

    def to_dict(self) -> dict[str, Any]:
        return {"all": [c.to_dict() for c in self.conditions]}


class AnyOf(Record):
    __match_args__: ClassVar[tuple[str, ...]] = ("conditions",)
    conditions: tuple["Condition", ...]

    def __init__(self, conditions: tuple["Condition", ...]) -> None:
        object.__setattr__(self, "conditions", conditions)

    def to_dict(self) -> dict[str, Any]:
        return {"any": [c.to_dict() for c in self.conditions]}


class Not(Record):
    __match_args__: ClassVar[tuple[str, ...]] = ("condition",)
    condition: "Condition"

    def __init__(self, condition: "Condition") -> None:
        object.__setattr__(self, "condition", condition)

    def to_dict(self) -> dict[str, Any]:
        return {"not": self.condition.to_dict()}


Condition = Controls | Compare | Is | AttachedIs | YourTurn | AllOf | AnyOf | Not


def condition_from_dict(data: dict[str, Any]) -> Condition:
    if "value" in data:
        return Compare(value_from_dict(data["value"]), data.get("at_least"), data.get("at_most"))
    (key, arg), = data.items()
    if key == "you_control":
        return Controls("you", Filter.from_dict(arg))
    if key == "opponent_controls":
        return Controls("opponent", Filter.from_dict(arg))
    if key == "is":
        return Is(Filter.from_dict(arg))
    if key == "attached_is":
        return AttachedIs(Filter.from_dict(arg))
    if key == "your_turn":
        return YourTurn(bool(arg))
    if key == "all":
        return AllOf(tuple(condition_from_dict(c) for c in arg))
    if key == "any":
        return AnyOf(tuple(condition_from_dict(c) for c in arg))
    return Not(condition_from_dict(arg))


def map_value_filters(value: Value, change) -> Value:
    """``value`` with ``change(filter)`` for each of its filters; the same object if no filter changes."""
    if isinstance(value, Count):
        f = change(value.filter)
        return value if f is value.filter else Count(f, value.zone, value.sharing)
    if isinstance(value, Greatest):
        f = change(value.among)
        return value if f is value.among else Greatest(value.characteristic, f)
    if isinstance(value, Sum):
        values = tuple(map_value_filters(v, change) for v in value.values)
        return value if all(a is b for a, b in zip(values, value.values)) else Sum(values)
    if isinstance(value, Times):
        inner = map_value_filters(value.value, change)
        return value if inner is value.value else Times(value.factor, inner)
    if isinstance(value, Devotion):  # its color words, read and changed as a filter's colors are
        words = Filter(colors=frozenset(value.colors))
        f = change(words)
        return value if f is words else Devotion(tuple(sorted(f.colors)), value.player)
    return value


def map_condition_filters(condition: Condition, change) -> Condition:
    """``condition`` with ``change(filter)`` for each of its filters (those of its values too); the same
    object if no filter changes."""
    if isinstance(condition, (Is, AttachedIs)):
        f = change(condition.filter)
        return condition if f is condition.filter else type(condition)(f)
    if isinstance(condition, Controls):
        f = change(condition.filter)
        return condition if f is condition.filter else Controls(condition.player, f)
    if isinstance(condition, Compare):
        value = map_value_filters(condition.value, change)
        return condition if value is condition.value else Compare(value, condition.at_least, condition.at_most)
    if isinstance(condition, (AllOf, AnyOf)):
        inner = tuple(map_condition_filters(c, change) for c in condition.conditions)
        return condition if all(a is b for a, b in zip(inner, condition.conditions)) else type(condition)(inner)
    if isinstance(condition, Not):
        negated = map_condition_filters(condition.condition, change)
        return condition if negated is condition.condition else Not(negated)
    return condition
