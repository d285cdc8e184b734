"""The card catalogue as values: a card's printed characteristics and its effects in board vocabulary.

A catalogue entry is a card's printed characteristics (the facts: name, types, subtypes,
supertypes, colors, mana value, power and toughness, keywords), a short description in
our own words, and what it does, written in the board vocabulary of
``../../docs/cards.md``:

* ``static:`` the static abilities of a permanent, exactly as an object's ``static:``;
* ``effect:`` and ``targets:`` for an instant or sorcery: the parts of the continuous
  effect it creates when it resolves, and how many targets it takes;
* ``activated:`` / ``triggered:`` for a permanent's abilities that create an effect
  when they resolve, each with a short ``ability:`` label, its own ``effect:`` and
  ``targets:`` (``targets: self`` for an ability that affects only its own permanent);
* ``choices:`` what a player chooses for it (a color, a creature type, an object to
  copy); the card's text refers to a choice as ``$name``.

Loading checks the shape of every entry and raises ``CatalogueError`` (a bug in the
repository's data, not in a user's board); that every card also expands into a valid
board is a test (``tests/catalogue/test_catalogue.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from engines.board import BASIC_LAND_TYPES, CARD_TYPES, COLOR_LETTERS, COLORS, mana_symbols, mana_value_of_cost
from rulesets.record import record

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Card", "CardEffect", "Choice", "CatalogueError", "CHOICE_KINDS", "card_from_entry"]

# What a choice can be, and how a board's value for it is checked (``expand``).
CHOICE_KINDS = {
    "color": "a color (" + ", ".join(COLORS) + ")",
    "creature_type": "a creature type, as a lowercase word (goblin, merfolk)",
    "basic_land_type": "a basic land type (" + ", ".join(BASIC_LAND_TYPES) + ")",
    "object": "the id of an object on the board",
    "card": "the id of a card outside the battlefield on the board (in a graveyard, say)",
    "player": "a player of the board, by name",
    "shape": "one of the shapes the card offers",
}

# Fields of an entry that are the card's printed characteristics: they become the object's fields.
PRINTED = ("types", "subtypes", "supertypes", "colors", "color_indicator", "power", "toughness", "mana_value",
           "mana_cost", "halves", "abilities")
SPELL_TYPES = ("instant", "sorcery")
_ENTRY_KEYS = {"name", "about", "caveats", "choices", "static", "counters", "effect", "targets",
               "activated", "triggered", "first_printing", "formats", "back", *PRINTED}
_ABILITY_KEYS = {"ability", "about", "choices", "effect", "targets"}


X_PAID = "$x"  # in an effect's body: the X paid for the spell or ability


def strings_of(node: Any) -> Iterator[str]:
    """Every string in a parsed entry, mapping keys too."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield key
            yield from strings_of(value)
    elif isinstance(node, list):
        for item in node:
            yield from strings_of(item)


def _replaced(node: Any, old: str, new: Any) -> Any:
    if isinstance(node, dict):
        return {key: _replaced(value, old, new) for key, value in node.items()}
    if isinstance(node, list):
        return [_replaced(item, old, new) for item in node]
    return new if node == old else node


class CatalogueError(Exception):
    """An entry of the repository's catalogue that does not have the catalogue's shape."""


@record
class Choice:
    """Something a player chooses for a card, as the card or its ability comes into being.

    An optional choice may be declined (``none``): the abilities that mention it are then absent (a Clone
    whose controller copies nothing enters as itself, a 0/0). It is never silently declined: a board that
    leaves it out is asked for it wherever it holds something the choice could have named
    (``catalogue.expand``). ``among`` are the card types what it names may have (a Clone copies a creature);
    ``top_of: graveyard`` makes a card choice the top card of the card's owner's graveyard, which counts only
    if it has one of those types (Volrath's Shapeshifter).
    """

    name: str
    kind: str
    optional: bool = False
    among: tuple[str, ...] = ()
    top_of: str | None = None
    # A shape choice (Primal Clay's 3/3, 2/2 defender or 1/6 Wall): each option's name and the printed values it
    # gives the permanent as it enters, which are copiable values (706.2; 707.2); ``default`` is the option a board
    # that names none meant before the choice could be written.
    options: tuple[tuple[str, Mapping[str, Any]], ...] = ()
    default: str | None = None

    @property
    def placeholder(self) -> str:
        return "$" + self.name


