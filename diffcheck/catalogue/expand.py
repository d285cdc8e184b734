"""Turn ``card: NAME`` objects and ``cast: NAME`` effects into plain board data (contract v1).

A board may name catalogue cards instead of spelling out their characteristics::

    objects:
      - card: Humility                 # printed characteristics and static abilities from the catalogue
      - card: Gray Ogre
        id: ogre                       # beside card: id, controller, owner, counters, timestamp,
        counters: {"+1/+1": 1}         #   attached_to, choices
    effects:
      - cast: Giant Growth             # an instant or sorcery, or a permanent's ability:
        targets: [ogre]                #   cast: Mishra's Factory, ability: animate

Expansion keeps every object and effect at its index and every field given beside a card
under its own key, so an error found in the expanded board points at the same place in
the file (``original_path`` maps ``affects`` back to ``targets``). Defaults: an object's
id is its card name in lowercase words joined by ``-`` (``mishras-factory``; a second
copy gets ``-2``), an effect's id likewise from its source; counters printed in the
catalogue ("enters with") are replaced, not added to, by a board's ``counters``.
"""

from __future__ import annotations

import re

from diffcheck.catalogue.index import Catalogue, catalogue, fold
from diffcheck.catalogue.model import CHOICE_KINDS, Card, CardEffect, Choice, strings_of
from diffcheck.words import and_list, article, count_phrase, or_list, q
from engines.board import BASIC_LAND_TYPES, CARD_ZONES, COLORS, DEFAULT_PLAYERS
from rulesets.record import replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["CardReferenceError", "NONE", "expand_board", "fresh_id", "uses_cards", "original_path"]

# What a board may give beside ``card:`` and ``cast:`` is in the schema (card_object,
# cast_effect): where and whose the card is, never what is printed on it.

# The zones of cards outside the battlefield, and what such a card keeps of a catalogue entry.
ZONES = tuple(CARD_ZONES)
ZONE_CARD_FIELDS = ("types", "subtypes", "supertypes", "colors", "color_indicator", "power", "toughness", "mana_value",
                    "mana_cost", "halves", "abilities")
_SUBTYPE_WORD = re.compile(r"^[a-z][a-z'-]*$")


def _own_copy(value: Any) -> Any:
    """A deep copy of a card's data, for the board to own. Most of a card's printed values are a string, a number or
    a list of words, copied here as they are or as a new list (a fifth of a board of cards' expansion went to
    ``deepcopy``); anything else by ``copy``, imported on the first such value: a board without cards needs none,
    and the module costs every start of ``judge`` some 2 ms."""
    kind = type(value)
    if kind is str or kind is int or value is None or kind is bool:
        return value
    if kind is list and all(type(item) is str for item in value):
        return value.copy()
    import copy

    return copy.deepcopy(value)


class CardReferenceError(Exception):
    """A ``card:`` or ``cast:`` that cannot be expanded: the place in the document and what was expected; where
    the fix is written otherwise in card notation (``--cards``: ``Painter's Servant[color=blue]``), the message
    as that notation says it (``notation``)."""

    def __init__(self, path: list[Any], message: str, notation: str | None = None) -> None:
        super().__init__(path, message)
        self.path = path
        self.message = message
        self.notation = notation


def uses_cards(data: dict[str, Any]) -> bool:
    """Whether a board names any catalogue card (so needs ``expand_board``)."""
    return (
        any("card" in obj for obj in data.get("objects", ()))
        or any("cast" in effect for effect in data.get("effects", ()))
        or any("card" in card for zone in ZONES for cards in data.get(zone, {}).values() for card in cards)
    )


def expand_board(data: dict[str, Any], cards: Catalogue | None = None) -> dict[str, Any]:
    """The board with every card reference written out; ``data`` itself if it has none.

    ``data`` must already fit the board schema. Raises ``CardReferenceError`` for an
    unknown card (with the nearest names), a spell used as a permanent, a wrong number of
    targets, or a missing or ill-typed choice. Does not change ``data``.
    """
    if not uses_cards(data):
        return data
    return _Expansion(data, cards or catalogue()).run()


