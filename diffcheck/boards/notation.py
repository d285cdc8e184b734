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
- ``[...]``: counters (``+1/+1=2``) and the card's choices by name (``type=elf``, ``color=red``; ``diffcheck
  cards NAME`` lists them),
  separated by ``;``.

Items are separated by commas (a name with a comma in it, such as Urborg, Tomb of Yawgmoth, is
recognised whole) or by semicolons. A spell (instant or sorcery) is always its resolved effect.

``board_from_cards`` gives board data for ``diffcheck.boards.loading.board_from_data``; a mistake is
a ``NotationError`` naming the item and what was expected, with the nearest card names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from diffcheck.catalogue import catalogue
from diffcheck.catalogue.expand import fresh_id
from diffcheck.catalogue.index import fold
from diffcheck.words import and_list, q

__all__ = ["NotationError", "board_from_cards", "cards_from_board", "read_cards"]

_COUNTER = re.compile(r"^([+-]\d+/[+-]\d+|[a-z][a-z ]*)=(\d+)$")
_MARKS = ">@#!["
PLAYERS = ("you", "opponent")


class NotationError(ValueError):
    """A ``--cards`` text that does not make a board: which item, and what was expected."""


@dataclass
class _Item:
    text: str
    name: str
    refs: list[str] = field(default_factory=list)
    controller: str | None = None
    id: str | None = None
    ability: str | None = None
    counters: dict[str, int] = field(default_factory=dict)
    choices: dict[str, str] = field(default_factory=dict)


