"""A board from card names: the short notation of ``--cards`` (and of the page's address).

    Humility, Opalescence, Grizzly Bears
    Grizzly Bears@opponent, Control Magic>grizzly-bears, Confiscate@opponent>control-magic
    Gray Ogre[+1/+1=1], Giant Growth>gray-ogre, Mishra's Factory, Mishra's Factory!animate
    Conspiracy[type=elf], Grizzly Bears#bear

Cards are listed in timestamp order: the first has timestamp 1, the next 2, and so on (a permanent's
timestamp is when it entered, a spell's when it resolved). Each item is a catalogue card's name
(``diffcheck cards``), with, in any order after it:

- ``>REF``: what an Aura or Equipment is attached to, or a spell's or ability's targets (``>a+b``);
  REF is an id, or a card name standing for the last object of that card listed before;
- ``@opponent`` (or ``@you``): its controller;
- ``#ID``: its id (by default its name in lowercase words joined by ``-``: ``grizzly-bears``);
- ``!LABEL``: not the permanent but one of its abilities, resolved (``Mishra's Factory!animate``);
  an ability that affects only its own permanent needs no ``>``;
- ``~ZONE``: not a permanent but a card in its owner's graveyard, exile, hand or library (``Lightning
  Bolt~graveyard``); ``@opponent`` then names its owner, and the cards of one zone are in the order listed;
- ``[...]``: counters (``+1/+1=2``), the card's choices by name (``type=elf``, ``color=red``; ``diffcheck
  cards NAME`` lists them), and a permanent's state: ``tapped``, ``token``, ``was_cast``, ``transformed``,
  ``face_down=morph`` (or manifest, disguise, cloak), separated by ``;``.

Items are separated by commas (a name with a comma in it, such as Urborg, Tomb of Yawgmoth, is
recognised whole) or by semicolons. A spell (instant or sorcery) is always its resolved effect.

``board_from_cards`` gives board data for ``diffcheck.boards.loading.board_from_data``; a mistake is
a ``NotationError`` naming the item and what was expected, with the nearest card names. A list over the
loader's limits (objects, effects, continuous effects, items in a list) is such a mistake too, named by the
card listed that goes over it rather than by a place in the board built from the list; a list longer than
any board could be is refused once its items are counted, before any is read.
"""

from __future__ import annotations

import re

from diffcheck.boards.limits import CONTINUOUS_EFFECTS, MAX_EFFECTS, MAX_ITEMS, MAX_OBJECTS, body_count, \
    continuous_effects, over_limit
from diffcheck.catalogue import catalogue
from diffcheck.catalogue.expand import fresh_id
from diffcheck.catalogue.index import fold
from diffcheck.words import and_list, or_list, ordinal, q

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["MAX_LISTED", "NotationError", "board_from_cards", "cards_from_board", "load_cards", "read_cards"]

# Every card listed makes one object or one effect, so a list longer than this makes more objects than a board
# may have or more effects: it is refused once counted, before any card in it is read.
MAX_LISTED = MAX_OBJECTS + MAX_EFFECTS
_LISTED_WHY = (f" (each card listed makes an object or an effect, and a board may have at most {MAX_OBJECTS:,} "
               f"objects and {MAX_EFFECTS:,} effects)")

_COUNTER = re.compile(r"^([+-]\d+/[+-]\d+|[a-z][a-z ]*)=(\d+)$")
_MARKS = ">@#!~["
# ~ZONE: where a card listed is, when it is not on the battlefield (the board's lists of cards by owner).
ZONES = {"graveyard": "graveyards", "exile": "exile", "hand": "hands", "library": "libraries"}
PLAYERS = ("you", "opponent")


class NotationError(ValueError):
    """A ``--cards`` text that does not make a board: which item, and what was expected."""