def fresh_id(name: str, taken: set[str]) -> str:
    """The default id for a card or effect called ``name``: its words joined by ``-``, then ``-2``, ``-3``..."""
    base = fold(name).replace(" ", "-") or "card"
    candidate, n = base, 1
    while candidate in taken:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def original_path(data: dict[str, Any], path: list[Any]) -> list[Any]:
    """Where a place in the expanded board is in ``data``, the board as written.

    A field given beside the card keeps its place; ``affects`` of a cast effect is its
    ``targets``; anything that came from the catalogue is the ``card``/``cast`` field.
    """
    if len(path) < 3 or path[0] not in ("objects", "effects"):
        return path
    items = data.get(path[0], [])
    if not isinstance(path[1], int) or path[1] >= len(items):
        return path
    item = items[path[1]]
    reference = "card" if "card" in item else "cast" if "cast" in item else None
    if reference is None:
        return path
    if reference == "cast" and path[2] == "affects":
        return [path[0], path[1], "targets", *path[3:]]
    if path[2] in item:
        return path
    return [path[0], path[1], reference]


class _Expansion:
    def __init__(self, data: dict[str, Any], cards: Catalogue) -> None:
        self.data = data
        self.cards = cards
        self.objects = data.get("objects", [])
        self.effects = data.get("effects", [])
        # Ids written in the file win; defaults are made around them.
        self.taken = {item["id"] for item in (*self.objects, *self.effects) if "id" in item}
        # Every object's id before any choice is checked: a Clone may copy an object after it.
        self.object_ids = [obj["id"] if "id" in obj else self._fresh_id(obj["card"]) for obj in self.objects]
        self.card_names = {oid: obj["card"] for oid, obj in zip(self.object_ids, self.objects) if "card" in obj}
        # The cards outside the battlefield, where they are, and their ids, for choices of a card (Lazav's).
        self.zone_cards = [(zone, player, n, card) for zone in ZONES for player, cards in data.get(zone, {}).items()
                           for n, card in enumerate(cards) if isinstance(card, dict)]
        self.zone_card_ids = {card["id"] for _, _, _, card in self.zone_cards if "id" in card}
        # Ids this expansion gives cards outside the battlefield that a choice names by itself (the one card
        # of a graveyard, on top of it): (zone, player, index) -> id.
        self.card_ids_given: dict[tuple[str, str, int], str] = {}
        self.players = list(data.get("players", DEFAULT_PLAYERS))
        self._retyping: bool | None = None  # whether anything on the board may change card types

    def run(self) -> dict[str, Any]:
        # In document order, so the first problem reported is the first in the file.
        out = dict(self.data)
        if "objects" in out:
            out["objects"] = [self._object(i, obj) for i, obj in enumerate(self.objects)]
        for zone in ZONES:
            if zone in out:
                out[zone] = {
                    player: [self._zone_card(zone, player, n, card) for n, card in enumerate(cards)]
                    for player, cards in self.data[zone].items()
                }
        if "effects" in out:
            out["effects"] = [self._effect(j, effect) for j, effect in enumerate(self.effects)]
        return out

    def _fresh_id(self, name: str) -> str:
        made = fresh_id(name, self.taken)
        self.taken.add(made)
        return made

    def _lookup(self, path: list[Any], name: str) -> Card:
        card = self.cards.get(name)
        if card is None:
            raise CardReferenceError(path, self.cards.unknown(name))
        return card

    # ---- graveyards and exile

    def _zone_card(self, zone: str, player: str, number: int, card: dict[str, Any]) -> dict[str, Any]:
        """A card outside the battlefield: its printed characteristics, keywords and static abilities (those
        that need no choice: a card outside the battlefield has made none), and the id, counters and timestamp
        the board gives it."""
        if "card" not in card:
            given = self.card_ids_given.get((zone, player, number))
            return {"id": given, **card} if given else card
        path = [zone, player, number, "card"]
        found = self._lookup(path, card["card"])
        given = self.card_ids_given.get((zone, player, number))
        out: dict[str, Any] = {"id": card["id"]} if "id" in card else {"id": given} if given else {}
        out["name"] = found.name
        for key in ZONE_CARD_FIELDS:
            if key in found.printed:
                out[key] = _own_copy(found.printed[key])
        if found.activated:
            out["activated"] = list(found.activated)
        static = [_own_copy(a) for a in found.static if _chosen(a, found.choices, {})]
        if static:
            out["static"] = static
        for key in ("counters", "timestamp"):
            if key in card:
                out[key] = _own_copy(card[key])
        return out

    # ---- objects

    def _object(self, index: int, obj: dict[str, Any]) -> dict[str, Any]:
        if "card" not in obj:
            return obj
        path = ["objects", index]
        card = self._lookup(path + ["card"], obj["card"])
        if card.is_spell:
            where = (f"put it in effects as cast: {card.name}, with its targets" if card.effects else
                     f"put it on the stack (stack: {{PLAYER: [card: {card.name}]}}) or in a graveyard")
            raise CardReferenceError(
                path + ["card"], f"{card.name} is {article(card.types[0])} {card.types[0]}, not a permanent: {where}")
        object_id = self.object_ids[index]
        if obj.get("transformed"):
            if card.back is None:
                raise CardReferenceError(path + ["transformed"], f"{card.name} is not a double-faced card: it has no "
                                                                 "back face to turn up")
            card = _back_face(card)
        given = dict(obj.get("choices", {}))
        own_names = {choice.name for choice in card.choices}
        copies = any(_copied(a).startswith("$") for a in card.static)
        borrowed = {name: given.pop(name) for name in list(given) if name not in own_names} if copies else {}
        values = self._choices(path, given, card.choices, card.name, self_id=object_id, index=index)
        chooses = self._copy_choices(path, borrowed, card, values, given) if borrowed else {}
        out: dict[str, Any] = {"id": object_id, "name": card.name}
        for key in ("controller", "owner"):
            if key in obj:
                out[key] = obj[key]
        for key, value in card.printed.items():
            if key != "static":
                out[key] = _own_copy(value)
        if card.activated:
            out["activated"] = list(card.activated)
        for choice in card.choices:  # a shape chosen as it entered: printed values, copiable (706.2; 707.2)
            if choice.kind == "shape" and choice.name in values:
                out.update(_own_copy(dict(choice.options)[values[choice.name]]))
        for key in ("counters", "counter_timestamps", "timestamp", "face_up_at", "face_down", "face_down_at",
                    "transformed_at", "attached_to", "tapped", "token", "was_cast", "transformed", "paired_with"):
            if key in obj:
                out[key] = obj[key]
        static = [
            _mark_chosen(_substitute(ability, values), ability, card.choices, values)
            for ability in card.static if _chosen(ability, card.choices, values)
        ]
        if chooses:
            static = [{**ability, "copy": {**(ability["copy"] if isinstance(ability["copy"], dict) else
                                              {"of": ability["copy"]}), "chooses": chooses}}
                      if _copied(ability) else ability for ability in static]
        if static:
            out["static"] = static
        return out

    def _copy_choices(self, path: list[Any], borrowed: dict[str, str], card: Card, values: dict[str, str],
                      own: dict[str, Any]) -> dict[str, str]:
        """A copy's own "as enters" choices, named as the card it copied names them (a Clone entering as an
        Adaptive Automaton that chose Goblin chooses a type of its own, type=elf: 706.6 of 2009; 707.6), as the
        copy part's ``chooses``: each word the original chose -> the copy's."""
        copied = [values[c.name] for c in card.choices if c.kind == "object" and c.name in values
                  and any(_copied(a) == c.placeholder for a in card.static)]
        index = self.object_ids.index(copied[0]) if copied else None
        original = self.objects[index] if index is not None else {}
        found = self.cards.get(original.get("card", "")) if "card" in original else None
        theirs = {c.name: c for c in (found.choices if found else ()) if c.kind not in ("object", "card")}
        name = next((n for n in borrowed if n not in theirs), None)
        if name is not None:
            mine = and_list([q(c.name) for c in card.choices]) or "none"
            copying = f"; {found.name}'s are {and_list([q(n) for n in theirs])}" if theirs and found else ""
            raise CardReferenceError(
                path + ["choices", name],
                f"{card.name} has no choice {q(name)}: its choices are {mine}, and as a copy it makes anew only the "
                f"choices of the card it copies{copying}")
        assert found is not None and index is not None
        earlier = self._choices(["objects", index], original.get("choices", {}), found.choices, found.name,
                                self_id=self.object_ids[index], index=index)
        chooses = {}
        for name, value in borrowed.items():
            problem = self._choice_problem(theirs[name], value, None, None)
            if problem:
                raise CardReferenceError(path + ["choices", name], problem)
            if name in earlier:
                chooses[earlier[name]] = value
        return chooses

    # ---- effects

    def _effect(self, index: int, effect: dict[str, Any]) -> dict[str, Any]:
        if "cast" not in effect:
            return effect
        path = ["effects", index]
        card = self._lookup(path + ["cast"], effect["cast"])
        made = self._card_effect(path, card, effect.get("ability"))
        targets = effect["targets"]
        if made.targets is not None and len(targets) != made.targets:
            raise CardReferenceError(
                path + ["targets"],
                f"{made.source} takes {count_phrase(made.targets, 'target')}; found {len(targets)}",
            )
        holder = self.card_names.get(targets[0], "") if made.on_self else ""
        gained = made.on_self and fold(holder) != fold(card.name) and made.how == "activated" and \
            self._gains_activated(holder)
        if made.on_self and fold(holder) != fold(card.name) and not gained:
            raise CardReferenceError(
                path + ["targets", 0],
                f"{made.source} affects only its own permanent: the target must be a {card.name} "
                f"on the board (card: {card.name}); {q(targets[0])} is not",
            )
        values = self._choices(path, effect.get("choices", {}), made.choices, made.source, self_id=None)
        # Two casts of one card differ in their choices: the source says which (traces name it). An ability another
        # permanent gained (Necrotic Ooze's) is that permanent's, named with the card it comes from.
        named = f"{self._lookup(path + ['targets', 0], holder).name} ({card.name}: {made.label})" if gained \
            else made.source
        source = named + "".join(f", {name} {value}" for name, value in values.items())
        if "x" in effect:  # what it read as it resolved, given by the board
            source += f", x {effect['x']}"
        out: dict[str, Any] = {"id": effect.get("id") or self._fresh_id(made.source), "source": source}
        for key in ("controller", "timestamp"):
            if key in effect:
                out[key] = effect[key]
        out["affects"] = list(targets)
        body = _substitute(dict(made.body), values)
        if made.pays_x:
            if "x" not in effect:
                raise CardReferenceError(path, f"{made.source} has X in its cost: say the X paid with x: N",
                                         f"write {made.source.split(' (')[0]}[x=N] for the X paid")
            body = _substitute(dict(made.with_x(effect["x"])), values)
        elif "x" in effect:
            body = self._as_resolved(path, body, effect["x"], made)
        out.update(body)
        return out

    def _gains_activated(self, name: str) -> bool:
        """Whether the catalogue card ``name`` has an ability that gains other cards' activated abilities, so that
        one of those, activated, affects it (Necrotic Ooze pumping itself with a Quillspike's ability)."""
        found = self.cards.get(name) if name else None
        return found is not None and any("add_activated_of" in (a.get("abilities") or {}) for a in found.static)

    def _as_resolved(self, path: list[Any], body: dict[str, Any], x: int, made: CardEffect) -> dict[str, Any]:
        """The effect's body with ``x`` in place of every amount it reads from the game: what they came to as it
        resolved (old 418.3c; 611.2d), as the board says."""
        read = made.reads_the_game
        if not read:
            raise CardReferenceError(path + ["x"], f"{made.source} reads no amount from the game as it resolves; "
                                                   "its amounts are numbers, so it takes no x")
        pt = body["pt"]
        return {**body, "pt": {**pt, **{key: [v if isinstance(v, int) else x for v in pt[key]] for key in read}}}

    def _card_effect(self, path: list[Any], card: Card, label: str | None) -> CardEffect:
        if not card.effects:
            where = (f"put it on the stack (stack: {{PLAYER: [card: {card.name}]}}) or in a graveyard" if card.is_spell
                     else f"a permanent's static abilities come with it in objects: card: {card.name}")
            raise CardReferenceError(
                path + ["cast"],
                f"{card.name} has no spell effect or activated or triggered ability in the catalogue; {where}",
            )
        made = card.effect(label)
        if made is not None:
            return made
        labels = [e.label for e in card.effects if e.label is not None]
        if card.is_spell:
            raise CardReferenceError(path + ["ability"], f"{card.name} is a spell; leave ability out")
        if label is None:
            raise CardReferenceError(
                path, f"{card.name} has {len(labels)} abilities ({', '.join(labels)}); say which with ability: LABEL"
            )
        raise CardReferenceError(
            path + ["ability"], f"{card.name} has no ability {q(label)}; its abilities are {or_list([q(x) for x in labels])}"
        )

    # ---- choices

    def _choices(
        self, path: list[Any], given: dict[str, Any], wanted: tuple[Choice, ...], who: str, self_id: str | None,
        index: int | None = None,
    ) -> dict[str, str]:
        """The choices made, checked: ``given`` less the optional ones declined (``none``), with those the board
        makes by itself (a graveyard's one card is on top of it); ``index``: the permanent's, for an optional
        choice left out, which is asked for where the board holds what it could have named."""
        by_name = {choice.name: choice for choice in wanted}
        for name in given:
            if name not in by_name:
                expected = f"its choices are {and_list([q(x) for x in by_name])}" if by_name else "it has no choices"
                raise CardReferenceError(path + ["choices", name], f"{who} has no choice {q(name)}; {expected}")
        values: dict[str, str] = {}
        for choice in wanted:
            value = given.get(choice.name)
            if value == NONE and choice.optional:
                continue  # declined
            if value is None and choice.default is not None:
                values[choice.name] = choice.default
                continue
            if value is None or value == NONE:
                made = self._unmade(path, choice, who, index) if choice.optional and index is not None else None
                if made is not None:
                    values[choice.name] = made
                elif not choice.optional:
                    said = f"{who} needs a choice: {{}} with {CHOICE_KINDS[choice.kind]}"
                    raise CardReferenceError(path, said.format(f"add choices: {{{choice.name}: ...}}"),
                                             said.format(f"write {who}[{choice.name}=...]"))
                continue
            problem = self._choice_problem(choice, value, self_id, index)
            if problem:
                raise CardReferenceError(path + ["choices", choice.name], problem)
            if choice.top_of is None or self._top_counts(choice, value):
                values[choice.name] = value
        return values

    def _unmade(self, path: list[Any], choice: Choice, who: str, index: int) -> str | None:
        """An optional choice a permanent's board entry leaves out: None where nothing on the board could have
        been named (its ability then does nothing: a Clone that entered alone copies nothing), the one answer
        where the board holds it (a graveyard of one card has it on top), else a question: the board cannot
        tell (a graveyard is a pile in an order, 404.2; a board lists it in none), so it must say (``none``
        declines)."""
        if choice.top_of is not None:
            owner = self._owner(index)
            cards = [(n, card) for zone, player, n, card in self.zone_cards if zone == "graveyards" and player == owner]
            if len(cards) == 1:
                n, card = cards[0]
                return self._card_id(owner, n, card) if self._top_counts(choice, None, card) else None
            fitting = [card for _, card in cards if self._top_counts(choice, None, card)]
            if not fitting:
                return None
            named = and_list([q(card["id"]) for card in fitting if "id" in card]) or "give it an id to name it"
            raise CardReferenceError(
                path, f"{who} has the text of the top card of {owner}'s graveyard if it is "
                      f"{or_list([article(t) + ' ' + t for t in choice.among])} card, and the board's graveyard of "
                      f"{len(cards)} cards has no order, {or_list(choice.among)} cards among them ({named}): say which "
                      f"card is on top with choices: {{{choice.name}: ID}}, or {choice.name}: none if it is no "
                      f"{or_list(choice.among)} card")
        candidates = self._could_name(choice, index)
        if not candidates:
            return None
        what = or_list([article(t) + " " + t for t in choice.among])
        said = (f"{who} may enter as a copy of {what}, and the board has {'one' if len(candidates) == 1 else 'some'} "
                f"that was on the battlefield before it ({and_list([q(c) for c in candidates])}): say which it "
                "copied with {}, or {} if it copied nothing")
        raise CardReferenceError(
            path, said.format(f"choices: {{{choice.name}: ID}}", f"{choice.name}: none"),
            said.format(f"{who}[{choice.name}=ID]", f"{who}[{choice.name}=none]"))

    def _could_name(self, choice: Choice, index: int) -> list[str]:
        """The objects a permanent's object choice could have named as it entered (it becomes a copy as it enters:
        706.5 of 2009; 707.5 today): those there before it (an earlier timestamp) of one of the card types it
        chooses among, or of any type where something on the
        board changes card types (an animated land can be copied as a creature)."""
        mine = self._timestamp(index)
        anything = self._retypes()
        out = []
        for j, other in enumerate(self.objects):
            if j == index or self._timestamp(j) >= mine:
                continue
            if anything or set(self._printed_types(other)) & set(choice.among):
                out.append(self.object_ids[j])
        return out

    def _top_counts(self, choice: Choice, value: str | None, card: dict[str, Any] | None = None) -> bool:
        """Whether the card on top (named by id, or given) is one the ability reads: of one of its types."""
        if card is None:
            card = next(c for _, _, _, c in self.zone_cards if c.get("id") == value)
        return bool(set(self._printed_types(card)) & set(choice.among))

    def _printed_types(self, item: dict[str, Any]) -> tuple[str, ...]:
        if "card" in item:
            found = self.cards.get(item["card"])
            return found.types if found is not None else ()
        return tuple(item.get("types", ()))

    def _timestamp(self, index: int) -> int:
        return self.objects[index].get("timestamp", index + 1)  # the loader's default: its position

    def _owner(self, index: int) -> str:
        obj = self.objects[index]
        return obj.get("owner") or obj.get("controller") or self.players[0]

    def _card_id(self, owner: str, n: int, card: dict[str, Any]) -> str:
        """The card's id, or one given to it here so that the choice can name it."""
        if "id" in card:
            return card["id"]
        made = fresh_id(card.get("card") or card.get("name") or "card", self.taken | self.zone_card_ids)
        self.taken.add(made)
        self.card_ids_given[("graveyards", owner, n)] = made
        return made

    def _retypes(self) -> bool:
        if self._retyping is None:
            bodies: list[Any] = [*self.objects, *self.effects]
            for item in (*self.objects, *self.effects):
                card = self.cards.get(item.get("card") or item.get("cast") or "")
                if card is not None:
                    bodies += [*card.static, *(e.body for e in card.effects)]
            self._retyping = any(_changes_types(body) for body in bodies)
        return self._retyping

    def _choice_problem(self, choice: Choice, value: str, self_id: str | None, index: int | None) -> str | None:
        expected = f"expected {CHOICE_KINDS[choice.kind]}; found {q(value)}"
        if choice.top_of is not None and index is not None:
            owner = self._owner(index)
            mine = {c.get("id") for zone, player, _, c in self.zone_cards if zone == "graveyards" and player == owner}
            if value not in mine:
                return (f"the top card of its owner's graveyard: expected the id of a card in {owner}'s graveyard "
                        f"(or none); found {q(value)}")
            return None
        if choice.kind == "color":
            return None if value in COLORS else expected
        if choice.kind == "basic_land_type":
            return None if value in BASIC_LAND_TYPES else expected
        if choice.kind == "creature_type":
            return None if _SUBTYPE_WORD.match(value) else expected
        if choice.kind == "card":
            return None if value in self.zone_card_ids else expected
        if choice.kind == "player":
            return None if value in self.players else f"expected a player of the board ({or_list([q(p) for p in self.players])}); found {q(value)}"
        if choice.kind == "shape":
            names = [name for name, _ in choice.options]
            return None if value in names else f"expected one of its shapes ({or_list([q(n) for n in names])}); found {q(value)}"
        if value == self_id:
            return f"an object cannot choose itself ({q(value)}); expected the id of another object"
        return None if value in self.object_ids else expected