@record
class CardEffect:
    """The continuous effect a spell, or one activated or triggered ability, creates as it resolves.

    ``targets`` is the exact number of targets, or ``None`` for an effect without targets:
    a board then lists the objects it affected when it resolved, which were fixed then
    (old 418.3b; 2009 611.2c).
    """

    card: str
    label: str | None  # None for a spell's own effect; the ability's label on a permanent
    how: str  # "spell", "activated" or "triggered"
    about: str
    targets: int | None
    body: Mapping[str, Any]
    choices: tuple[Choice, ...] = ()
    on_self: bool = False  # the ability affects only its own permanent (a manland animating itself)

    @property
    def source(self) -> str:
        """How traces and outcomes name the effect's source."""
        return self.card if self.label is None else f"{self.card} ({self.label})"

    @property
    def pays_x(self) -> bool:
        """Whether its amounts are the X paid for it (``$x`` in its body: Mirror Entity), which a board gives as
        ``x``; chosen as it was cast or activated, X is a number fixed from then on (601.2b, 107.3)."""
        return X_PAID in strings_of(self.body)

    def with_x(self, x: int) -> Mapping[str, Any]:
        """Its body with ``x`` for the X paid."""
        return _replaced(self.body, X_PAID, x)

    @property
    def reads_the_game(self) -> tuple[str, ...]:
        """Its P/T parts (set, modify) with an amount read from the game, fixed as it resolves (611.2d): what a
        cast's x stands for. Its granted abilities' amounts are a static ability's, read as the layers apply."""
        pt = self.body.get("pt", {})
        return tuple(key for key in ("set", "modify")
                     if any(not isinstance(v, int) and v != X_PAID for v in pt.get(key, ())))


@record
class Card:
    """One catalogue entry: a real card, its printed characteristics and what it does in the layers."""

    name: str
    about: str
    printed: Mapping[str, Any]  # object fields: types ... abilities, static, counters
    effects: tuple[CardEffect, ...] = ()
    choices: tuple[Choice, ...] = ()
    caveats: tuple[str, ...] = ()
    group: str = ""  # the catalogue file it comes from: a theme (copy, control, ...)
    # The set the card was first printed in and that set's release date (ISO), where known:
    # an edition's rules document dated before it never saw the card.
    first_printing: tuple[str, str] | None = None
    # Where a caveat bears only on one ability cast (its label) or on a permanent that made one choice (its name):
    # caveat text -> ("ability" or "choice", the name). Every other caveat bears wherever the card is, face up.
    caveat_scopes: tuple[tuple[str, tuple[str, str]], ...] = ()
    # The formats it is legal in as of the catalogue's date (``formats.AS_OF``), in ``FORMATS`` order.
    formats: tuple[str, ...] = ()
    # A double-faced card's back face: its name and printed characteristics (no mana cost: a transformed
    # permanent's mana value is the front face's from 2016-04, 711.4b; 712.8e), and its static abilities.
    back: Mapping[str, Any] | None = None
    # Where the card comes from: "checked" (this catalogue, by hand) or, for a card of the user's imported pool
    # (``diffcheck.cardpool``), how much of its Oracle text was read ("read", "partly read", "not read", "no layer
    # text").
    source: str = "checked"

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self.printed.get("types", ()))

    @property
    def is_spell(self) -> bool:
        """Instants and sorceries are never permanents; boards use them only with ``cast:``."""
        return any(t in SPELL_TYPES for t in self.types)

    @property
    def activated(self) -> tuple[str, ...]:
        """Its activated abilities as an object's abilities list them, "CARD: LABEL" (``engines.board.ACTIVATED``):
        those the catalogue holds, whose effects reach the layers."""
        return tuple(f"{self.name}: {e.label}" for e in self.effects if e.how == "activated")

    @property
    def static(self) -> tuple[Mapping[str, Any], ...]:
        return tuple(self.printed.get("static", ()))

    def effect(self, label: str | None) -> CardEffect | None:
        for effect in self.effects:
            if effect.label == label or (label is None and len(self.effects) == 1):
                return effect
        return None

    def type_line(self) -> str:
        """The type line as printed: supertypes, card types, then subtypes after a dash."""
        words = [*self.printed.get("supertypes", ()), *self.types]
        line = " ".join(w.capitalize() for w in words)
        subtypes = self.printed.get("subtypes", ())
        if subtypes:
            line += " — " + " ".join(_subtype_word(s) for s in subtypes)
        return line

    def pt(self) -> str:
        if "power" not in self.printed:
            return ""
        return f"{self.printed['power']}/{self.printed['toughness']}"


def _subtype_word(word: str) -> str:
    return "-".join(part.capitalize() for part in word.split("-"))


# ---------------------------------------------------------------- reading entries