def read_cards(text: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The notation read once: its items as plain data (name, id, controller, refs, ability, counters,
    choices: what the page edits), and the board data (format v1, with ``card:`` objects and ``cast:``
    effects) they make. Raises ``NotationError``."""
    cards = catalogue()
    pieces = _split(text)
    if not pieces:
        raise NotationError("no card named; list cards by name, e.g. 'Humility, Opalescence, Grizzly Bears'")
    parsed = [_item(p) for p in _merged(pieces, cards)]
    objects: list[dict] = []
    effects: list[dict] = []
    taken: set[str] = set()
    last_of: dict[str, str] = {}  # a card's folded name -> the id of its last object so far
    for timestamp, item in enumerate(parsed, start=1):
        card = cards.get(item.name)
        if card is None:
            raise NotationError(f"{q(item.text)}: {cards.unknown(item.name)}")
        item.name = card.name
        refs = [_ref(r, item, taken, last_of) for r in item.refs]
        made = card.effect(item.ability) if card.is_spell or item.ability is not None else None
        if (card.is_spell or item.ability is not None) and made is None:
            labels = [e.label for e in card.effects if e.label]
            expected = f"its abilities are {and_list([q(x) for x in labels])}" if labels else \
                "it has no ability that makes a continuous effect"
            raise NotationError(f"{q(item.text)}: {card.name} has no ability {q(item.ability or '')}; {expected}")
        if made is not None and item.counters:
            raise NotationError(f"{q(item.text)}: an effect has no counters; put them on a permanent")
        if made is None and len(refs) > 1:
            raise NotationError(f"{q(item.text)}: a permanent is attached to one object; found {len(refs)}")
        own = item.id or fresh_id(card.name, taken)
        if own in taken:
            raise NotationError(f"{q(item.text)}: the id {q(own)} is taken by an earlier card")
        taken.add(own)
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
            effect["timestamp"] = timestamp
            effects.append(effect)
            continue
        last_of[fold(card.name)] = own
        obj: dict[str, Any] = {"card": card.name, "id": own}
        if item.controller:
            obj["controller"] = item.controller
        if item.counters:
            obj["counters"] = dict(item.counters)
        if refs:
            obj["attached_to"] = refs[0]
        if item.choices:
            obj["choices"] = dict(item.choices)
        obj["timestamp"] = timestamp
        objects.append(obj)
    board: dict[str, Any] = {"objects": objects}
    if effects:
        board["effects"] = effects
    return [{"name": i.name, "id": i.id, "controller": i.controller, "refs": i.refs, "ability": i.ability,
             "counters": i.counters, "choices": i.choices} for i in parsed], board


def board_from_cards(text: str) -> dict[str, Any]:
    """Board data from the notation above (``read_cards``)."""
    return read_cards(text)[1]


def cards_from_board(data: dict[str, Any]) -> str | None:
    """The notation of a board of catalogue cards alone (what the page puts in its address), or None when the
    board holds anything the notation cannot say (a plain object, an effect without a card, another zone)."""
    items: list[tuple[int, str]] = []
    if set(data) - {"objects", "effects"}:
        return None
    for obj in data.get("objects", ()):
        if "card" not in obj or set(obj) - {"card", "id", "controller", "counters", "attached_to", "choices",
                                            "timestamp"}:
            return None
        text = obj["card"]
        if obj.get("id") and obj["id"] != fresh_id(obj["card"], set()):
            text += f"#{obj['id']}"
        text += _tail(obj.get("controller"), [obj["attached_to"]] if obj.get("attached_to") else [],
                      obj.get("counters") or {}, obj.get("choices") or {})
        items.append((obj.get("timestamp", 0), text))
    for effect in data.get("effects", ()):
        if "cast" not in effect or set(effect) - {"cast", "ability", "id", "targets", "controller", "choices",
                                                  "timestamp"}:
            return None
        text = effect["cast"] + (f"!{effect['ability']}" if effect.get("ability") else "")
        text += _tail(effect.get("controller"), list(effect.get("targets") or ()), {}, effect.get("choices") or {})
        items.append((effect.get("timestamp", 0), text))
    if not items or any(t <= 0 for t, _ in items) or len({t for t, _ in items}) != len(items):
        return None
    return ", ".join(text for _, text in sorted(items))


def _tail(controller: str | None, refs: list[str], counters: dict, choices: dict) -> str:
    out = f"@{controller}" if controller and controller != "you" else ""
    if refs:
        out += ">" + "+".join(refs)
    options = [f"{k}={v}" for k, v in counters.items()] + [f"{k}={v}" for k, v in choices.items()]
    return out + (f"[{'; '.join(options)}]" if options else "")


# ---------------------------------------------------------------- reading the text


def _split(text: str) -> list[str]:
    """The items of ``text``: split on ``;`` if it has one outside brackets, else on ``,``."""
    depth, pieces, current = 0, [], ""
    separator = ";" if ";" in re.sub(r"\[[^\]]*\]", "", text) else ","
    for ch in text:
        depth += ch == "["
        depth -= ch == "]"
        if ch == separator and depth == 0:
            pieces.append(current)
            current = ""
        else:
            current += ch
    pieces.append(current)
    if depth:
        raise NotationError(f"{q(text.strip())}: a '[' is not closed")
    return [p.strip() for p in pieces if p.strip()]


def _merged(pieces: list[str], cards) -> list[str]:
    """Pieces joined back where a card's name has a comma in it (Urborg, Tomb of Yawgmoth)."""
    out, i = [], 0
    while i < len(pieces):
        for j in range(len(pieces), i, -1):
            joined = ", ".join(pieces[i:j])
            name = _name_part(joined)
            if j - i == 1 or ("," in name and cards.get(name) is not None):
                out.append(joined)
                i = j
                break
    return out


def _name_part(text: str) -> str:
    at = min((text.find(m) for m in _MARKS if m in text), default=len(text))
    return text[:at].strip()


def _item(text: str) -> _Item:
    item = _Item(text, _name_part(text))
    if not item.name:
        raise NotationError(f"{q(text)}: a card's name comes first")
    rest = text.strip()[len(item.name):]
    for mark, value, options in re.findall(r"([>@#!])\s*([^>@#!\[]*)|\[([^\]]*)\]", rest):
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
    leftover = re.sub(r"[>@#!][^>@#!\[]*|\[[^\]]*\]", "", rest).strip()
    if leftover:
        raise NotationError(f"{q(text)}: {q(leftover)} is not understood after the name")
    return item


def _options(item: _Item, text: str) -> None:
    for option in (o.strip() for o in text.split(";")):
        if not option:
            continue
        counter = _COUNTER.match(option)
        if counter:
            item.counters[counter.group(1)] = int(counter.group(2))
            continue
        key, sep, value = option.partition("=")
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