class _Item:
    """One item of the notation as it is read, filled in part by part. A plain class, not a dataclass:
    ``dataclasses`` imports ``inspect``, some 40 million instructions of ``judge --cards``'s start."""

    __slots__ = ("text", "name", "refs", "controller", "id", "ability", "counters", "choices", "x", "zone", "flags",
                 "face_down")

    def __init__(self, text: str, name: str) -> None:
        self.text, self.name = text, name
        self.refs: list[str] = []
        self.controller: str | None = None
        self.id: str | None = None
        self.ability: str | None = None
        self.counters: dict[str, int] = {}
        self.choices: dict[str, str] = {}
        self.x: int | None = None  # what a resolved ability's amounts came to as it resolved (611.2d): [x=3]
        self.zone: str | None = None  # ~graveyard: a card in its owner's graveyard (ZONES), not a permanent
        # [tapped], [token], [was_cast], [transformed]: a permanent's facts that filters and conditions ask (FLAGS)
        self.flags: list[str] = []
        self.face_down: str | None = None  # [face_down=morph]: a face-down permanent (morph, manifest, disguise, cloak)


def read_cards(text: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The notation read once: its items as plain data (name, id, controller, refs, ability, counters,
    choices: what the page edits), and the board data (format v1, with ``card:`` objects and ``cast:``
    effects) they make. Raises ``NotationError``, for a list over the loader's limits too.

    Reading takes time in proportion to the text: the items are counted, and a list too long refused, before
    any of them is read."""
    parsed, board = _read(text)
    return [_listed(i) for i in parsed], board


def _listed(item: _Item) -> dict[str, Any]:
    # The page edits x and the permanent's state among the choices: they are written the same way, [x=3; tapped].
    state = {**{flag: "" for flag in item.flags}, **({"face_down": item.face_down} if item.face_down else {})}
    return {"name": item.name, "id": item.id, "controller": item.controller, "refs": item.refs,
            "ability": item.ability, "counters": item.counters, "zone": item.zone,
            "choices": {**item.choices, **({} if item.x is None else {"x": str(item.x)}), **state}}


def _read(text: str) -> tuple[list[_Item], dict[str, Any]]:
    """The items as read, and the board data they make (``read_cards``)."""
    cards = catalogue()
    pieces, separator = _split(text)
    if not pieces:
        raise NotationError("no card named; list cards by name, e.g. 'Humility, Opalescence, Grizzly Bears'")
    texts = _merged(pieces, cards) if separator == "," else pieces
    if len(texts) > MAX_LISTED:
        raise _over(texts[MAX_LISTED], MAX_LISTED + 1,
                    over_limit(MAX_LISTED + 1, len(texts), "cards listed", MAX_LISTED, "list") + _LISTED_WHY)
    parsed = [_item(t) for t in texts]
    found = []
    for number, item in enumerate(parsed, start=1):
        card = cards.get(item.name)
        if card is None:
            raise NotationError(f"{q(item.text)}: {cards.unknown(item.name)}")
        item.name = card.name
        _check_sizes(item, number)
        found.append(card)
    # A spell is its resolved effect, and so is a permanent's ability: everything else is an object.
    makes_effect = [(card.is_spell and item.zone is None) or item.ability is not None
                    for card, item in zip(found, parsed)]
    _check_count([not e and i.zone is None for e, i in zip(makes_effect, parsed)], parsed, "objects", MAX_OBJECTS)
    _check_count(makes_effect, parsed, "effects (spells and abilities resolved)", MAX_EFFECTS)
    objects: list[dict] = []
    effects: list[dict] = []
    made_by: dict[tuple[str, int], int] = {}  # ("objects", i) or ("effects", j) -> the number of its item
    bound = 0  # the most continuous effects the cards can bring (a choice may leave an ability out)
    taken: set[str] = set()
    last_of: dict[str, str] = {}  # a card's folded name -> the id of its last object so far
    zones: dict[str, dict[str, list]] = {}  # the board's key (graveyards...) -> owner -> its cards, as listed
    for timestamp, (item, card) in enumerate(zip(parsed, found), start=1):
        if item.zone is not None:
            _in_zone(item, card.name, timestamp, taken, zones)
            continue
        refs = [_ref(r, item, taken, last_of) for r in item.refs]
        made = card.effect(item.ability) if card.is_spell or item.ability is not None else None
        if (card.is_spell or item.ability is not None) and made is None:
            labels = [e.label for e in card.effects if e.label]
            expected = f"its abilities are {and_list([q(x) for x in labels])}" if labels else \
                "it has no ability that makes a continuous effect"
            raise NotationError(f"{q(item.text)}: {card.name} has no ability {q(item.ability or '')}; {expected}")
        if made is not None and item.counters:
            raise NotationError(f"{q(item.text)}: an effect has no counters; put them on a permanent")
        if made is None and item.x is not None:
            raise NotationError(f"{q(item.text)}: x is what a spell's or ability's amounts came to as it resolved; "
                                "a permanent takes none")
        if made is not None and (item.flags or item.face_down):
            raise NotationError(
                f"{q(item.text)}: a spell or ability resolved is not {_state_words(item)}; a permanent is")
        if made is None and len(refs) > 1:
            raise NotationError(f"{q(item.text)}: a permanent is attached to one object; found {len(refs)}")
        own = _own_id(item, card.name, taken)
        if made is not None:  # a spell, or a permanent's ability, resolved
            if not refs and made.on_self and fold(card.name) in last_of:
                refs = [last_of[fold(card.name)]]
            effect: dict[str, Any] = {"cast": card.name}
            if item.ability is not None:
                effect["ability"] = item.ability
            effect["id"] = own
            if made.targets is not None or refs:
                effect["targets"] = refs
            if item.controller:
                effect["controller"] = item.controller
            if item.choices:
                effect["choices"] = dict(item.choices)
            if item.x is not None:
                effect["x"] = item.x
            effect["timestamp"] = timestamp
            made_by["effects", len(effects)] = timestamp
            bound += body_count(made.body)
            effects.append(effect)
            continue
        last_of[fold(card.name)] = own
        obj: dict[str, Any] = {"card": card.name, "id": own}
        if item.controller:
            obj["controller"] = item.controller
        if item.counters:
            obj["counters"] = dict(item.counters)
        if item.face_down:
            obj["face_down"] = item.face_down
        if refs:
            obj["attached_to"] = refs[0]
        for flag in item.flags:
            obj[flag] = True
        if item.choices:
            obj["choices"] = dict(item.choices)
        obj["timestamp"] = timestamp
        made_by["objects", len(objects)] = timestamp
        bound += sum(body_count(ability) for ability in card.static if isinstance(ability, dict))
        objects.append(obj)
    board: dict[str, Any] = {"objects": objects}
    board.update(zones)
    if effects:
        board["effects"] = effects
    if bound > MAX_EFFECTS:  # only then is the exact count, on the cards written out, worth its cost
        _check_continuous(board, parsed, made_by)
    return parsed, board


def _own_id(item: _Item, name: str, taken: set[str]) -> str:
    """The id of what an item makes (given, or made from the card's name), taken from here on."""
    own = item.id or fresh_id(name, taken)
    if own in taken:
        raise NotationError(f"{q(item.text)}: the id {q(own)} is taken by an earlier card")
    taken.add(own)
    return own


def _in_zone(item: _Item, name: str, timestamp: int, taken: set[str], zones: dict) -> None:
    """A card listed ``~ZONE``: in its owner's list of that zone, after the cards of that zone listed before it.
    It entered its zone at its place in the list (613.7d: a card that changes zones gets a new timestamp)."""
    for mark, given in (("a ~zone card is not attached and targets nothing", item.refs),
                        ("a card in a zone is not an ability resolved", item.ability),
                        (f"a card in a zone is not {_state_words(item)}; a permanent is", item.flags or item.face_down)):
        if given:
            raise NotationError(f"{q(item.text)}: {mark}")
    own = _own_id(item, name, taken)
    card: dict[str, Any] = {"card": name, "id": own}
    if item.counters:
        card["counters"] = dict(item.counters)
    if item.choices:
        card["choices"] = dict(item.choices)
    card["timestamp"] = timestamp
    zones.setdefault(ZONES[item.zone], {}).setdefault(item.controller or "you", []).append(card)


def board_from_cards(text: str) -> dict[str, Any]:
    """Board data from the notation above (``read_cards``)."""
    return read_cards(text)[1]


def load_cards(text: str, file: str = "--cards") -> tuple[list[dict[str, Any]], dict[str, Any], Any]:
    """The notation read (``read_cards``) and its board loaded: the items, the board data and the ``Board``. A
    problem the loader finds in the board the cards make is a ``NotationError`` too, named by the card listed
    that made the object or effect it is in, and said in the notation where its fix is (``Clone[copy=ID]``)."""
    from diffcheck.boards.loading import BoardError, board_from_data  # the loader reads the board the cards make

    parsed, data = _read(text)
    try:
        return [_listed(i) for i in parsed], data, board_from_data(data, file)
    except BoardError as exc:
        raise NotationError(_of_the_card(exc, data, [i.text for i in parsed])) from None


_MADE_BY = re.compile(r"(objects|effects)\[(\d+)\]")


def _of_the_card(exc, data: dict[str, Any], texts: list[str]) -> str:
    """A loader's problem in the board the cards made, named by the card listed (``texts``, as written) that made
    the object or effect it is in (the board's timestamps are the cards' places in the list)."""
    found = _MADE_BY.match(exc.where)
    if found is None:
        return f"{exc.where}: {exc.message}" if exc.where else exc.message
    kind, index = found.group(1), int(found.group(2))
    number = data[kind][index]["timestamp"]
    return f"{q(texts[number - 1])} (the {ordinal(number)} card listed): {exc.notation or exc.message}"


def cards_from_board(data: dict[str, Any]) -> str | None:
    """The notation of a board of catalogue cards alone (what the page puts in its address), or None when the
    board holds anything the notation cannot say (a plain object, an effect without a card, another zone)."""
    items: list[tuple[int, str]] = []
    if set(data) - {"objects", "effects", *ZONES.values()}:
        return None
    zone_of = {key: word for word, key in ZONES.items()}
    for key in set(data) & set(zone_of):
        for owner, cards in (data[key] or {}).items():
            for card in cards:
                if "card" not in card or set(card) - {"card", "id", "counters", "choices", "timestamp"} \
                        or owner not in PLAYERS:
                    return None
                text = card["card"]
                if card.get("id") and card["id"] != fresh_id(card["card"], set()):
                    text += f"#{card['id']}"
                text += f"~{zone_of[key]}" + _tail(owner, [], card.get("counters") or {}, card.get("choices") or {})
                items.append((card.get("timestamp", 0), text))
    for obj in data.get("objects", ()):
        if "card" not in obj or set(obj) - {"card", "id", "controller", "counters", "attached_to", "choices",
                                            "timestamp", "face_down", *FLAGS}:
            return None
        text = obj["card"]
        if obj.get("id") and obj["id"] != fresh_id(obj["card"], set()):
            text += f"#{obj['id']}"
        state = {**{flag: "" for flag in FLAGS if obj.get(flag)},
                 **({"face_down": obj["face_down"]} if obj.get("face_down") else {})}
        text += _tail(obj.get("controller"), [obj["attached_to"]] if obj.get("attached_to") else [],
                      obj.get("counters") or {}, {**(obj.get("choices") or {}), **state})
        items.append((obj.get("timestamp", 0), text))
    for effect in data.get("effects", ()):
        if "cast" not in effect or set(effect) - {"cast", "ability", "id", "targets", "controller", "choices",
                                                  "timestamp", "x"}:
            return None
        text = effect["cast"] + (f"!{effect['ability']}" if effect.get("ability") else "")
        choices = {**(effect.get("choices") or {}), **({"x": effect["x"]} if "x" in effect else {})}
        text += _tail(effect.get("controller"), list(effect.get("targets") or ()), {}, choices)
        items.append((effect.get("timestamp", 0), text))
    if not items or any(t <= 0 for t, _ in items) or len({t for t, _ in items}) != len(items):
        return None
    return ", ".join(text for _, text in sorted(items))


def _tail(controller: str | None, refs: list[str], counters: dict, choices: dict) -> str:
    out = f"@{controller}" if controller and controller != "you" else ""
    if refs:
        out += ">" + "+".join(refs)
    options = [f"{k}={v}" for k, v in counters.items()] + [f"{k}={v}" if v != "" else k for k, v in choices.items()]
    return out + (f"[{'; '.join(options)}]" if options else "")


# ---------------------------------------------------------------- reading the text


_SEPARATORS = {sep: re.compile(rf"[\[\]{sep}]") for sep in ",;"}


def _split(text: str) -> tuple[list[str], str]:
    """The items of ``text``, and what separates them: ``;`` if it has one outside brackets, else ``,``."""
    separator = ";" if ";" in re.sub(r"\[[^\]]*\]", "", text) else ","
    pieces, depth, start = [], 0, 0
    # Only brackets and separators matter; the text between them is sliced out whole.
    for mark in _SEPARATORS[separator].finditer(text):
        if mark.group() == "[":
            depth += 1
        elif mark.group() == "]":
            depth -= 1
            if depth < 0:
                raise NotationError(f"{q(text.strip())}: a ']' closes no '['")
        elif depth == 0:
            pieces.append(text[start:mark.start()])
            start = mark.end()
    pieces.append(text[start:])
    if depth:
        raise NotationError(f"{q(text.strip())}: a '[' is not closed")
    return [p.strip() for p in pieces if p.strip()], separator


def _merged(pieces: list[str], cards) -> list[str]:
    """Pieces joined back where a card's name has a comma in it (Urborg, Tomb of Yawgmoth).

    Only as many pieces as the longest such name has are tried together, so each piece costs a few lookups
    whatever the length of the list."""
    longest = cards.name_pieces
    out, i = [], 0
    while i < len(pieces):
        j = i + 1
        for end in range(min(len(pieces), i + longest), i + 1, -1):
            # A name is whole before its marks: a piece with a mark ends the name, and the list goes on after it.
            if any(m in piece for piece in pieces[i:end - 1] for m in _MARKS):
                continue
            card = cards.get(_name_part(", ".join(pieces[i:end])))
            if card is not None and "," in card.name:
                j = end
                break
        out.append(", ".join(pieces[i:j]))
        i = j
    return out


def _name_part(text: str) -> str:
    at = min((text.find(m) for m in _MARKS if m in text), default=len(text))
    return text[:at].strip()


def _item(text: str) -> _Item:
    item = _Item(text, _name_part(text))
    if not item.name:
        raise NotationError(f"{q(text)}: a card's name comes first")
    rest = text.strip()[len(item.name):]
    for mark, value, options in re.findall(r"([>@#!~])\s*([^>@#!~\[]*)|\[([^\]]*)\]", rest):
        value = value.strip()
        if options or (not mark and not value):
            _options(item, options)
        elif mark == ">":
            item.refs += [r.strip() for r in value.split("+") if r.strip()]
            if not value:
                raise NotationError(f"{q(text)}: '>' needs what it is attached to or targets")
        elif mark == "@":
            if value.lower() not in PLAYERS:
                raise NotationError(f"{q(text)}: '@{value}' names no player; expected @you or @opponent")
            item.controller = value.lower()
        elif mark == "#":
            if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]*", value):
                raise NotationError(f"{q(text)}: '#{value}' is not an id (letters, digits, - and _)")
            item.id = value
        elif mark == "!":
            item.ability = value
        elif mark == "~":
            if value.lower() not in ZONES:
                raise NotationError(f"{q(text)}: '~{value}' names no zone; expected {or_list(['~' + z for z in ZONES])}")
            item.zone = value.lower()
    leftover = re.sub(r"[>@#!~][^>@#!~\[]*|\[[^\]]*\]", "", rest).strip()
    if leftover:
        raise NotationError(f"{q(text)}: {q(leftover)} is not understood after the name")
    return item


# A permanent's facts the notation writes as a word alone, in the board's order of keys.
FLAGS = ("tapped", "token", "was_cast", "transformed")


def _state_words(item: _Item) -> str:
    """What the item says of a permanent's state, as the message refusing it for a card or an effect says it."""
    words = {"tapped": "tapped", "token": "a token", "was_cast": "cast as a permanent spell",
             "transformed": "transformed"}
    return or_list([*(words[f] for f in item.flags), *(["face down"] if item.face_down else [])])


def _options(item: _Item, text: str) -> None:
    for option in (o.strip() for o in text.split(";")):
        if not option:
            continue
        key, sep, value = option.partition("=")
        if key.strip() == "x":  # no counter is called x: what an ability's amounts came to as it resolved
            if not re.fullmatch(r"-?\d{1,4}", value.strip()) or abs(int(value)) > 1000:
                raise NotationError(f"{q(item.text)}: {q(option)}: x is a whole number from -1000 to 1000, what the "
                                    "amounts came to as it resolved")
            item.x = int(value)
            continue
        if key.strip() in FLAGS and not value.strip():  # the page writes a flag as tapped or tapped=
            if key.strip() not in item.flags:
                item.flags.append(key.strip())
            continue
        if key.strip() == "face_down":
            item.face_down = value.strip()
            continue
        counter = _COUNTER.match(option)
        if counter:
            item.counters[counter.group(1)] = int(counter.group(2))
            continue
        if not sep or not key.strip() or not value.strip():
            raise NotationError(f"{q(item.text)}: {q(option)}: expected a counter (+1/+1=2) or a choice (color=red)")
        item.choices[key.strip()] = value.strip()


def _ref(ref: str, item: _Item, taken: set[str], last_of: dict[str, str]) -> str:
    if ref in taken:
        return ref
    by_name = last_of.get(fold(ref))
    if by_name is not None:
        return by_name
    listed = and_list([q(t) for t in sorted(taken)]) if taken else "none yet"
    raise NotationError(f"{q(item.text)}: no object {q(ref)} listed before it (cards are listed in timestamp "
                        f"order, so what it is attached to or targets comes first); the ids so far: {listed}")


# ---------------------------------------------------------------- the loader's limits, by the card listed


def _over(text: str, number: int, message: str) -> NotationError:
    """A limit met at the card listed ``number``: named as the user wrote it, where the loader could only name a
    place in the board the notation built."""
    return NotationError(f"{q(text)} (the {ordinal(number)} card listed): {message}")


def _check_sizes(item: _Item, number: int) -> None:
    for size, things in ((len(item.refs), "targets after '>'"), (len(item.counters), "kinds of counters"),
                         (len(item.choices), "choices")):
        if size > MAX_ITEMS:
            raise _over(item.text, number, over_limit(MAX_ITEMS + 1, size, things, MAX_ITEMS, "card"))


def _check_count(makes: list[bool], parsed: list[_Item], things: str, limit: int) -> None:
    total = sum(makes)
    if total <= limit:
        return
    made = 0
    for number, (item, yes) in enumerate(zip(parsed, makes), start=1):
        made += yes
        if made > limit:
            raise _over(item.text, number, over_limit(limit + 1, total, things, limit))


def _check_continuous(board: dict[str, Any], parsed: list[_Item], made_by: dict[tuple[str, int], int]) -> None:
    """More continuous effects than a board may have, counted as the loader counts them (on the cards written
    out: a choice may leave an ability out), in the order the cards are listed."""
    from diffcheck.boards.loading import written_out  # here: only a long list of abilities needs it

    plain = written_out(board)
    if plain is None:  # a problem the loader reports as it is
        return
    places = continuous_effects(plain)
    if len(places) <= MAX_EFFECTS:
        return
    numbers = sorted(made_by[place[0], place[1]] for place in places)
    number = numbers[MAX_EFFECTS]
    raise _over(parsed[number - 1].text, number,
                over_limit(MAX_EFFECTS + 1, len(places), CONTINUOUS_EFFECTS, MAX_EFFECTS))
