"""Cards outside the battlefield as objects of the layer machine: which of their abilities function where
they are, and what a count of their zone reads.

Most boards' cards only stand in graveyards and exile to be counted (``engines.layers.reading.card_views``). A
board whose cards have abilities, whose effects reach other zones (Painter's Servant, Conspiracy: a
filter's ``zones``) or that copies a card (``Board.reaches_cards``) has its cards as objects in the
machine's state, each with its ``zone``. Effects then change them by the same layers as permanents; a
card's static ability functions only in the zones it names (old 402.6 / 112.6; 113.6: the battlefield unless it says
otherwise, as an Incarnation's "as long as this card is in your graveyard" does), and a
characteristic-defining ability in every zone, as its edition says (``functions``).
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.board.board import CHANGELING, CHANGELING_ABILITY, Board, Card, StaticAbility, indicator_text
from engines.layers.plan import Planner, characteristic
from engines.layers.state import Instance, Obj, card_halves
from rulesets.model import CDA

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Final

# The characteristics an "is" statement or characteristic-setting ability defined in every zone before
# 2007-05 (402.3; 405.2a of 2003-07): all but power and toughness, which a * made 0 out of play (208.2).
_EVERYWHERE: Final = frozenset({"types", "subtypes", "supertypes", "colors"})


def card_id(key: str, player: str, index: int, card: Card) -> str:
    """The id of a card in the machine's state and the outcome: its own, or its place (``hands.alice.0``)."""
    return card.id if card.id is not None else f"{key}.{player}.{index}"


def cards_by_object_id(board: Board) -> dict[str, Card]:
    """Every card outside the battlefield, by its id in the machine's state (``card_id``)."""
    return {card_id(key, player, index, card): card for key, _, player, index, card in board.zone_cards()}


def functions(ability: StaticAbility, zone: str, planner: Planner) -> bool:
    """Whether a card's static ability functions in ``zone``: where it says; a characteristic-defining
    ability everywhere (405.2 of 2007-05 / 604.3), before 2007-05 only one that defines no P/T (402.3;
    405.2a of 2003-07: a * P/T is 0 out of play, 208.2)."""
    if zone in ability.functions_in:
        return True
    if zone == "battlefield":  # a permanent's ability that works elsewhere only (an Incarnation's)
        return False
    if not ability.cda or planner.origin(ability) != CDA:
        return False
    return planner.ruleset.cda_every_zone or all(characteristic(p) in _EVERYWHERE for p in ability.parts)


def card_objects(board: Board, planner: Planner, words: bool, keyword_counters: frozenset[str]) -> dict[str, Obj]:
    """Every card outside the battlefield as an object of the state. An object's timestamp is when it entered its
    zone (613.6c of 2009-10; 613.7d): a card without one entered after every object and effect, in the board's
    order. A card's controller is its owner (old 217.1c; 108.4a), a spell's the player whose stack list holds it.
    A color indicator works in every zone: from 2011-09-30 a printed color (202.2e); before, the Oracle text
    saying the card is that color, a characteristic-defining ability (decision color_indicator_text), which
    works where ``functions`` says."""
    latest = max((t for t in _timestamps(board)), default=0)
    indicators = planner.ruleset.color_indicators
    out: dict[str, Obj] = {}
    for n, (key, zone, player, index, card) in enumerate(board.zone_cards(), start=1):
        oid = card_id(key, player, index, card)
        ts = card.timestamp if card.timestamp is not None else latest + n
        position = len(board.objects) + n
        live: list[Instance] = []
        dormant: list[Instance] = []
        abilities = card.static + ((CHANGELING_ABILITY,) if CHANGELING in card.abilities else ())
        for i, a in enumerate(abilities):
            instance = Instance(("z", oid, i), a.label, a, planner.plan(a), oid, None, ts, (ts, 0, position, i))
            (live if functions(a, zone, planner) else dormant).append(instance)
        if card.color_indicator and not indicators:
            instance = indicator_instance(card.name, card.color_indicator, oid, ts, position, len(abilities), planner)
            (live if functions(instance.ability, zone, planner) else dormant).append(instance)
        out[oid] = o = _card_object(card, oid, zone, player, ts, position, tuple(live), tuple(dormant), words,
                                    keyword_counters, indicators)
        if card.halves:
            o.halves = card_halves(card, not planner.ruleset.split_cards_combined)
    return out