# ---------------------------------------------------------------- substitution

NONE = "none"  # an optional choice declined: a Clone that copied nothing


def _back_face(card: Card) -> Card:
    """A transformed double-faced card as its permanent is: the back face's name and characteristics (712.8e;
    711.4b), with the front face's mana value, which the rules of each edition read or not (back-face-mana-value)."""
    back = dict(card.back or {})
    printed = {**{k: v for k, v in back.items() if k != "name"}, "mana_value": card.printed.get("mana_value", 0)}
    return replace(card, name=back["name"], printed=printed, effects=(), choices=())


def _mentions(word: str, placeholders: set[str]) -> bool:
    """Whether a string of an ability is, or holds, one of the placeholders (``$color`` in "protection from $color")."""
    return word in placeholders or ("$" in word and any(m.group(0) in placeholders for m in _PLACEHOLDER.finditer(word)))


def _copied(ability: Any) -> str:
    """What a static ability's copy part copies (an id, or a choice's ``$name``); "" if it has none."""
    part = ability.get("copy") if isinstance(ability, dict) else None
    if isinstance(part, dict):
        part = part.get("of")
    return part if isinstance(part, str) else ""


def _changes_types(node: Any) -> bool:
    """Whether a body (or anything in it) has a part that changes card types: ``types`` with a mapping of
    set, add or remove (a filter's ``types`` is a list)."""
    if isinstance(node, dict):
        return any((key == "types" and isinstance(value, dict)) or _changes_types(value) for key, value in node.items())
    if isinstance(node, list):
        return any(_changes_types(item) for item in node)
    return False