def card_from_entry(entry: Any, group: str, where: str) -> Card:
    """Build a ``Card`` from one parsed catalogue entry; ``where`` names it in errors."""
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        raise CatalogueError(f"{where}: an entry is a mapping with a name")
    name = entry["name"]
    where = f"{where} ({name})"
    unknown = sorted(set(entry) - _ENTRY_KEYS)
    if unknown:
        raise CatalogueError(f"{where}: unknown keys {unknown}")
    for key in ("about", "types"):
        if not entry.get(key):
            raise CatalogueError(f"{where}: {key} is required")
    printed = {key: entry[key] for key in (*PRINTED, "static", "counters") if key in entry}
    _check_mana_cost(entry, where)
    choices = _choices(entry.get("choices", {}), where)
    spell = any(t in SPELL_TYPES for t in entry["types"])
    effects: list[CardEffect] = []
    if spell:
        # An instant or sorcery has the continuous effect it creates as it resolves, static abilities of its own
        # (Ghostfire is colorless: a card on the stack or in a graveyard), both, or neither: Lightning Bolt is a
        # card in a graveyard for Tarmogoyf to count.
        if "activated" in entry or "triggered" in entry:
            raise CatalogueError(f"{where}: an instant or sorcery has an effect (and targets) or static abilities of "
                                 "its own; no activated or triggered ability")
        if "effect" in entry:
            effects.append(_effect(name, None, "spell", entry, choices, where))
            choices = ()  # a spell's choices are made as it resolves: they belong to its effect
    elif "effect" in entry or "targets" in entry:
        raise CatalogueError(f"{where}: only an instant or sorcery has a top-level effect; use activated or triggered")
    for how in ("activated", "triggered"):
        for number, ability in enumerate(entry.get(how, ())):
            ability_where = f"{where} {how}[{number}]"
            if not isinstance(ability, dict) or set(ability) - _ABILITY_KEYS or "ability" not in ability:
                raise CatalogueError(f"{ability_where}: expected a mapping of {sorted(_ABILITY_KEYS)} with an ability label")
            own = _choices(ability.get("choices", {}), ability_where)
            effects.append(_effect(name, ability["ability"], how, ability, own, ability_where))
    if any(choice.kind == "object" and not choice.optional for choice in choices):
        # A permanent's object choice ("copy this creature") can always be declined, and
        # a board (or a shrinker) may remove the object it named.
        raise CatalogueError(f"{where}: a permanent's object choice is optional")
    labels = [e.label for e in effects]
    if len(set(labels)) != len(labels):
        raise CatalogueError(f"{where}: two abilities share a label")
    caveats, scopes = _caveats(entry.get("caveats", []), labels, choices, where)
    first = _first_printing(entry.get("first_printing"), where)
    # Imported here: only a catalogue built from its files checks formats; judge reads the cached one, and
    # defining the formats' class (a dataclass) cost its start some 1 ms.
    from diffcheck.catalogue.formats import check as check_formats

    try:
        formats = check_formats(entry.get("formats", []), first and first[1], where)
    except ValueError as error:
        raise CatalogueError(str(error)) from None
    return Card(name, entry["about"], printed, tuple(effects), choices, caveats, group, first, scopes, formats,
                _back(entry.get("back"), where))


def _check_mana_cost(entry: Mapping[str, Any], where: str) -> None:
    """A printed mana cost agrees with the entry's mana value (202.3) and, but for a color indicator or devoid,
    its colors (202.2): a cost mistyped from a card shows here."""
    cost = entry.get("mana_cost")
    halves = entry.get("halves")
    if halves is not None and (not isinstance(halves, list) or len(halves) != 2 or not all(
            isinstance(h, dict) and set(h) == {"name", "mana_cost"} for h in halves)
            or cost != "".join(h["mana_cost"] for h in halves)):
        raise CatalogueError(f"{where}: halves are a split card's two, each a name and a mana cost, and the card's "
                             "mana_cost is theirs together (709.4b)")
    if cost is None:
        return
    if not isinstance(cost, str) or "".join("{" + s + "}" for s in mana_symbols(cost)) != cost or not cost:
        raise CatalogueError(f"{where}: mana_cost {cost!r} is not a mana cost in braces ({{1}}{{U}})")
    if mana_value_of_cost(cost) != entry.get("mana_value", 0):
        raise CatalogueError(f"{where}: mana_cost {cost} has mana value {mana_value_of_cost(cost)}, "
                             f"not the entry's {entry.get('mana_value', 0)}")
    colors = {c for c, letter in COLOR_LETTERS.items() if letter in cost}
    if not entry.get("color_indicator") and "devoid" not in entry.get("abilities", ()) and \
            colors != set(entry.get("colors", ())):
        raise CatalogueError(f"{where}: mana_cost {cost} is {sorted(colors) or 'colorless'}, the entry "
                             f"{sorted(entry.get('colors', ())) or 'colorless'}")