def indicator_instance(name: str | None, colors: tuple[str, ...], oid: str, ts: int, position: int, index: int,
                       planner: Planner) -> Instance:
    """The ability a color indicator stood for until 202.2e of 2011-09-30 (``indicator_text``; decision
    color_indicator_text), on the object or card ``oid``, after its ``index`` abilities; the key "i" marks it for
    the trace."""
    a = indicator_text(name, colors)
    return Instance(("i", oid), a.label, a, planner.plan(a), oid, None, ts, (ts, 0, position, index))


def _timestamps(board: Board) -> Iterable[int]:
    for p in board.objects:
        yield p.latest_timestamp
    for e in board.effects:
        yield e.timestamp


def _card_object(card: Card, oid: str, zone: str, player: str, ts: int, position: int, statics, dormant,
                 words: bool, keyword_counters: frozenset[str], indicators: bool) -> Obj:
    subtypes = frozenset(card.subtypes)
    # From 2011-09-30 its color indicator's colors are printed colors (202.2e).
    colors = frozenset(card.colors) | frozenset(card.color_indicator) if indicators else frozenset(card.colors)
    # A keyword counter gives its keyword to a card in any zone (122.1b, from 2020).
    keywords = frozenset(card.abilities + card.activated) | {k for k, n in card.counters if n and k in keyword_counters}
    text_words = subtypes | (keywords - frozenset(card.activated)) if words else None
    return Obj(oid, card.name, player, player, frozenset(card.types), subtypes, frozenset(card.supertypes), colors,
               keywords, statics, card.power, card.toughness, card.mana_value, card.mana_cost, ts, None, position,
               frozenset(), text_words, 0, zone, dormant, None)


def printed_card(card: Card, o: Obj, counted: bool, indicators: bool) -> Obj:
    """The card as printed, as an object like ``o`` (its id, zone and owner), with its counters where
    ``counted`` and its color indicator's colors where ``indicators`` (202.2e, from 2011-09-30): what the outcome
    compares a card object with, to list only the cards the layers changed."""
    printed = _card_object(card, o.id, o.zone, o.owner, o.timestamp, o.position, (), (), False, frozenset(),
                           indicators)
    # Its abilities as an outcome lists them: keywords, those its keyword counters give it (122.1b, no change
    # of the layers) and its static abilities' labels.
    printed.keywords = frozenset(card.abilities) | {k for k, n in card.counters if n and k in o.keywords} | {
        s.label for s in card.static}
    return with_counters(printed, card) if counted else printed


def with_counters(o: Obj, card: Card) -> Obj:
    """A creature card's object as a count or value reads it once its +X/+Y and -X/-Y counters apply (121.1a,
    from 2011-06): the object itself when they change nothing."""
    if "creature" not in o.types or not card.counters:
        return o
    power, toughness = card.pt(True)
    dp, dt = (power or 0) - (card.power or 0), (toughness or 0) - (card.toughness or 0)
    if not (dp or dt):
        return o
    o = o.clone()
    o.power, o.toughness = (o.power or 0) + dp, (o.toughness or 0) + dt
    return o


def zone_views(state: dict, cards: dict[str, Card], counted: bool) -> dict[str, tuple[Obj, ...]]:
    """The card objects of each zone as a count reads them now: with their counters where ``counted``;
    ``cards`` maps their ids to their cards (``cards_by_object_id``)."""
    views: dict[str, list[Obj]] = {}
    for o in state.values():
        if o.zone != "battlefield":
            card = cards.get(o.id)
            views.setdefault(o.zone, []).append(with_counters(o, card) if counted and card is not None else o)
    return {zone: tuple(objs) for zone, objs in views.items()}