def _chosen(ability: Any, choices: tuple[Choice, ...], values: dict[str, str]) -> bool:
    """False if the ability mentions an optional choice that was not made (it is then absent)."""
    missing = {c.placeholder for c in choices if c.name not in values}
    return not missing or not any(_mentions(word, missing) for word in strings_of(ability))


def _mark_chosen(written: dict[str, Any], ability: Any, choices: tuple[Choice, ...], values: dict[str, str]) -> dict[str, Any]:
    """``written`` with ``chosen:`` listing the words its choices filled in (colors, creature or
    land types): chosen as the permanent entered, they are not text a text change can change
    (418.6a / 612.1-612.2)."""
    mentioned = set(strings_of(ability))
    words = sorted({
        values[c.name] for c in choices
        if c.kind not in ("object", "card") and c.name in values and any(_mentions(w, {c.placeholder}) for w in mentioned)
    })
    if words:
        written["chosen"] = words
    return written


_PLACEHOLDER = re.compile(r"\$([a-z_]+)")


def _substitute(node: Any, values: dict[str, str]) -> Any:
    """A deep copy of ``node`` with every string ``$name`` (value or mapping key) replaced by its choice, and each
    ``$name`` inside a longer string by its word (a keyword of a chosen color: "protection from $color")."""
    if isinstance(node, str):
        if node.startswith("$") and node[1:] in values:
            return values[node[1:]]
        if "$" in node:
            return _PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), m.group(0))), node)
        return node
    if isinstance(node, dict):
        return {_substitute(key, values): _substitute(value, values) for key, value in node.items()}
    if isinstance(node, list):
        return [_substitute(item, values) for item in node]
    return node
