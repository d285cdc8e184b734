"""Every one-step-smaller variant of a board, biggest cuts first: the steps a shrink takes.

Each step knows the board format: removing an object cascades to every reference to it,
so a valid board gives only valid variants (``diffcheck.search.shrink`` states the whole
contract). Every variant is strictly smaller by ``size``, so shrinking terminates.

The steps, in the order ``reductions`` tries them (biggest cuts first, so that the cheap
early accepts remove most of a board and later, finer steps run on what is left):

1. remove an object, cascading: its id leaves every ``affects`` id list (an effect or a
   static ability whose list empties goes too), a ``copy`` part naming it goes (and a body
   left with no part goes), a value reading its P/T becomes 0, ``attached_to`` pointing at it goes, together with the
   ``affects: attached`` static abilities of that object; graveyards and exile are not touched.
   On a board of catalogue cards (``card:``, ``cast:``), a card's choice naming it is declined
   (``none``: object choices of permanents are optional), and a ``cast:`` effect that targets it
   or chose it goes (its number of targets is fixed), unless it is a spell or ability
   without targets, whose list of what it affected only loses the object;
2. remove a resolved effect;
3. remove a static ability from an object;
4. remove one part of an effect body (resolved, static or granted) that has more than one;
   inside ``pt`` one of set/modify/switch, inside ``abilities`` one of add/remove/remove_all,
   one item of ``abilities.add``/``remove``, one pair of ``change_text`` (never emptying);
5. simplify ``affects`` and filters: drop an id from an id list (keeping one; a ``cast:``
   effect without targets lists what it affected in ``targets``), drop a key
   from a filter (in ``affects`` and in ``{count: ...}`` values), drop an item from a
   filter's list;
6. remove list items: a card in a graveyard or in exile (an emptied player list and an
   emptied ``graveyards`` or ``exile`` go too; a card a value reads stays until the value is
   simplified), an item of a card's or an object's types (keeping one),
   subtypes, supertypes, colors, keywords (an emptied list goes), an item of a type or
   color part's list (only ``set`` lists may empty);
7. remove optional fields: a counter kind or a count down to 1 (on objects and cards), ``attached_to`` (with the
   object's ``affects: attached`` abilities), ``controller``, ``owner``, ``name``,
   ``mana_value``, the power/toughness pair of a non-creature (creatures keep theirs: the
   schema wants both or neither, and a creature's printed P/T is its base), an effect's
   ``source``, a card's P/T, name, mana value and id;
8. simplify values: an integer toward 0 (0, then half), a ``{count: ...}`` value to 0 and
   to 1, ``mana_value`` to 0, a count's ``zone`` dropped; an effect's ``controller``
   dropped; ``control: PLAYER`` to ``you``;
9. renumber the given timestamps to 1..n keeping their order (only if not already so);
10. drop ``players`` when it is the default, ``notes``, empty ``effects``/``objects``.

Within a step, sites come in document order (objects, then effects; a body's parts in
layer order, ``copy`` to ``pt``).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from diffcheck.catalogue import catalogue
from diffcheck.catalogue.expand import NONE
from diffcheck.search.trees import body_filters, body_values, condition_nodes, read_id
from engines.board import CARD_ZONES, DEFAULT_PLAYERS, PART_KEYS

__all__ = ["reductions", "described_reductions", "size"]

Data = dict[str, Any]
Path = tuple[Any, ...]

_DELETE = object()  # as a new value: delete the key or the list item at the path

# Parts shaped {op: [values]} (types, subtypes, supertypes: set/add/remove; colors: set/add).
_LIST_PARTS = ("types", "subtypes", "supertypes", "colors")
_OBJECT_LISTS = ("types", "subtypes", "supertypes", "colors", "color_indicator", "abilities")
_ZONES = tuple(CARD_ZONES)  # where a board's cards outside the battlefield are
_CARD_LISTS = ("types", "subtypes", "supertypes", "colors", "abilities")
_FILTER_INTS = ("power_at_least", "power_at_most", "toughness_at_least", "toughness_at_most", "mana_value_at_least",
                "mana_value_at_most")
_PT_OPS = ("set", "modify", "switch")
_ABILITY_OPS = ("add", "remove", "remove_all")
# Lists of mappings whose items must stay distinct (schema: uniqueItems); an item changed in
# place could become equal to a sibling, and such a variant is skipped.
_UNIQUE_MAPPING_LISTS = ("static", "add")


class _Collision(Exception):
    """An edited static ability became equal to a sibling (uniqueItems)."""


def reductions(board: Data) -> Iterator[Data]:
    """Every one-step-smaller variant of ``board``, biggest cuts first, each a new dict.

    Valid in, valid out: when ``board`` passes ``validate_board_data``, so does every
    variant. Each variant is strictly smaller by ``size``. The order is deterministic
    (see the module docstring for the steps). ``board`` is never mutated; variants share
    unchanged sub-structures with it, so treat them as read-only (or deep-copy them).
    """
    for _description, variant in described_reductions(board):
        yield variant


def described_reductions(board: Data) -> Iterator[tuple[str, Data]]:
    """``reductions`` with a short description of each step, e.g. ``"remove object o3"``."""
    for step in _STEPS:
        yield from step(board)


def size(board: Data) -> int:
    """The measure every reduction strictly decreases (so shrinking terminates).

    Each mapping, key, list, boolean and null counts 1; an integer 1 + its absolute value,
    except times (timestamps, and when counters came, a permanent turned face up or
    transformed: 1 each, whatever their value); a string 2, except ``"you"`` (1, the
    simplest player); plus 1 when the distinct times are not already 1..n.
    """
    total = _weight(board)
    times = set()
    for section in ("objects", "effects"):
        for item in board.get(section, ()):
            for key in ("timestamp", *_EVENT_KEYS):
                if key in item:
                    times.add(item[key])
                    total -= abs(item[key])
            for stamp in item.get("counter_timestamps", {}).values():
                times.add(stamp)
                total -= abs(stamp)
    if sorted(times) != list(range(1, len(times) + 1)):
        total += 1
    return total


# ---------------------------------------------------------------- helpers


def _weight(node: Any) -> int:
    if isinstance(node, dict):
        return 1 + sum(1 + _weight(v) for v in node.values())
    if isinstance(node, list):
        return 1 + sum(_weight(v) for v in node)
    if isinstance(node, bool) or node is None:
        return 1
    if isinstance(node, int):
        return 1 + abs(node)
    if isinstance(node, str):
        return 1 if node == "you" else 2
    return 1


def _replace(node: Any, path: Path, value: Any, parent_key: Any = None) -> Any:
    """A copy of ``node`` with the value at ``path`` replaced (or deleted, with ``_DELETE``).

    Only the containers along the path are copied. Raises ``_Collision`` when a static
    ability (or a granted one) changed in place became equal to a sibling.
    """
    key = path[0]
    child = value if len(path) == 1 else _replace(node[key], path[1:], value, key)
    if isinstance(node, list):
        new_list = list(node)
        if child is _DELETE:
            del new_list[key]
        else:
            new_list[key] = child
            if parent_key in _UNIQUE_MAPPING_LISTS and isinstance(child, dict):
                if any(other == child for n, other in enumerate(new_list) if n != key):
                    raise _Collision
        return new_list
    new_dict = dict(node)
    if child is _DELETE:
        del new_dict[key]
    else:
        new_dict[key] = child
    return new_dict


def _edit(board: Data, path: Path, value: Any = _DELETE) -> Data | None:
    try:
        return _replace(board, path, value)
    except _Collision:
        return None


def _get(board: Data, path: Path) -> Any:
    node: Any = board
    for key in path:
        node = node[key]
    return node


def _delete_item(board: Data, list_path: Path, index: int, *, keep_empty: bool = False) -> Data | None:
    """Delete one list item; an emptied list goes too (its key), unless ``keep_empty``."""
    items = _get(board, list_path)
    if len(items) == 1 and not keep_empty:
        return _edit(board, list_path)
    return _edit(board, list_path + (index,))


def _where(path: Path) -> str:
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out


def _toward_zero(v: int) -> list[int]:
    if v == 0:
        return []
    out = [0]
    if abs(v) > 1:
        out.append(int(v / 2))
    return out


def _has_part(body: Data) -> bool:
    return any(k in body for k in PART_KEYS)


def _effective_timestamps_distinct(board: Data) -> bool:
    """Timestamps (given, or default by position: objects then effects) all differ."""
    items = list(board.get("objects", ())) + list(board.get("effects", ()))
    if all("timestamp" in item for item in items) or not any("timestamp" in item for item in items):
        # All given: removals keep them distinct. None given: positions are distinct.
        return True
    stamps = [item.get("timestamp", position) for position, item in enumerate(items, start=1)]
    return len(set(stamps)) == len(stamps)


def _bodies(board: Data) -> Iterator[tuple[Path, Data]]:
    """Every effect body in document order: static abilities (and what they grant), then effects."""
    for i, obj in enumerate(board.get("objects", ())):
        for j, ability in enumerate(obj.get("static", ())):
            yield from _body_and_granted(("objects", i, "static", j), ability)
    for path, card in _cards(board):
        for j, ability in enumerate(card.get("static", ())):
            yield from _body_and_granted(path + ("static", j), ability)
    for i, effect in enumerate(board.get("effects", ())):
        yield from _body_and_granted(("effects", i), effect)


def _body_and_granted(path: Path, body: Data) -> Iterator[tuple[Path, Data]]:
    yield path, body
    for k, added in enumerate(body.get("abilities", {}).get("add", ())):
        if isinstance(added, dict):
            yield from _body_and_granted(path + ("abilities", "add", k), added)


def _filters(board: Data) -> Iterator[tuple[Path, Data]]:
    """Every filter, in document order, per body: in ``affects``, its condition, its values."""
    for path, body in _bodies(board):
        yield from body_filters(path, body)


# ---------------------------------------------------------------- 1. objects (with the cascade)


def _step_objects(board: Data) -> Iterator[tuple[str, Data]]:
    for index, obj in enumerate(board.get("objects", ())):
        variant = _without_object(board, index)
        if variant is not None:
            yield f"remove object {obj['id']}", variant


def _without_object(board: Data, index: int) -> Data | None:
    objects = board["objects"]
    gone = objects[index]["id"]
    new = dict(board)
    new["objects"] = [_object_without(o, gone) for n, o in enumerate(objects) if n != index]
    if "effects" in board:
        effects = [e for e in (_effect_without(e, gone) for e in board["effects"]) if e is not None]
        if effects or not board["effects"]:
            new["effects"] = effects
        else:
            del new["effects"]
    return new if _effective_timestamps_distinct(new) else None


def _unpaired(board: Data, index: int) -> Data:
    """The board with the soulbond pair of object ``index`` broken: neither names the other (702.95)."""
    partner = board["objects"][index]["paired_with"]
    objects = [{k: v for k, v in o.items() if k != "paired_with"} if n == index or o["id"] == partner else o
               for n, o in enumerate(board["objects"])]
    return {**board, "objects": objects}


def _object_without(obj: Data, gone: str) -> Data:
    if obj.get("paired_with") == gone:
        obj = {k: v for k, v in obj.items() if k != "paired_with"}  # its partner is gone: no pair
    detached = obj.get("attached_to") == gone
    # A catalogue card's object choices are optional (a Clone may copy nothing): the choice is declined.
    unchosen = [name for name, value in obj.get("choices", {}).items() if value == gone]
    if not detached and not unchosen and "static" not in obj:
        return obj
    new = dict(obj)
    if detached:
        del new["attached_to"]
    if unchosen:
        new["choices"] = {k: NONE if k in unchosen else v for k, v in obj["choices"].items()}
    if "static" in obj:
        kept: list[Data] = []
        for ability in obj["static"]:
            if detached and ability.get("affects") == "attached":
                continue
            reduced = _ability_without(ability, gone)
            if reduced is not None and reduced not in kept:
                kept.append(reduced)
        if kept:
            new["static"] = kept
        else:
            del new["static"]
    return new


def _ability_without(ability: Data, gone: str) -> Data | None:
    """A static ability (printed or granted) without object ``gone``; None when nothing is left."""
    affects = ability.get("affects")
    if isinstance(affects, list) and gone in affects:
        affects = [x for x in affects if x != gone]
        if not affects:
            return None
        ability = {**ability, "affects": affects}
    return _body_without(ability, gone)


def _effect_without(effect: Data, gone: str) -> Data | None:
    if "cast" in effect:
        # A catalogue spell or ability with targets takes a set number of them, and its choices
        # may name the object (what Cytoshape copies): without the object it goes. One without
        # targets (Overrun, Sudden Spoiling) lists what it affected: the object leaves the list.
        if gone in effect.get("choices", {}).values():
            return None
        if gone not in effect["targets"]:
            return effect
        targets = [x for x in effect["targets"] if x != gone]
        return {**effect, "targets": targets} if targets and _untargeted(effect) else None
    if gone in effect["affects"]:
        affects = [x for x in effect["affects"] if x != gone]
        if not affects:
            return None
        effect = {**effect, "affects": affects}
    return _body_without(effect, gone)


def _untargeted(cast: Data) -> bool:
    """Whether a ``cast:`` effect's spell or ability has no targets, so its list of the objects it
    affected (fixed as it resolved: 418.3b / 611.2c) may be any length."""
    card = catalogue().get(cast["cast"])
    made = card.effect(cast.get("ability")) if card is not None else None
    return made is not None and made.targets is None


def _body_without(body: Data, gone: str) -> Data | None:
    # A value that read the object (its P/T, mana value or counters) reads nothing now: 0.
    for where, node in reversed(list(body_values((), body))):
        if read_id(node) == gone:
            body = _replace(body, where, 0)
    copied = body.get("copy")
    if (copied.get("of") if isinstance(copied, dict) else copied) == gone:
        body = {k: v for k, v in body.items() if k != "copy"}
    abilities = body.get("abilities")
    if abilities and "add" in abilities:
        added: list[Any] = []
        for item in abilities["add"]:
            if isinstance(item, dict):
                item = _ability_without(item, gone)
                if item is None or item in added:
                    continue
            added.append(item)
        if added != abilities["add"]:
            new_abilities = {**abilities, "add": added} if added else {k: v for k, v in abilities.items() if k != "add"}
            if new_abilities:
                body = {**body, "abilities": new_abilities}
            else:
                body = {k: v for k, v in body.items() if k != "abilities"}
    return body if _has_part(body) else None


# ---------------------------------------------------------------- 2-4. effects, statics, parts


def _step_effects(board: Data) -> Iterator[tuple[str, Data]]:
    effects = board.get("effects", ())
    for index, effect in enumerate(effects):
        variant = _delete_item(board, ("effects",), index)
        if variant is not None and _effective_timestamps_distinct(variant):
            yield f"remove effect {effect['id']}", variant


def _step_statics(board: Data) -> Iterator[tuple[str, Data]]:
    holders = [(("objects", i), obj) for i, obj in enumerate(board.get("objects", ()))] + list(_cards(board))
    for path, holder in holders:
        for j, _ability in enumerate(holder.get("static", ())):
            variant = _delete_item(board, path + ("static",), j)
            if variant is not None:
                yield f"remove {_where(path + ('static', j))}", variant


def _step_parts(board: Data) -> Iterator[tuple[str, Data]]:
    for path, body in _bodies(board):
        parts = [k for k in PART_KEYS if k in body]
        if len(parts) > 1:
            for key in parts:
                yield from _labelled(f"remove part {_where(path + (key,))}", _edit(board, path + (key,)))
        pt = body.get("pt")
        if pt is not None and len(pt) > 1:
            for op in _PT_OPS:
                if op in pt:
                    yield from _labelled(f"remove {_where(path + ('pt', op))}", _edit(board, path + ("pt", op)))
        abilities = body.get("abilities")
        if abilities is not None:
            if len(abilities) > 1:
                for op in _ABILITY_OPS:
                    if op in abilities:
                        where = path + ("abilities", op)
                        yield from _labelled(f"remove {_where(where)}", _edit(board, where))
            for op in ("add", "remove"):
                items = abilities.get(op, ())
                if len(items) > 1:
                    for n in range(len(items)):
                        where = path + ("abilities", op, n)
                        yield from _labelled(f"remove {_where(where)}", _edit(board, where))
        change_text = body.get("change_text")
        if change_text is not None and len(change_text) > 1:
            for word in change_text:
                where = path + ("change_text", word)
                yield from _labelled(f"remove {_where(where)}", _edit(board, where))


def _labelled(description: str, variant: Data | None) -> Iterator[tuple[str, Data]]:
    if variant is not None:
        yield description, variant


# ---------------------------------------------------------------- 5. affects and filters


def _step_affects(board: Data) -> Iterator[tuple[str, Data]]:
    for path, body in _bodies(board):
        key = "targets" if "cast" in body else "affects"
        listed = body.get(key)
        if isinstance(listed, list) and len(listed) > 1 and (key == "affects" or _untargeted(body)):
            for n, oid in enumerate(listed):
                where = path + (key, n)
                yield from _labelled(f"drop {oid} from {_where(path + (key,))}", _edit(board, where))
    for path, filter_ in _filters(board):
        for key in filter_:
            yield from _labelled(f"drop {_where(path + (key,))}", _edit(board, path + (key,)))
        for key, value in filter_.items():
            if isinstance(value, list) and len(value) > 1:
                for n in range(len(value)):
                    where = path + (key, n)
                    yield from _labelled(f"drop {_where(where)}", _edit(board, where))


# ---------------------------------------------------------------- 6. list items


def _step_list_items(board: Data) -> Iterator[tuple[str, Data]]:
    read = _read_cards(board)
    for zone in _ZONES:
        zones = board.get(zone)
        if zones is None:
            continue
        if not zones:
            yield f"drop empty {zone}", _replace(board, (zone,), _DELETE)
        for player, cards in zones.items():
            if not cards:
                yield f"drop empty {zone} of {player}", _drop_zone(board, zone, player)
            for n, card in enumerate(cards):
                where = (zone, player, n)
                if card.get("id") in read:
                    continue  # step 8 first turns the values that read it into integers
                if len(cards) == 1:
                    yield f"remove {_where(where)}", _drop_zone(board, zone, player)
                else:
                    yield f"remove {_where(where)}", _replace(board, where, _DELETE)
    for path, card in _cards(board):
        yield from _list_field_items(board, path, card, _CARD_LISTS)
    for i, obj in enumerate(board.get("objects", ())):
        yield from _list_field_items(board, ("objects", i), obj, _OBJECT_LISTS)
    for path, body in _bodies(board):
        for key in _LIST_PARTS:
            if key not in body:
                continue
            ((op, values),) = body[key].items()
            if op == "set" or len(values) > 1:
                for n in range(len(values)):
                    where = path + (key, op, n)
                    yield from _labelled(f"remove {_where(where)}", _edit(board, where))


def _drop_zone(board: Data, zone: str, player: str) -> Data:
    if len(board[zone]) == 1:
        return _replace(board, (zone,), _DELETE)
    return _replace(board, (zone, player), _DELETE)


def _read_cards(board: Data) -> set[str]:
    """The ids of the objects and cards that values read ({power_of: ID}, {counters: KIND, on: ID}, ...), and of
    the cards a catalogue card's choice names (Volrath's Shapeshifter's top card of the graveyard): such a card
    goes only with what names it."""
    named = {value for item in (*board.get("objects", ()), *board.get("effects", ()))
             for value in (item.get("choices") or {}).values()}
    return named | {read for path, body in _bodies(board) for _, node in body_values(path, body)
                    if (read := read_id(node)) is not None}


def _cards(board: Data) -> Iterator[tuple[Path, Data]]:
    """Every card outside the battlefield, with its path."""
    for zone in _ZONES:
        for player, cards in board.get(zone, {}).items():
            for n, card in enumerate(cards):
                yield (zone, player, n), card


def _list_field_items(board: Data, path: Path, item: Data, keys: Iterable[str]) -> Iterator[tuple[str, Data]]:
    """Items of an object's or a card's lists; ``types`` keeps one; an emptied list goes."""
    for key in keys:
        if key not in item:
            continue
        values = item[key]
        if not values:
            yield f"drop empty {_where(path + (key,))}", _replace(board, path + (key,), _DELETE)
        elif key == "types":
            if len(values) > 1:
                for n in range(len(values)):
                    yield f"remove {_where(path + (key, n))}", _replace(board, path + (key, n), _DELETE)
        else:
            for n in range(len(values)):
                variant = _delete_item(board, path + (key,), n)
                if variant is not None:
                    yield f"remove {_where(path + (key, n))}", variant


# ---------------------------------------------------------------- 7. optional fields


def _counter_steps(board: Data, path: Path, item: Data) -> Iterator[tuple[str, Data]]:
    """Remove a kind of counter from an object or a card, or bring its number down to 1."""
    counters = item.get("counters")
    if counters is None:
        return
    if not counters:
        yield f"drop empty {_where(path + ('counters',))}", _replace(board, path + ("counters",), _DELETE)
    for kind, count in counters.items():
        where = path + ("counters", kind)
        # A kind's timestamp goes with its counters (the loader refuses one without them).
        stamps = {k: v for k, v in item.get("counter_timestamps", {}).items() if k != kind}
        without = {k: v for k, v in item.items() if k != "counter_timestamps"}
        if stamps:
            without["counter_timestamps"] = stamps
        if len(counters) == 1:
            del without["counters"]
        else:
            without["counters"] = {k: v for k, v in counters.items() if k != kind}
        yield f"remove {_where(where)}", _replace(board, path, without)
        if count > 1:
            yield f"reduce {_where(where)} to 1", _replace(board, where, 1)


def _step_fields(board: Data) -> Iterator[tuple[str, Data]]:
    for i, obj in enumerate(board.get("objects", ())):
        path: Path = ("objects", i)
        yield from _counter_steps(board, path, obj)
        for key in ("counter_timestamps", "face_up_at", "transformed_at", "tapped", "token", "was_cast", "transformed",
                    "face_down", "face_down_at"):
            if key in obj:
                yield f"remove {_where(path + (key,))}", _replace(board, path + (key,), _DELETE)
        if "paired_with" in obj:
            yield f"remove {_where(path + ('paired_with',))}", _unpaired(board, i)
        for j, ability in enumerate(obj.get("static", ())):
            if "condition" in ability:
                where = path + ("static", j, "condition")
                yield from _labelled(f"remove {_where(where)}", _edit(board, where))
        if "attached_to" in obj:
            new_obj = {k: v for k, v in obj.items() if k != "attached_to"}
            if "static" in obj:
                kept = [a for a in obj["static"] if a.get("affects") != "attached"]
                if kept:
                    new_obj["static"] = kept
                else:
                    del new_obj["static"]
            yield f"remove {_where(path + ('attached_to',))}", _replace(board, path, new_obj)
        for key in ("controller", "owner", "name", "mana_value"):
            if key in obj:
                yield f"remove {_where(path + (key,))}", _replace(board, path + (key,), _DELETE)
        if "power" in obj and "creature" not in obj.get("types", ()):
            yield f"remove power/toughness of {obj['id']}", _replace(
                board, path, {k: v for k, v in obj.items() if k not in ("power", "toughness")}
            )
    for key in ("life", "hand_size"):
        for player in board.get(key, {}):
            yield f"remove {_where((key, player))}", _replace(
                board, (key,) if len(board[key]) == 1 else (key, player), _DELETE)
    for i, effect in enumerate(board.get("effects", ())):
        if "source" in effect:
            yield f"remove {_where(('effects', i, 'source'))}", _replace(board, ("effects", i, "source"), _DELETE)
    read = _read_cards(board)
    for path, card in _cards(board):
        yield from _counter_steps(board, path, card)
        if "power" in card:
            yield f"remove power/toughness of {_where(path)}", _replace(
                board, path, {k: v for k, v in card.items() if k not in ("power", "toughness")}
            )
        for key in ("name", "mana_value", "id"):
            if key in card and not (key == "id" and card["id"] in read):
                yield f"remove {_where(path + (key,))}", _replace(board, path + (key,), _DELETE)


# ---------------------------------------------------------------- 8. values


def _step_values(board: Data) -> Iterator[tuple[str, Data]]:
    for i, obj in enumerate(board.get("objects", ())):
        for key in ("power", "toughness"):
            if key in obj:
                yield from _ints_toward_zero(board, ("objects", i, key), obj[key])
        if obj.get("mana_value", 0) > 1:
            where = ("objects", i, "mana_value")
            yield f"halve {_where(where)}", _replace(board, where, int(obj["mana_value"] / 2))
    for path, body in _bodies(board):
        for where, value in body_values(path, body):
            if isinstance(value, int):
                for smaller in _toward_zero(value):
                    yield from _labelled(f"{_where(where)} to {smaller}", _edit(board, where, smaller))
            elif value == "mana_value":
                yield from _labelled(f"{_where(where)} to 0", _edit(board, where, 0))
            else:
                for smaller in (0, 1):
                    yield from _labelled(f"{_where(where)} to {smaller}", _edit(board, where, smaller))
                for n, item in enumerate(value.get("sum", ())):
                    yield from _labelled(f"{_where(where)} to its item {n}", _edit(board, where, item))
                if "times" in value:
                    yield from _labelled(f"{_where(where)} to its value", _edit(board, where, value["value"]))
                if "zone" in value:
                    yield from _labelled(f"drop {_where(where + ('zone',))}", _edit(board, where + ("zone",)))
        if "condition" in body:
            for where, node in condition_nodes(path + ("condition",), body["condition"]):
                for key in ("all", "any"):
                    for n, item in enumerate(node.get(key, ())):
                        yield from _labelled(f"{_where(where)} to its item {n}", _edit(board, where, item))
        if "control" in body and body["control"] != "you":
            yield from _labelled(f"{_where(path + ('control',))} to you", _edit(board, path + ("control",), "you"))
        if isinstance(body.get("copy"), dict):
            where = path + ("copy",)
            yield from _labelled(f"{_where(where)} without exceptions", _edit(board, where, body["copy"]["of"]))
    for path, filter_ in _filters(board):
        for key in _FILTER_INTS:
            if key in filter_:
                for smaller in _toward_zero(filter_[key]):
                    where = path + (key,)
                    yield from _labelled(f"{_where(where)} to {smaller}", _edit(board, where, smaller))
    for i, effect in enumerate(board.get("effects", ())):
        if "controller" in effect:
            where = ("effects", i, "controller")
            yield f"remove {_where(where)}", _replace(board, where, _DELETE)
    for path, card in _cards(board):
        for key in ("power", "toughness"):
            if key in card:
                yield from _ints_toward_zero(board, path + (key,), card[key])
        if card.get("mana_value", 0) > 1:
            where = path + ("mana_value",)
            yield f"halve {_where(where)}", _replace(board, where, int(card["mana_value"] / 2))


def _ints_toward_zero(board: Data, path: Path, value: int) -> Iterator[tuple[str, Data]]:
    for smaller in _toward_zero(value):
        yield f"{_where(path)} to {smaller}", _replace(board, path, smaller)


# ---------------------------------------------------------------- 9-10. timestamps, top level


_EVENT_KEYS = ("face_up_at", "transformed_at")


def _step_timestamps(board: Data) -> Iterator[tuple[str, Data]]:
    """Every time on the board (timestamps, and when counters came, a permanent turned face up or
    transformed) renumbered 1..n in order, keeping which are equal and which come first."""
    sections = [(s, i, item) for s in ("objects", "effects") for i, item in enumerate(board.get(s, ()))]
    times = set()
    for _s, _i, item in sections:
        if "timestamp" in item:
            times.add(item["timestamp"])
        times.update(item[k] for k in _EVENT_KEYS if k in item)
        times.update(item.get("counter_timestamps", {}).values())
    rank = {t: n for n, t in enumerate(sorted(times), start=1)}
    if all(rank[t] == t for t in times):
        return
    new = dict(board)
    for section in ("objects", "effects"):
        if section in board:
            items = []
            for item in board[section]:
                item = dict(item)
                for key in ("timestamp", *_EVENT_KEYS):
                    if key in item:
                        item[key] = rank[item[key]]
                if "counter_timestamps" in item:
                    item["counter_timestamps"] = {k: rank[v] for k, v in item["counter_timestamps"].items()}
                items.append(item)
            new[section] = items
    if _effective_timestamps_distinct(new):
        yield "renumber timestamps 1..n", new


def _step_top_level(board: Data) -> Iterator[tuple[str, Data]]:
    if "players" in board and list(board["players"]) == list(DEFAULT_PLAYERS):
        yield "drop default players", _replace(board, ("players",), _DELETE)
    if "notes" in board:
        yield "drop notes", _replace(board, ("notes",), _DELETE)
    for key in ("effects", "objects"):
        if key in board and not board[key]:
            yield f"drop empty {key}", _replace(board, (key,), _DELETE)


_STEPS: tuple[Callable[[Data], Iterator[tuple[str, Data]]], ...] = (
    _step_objects,
    _step_effects,
    _step_statics,
    _step_parts,
    _step_affects,
    _step_list_items,
    _step_fields,
    _step_values,
    _step_timestamps,
    _step_top_level,
)