def _caveats(spec: Any, labels: list, choices: tuple[Choice, ...], where: str) -> tuple[tuple[str, ...], tuple]:
    """A card's caveats: sentences, or ``{text: SENTENCE, ability: LABEL}`` (it bears only where that ability
    is cast) or ``{text: SENTENCE, choice: NAME}`` (only on a permanent that made that choice)."""
    if not isinstance(spec, list):
        raise CatalogueError(f"{where}: caveats is a list of sentences")
    texts, scopes = [], []
    for caveat in spec:
        if isinstance(caveat, str):
            texts.append(caveat)
            continue
        scope = set(caveat) - {"text"} if isinstance(caveat, dict) else set()
        if not isinstance(caveat, dict) or not isinstance(caveat.get("text"), str) or len(scope) != 1 or not (
                caveat.get("ability") in labels or caveat.get("choice") in {c.name for c in choices}):
            raise CatalogueError(f"{where}: a caveat is a sentence, or {{text: ..., ability: LABEL}} or "
                                 "{text: ..., choice: NAME} naming one of the card's abilities or choices")
        (kind,) = scope
        texts.append(caveat["text"])
        scopes.append((caveat["text"], (kind, caveat[kind])))
    return tuple(texts), tuple(scopes)


_BACK_KEYS = {"name", *PRINTED, "static"} - {"mana_value", "mana_cost", "halves"}


def _back(spec: Any, where: str) -> Mapping[str, Any] | None:
    if spec is None:
        return None
    if not isinstance(spec, dict) or not isinstance(spec.get("name"), str) or not spec.get("types") \
            or set(spec) - _BACK_KEYS:
        raise CatalogueError(f"{where}: back is the back face: a name, types and printed characteristics "
                             f"({', '.join(sorted(_BACK_KEYS))}); no mana value, which comes from the front face")
    return spec


def _first_printing(spec: Any, where: str) -> tuple[str, str] | None:
    if spec is None:
        return None
    date = spec.get("date") if isinstance(spec, dict) else None
    if not (isinstance(spec, dict) and set(spec) == {"set", "date"} and isinstance(spec["set"], str)
            and isinstance(date, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", date)):
        raise CatalogueError(f"{where}: first_printing is {{set: NAME, date: 'YYYY-MM-DD'}}")
    return spec["set"], date


def _effect(card: str, label: str | None, how: str, entry: dict, choices: tuple[Choice, ...], where: str) -> CardEffect:
    body = entry.get("effect")
    if not isinstance(body, dict) or not body:
        raise CatalogueError(f"{where}: effect is a mapping of effect parts")
    targets = entry.get("targets")
    on_self = targets == "self" and how != "spell"
    if on_self:
        targets = 1
    if targets is not None and (not isinstance(targets, int) or isinstance(targets, bool) or targets < 1):
        raise CatalogueError(
            f"{where}: targets is a positive number, self (an ability of a permanent that affects only "
            "that permanent), or absent for an effect without targets"
        )
    about = entry.get("about", "")
    if label is not None and not about:
        raise CatalogueError(f"{where}: an ability has an about sentence")
    return CardEffect(card, label, how, about, targets, body, choices, on_self)


def _choices(spec: Any, where: str) -> tuple[Choice, ...]:
    if not isinstance(spec, dict):
        raise CatalogueError(f"{where}: choices maps a name to {{kind: ..., optional: ..., among: ..., top_of: ...}}")
    out = []
    for name, value in spec.items():
        if not isinstance(value, dict) or value.get("kind") not in CHOICE_KINDS or set(value) - _CHOICE_KEYS:
            raise CatalogueError(f"{where}: choice {name!r} needs a kind, one of {sorted(CHOICE_KINDS)}")
        among = value.get("among", [])
        if not isinstance(among, list) or not all(t in CARD_TYPES for t in among):
            raise CatalogueError(f"{where}: choice {name!r}: among lists card types")
        top_of = value.get("top_of")
        if top_of is not None and (value["kind"] != "card" or top_of != "graveyard" or not value.get("optional")):
            raise CatalogueError(f"{where}: choice {name!r}: top_of: graveyard is for an optional card choice")
        if value.get("optional") and value["kind"] in ("object", "card") and not among:
            # What it could have named decides whether a board that leaves it out must say so.
            raise CatalogueError(f"{where}: optional choice {name!r} says among which card types it chooses")
        options = value.get("options", {})
        if (value["kind"] == "shape") != bool(options) or not isinstance(options, dict) or not all(
                isinstance(shape, dict) and set(shape) <= set(PRINTED) for shape in options.values()):
            raise CatalogueError(f"{where}: choice {name!r}: a shape choice, and only one, has options: a mapping "
                                 f"of each option's name to printed values ({', '.join(PRINTED)})")
        default = value.get("default")
        if default is not None and default not in options:
            raise CatalogueError(f"{where}: choice {name!r}: default names one of its options")
        out.append(Choice(name, value["kind"], bool(value.get("optional", False)), tuple(among), top_of,
                          tuple(options.items()), default))
    return tuple(out)


_CHOICE_KEYS = {"kind", "optional", "among", "top_of", "options", "default"}
