"""Stage 4 of loading a board: what a schema cannot say.

Some problems need the whole document (an id named before it is defined, players, shared
timestamps, attachment cycles) or the rules (what a characteristic-defining ability may
define, which words a text change may swap). The checks run on data that fits the schema;
every problem found is kept, and the first in document order is reported.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from diffcheck.boards.limits import CARD_ZONES
from diffcheck.boards.problems import DocPath, describe, did_you_mean, document_order, format_path, player_list
from diffcheck.words import q, shorten
from engines.board import COLORS, DEFAULT_PLAYERS, MIXED_PT_COUNTER, PART_KEYS, counter_pt_change, mana_value_of_cost

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["meaning_problem"]

# What a characteristic-defining ability may define: 2009 604.3a(1) names colors, subtypes,
# power and toughness; old 405.2 adds types and supertypes, and the board format keeps both.
CDA_PART_KEYS = ("types", "subtypes", "creature_types", "supertypes", "colors", "pt")
CDA_FORBIDDEN = {
    "copy": "copy an object",
    "control": "change control",
    "change_text": "change text",
    "abilities": "add or remove abilities",
    "modify": "modify power and toughness",
    "switch": "switch power and toughness",
}


def meaning_problem(data: dict[str, Any]) -> tuple[DocPath, str] | None:
    """The first problem of meaning in ``data`` (which fits the schema) in document order, or None."""
    problems = _MeaningChecker(data).run()
    if not problems:
        return None
    # min() keeps the first of equal positions, so ties go to the order of the checks.
    orders: dict[int, dict[Any, int]] = {}
    path, message = min(problems, key=lambda p: document_order(data, p[0], orders))
    # Messages that cost work (suggestions among many ids) are written for the one reported.
    return path, message() if callable(message) else message


class _MeaningChecker:
    """The checks that need the whole document or the rules; runs on data that fits the schema."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.players_given = "players" in data
        self.players = list(data.get("players", DEFAULT_PLAYERS))
        self.player_set = set(self.players)
        self.objects = data.get("objects", [])
        self.effects = data.get("effects", [])
        self.object_index: dict[str, int] = {}
        for index, obj in enumerate(self.objects):
            self.object_index.setdefault(obj["id"], index)
        self.effect_ids = {effect["id"] for effect in self.effects}
        # Cards in graveyards and exile that have an id (values read them by it), with their place.
        self.card_places: dict[str, DocPath] = {}
        # A message is a string, or a function that writes it (only the reported one is written).
        self.problems: list[tuple[DocPath, str | Callable[[], str]]] = []

    def run(self) -> list[tuple[DocPath, str]]:
        self._check_zones()  # first: values in objects and effects read the cards' ids
        self._check_objects()
        self._check_effects()
        self._check_card_abilities()
        self._check_timestamps()
        self._check_attachment_cycles()
        return self.problems

    def problem(self, path: DocPath, message: str | Callable[[], str]) -> None:
        self.problems.append((path, message))

    # ---- objects, graveyards, effects

    def _check_objects(self) -> None:
        for index, obj in enumerate(self.objects):
            path: DocPath = ["objects", index]
            first = self.object_index[obj["id"]]
            if first != index:
                self.problem(path + ["id"], f"duplicate object id {q(obj['id'])}: objects[{first}] has it already")
            for key in ("controller", "owner"):
                if key in obj:
                    self._check_player(path + [key], obj[key])
            self._check_attached_to(path, obj)
            self._check_pair(path, obj)
            self._check_counter_kinds(path, obj)
            self._check_event_timestamps(path, obj, index)
            self._check_mana_cost(path, obj)
            for number, ability in enumerate(obj.get("static", ())):
                self._check_static(path + ["static", number], ability, granted=False)

    def _check_mana_cost(self, path: DocPath, item: dict[str, Any]) -> None:
        """A mana value given beside a mana cost is the cost's (202.3)."""
        cost = item.get("mana_cost")
        if cost and "mana_value" in item and item["mana_value"] != mana_value_of_cost(cost):
            self.problem(path + ["mana_value"], f"mana value {item['mana_value']} is not that of the mana cost "
                         f"{cost}, {mana_value_of_cost(cost)} (202.3); give one or the other")

    def _check_event_timestamps(self, path: DocPath, obj: dict[str, Any], index: int) -> None:
        """Counters are put on an object, and it turns face up or transforms, after it entered (613.7)."""
        own = obj.get("timestamp", index + 1)  # the default of Board.from_dict: position, from 1
        counters = obj.get("counters", {})
        for kind, at in obj.get("counter_timestamps", {}).items():
            if kind not in counters:
                self.problem(path + ["counter_timestamps", kind],
                             f"no {q(kind)} counters on this object (counters: {sorted(counters) or 'none'}); "
                             "a counter timestamp belongs to a kind of counter it has")
            elif at < own:
                self.problem(path + ["counter_timestamps", kind],
                             f"timestamp {at} is before the object's own ({own}); a counter is put on an object "
                             "no earlier than it entered (613.7c)")
        for key, what in (("face_up_at", "turned face up"), ("transformed_at", "transformed")):
            if key in obj and obj[key] <= own:
                self.problem(path + [key],
                             f"{obj[key]} is not after the object's timestamp ({own}); it {what} after it entered "
                             "(613.6e-f)")

    def _check_attached_to(self, path: DocPath, obj: dict[str, Any]) -> None:
        target = obj.get("attached_to")
        if target is None:
            return
        if target == obj["id"]:
            self.problem(
                path + ["attached_to"],
                f"{q(target)} is attached to itself; an Aura or Equipment cannot be "
                "(old 212.4g, 212.2i; 2009 303.4c, 301.7b)",
            )
        else:
            self._check_object_id(path + ["attached_to"], target)

    def _check_pair(self, path: DocPath, obj: dict[str, Any]) -> None:
        """Soulbond pairs two creatures with each other (702.95): each names the other."""
        partner = obj.get("paired_with")
        if partner is None:
            return
        if partner == obj["id"]:
            self.problem(path + ["paired_with"],
                         f"{q(partner)} is paired with itself; soulbond pairs two creatures (702.95)")
        elif partner not in self.object_index:
            self._check_object_id(path + ["paired_with"], partner)
        elif self.objects[self.object_index[partner]].get("paired_with") != obj["id"]:
            self.problem(path + ["paired_with"], f"{q(partner)} is not paired with {q(obj['id'])}; a pair is two "
                                                 "creatures paired with each other (702.95): give both paired_with")

    def _check_counter_kinds(self, path: DocPath, item: dict[str, Any]) -> None:
        for kind in item.get("counters", {}):
            if MIXED_PT_COUNTER.match(kind) and counter_pt_change(kind) is None:
                self.problem(
                    path + ["counters", kind],
                    f"{q(kind)} mixes signs; a P/T counter is +X/+Y or -X/-Y, one sign for both "
                    "numbers (old 200.10; 2009 120.1a)",
                )

    def _check_zones(self) -> None:
        """The players of graveyards, exile, life totals and hands, and the ids and counters of the cards."""
        for key in ("life", "hand_size"):
            for player in self.data.get(key, {}):
                self._check_player([key, player], player)
        for zone in CARD_ZONES:
            for player, cards in self.data.get(zone, {}).items():
                self._check_player([zone, player], player)
                for number, card in enumerate(cards):
                    path: DocPath = [zone, player, number]
                    self._check_counter_kinds(path, card)
                    self._check_mana_cost(path, card)
                    card_id = card.get("id")
                    if card_id is None:
                        continue
                    if card_id in self.object_index or card_id in self.effect_ids:
                        self.problem(path + ["id"], f"card id {q(card_id)} is already the id of an object or an "
                                                    "effect; ids must be unique across objects, effects and cards")
                    elif card_id in self.card_places:
                        self.problem(path + ["id"], f"duplicate card id {q(card_id)}: "
                                                    f"{format_path(self.card_places[card_id])} has it already")
                    self.card_places.setdefault(card_id, path)

    def _check_card_abilities(self) -> None:
        """The static abilities of cards outside the battlefield, checked as a permanent's are (an Aura card's
        ``affects: attached`` finds nothing: a card is attached to nothing)."""
        for zone in CARD_ZONES:
            for player, cards in self.data.get(zone, {}).items():
                for number, card in enumerate(cards):
                    for n, ability in enumerate(card.get("static", ())):
                        self._check_static([zone, player, number, "static", n], ability, granted=False)

    def _check_effects(self) -> None:
        seen: dict[str, int] = {}
        for index, effect in enumerate(self.effects):
            path: DocPath = ["effects", index]
            effect_id = effect["id"]
            if effect_id in self.object_index:
                self.problem(
                    path + ["id"],
                    f"effect id {q(effect_id)} is already the id of objects[{self.object_index[effect_id]}]; "
                    "ids must be unique across objects and effects",
                )
            elif effect_id in seen:
                self.problem(
                    path + ["id"], f"duplicate effect id {q(effect_id)}: effects[{seen[effect_id]}] has it already"
                )
            seen.setdefault(effect_id, index)
            if "controller" in effect:
                self._check_player(path + ["controller"], effect["controller"])
            for number, target in enumerate(effect["affects"]):
                self._check_object_id(path + ["affects", number], target, cards=True)
            self._check_body(path, effect)

    # ---- static abilities and effect bodies

    def _check_static(self, path: DocPath, ability: dict[str, Any], granted: bool) -> None:
        """A printed or granted static ability: its CDA status, what it affects, its parts."""
        if ability.get("cda") is True:
            if granted:
                self.problem(
                    path + ["cda"],
                    "a granted ability is never characteristic-defining (2009 604.3a(2), (4); old 405.2); "
                    "leave cda out",
                )
            else:
                self._check_cda(path, ability)
        affects = ability.get("affects", "self")
        if isinstance(affects, list):
            for number, target in enumerate(affects):
                self._check_object_id(path + ["affects", number], target)
        elif isinstance(affects, dict):
            self._check_filter(path + ["affects", "filter"], affects["filter"])
        if "condition" in ability:
            self._check_condition(path + ["condition"], ability["condition"])
        self._check_body(path, ability)

    def _check_cda(self, path: DocPath, ability: dict[str, Any]) -> None:
        """A characteristic-defining ability defines its own object's characteristics only (2009 604.3a; old 405.2)."""
        affects = ability.get("affects", "self")
        if affects != "self":
            self.problem(
                path + ["affects"],
                "a characteristic-defining ability (cda: true) defines only its own object "
                f"(2009 604.3a(3); old 405.2): affects must be \"self\" or left out; found {describe(affects)}",
            )
        for key in PART_KEYS:
            if key in ability and key not in CDA_PART_KEYS:
                self.problem(path + [key], _cda_part_message(key))
        for operation in ability.get("pt", {}):
            if operation != "set":
                self.problem(path + ["pt", operation], _cda_part_message(operation))

    def _check_body(self, path: DocPath, body: dict[str, Any]) -> None:
        if "copy" in body:
            copy = body["copy"]
            if isinstance(copy, dict):
                self._check_object_id(path + ["copy", "of"], copy["of"], cards=True)
                if ("power" in copy.get("except", {})) != ("toughness" in copy.get("except", {})):
                    self.problem(path + ["copy", "except"],
                                 "give power and toughness together, or neither (a copy exception sets both)")
            else:
                self._check_object_id(path + ["copy"], copy, cards=True)
        if "text_of" in body and body["text_of"] not in self.card_places:
            self.problem(path + ["text_of"], f"{q(body['text_of'])} is no card outside the battlefield; text_of names "
                                             "a card by its id (give the card an id in its graveyard)")
        if "control" in body and body["control"] != "you" and body["control"] not in self.player_set:
            self.problem(
                path + ["control"],
                f"expected \"you\" or a player ({player_list(self.players)}); found {q(body['control'])}",
            )
        for old, new in body.get("change_text", {}).items():
            self._check_text_change(path + ["change_text", old], old, new)
        for number, added in enumerate(body.get("abilities", {}).get("add", ())):
            if isinstance(added, dict):
                self._check_static(path + ["abilities", "add", number], added, granted=True)
        if "add_activated_of" in body.get("abilities", {}):
            self._check_filter(path + ["abilities", "add_activated_of", "filter"],
                               body["abilities"]["add_activated_of"]["filter"])
        for operation in ("set", "modify"):
            for number, value in enumerate(body.get("pt", {}).get(operation, ())):
                self._check_value(path + ["pt", operation, number], value)

    def _check_value(self, path: DocPath, value: Any) -> None:
        """The filters, ids and players a value reads, at every depth of its tree."""
        if not isinstance(value, dict):
            return
        if "count" in value:
            self._check_filter(path + ["count"], value["count"])
        elif "sum" in value:
            for number, item in enumerate(value["sum"]):
                self._check_value(path + ["sum", number], item)
        elif "times" in value:
            self._check_value(path + ["value"], value["value"])
        elif "counters" in value:
            self._check_read(path + ["of"], "counters", value["of"])
        elif "devotion" in value:
            if "player" in value:
                self._check_player_word(path + ["player"], value["player"])
        else:
            (key, arg), = value.items()
            if key.startswith("greatest_"):
                self._check_filter(path + [key], arg)
            elif key in ("life", "hand_size"):
                self._check_player_word(path + [key], arg)
            elif key != "card_types_among":
                self._check_read(path + [key], key, arg)

    def _check_read(self, path: DocPath, key: str, read: str) -> None:
        if read not in self.card_places and read not in self.object_index:
            self.problem(path, lambda: (
                f"no object, and no card outside the battlefield, has the id {q(read)}; {key} "
                "reads one of them" + did_you_mean(read, [*self.object_index, *self.card_places])))

    def _check_player_word(self, path: DocPath, word: str) -> None:
        """"you", "opponent" where there is only one, or a player's name."""
        if word == "you" or word in self.player_set:
            return
        if word == "opponent":
            if len(self.players) != 2:
                self.problem(path, f"\"opponent\" names one player only on a board of two; this board has "
                                   f"{len(self.players)} players: name one ({player_list(self.players)})")
            return
        self.problem(path, f"expected \"you\", \"opponent\" or a player ({player_list(self.players)}); found {q(word)}")

    def _check_condition(self, path: DocPath, condition: dict[str, Any]) -> None:
        """The filters and values of an "as long as" condition, at every depth."""
        if "value" in condition:
            self._check_value(path + ["value"], condition["value"])
            low, high = condition.get("at_least"), condition.get("at_most")
            if low is not None and high is not None and low > high:
                self.problem(path, f"at_least {low} is more than at_most {high}: the condition could never hold")
            return
        (key, arg), = condition.items()
        if key in ("you_control", "opponent_controls", "is", "attached_is"):
            self._check_filter(path + [key], arg)
        elif key in ("all", "any"):
            for number, item in enumerate(arg):
                self._check_condition(path + [key, number], item)
        elif key == "not":
            self._check_condition(path + [key], arg)

    def _check_text_change(self, path: DocPath, old: str, new: str) -> None:
        """Color words swap with color words, subtype words with subtype words (old 418.6a; 2009 612.2)."""
        if (old in COLORS) == (new in COLORS):
            return
        color, other = (old, new) if old in COLORS else (new, old)
        self.problem(
            path,
            f"a text change swaps a color word for a color word, or a subtype word for a subtype word "
            f"(old 418.6a; 2009 612.2); {q(color)} is a color word and {q(other)} is not",
        )

    def _check_filter(self, path: DocPath, filter_: dict[str, Any]) -> None:
        for key in ("controller", "owner"):
            player = filter_.get(key)
            if player is not None and player not in ("you", "opponent") and player not in self.player_set:
                self.problem(
                    path + [key],
                    f"expected \"you\", \"opponent\" or a player ({player_list(self.players)}); found {q(player)}",
                )

    # ---- names: players and object ids

    def _check_player(self, path: DocPath, name: str) -> None:
        if name in self.player_set:
            return
        default = "" if self.players_given else " (players is not given, so they are you and opponent)"
        self.problem(path, f"{q(name)} is not a player; the players are {player_list(self.players)}{default}")

    def _check_object_id(self, path: DocPath, object_id: str, cards: bool = False) -> None:
        """An id that must name an object, or with ``cards`` an object or a card outside the battlefield (a copy
        effect may copy a card: 706.1 / 707.1; a resolved effect may have affected one)."""
        if object_id in self.object_index or (cards and object_id in self.card_places):
            return
        self.problem(path, lambda: self._unknown_id_message(object_id))

    def _unknown_id_message(self, object_id: str) -> str:
        message = f"unknown object id {q(object_id)}"
        if object_id in self.effect_ids:
            message += " (that is an effect's id; only objects can be named here)"
        known = list(self.object_index)
        message += did_you_mean(object_id, known)
        if not known:
            message += "; the board has no objects"
        elif len(known) <= 8:
            message += f"; the object ids are {', '.join(known)}"
        return message

    # ---- whole-board checks

    def _check_timestamps(self) -> None:
        """Timestamps differ, except that objects that entered together share one (both given).

        Their order is the active player's choice (old 418.5e; 2009 613.6g: the board's order), or
        from 2020 APNAP order (613.7k). Defaults follow Board.from_dict: position in the document,
        objects then effects, from 1.
        """
        first: dict[int, tuple[DocPath, bool]] = {}
        items = [("objects", i, o) for i, o in enumerate(self.objects)]
        items += [("effects", i, e) for i, e in enumerate(self.effects)]
        for position, (section, index, item) in enumerate(items, start=1):
            given = "timestamp" in item
            stamp = item["timestamp"] if given else position
            path: DocPath = [section, index]
            if stamp in first:
                other, other_given = first[stamp]
                together = section == "objects" and other[0] == "objects" and given and other_given
                if not together:
                    self.problem(path + (["timestamp"] if given else []), _timestamp_message(stamp, given, other, other_given))
            else:
                first[stamp] = (path, given)

    def _check_attachment_cycles(self) -> None:
        """An attachment chain must end at an object attached to nothing: no a -> b -> a."""
        attached = {o["id"]: o.get("attached_to") for o in reversed(self.objects)}  # first object of an id wins
        for index, obj in enumerate(self.objects):
            start = obj["id"]
            chain, seen = [start], {start}
            current = obj.get("attached_to")
            while current is not None and current not in seen and current in attached:
                chain.append(current)
                seen.add(current)
                current = attached[current]
            if current == start and len(chain) > 1:
                self.problem(
                    ["objects", index, "attached_to"],
                    f"attachment cycle: {_arrows(chain + [start])}; each chain of attachments must end "
                    "at an object that is attached to nothing",
                )


def _arrows(chain: Sequence[str], limit: int = 12) -> str:
    """``a -> b -> a``; a long chain keeps its ends: ``a -> b -> ... (40 more) -> y -> a``."""
    if len(chain) > limit:
        chain = [*chain[: limit // 2], f"... ({len(chain) - limit + 1} more)", *chain[-(limit // 2) + 1 :]]
    return " -> ".join(shorten(str(item), 40) for item in chain)


def _timestamp_message(stamp: int, given: bool, other_path: DocPath, other_given: bool) -> str:
    mine = f"timestamp {stamp}" if given else f"default timestamp {stamp} (its position in the document)"
    theirs = "given" if other_given else "its default, from its position"
    message = f"{mine} is also the timestamp of {format_path(other_path)} ({theirs})"
    if given and other_given:
        return message + (
            "; only objects that entered together share a timestamp (old 418.5e; 2009 613.6g); an effect's is its own"
        )
    return message + "; give every object and effect a timestamp, or none"


def _cda_part_message(key: str) -> str:
    return (
        "a characteristic-defining ability (cda: true) only defines types, subtypes, supertypes, colors, "
        f"or power and toughness with pt.set (2009 604.3a(1); old 405.2); it cannot {CDA_FORBIDDEN[key]}"
    )
